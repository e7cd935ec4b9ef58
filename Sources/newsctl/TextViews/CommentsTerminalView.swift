import NewsFeature
import SyncEngine

/// newsctl's own wording around the comments (the presenter words the comments themselves).
struct CommentsStrings {
    let language: Language
    let storyID: Int64

    var loading: String { language == .zh ? "加载评论中…" : "Loading comments…" }
    /// Under the first page when older short comments are left.
    var more: String {
        language == .zh
            ? "还有更早的短评：newsctl comments \(storyID) --all"
            : "Older short comments: newsctl comments \(storyID) --all"
    }

    func progress(_ count: Int) -> String {
        language == .zh ? "\r\u{1B}[K已读取 \(count) 条评论…" : "\r\u{1B}[KRead \(English.count(count, "comment"))…"
    }
}

/// The comments screen as text or one JSON object, printed once the command is done (`finish`),
/// so `--all` prints the whole thread once; on a terminal, progress goes to stderr meanwhile.
@MainActor
final class CommentsTerminalView: TerminalCommandView, CommentsView {
    private let kinds: Set<CommentKind>
    private let words: CommentsStrings
    private var data: CommentsViewData?
    private var failed = false
    private var progressShown = false

    init(output: Output, terminal: Terminal, errorLine: ErrorLine, json: Bool, kinds: Set<CommentKind>, words: CommentsStrings) {
        self.kinds = kinds
        self.words = words
        super.init(output: output, errorLine: errorLine, json: json, terminal: terminal)
    }

    var hasLoaded: Bool { data != nil }
    /// The presenter offers a next page (a failed one ends `--all`).
    var canLoadMore: Bool {
        guard let data else { return false }
        if case .loadMore = data.footer { return true }
        return false
    }
    var shownComments: Int { data?.sections.reduce(0) { $0 + $1.comments.count } ?? 0 }

    func showLoading() {
        progress(words.loading)
    }

    func show(_ comments: CommentsViewData) {
        data = comments
        if case .loadingMore = comments.footer { progress(words.progress(shownComments)) }
    }

    override func showError(_ error: ErrorViewData) {
        clearProgress()
        failed = true
        super.showError(error)
    }

    /// Prints what was loaded, and the failure of a next page when one failed.
    func finish() {
        clearProgress()
        guard !failed, let data else { return }
        exitStatus = ExitStatus.ok
        if json {
            output.out(Self.json(data, kinds: kinds).serialized() + "\n")
        } else {
            var rows = CommentRows.comments(data, kinds: kinds, width: terminal.width)
            switch data.footer {
            case .loadMore where kinds.contains(.short): rows += [Row(words.more, .dim)]
            case .noMore(let text) where kinds.contains(.short) && shownComments > 0: rows += [Row(text, .dim)]
            default: break
            }
            rows.append(Row(data.status.text, data.status.isStale ? .yellow : .green))
            output.out(rows.map { $0.text(color: terminal.useColor) + "\n" }.joined())
        }
        // A thread that could not be read beside one that was: what is there is what was asked
        // for as far as it can be had, so one line on stderr and success.
        if let missing = data.missingText {
            errorLine.write(ErrorViewData(kind: .unavailable, message: missing, detail: "", retryTitle: ""))
        }
        // A next page that failed before every comment the counters know of was shown: --all
        // asked for them all, so the command did not do what it was asked; its exit status says
        // why (66 for a page the source does not have, 65 for bad data).
        if case .failed(let text, let kind) = data.footer {
            errorLine.write(ErrorViewData(kind: kind, message: text, detail: "", retryTitle: ""))
            exitStatus = ExitStatus.forError(kind)
        }
    }

    private func progress(_ text: String) {
        guard terminal.stderrIsTerminal else { return }
        output.err(text)
        progressShown = true
    }

    private func clearProgress() {
        guard progressShown else { return }
        output.err("\r\u{1B}[K")
        progressShown = false
    }

    static func json(_ data: CommentsViewData, kinds: Set<CommentKind>) -> JSONValue {
        // Every thread shown read to the end: the long one always is; the short one once its
        // empty page was read (a screen with no comments at all has no footer).
        var complete = !kinds.contains(.short)
        switch data.footer {
        case .noMore, .none: complete = true
        default: break
        }
        if data.missing != nil { complete = false }
        return .object([
            ("id", .int(data.storyID)),
            (
                "sections",
                .array(
                    data.sections.filter { kinds.contains($0.kind) }.map { section in
                        .object([
                            ("kind", .string(section.kind.rawValue)),
                            ("title", .string(section.title)),
                            ("count", section.count.map { .int(Int64($0)) } ?? .null),
                            ("comments", .array(section.comments.map(comment))),
                        ])
                    })
            ),
            ("complete", .bool(complete)),
            // The thread asked for that could not be read ("long" or "short"), the other shown.
            ("missing", .array(data.missing.map { [.string($0.rawValue)] } ?? [])),
            ("origin", .string(data.source.origin)),
            ("fetched_at", .string(data.source.fetchedAt)),
            ("stale", .bool(data.source.isStale)),
            ("stale_reason", .optional(data.source.staleReason)),
        ])
    }

    private static func comment(_ comment: CommentViewData) -> JSONValue {
        .object([
            ("id", .int(comment.id)),
            ("author", .string(comment.author)),
            ("content", .string(comment.content)),
            ("likes", .int(Int64(comment.likes))),
            ("time", comment.unixTime.map { .int($0) } ?? .null),
            ("time_iso", .optional(comment.iso8601)),
            ("time_text", .string(comment.timeText)),
            ("reply", .optional(comment.reply)),
        ])
    }
}
