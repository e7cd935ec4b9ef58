/// What a list already shows of a story, passed with the way to it so the story screen can show
/// it at once while the text loads (from the archive or the network).
public struct StoryPreview: Equatable, Sendable {
    /// On one line, as the list shows it.
    public let title: String
    /// "作者 · 3 分钟阅读", as the list shows it; may be empty.
    public let hint: String

    /// A preview with what the list shows.
    public init(title: String, hint: String) {
        self.title = title
        self.hint = hint
    }
}
