/// Everything the news list shows, as strings and flags; no domain models.
public struct NewsListViewData: Equatable, Sendable {
    /// The banner; empty except on today's page.
    public let topStories: [StoryItemViewData]
    public let topStoriesTitle: String
    /// One section per day, newest first.
    public let sections: [NewsSectionViewData]
    /// Where the first section came from and how old it is.
    public let status: StatusViewData
    /// A failure to report beside the list shown, such as a fresh page that could not be saved.
    public let warning: ErrorViewData?

    public init(topStories: [StoryItemViewData], topStoriesTitle: String, sections: [NewsSectionViewData],
                status: StatusViewData, warning: ErrorViewData? = nil) {
        self.topStories = topStories
        self.topStoriesTitle = topStoriesTitle
        self.sections = sections
        self.status = status
        self.warning = warning
    }
}

/// One day of the list.
public struct NewsSectionViewData: Equatable, Sendable {
    /// "今日热闻" for today, "4月20日 星期四" otherwise.
    public let title: String
    /// The day as the API writes it, "20230420".
    public let date: String
    public let items: [StoryItemViewData]
    public let source: SourceViewData

    public init(title: String, date: String, items: [StoryItemViewData], source: SourceViewData) {
        self.title = title
        self.date = date
        self.items = items
        self.source = source
    }
}

/// One story row.
public struct StoryItemViewData: Equatable, Sendable {
    public let id: Int64
    /// On one line: line breaks folded to spaces.
    public let title: String
    /// "作者 · 3 分钟阅读"; an empty author part dropped.
    public let hint: String
    public let image: String?
    public let url: String
    /// The user has opened it.
    public let isRead: Bool
    /// The user keeps it (收藏).
    public let isFavorite: Bool

    public init(id: Int64, title: String, hint: String, image: String?, url: String, isRead: Bool = false, isFavorite: Bool = false) {
        self.id = id
        self.title = title
        self.hint = hint
        self.image = image
        self.url = url
        self.isRead = isRead
        self.isFavorite = isFavorite
    }
}

/// The status line: "已更新", "离线 · 显示2 小时前的缓存".
public struct StatusViewData: Equatable, Sendable {
    public let text: String
    /// True when the data shown may be out of date; views may highlight it.
    public let isStale: Bool

    public init(text: String, isStale: Bool) {
        self.text = text
        self.isStale = isStale
    }
}

/// A section's provenance in machine form, for machine-readable views.
public struct SourceViewData: Equatable, Sendable {
    /// "network" or "cache".
    public let origin: String
    /// "2023-04-25T08:00:00Z".
    public let fetchedAt: String
    public let isFinal: Bool
    public let isStale: Bool
    /// "offline", "server_error", "bad_response", or nil.
    public let staleReason: String?

    public init(origin: String, fetchedAt: String, isFinal: Bool, isStale: Bool, staleReason: String?) {
        self.origin = origin
        self.fetchedAt = fetchedAt
        self.isFinal = isFinal
        self.isStale = isStale
        self.staleReason = staleReason
    }
}

/// A day that has no stories.
public struct EmptyViewData: Equatable, Sendable {
    public let message: String
    /// The list as it stands (its sections have no items).
    public let list: NewsListViewData

    public init(message: String, list: NewsListViewData) {
        self.message = message
        self.list = list
    }
}
