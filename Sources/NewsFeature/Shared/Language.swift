/// The language presenters write in.
public enum Language: String, Sendable, CaseIterable {
    /// Chinese, the default.
    case zh
    /// English.
    case en
}
