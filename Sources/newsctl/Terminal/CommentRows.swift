import NewsFeature
import SyncEngine

/// How comments are laid out in rows, shared by `newsctl comments` and the reader's comments
/// screen. Every author and text passes the terminal sanitizer (through `StoryRows.wrapped`).
enum CommentRows {
    /// The sections asked for (`kinds`), each a heading and its comments: "作者 · 12 赞 · 5 分钟前"
    /// over the text, indented, and the quoted reply, dim. "还没有评论" when nothing is shown.
    static func comments(_ data: CommentsViewData, kinds: Set<CommentKind> = Set(CommentKind.allCases), width: Int) -> [Row] {
        let sections = data.sections.filter { kinds.contains($0.kind) }
        guard !sections.isEmpty else {
            return StoryRows.wrapped(data.emptyText ?? "", width: width, tone: .dim)
        }
        var rows: [Row] = []
        for section in sections {
            if let last = rows.last, last != Row() { rows.append(Row()) }
            rows += StoryRows.wrapped(section.title, width: width, tone: .bold)
            rows.append(Row())
            for comment in section.comments {
                rows += self.comment(comment, width: width)
            }
        }
        return rows
    }

    static func comment(_ comment: CommentViewData, width: Int) -> [Row] {
        let author = TerminalText.truncate(TerminalText.sanitize(comment.author), width: max(10, width / 2))
        let meta = [comment.likesText, comment.timeText].filter { !$0.isEmpty }.joined(separator: " · ")
        let metaWidth = max(0, width - TerminalText.width(of: author) - 3)
        var rows = [Row(author, .bold).appending(meta.isEmpty ? "" : " · " + TerminalText.truncate(meta, width: metaWidth), .dim)]
        rows += StoryRows.wrapped(comment.content, width: width, firstPrefix: "  ", prefix: "  ")
        if let reply = comment.reply {
            rows += StoryRows.wrapped(reply, width: width, tone: .dim, firstPrefix: "  ", prefix: "  ")
        }
        rows.append(Row())
        return rows
    }
}
