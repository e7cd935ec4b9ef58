import SyncEngine

/// The wording of the comments screens.
extension Strings {
    /// "60 条评论" when the counters give the total, else "评论".
    func commentsTitle(total: Int?) -> String {
        switch (language, total) {
        case (.zh, nil): return "评论"
        case (.en, nil): return "Comments"
        case (.zh, let total?): return "\(total) 条评论"
        case (.en, let total?): return English.count(total, "comment")
        }
    }

    /// The comments screen's heading: "评论 · 标题" / "Comments · title" when the story's title is
    /// known, else "评论" / "Comments".
    func commentsHeading(storyTitle: String?) -> String {
        let comments = language == .zh ? "评论" : "Comments"
        return storyTitle.map { comments + " · " + $0 } ?? comments
    }

    /// "长评 3" / "Long comments (3)".
    func commentSection(_ kind: CommentKind, count: Int) -> String {
        switch (language, kind) {
        case (.zh, .long): return "长评 \(count)"
        case (.zh, .short): return "短评 \(count)"
        case (.en, .long): return "Long comments (\(count))"
        case (.en, .short): return "Short comments (\(count))"
        }
    }

    var noComments: String { language == .zh ? "还没有评论" : "No comments yet" }
    var anonymous: String { language == .zh ? "匿名用户" : "Anonymous" }

    /// "12 赞" / "12 likes".
    func commentLikes(_ likes: Int) -> String {
        language == .zh ? "\(likes) 赞" : English.count(likes, "like")
    }

    /// The comment answered, quoted: "//作者：内容" / "//author: text".
    func quote(author: String, content: String) -> String {
        language == .zh ? "//\(author)：\(content)" : "//\(author): \(content)"
    }

    var replyDeleted: String { language == .zh ? "原评论已被删除" : "The original comment was deleted" }
    var noMoreComments: String { language == .zh ? "没有更多评论了" : "No more comments" }

    /// A next page of comments that failed: what is shown stays, so no word of the archive.
    /// - Parameter httpStatus: the source's answer, when it answered (nil when it could not be
    ///   reached, or for a `file://` copy's missing file).
    func loadMoreCommentsFailed(_ kind: ErrorKind, httpStatus: Int?, fallback: String) -> String {
        let offline = language == .zh ? "离线，更早的短评需要联网" : "offline; older comments need the network"
        let reason = commentsFailureReason(kind, httpStatus: httpStatus, offline: offline, fallback: fallback)
        return language == .zh ? "加载更多评论失败：\(reason)" : "Could not load more comments: \(reason)"
    }

    /// One thread of comments could not be read while the other is shown.
    func commentThreadMissing(_ thread: CommentKind, _ kind: ErrorKind, httpStatus: Int?, fallback: String) -> String {
        let offline = language == .zh ? "离线，本地没有缓存" : "offline, and not in the archive"
        let reason = commentsFailureReason(kind, httpStatus: httpStatus, offline: offline, fallback: fallback)
        switch (language, thread) {
        case (.zh, .long): return "长评未能加载：\(reason)"
        case (.zh, .short): return "短评未能加载：\(reason)"
        case (.en, .long): return "The long comments could not be loaded: \(reason)"
        case (.en, .short): return "The short comments could not be loaded: \(reason)"
        }
    }

    /// Why comments next to others that are shown could not be loaded, short: the source's own
    /// answer when it gave one (a 404 for this part, a 5xx), "cannot reach" only when it did not.
    private func commentsFailureReason(_ kind: ErrorKind, httpStatus: Int?, offline: String, fallback: String) -> String {
        switch (language, kind) {
        case (.zh, .notFound): return "知乎日报没有这部分评论" + Self.statusInParentheses(httpStatus, .zh)
        case (.en, .notFound): return "Zhihu Daily does not have them" + Self.statusInParentheses(httpStatus, .en)
        case (_, .unavailable) where httpStatus != nil: return sourceFailed(httpStatus ?? 0)
        case (.zh, .unavailable): return "无法连接知乎日报"
        case (.en, .unavailable): return "cannot reach Zhihu Daily"
        case (_, .notCached): return offline
        case (.zh, .badData): return "知乎日报返回的数据有误"
        case (.en, .badData): return "Zhihu Daily sent bad data"
        default: return fallback
        }
    }

    /// What a failed comments load was about.
    func commentsSubject(_ id: Int64) -> String { language == .zh ? "文章 \(id) 的评论" : "comments on story \(id)" }
}
