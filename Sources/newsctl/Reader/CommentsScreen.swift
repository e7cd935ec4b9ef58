import NewsFeature
import SyncEngine

/// A story's comments, long then short, paged like the story; reaching the end loads the next
/// page of short comments. Over `CommentsPresenter`.
@MainActor
final class CommentsScreen: ReaderScreen, CommentsView {
    private unowned let app: ReaderApp
    private let storyID: Int64
    private var presenter: CommentsPresenter?
    private var comments: CommentsViewData?
    private var loading = false
    private var error: ErrorViewData?
    private var lines: [Row] = []
    private var width = 0
    private var top = 0
    private var height = 10

    init(app: ReaderApp, storyID: Int64) {
        self.app = app
        self.storyID = storyID
    }

    var title: String { app.words.comments }
    var isBusy: Bool {
        if loading { return true }
        if case .loadingMore = comments?.footer { return true }
        return false
    }

    func start() {
        let presenter = CommentsPresenter(
            storyID: storyID, view: self, interactor: DefaultCommentsInteractor(engine: app.engine, mode: app.settings.mode),
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
        let last = min(lines.count, top + height)
        return ReaderStatus(
            text: comments.title + " · " + comments.status.text, isStale: comments.status.isStale,
            position: lines.isEmpty ? "" : "\(last)/\(lines.count)")
    }

    var message: Row? {
        if let error { return Row(error.message, .red).appending(app.words.retryHint, .dim) }
        if case .failed(let text) = comments?.footer { return Row(text, .red).appending(app.words.retryHint, .dim) }
        return nil
    }

    func body(columns: Int, rows: Int) -> [Row] {
        height = rows
        if width != columns, let comments {
            width = columns
            lines = CommentRows.comments(comments, width: columns) + footer(comments.footer)
        }
        scroll(by: 0)
        return Array(lines.dropFirst(top).prefix(rows))
    }

    private func footer(_ footer: CommentsFooterViewData) -> [Row] {
        switch footer {
        case .loadMore: return [Row(app.words.moreComments, .dim)]
        case .loadingMore: return [Row(app.words.loadingComments, .dim)]
        case .noMore(let text): return [Row(text, .dim)]
        case .failed, .none: return []
        }
    }

    private func scroll(by offset: Int) {
        top = max(0, min(top + offset, lines.count - height))
    }

    /// At the end, with a next page to load: load it.
    private func loadMoreIfAtEnd() {
        guard let presenter, case .loadMore = comments?.footer, top + height >= lines.count else { return }
        Task { await presenter.didReachEnd() }
    }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        switch key {
        case .down, .character("j"), .enter: scroll(by: 1)
        case .up, .character("k"): scroll(by: -1)
        case .wheelDown: scroll(by: 3)
        case .wheelUp: scroll(by: -3)
        case .pageDown, .character(" "): scroll(by: max(1, height - 1))
        case .pageUp, .character("b"): scroll(by: -max(1, height - 1))
        case .home, .character("g"): top = 0
        case .end, .character("G"): scroll(by: lines.count)
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
        loadMoreIfAtEnd()
        return true
    }
}
