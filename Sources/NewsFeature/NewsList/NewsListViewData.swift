/// Everything the news list shows, as strings and flags; no domain models.
public struct NewsListViewData: Equatable, Sendable {
    /// The banner; empty except on today's page.
    public let topStories: [StoryItemViewData]
    /// "热门" or "Top stories".
    public let topStoriesTitle: String
    /// One section per day, newest first.
    public let sections: [NewsSectionViewData]
    /// Where the first section came from and how old it is.
    public let status: StatusViewData
    /// A failure to report beside the list shown, such as a fresh page that could not be saved.
    public let warning: ErrorViewData?
    /// Right after a story's favourite mark was set or cleared: "已收藏：标题" / "已取消收藏：标题".
    public let favoriteChange: String?

    /// The list as given; `warning` and `favoriteChange` default to nil, nothing to report beside
    /// it.
    public init(
        topStories: [StoryItemViewData], topStoriesTitle: String, sections: [NewsSectionViewData],
        status: StatusViewData, warning: ErrorViewData? = nil, favoriteChange: String? = nil
    ) {
        self.topStories = topStories
        self.topStoriesTitle = topStoriesTitle
        self.sections = sections
        self.status = status
        self.warning = warning
        self.favoriteChange = favoriteChange
    }
}

/// One day of the list.
public struct NewsSectionViewData: Equatable, Sendable {
    /// "今日热闻 · 3月14日 星期二" for today, "4月20日 星期四" otherwise; a day of another
    /// year than the clock's with its year, "2023年4月20日 星期四".
    public let title: String
    /// The day worded as a date even for today, "3月13日 星期一" (with its year when it is not
    /// this year's): what a toolbar shows for the
    /// story under the cursor.
    public let dayTitle: String
    /// The day as the API writes it, "20230420".
    public let date: String
    /// The day's stories in the source's order.
    public let items: [StoryItemViewData]
    /// Where the day came from, in machine form.
    public let source: SourceViewData

    /// One day's rows as given; `dayTitle` nil: the same as `title`.
    public init(
        title: String, date: String, items: [StoryItemViewData], source: SourceViewData, dayTitle: String? = nil
    ) {
        self.title = title
        self.dayTitle = dayTitle ?? title
        self.date = date
        self.items = items
        self.source = source
    }
}

/// One story row.
public struct StoryItemViewData: Equatable, Sendable {
    /// The story's id, for `didSelectStory(id:)`.
    public let id: Int64
    /// On one line: line breaks folded to spaces.
    public let title: String
    /// "作者 · 3 分钟阅读"; an empty author part dropped.
    public let hint: String
    /// The thumbnail's URL.
    public let image: String?
    /// The story's web page.
    public let url: String
    /// The user has opened it.
    public let isRead: Bool
    /// The user keeps it (收藏).
    public let isFavorite: Bool

    /// One row as given; `isRead` and `isFavorite` default to false.
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
    /// The line to show.
    public let text: String
    /// True when the data shown may be out of date; views may highlight it.
    public let isStale: Bool

    /// The status line's text, and whether it speaks of a page that could not be refreshed.
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
    /// The day is final: it will not change.
    public let isFinal: Bool
    /// The day was served from the archive although it may be out of date.
    public let isStale: Bool
    /// "offline", "server_error", "not_found", "bad_response", "storage_error", or nil.
    public let staleReason: String?

    /// Provenance as given; `staleReason` nil for a page that is not stale.
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
    /// "这一天没有文章" or its English.
    public let message: String
    /// The list as it stands (its sections have no items).
    public let list: NewsListViewData

    /// A day without stories: its message, and the list as it stands.
    public init(message: String, list: NewsListViewData) {
        self.message = message
        self.list = list
    }
}
