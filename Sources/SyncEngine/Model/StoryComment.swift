/// Which of a story's two comment threads: 长评 (few, one page) or 短评 (20 a page, older pages
/// by cursor).
public enum CommentKind: String, Sendable, CaseIterable, Codable {
    /// Long comments (长评): `story/ID/long-comments`, one page.
    case long
    /// Short comments (短评): `story/ID/short-comments`, then `…/before/LAST_ID` page by page.
    case short
}

/// One comment as the source gives it (named apart from Swift Testing's `Comment`). Only `id` and `content` are sure to be there.
public struct StoryComment: Sendable, Equatable {
    /// The comment's id; the cursor of the next page is the last one's.
    public let id: Int64
    /// The commenter's name, when the source gives one.
    public let author: String?
    /// Plain text; may hold line breaks.
    public let content: String
    /// The commenter's picture's URL.
    public let avatar: String?
    /// When it was written, in Unix seconds.
    public let time: Int64?
    /// How many liked it.
    public let likes: Int?
    /// The comment it answers, when it answers one.
    public let replyTo: CommentReply?

    /// Each field as the source gives it; `avatar` and `replyTo` default to nil.
    public init(
        id: Int64, author: String?, content: String, avatar: String? = nil, time: Int64?, likes: Int?,
        replyTo: CommentReply? = nil
    ) {
        self.id = id
        self.author = author
        self.content = content
        self.avatar = avatar
        self.time = time
        self.likes = likes
        self.replyTo = replyTo
    }
}

/// The comment a comment answers: its author and text, or, once it is deleted, only the source's
/// message about it.
public struct CommentReply: Sendable, Equatable {
    /// The original's id, when given.
    public let id: Int64?
    /// The original's author; nil when it is gone.
    public let author: String?
    /// The original's text; nil when it is gone.
    public let content: String?
    /// The source's status: 0 while the original stands, 1 once it is deleted.
    public let status: Int?
    /// The source's words for a deleted original ("抱歉，原点评已经被删除"), from `error_msg` or `err_msg`.
    public let errorMessage: String?

    /// The original as the source describes it; once deleted, only `status` and `errorMessage` may
    /// be set.
    public init(id: Int64?, author: String?, content: String?, status: Int?, errorMessage: String?) {
        self.id = id
        self.author = author
        self.content = content
        self.status = status
        self.errorMessage = errorMessage
    }

    /// The original is gone: the source says so, or gives no author or text to quote.
    public var isDeleted: Bool { (status ?? 0) != 0 || author == nil || content == nil }
}

/// A story's long or short comments as the archive holds them, newest first (the source's order),
/// every page read so far, and where they came from.
public struct CommentThread: Sendable, Equatable {
    /// The story's id.
    public let storyID: Int64
    /// Long or short.
    public let kind: CommentKind
    /// Newest first, each once.
    public let comments: [StoryComment]
    /// No older page is left: the source answered an empty page (long comments: after their one page).
    public let isComplete: Bool
    /// Origin, age and staleness of the first page; a thread is never final.
    public let provenance: Provenance

    /// One thread's comments as read so far; `isComplete` once no older page is left.
    public init(storyID: Int64, kind: CommentKind, comments: [StoryComment], isComplete: Bool, provenance: Provenance) {
        self.storyID = storyID
        self.kind = kind
        self.comments = comments
        self.isComplete = isComplete
        self.provenance = provenance
    }
}

/// A story's counters with where they came from.
public struct CountersPage: Sendable, Equatable {
    /// Likes and comment counts.
    public let extra: StoryExtra
    /// Origin, age and staleness; counters are never final.
    public let provenance: Provenance

    /// The counters with where they came from.
    public init(extra: StoryExtra, provenance: Provenance) {
        self.extra = extra
        self.provenance = provenance
    }
}
