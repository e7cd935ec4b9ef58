/// The language presenters write in.
public enum Language: String, Sendable, CaseIterable {
    case zh
    case en
}
