/// The list of sections.
public struct SectionsViewData: Equatable, Sendable {
    /// In the source's order.
    public let items: [SectionItemViewData]
    /// "知乎日报没有列出栏目", shown when `items` is empty.
    public let emptyMessage: String
    /// Where the list came from: "已更新", "离线 · 显示 2 天前的缓存".
    public let status: String
    /// The same, for machines.
    public let origin: String
    /// "2023-03-14T08:00:00Z".
    public let fetchedAt: String
    /// Why the list may be out of date ("offline", "not_found", …); nil when current.
    public let staleReason: String?

    /// The columns as given, with the provenance of the list they come from.
    public init(
        items: [SectionItemViewData], emptyMessage: String, status: String, origin: String, fetchedAt: String, staleReason: String?
    ) {
        self.items = items
        self.emptyMessage = emptyMessage
        self.status = status
        self.origin = origin
        self.fetchedAt = fetchedAt
        self.staleReason = staleReason
    }
}

/// One column of the list.
public struct SectionItemViewData: Equatable, Sendable {
    /// The column's id, for `newsctl section <id>`.
    public let id: Int64
    /// On one line.
    public let name: String
    /// On one line; often empty.
    public let description: String

    /// One column's id, name and description, as the source gives them.
    public init(id: Int64, name: String, description: String) {
        self.id = id
        self.name = name
        self.description = description
    }
}

/// One column's stories, newest first, grouped by the month they ran.
public struct SectionStoriesViewData: Equatable, Sendable {
    /// The column's id.
    public let id: Int64
    /// Its name: "瞎扯"; "栏目 19" / "Section 19" when the source gave none.
    public let title: String
    /// The name as the source gave it, on one line; empty when it gave none (for `--json`,
    /// which does not change with the language).
    public let name: String
    /// Newest month first.
    public let months: [SectionMonthViewData]
    /// "这个栏目还没有文章", shown when there are no months.
    public let emptyMessage: String
    /// "共 312 篇 · 已到第一篇".
    public let extent: String
    /// Where the stories came from: "已更新", "离线 · 显示 2 小时前的缓存".
    public let status: String
    /// Whether the archive holds the column to its first story.
    public let isComplete: Bool
    /// Pages read from the source for this showing.
    public let pagesFetched: Int
    /// "network" or "cache".
    public let origin: String
    /// When the newest page was read: "2023-03-14T08:00:00Z".
    public let fetchedAt: String
    /// Why the stories may be out of date; nil when current.
    public let staleReason: String?
    /// "到底后加载更早的文章…": under the list while older pages are not read.
    public let moreTitle: String

    /// One column's stories by month, as given; `name` nil: the same as `title`.
    public init(
        id: Int64, title: String, name: String? = nil, months: [SectionMonthViewData], emptyMessage: String, extent: String,
        status: String, isComplete: Bool, pagesFetched: Int, origin: String, fetchedAt: String, staleReason: String?,
        moreTitle: String
    ) {
        self.id = id
        self.title = title
        self.name = name ?? title
        self.months = months
        self.emptyMessage = emptyMessage
        self.extent = extent
        self.status = status
        self.isComplete = isComplete
        self.pagesFetched = pagesFetched
        self.origin = origin
        self.fetchedAt = fetchedAt
        self.staleReason = staleReason
        self.moreTitle = moreTitle
    }
}

/// The stories of one month of a column.
public struct SectionMonthViewData: Equatable, Sendable {
    /// "2023年8月" / "Aug 2023".
    public let title: String
    /// Newest first.
    public let stories: [SectionStoryItemViewData]

    /// One month's heading and its stories, newest first.
    public init(title: String, stories: [SectionStoryItemViewData]) {
        self.title = title
        self.stories = stories
    }
}

/// One story of a column.
public struct SectionStoryItemViewData: Equatable, Sendable {
    /// The story's id, for `newsctl show <id>`.
    public let id: Int64
    /// On one line.
    public let title: String
    /// The day it ran, in words: "8月15日" / "Aug 15".
    public let date: String
    /// The same day for machines: "20230815".
    public let dateKey: String
    /// The thumbnail, when there is one.
    public let imageURL: String?
    /// The story's web page.
    public let url: String

    /// One story as given: `date` worded for people, `dateKey` the same day for machines.
    public init(id: Int64, title: String, date: String, dateKey: String, imageURL: String?, url: String) {
        self.id = id
        self.title = title
        self.date = date
        self.dateKey = dateKey
        self.imageURL = imageURL
        self.url = url
    }
}
