import NewsFeature
import SyncEngine

/// A story's comments, long then short, paged like the story; reaching the end loads the next
/// page of short comments. Over `CommentsPresenter`.
@MainActor
final class CommentsScreen: ReaderScreen, CommentsView {
    private unowned let app: ReaderApp
    /// The story's context, shared with the screen that opened the comments.
    private let story: StoryContext
    private var presenter: CommentsPresenter?
    private var comments: CommentsViewData?
    private var loading = false
    private var error: ErrorViewData?
    private var page = PagedRows()
    private var width = 0

    init(app: ReaderApp, story: StoryContext) {
        self.app = app
        self.story = story
    }

    /// The presenter's heading, "评论 · 为什么春天的风总是特别大？" (the top bar cuts it to fit):
    /// the shown comments', else, before they arrive, the presenter's own.
    var title: String { comments?.heading ?? presenter?.heading ?? app.words.comments }
    var isBusy: Bool {
        if loading { return true }
        if case .loadingMore = comments?.footer { return true }
        return false
    }

    func start() {
        let presenter = CommentsPresenter(
            context: story, view: self, interactor: DefaultCommentsInteractor(engine: app.engine, mode: app.settings.mode),
            navigator: app, language: app.settings.language)
        self.presenter = presenter
        Task { await presenter.viewDidLoad() }
    }

    func willAppear() {}

    func close() {
        presenter = nil
    }

    // MARK: CommentsView

    func showLoading() {
        loading = true
        app.setNeedsDisplay()
    }

    func show(_ comments: CommentsViewData) {
        loading = false
        error = nil
        self.comments = comments
        width = 0
        app.setNeedsDisplay()
    }

    func showError(_ error: ErrorViewData) {
        loading = false
        self.error = error
        app.setNeedsDisplay()
    }

    // MARK: Drawing

    var status: ReaderStatus {
        guard let comments else { return ReaderStatus(text: loading ? app.words.loading : "") }
        return ReaderStatus(
            text: comments.title + " · " + comments.status.text, isStale: comments.status.isStale,
            position: page.position)
    }

    var message: Row? {
        if let error { return Row(error.message, .red).appending(app.words.retryHint, .dim) }
        if case .failed(let text, _) = comments?.footer { return Row(text, .red).appending(app.words.retryHint, .dim) }
        if let missing = comments?.missingText { return Row(missing, .yellow).appending(app.words.retryHint, .dim) }
        return nil
    }

    func body(columns: Int, rows: Int) -> [Row] {
        if width != columns, let comments {
            width = columns
            page.lines = CommentRows.comments(comments, width: columns) + footer(comments.footer)
        }
        return page.visible(rows: rows)
    }

    private func footer(_ footer: CommentsFooterViewData) -> [Row] {
        switch footer {
        case .loadMore: return [Row(app.words.moreComments, .dim)]
        case .loadingMore: return [Row(app.words.loadingComments, .dim)]
        case .noMore(let text): return [Row(text, .dim)]
        case .failed, .none: return []
        }
    }

    /// At the end, with a next page to load: load it.
    private func loadMoreIfAtEnd() {
        guard let presenter, case .loadMore = comments?.footer, page.isAtEnd else { return }
        Task { await presenter.didReachEnd() }
    }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        if page.handle(key) {
            loadMoreIfAtEnd()
            return true
        }
        switch key {
        case .character("r"):
            if error != nil {
                Task { await presenter.didTapRetry() }
            } else if case .failed = comments?.footer {
                Task { await presenter.didReachEnd() }
            } else {
                Task { await presenter.refresh() }
            }
            return true
        default:
            return false
        }
    }
}
