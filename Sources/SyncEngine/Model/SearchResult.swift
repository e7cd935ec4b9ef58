/// A story found by `SyncEngine.search(_:limit:)`.
public struct SearchResult: Sendable, Equatable, Identifiable {
    /// A stretch of the snippet; matched stretches are the query's words.
    public struct SnippetPart: Sendable, Equatable {
        /// The text of the stretch.
        public let text: String
        /// True for a stretch that matches a word of the query.
        public let isMatch: Bool

        /// Creates a stretch of a snippet.
        public init(text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public let id: Int64
    /// The story's title as the source wrote it.
    public let title: String
    /// The latest day whose list holds the story; nil for a story known only by its detail.
    public let day: Day?
    /// The best-matching stretch of the hint or the detail text, with "…" where it was cut; never
    /// the title, which the result holds anyway: when only the title matches, the hint (or the
    /// text's beginning when there is no hint), and a line of the text that repeats the title is
    /// left out. Empty when the story has neither hint nor text.
    public let snippet: [SnippetPart]

    /// One result as given; `day` nil for a story known only by its detail.
    public init(id: Int64, title: String, day: Day?, snippet: [SnippetPart]) {
        self.id = id
        self.title = title
        self.day = day
        self.snippet = snippet
    }
}
