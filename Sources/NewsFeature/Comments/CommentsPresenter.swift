import SyncEngine

// For the wall clock the presenter defaults to (Date's Unix time).
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The comments screen's presentation logic: the long and the short comments as sections,
/// relative times, quoted replies, and older short comments loaded at the end of the list; a
/// heading that names the story by the title its context knows.
@MainActor
public final class CommentsPresenter {
    private weak var view: (any CommentsView)?
    private let interactor: any CommentsInteractor
    private let navigator: any Navigator
    /// The story's context, shared with the story's other parts: its id and its title.
    private let context: StoryContext
    private var storyID: Int64 { context.storyID }
    private let strings: Strings
    private let dates: DateFormatting
    /// The comments shown, once loaded; older short comments are added as they are read.
    private var content: CommentsContent?
    private let errors: ErrorPresenter
    private let now: @Sendable () -> Int64
    private var isLoading = false
    private var failedIntent: LoadIntent?
    private var more = More.idle

    /// Loading older short comments.
    private enum More: Equatable {
        case idle
        case loading
        /// The last try failed; the text says so.
        case failed(String, ErrorKind)
    }

    /// Composes the screen for one story's comments.
    ///
    /// - Parameters:
    ///   - context: the context of the story whose comments are shown; its title, as known when
    ///     the heading is worded, names the story.
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - navigator: where the screen's navigation goes.
    ///   - language: the language of the wording.
    ///   - now: the current time in Unix seconds, which comment times are worded against
    ///     ("5 分钟前"); the system clock unless a test fixes it.
    public init(
        context: StoryContext, view: any CommentsView, interactor: any CommentsInteractor, navigator: any Navigator,
        language: Language = .zh,
        now: @escaping @Sendable () -> Int64 = { Int64(SystemClock().now().timeIntervalSince1970.rounded(.down)) }
    ) {
        self.context = context
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
        errors = ErrorPresenter(language: language)
        self.now = now
    }

    /// The screen's heading as the story's context knows its title now: "评论 · 标题", or "评论"
    /// while the title is not known. For a front that shows it before the comments arrive; the
    /// view data carries it too.
    public var heading: String { strings.commentsHeading(storyTitle: context.title) }

    // MARK: Events

    /// The screen appeared: loads the comments.
    public func viewDidLoad() async {
        await load(.load)
    }

    /// Reads the comments again from the network.
    public func refresh() async {
        await load(.refresh)
    }

    /// Repeats the load that failed last.
    public func didTapRetry() async {
        guard let intent = failedIntent else { return }
        await load(intent)
    }

    /// The end of the list is reached: loads the next, older page of short comments. Ignored
    /// before the comments are loaded, while a load runs, and once every short comment is shown.
    /// A failure keeps what is shown and says so in the footer; reaching the end again retries.
    public func didReachEnd() async {
        guard !isLoading, more != .loading, let content, !content.short.isComplete else { return }
        more = .loading
        render()
        do {
            let short = try await interactor.loadMore(storyID: storyID)
            let shown = self.content ?? content
            self.content = CommentsContent(long: shown.long, short: short, counters: shown.counters, missing: shown.missing)
            more = .idle
        } catch {
            let shown = self.content ?? content
            if let count = shown.counters?.shortComments, shown.short.comments.count >= count {
                // Every short comment the counters know of is shown: only the page that would have
                // confirmed the end failed, so the thread is complete as far as can be told.
                let short = shown.short
                self.content = CommentsContent(
                    long: shown.long,
                    short: CommentThread(
                        storyID: short.storyID, kind: short.kind, comments: short.comments, isComplete: true,
                        provenance: short.provenance),
                    counters: shown.counters, missing: shown.missing)
                more = .idle
            } else {
                let worded = errors.viewData(for: error, subject: strings.commentsSubject(storyID))
                more = .failed(
                    strings.loadMoreCommentsFailed(
                        worded.kind, httpStatus: ErrorPresenter.answeredStatus(error), fallback: worded.message),
                    worded.kind)
            }
        }
        render()
    }

    // MARK: Loading

    private func load(_ intent: LoadIntent) async {
        guard !isLoading, more != .loading else { return }  // One load at a time, older comments included.
        isLoading = true
        defer { isLoading = false }
        view?.showLoading()
        do {
            content = try await interactor.load(storyID: storyID, intent)
            failedIntent = nil
            more = .idle
            render()
        } catch {
            failedIntent = intent
            view?.showError(errors.viewData(for: error, subject: strings.commentsSubject(storyID)))
        }
    }

    // MARK: Mapping

    private func render() {
        guard let content else { return }
        let footer: CommentsFooterViewData? =
            switch more {
            case .idle: nil
            case .loading: .loadingMore
            case .failed(let text, let kind): .failed(text, kind: kind)
            }
        view?.show(
            Self.viewData(
                content, storyID: storyID, heading: heading, footer: footer, strings: strings, dates: dates,
                now: now()))
    }

    /// - Parameters:
    ///   - heading: the screen's heading, naming the story.
    ///   - footer: the footer while older comments load or after they failed; nil for the one
    ///     the threads call for.
    static func viewData(
        _ content: CommentsContent, storyID: Int64, heading: String, footer: CommentsFooterViewData?, strings: Strings,
        dates: DateFormatting, now: Int64
    ) -> CommentsViewData {
        let threads = [(content.long, content.counters?.longComments), (content.short, content.counters?.shortComments)]
        let sections = threads.compactMap { thread, count -> CommentSectionViewData? in
            guard !thread.comments.isEmpty else { return nil }
            return CommentSectionViewData(
                kind: thread.kind, title: strings.commentSection(thread.kind, count: count ?? thread.comments.count),
                count: count,
                comments: thread.comments.map { comment($0, strings: strings, dates: dates, now: now) })
        }
        let isEmpty = content.long.comments.isEmpty && content.short.comments.isEmpty
        let footer =
            footer
            ?? (content.missing?.kind == .short
                ? .none  // No word of "no more" under short comments that were not read.
                : content.short.isComplete ? (isEmpty ? .none : .noMore(strings.noMoreComments)) : .loadMore)
        let missingText = content.missing.map { missing in
            let worded = ErrorPresenter(language: strings.language).viewData(
                for: missing.error, subject: strings.commentsSubject(storyID))
            return strings.commentThreadMissing(
                missing.kind, worded.kind, httpStatus: ErrorPresenter.answeredStatus(missing.error), fallback: worded.message)
        }
        let provenance = shownProvenance(content)
        return CommentsViewData(
            storyID: storyID, heading: heading, title: strings.commentsTitle(total: content.counters?.comments), sections: sections,
            emptyText: isEmpty && content.missing == nil ? strings.noComments : nil, footer: footer,
            status: StatusViewData(
                text: strings.status(
                    origin: provenance.origin.rawValue, staleReason: provenance.staleReason?.rawValue,
                    age: dates.age(provenance.age)),
                isStale: provenance.isStale),
            source: SourceViewData(
                origin: provenance.origin.rawValue,
                fetchedAt: DateFormatting.iso8601(unixTime: Int64(provenance.fetchedAt.timeIntervalSince1970.rounded(.down))),
                isFinal: provenance.isFinal, isStale: provenance.isStale, staleReason: provenance.staleReason?.rawValue),
            missing: content.missing?.kind, missingText: missingText)
    }

    /// The status speaks for the less fresh of the two threads: a stale one, else the older one.
    private static func shownProvenance(_ content: CommentsContent) -> Provenance {
        let (long, short) = (content.long.provenance, content.short.provenance)
        if long.isStale != short.isStale { return long.isStale ? long : short }
        return long.age > short.age ? long : short
    }

    private static func comment(_ comment: StoryComment, strings: Strings, dates: DateFormatting, now: Int64) -> CommentViewData {
        let author = comment.author.map(NewsListPresenter.oneLine) ?? ""
        let likes = comment.likes ?? 0
        return CommentViewData(
            id: comment.id, author: author.isEmpty ? strings.anonymous : author, content: trimmed(comment.content),
            likes: likes, likesText: strings.commentLikes(likes),
            timeText: comment.time.map { dates.commentTime(unixTime: $0, now: now) } ?? "",
            unixTime: comment.time, iso8601: comment.time.map(DateFormatting.iso8601(unixTime:)),
            reply: comment.replyTo.map { reply($0, strings: strings) })
    }

    /// "//作者：内容" for an original that stands; for one that is gone (or has nothing to quote),
    /// the source's words about it, else "原评论已被删除".
    private static func reply(_ reply: CommentReply, strings: Strings) -> String {
        if !reply.isDeleted, let author = reply.author.map(NewsListPresenter.oneLine), !author.isEmpty,
            let content = reply.content.map(trimmed), !content.isEmpty
        {
            return strings.quote(author: author, content: content)
        }
        let message = reply.errorMessage.map(trimmed) ?? ""
        return message.isEmpty ? strings.replyDeleted : message
    }

    /// Without white space at either end; line breaks inside stay.
    static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}
