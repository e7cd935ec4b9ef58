import SyncEngine

/// Everything the comments screen shows, as strings and numbers; no domain models.
public struct CommentsViewData: Equatable, Sendable {
    /// The story the comments are on.
    public let storyID: Int64
    /// The screen's heading, naming the story by its title as known so far: "评论 · 标题", or
    /// "评论" while the title is not known.
    public let heading: String
    /// "60 条评论" when the counters give the total, else "评论".
    public let title: String
    /// The long comments, then the short ones; a kind without comments is left out.
    public let sections: [CommentSectionViewData]
    /// "还没有评论" when there are no comments at all, else nil.
    public let emptyText: String?
    /// What the end of the list shows: loading older comments, or that there are none left.
    public let footer: CommentsFooterViewData
    /// The status line.
    public let status: StatusViewData
    /// Where the comments came from, in machine form.
    public let source: SourceViewData
    /// The thread that could not be read while the other is shown; nil when none is missing.
    public let missing: CommentKind?
    /// What the missing thread's absence is worded as: "长评未能加载：无法连接知乎日报".
    public let missingText: String?

    /// Each part as given; `missing` and `missingText` default to nil, both threads shown.
    public init(
        storyID: Int64, heading: String, title: String, sections: [CommentSectionViewData], emptyText: String?,
        footer: CommentsFooterViewData, status: StatusViewData, source: SourceViewData,
        missing: CommentKind? = nil, missingText: String? = nil
    ) {
        self.storyID = storyID
        self.heading = heading
        self.title = title
        self.sections = sections
        self.emptyText = emptyText
        self.footer = footer
        self.status = status
        self.source = source
        self.missing = missing
        self.missingText = missingText
    }
}

/// The long or the short comments.
public struct CommentSectionViewData: Equatable, Sendable {
    /// Long or short.
    public let kind: CommentKind
    /// "长评 3" / "短评 60": the count from the counters when known, else the number shown.
    public let title: String
    /// How many comments of this kind the counters report; nil when they are not known.
    public let count: Int?
    /// Newest first.
    public let comments: [CommentViewData]

    /// One thread's section as given; `count` nil when the counters are not known.
    public init(kind: CommentKind, title: String, count: Int?, comments: [CommentViewData]) {
        self.kind = kind
        self.title = title
        self.count = count
        self.comments = comments
    }
}

/// One comment, worded for display. Texts are passed as the source gives them, trimmed; a front
/// makes them safe for its medium.
public struct CommentViewData: Equatable, Sendable {
    /// The comment's id.
    public let id: Int64
    /// The commenter's name on one line, or "匿名用户".
    public let author: String
    /// The text, trimmed; it may hold line breaks.
    public let content: String
    /// How many liked it.
    public let likes: Int
    /// "12 赞".
    public let likesText: String
    /// When it was written, relative when recent: "5 分钟前", "昨天 13:05", "3月14日 08:00";
    /// empty when the source does not say.
    public let timeText: String
    /// When it was written, in Unix seconds.
    public let unixTime: Int64?
    /// The same moment in RFC 3339, UTC: "2026-02-28T06:30:00Z".
    public let iso8601: String?
    /// The comment it answers, quoted ("//作者：内容"), or what stands in for a deleted one
    /// ("原评论已被删除"); nil when it answers none.
    public let reply: String?

    /// Each field as given: `timeText` and `iso8601` word the moment `unixTime` is, nil where it
    /// is.
    public init(
        id: Int64, author: String, content: String, likes: Int, likesText: String, timeText: String,
        unixTime: Int64?, iso8601: String?, reply: String?
    ) {
        self.id = id
        self.author = author
        self.content = content
        self.likes = likes
        self.likesText = likesText
        self.timeText = timeText
        self.unixTime = unixTime
        self.iso8601 = iso8601
        self.reply = reply
    }
}

/// The end of the comments list.
public enum CommentsFooterViewData: Equatable, Sendable {
    /// Older short comments can be loaded (the presenter's `didReachEnd()`).
    case loadMore
    /// Older short comments are being loaded.
    case loadingMore
    /// Every comment is shown: "没有更多评论了".
    case noMore(String)
    /// Loading older comments failed; what is shown stays, and reaching the end tries again:
    /// "加载更多评论失败：…"; with what kind of failure it was, for a front's exit status.
    case failed(String, kind: ErrorKind)
    /// There are no comments at all; `CommentsViewData.emptyText` says so.
    case none
}
