/// What a search found.
public struct SearchViewData: Equatable, Sendable {
    /// The query as the user typed it.
    public let query: String
    /// The results, best first.
    public let items: [SearchItemViewData]
    /// "没有找到与“魔兽”有关的文章", shown when `items` is empty.
    public let emptyMessage: String

    /// The results for `query`, best first; `emptyMessage` shows when there are none.
    public init(query: String, items: [SearchItemViewData], emptyMessage: String) {
        self.query = query
        self.items = items
        self.emptyMessage = emptyMessage
    }
}

/// One search result.
public struct SearchItemViewData: Equatable, Sendable {
    /// A stretch of the snippet; `isMatch` stretches are to be highlighted.
    public struct Part: Equatable, Sendable {
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

    /// The story's id.
    public let id: Int64
    /// On one line.
    public let title: String
    /// "2023年3月13日"; empty for a story known only by its detail.
    public let dateText: String
    /// "20230313", or nil.
    public let date: String?
    /// On one line, with "…" where it was cut.
    public let snippet: [Part]

    /// One result as given; `date` nil for a story known only by its detail.
    public init(id: Int64, title: String, dateText: String, date: String?, snippet: [Part]) {
        self.id = id
        self.title = title
        self.dateText = dateText
        self.date = date
        self.snippet = snippet
    }
}
