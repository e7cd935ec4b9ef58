import NewsFeature

/// One story, paged like `less`; over `DetailPresenter`.
@MainActor
final class StoryScreen: ReaderScreen, DetailView {
    private unowned let app: ReaderApp
    private let storyID: Int64
    private var presenter: DetailPresenter?
    private var detail: DetailViewData?
    private var loading = false
    private var error: ErrorViewData?
    private var actionError: ErrorViewData?
    private var page = PagedRows()
    private var width = 0

    init(app: ReaderApp, storyID: Int64) {
        self.app = app
        self.storyID = storyID
    }

    var title: String { app.words.story }
    var isBusy: Bool { loading }

    func start() {
        let presenter = DetailPresenter(
            storyID: storyID, view: self, interactor: DefaultDetailInteractor(engine: app.engine, mode: app.settings.mode),
            navigator: app, language: app.settings.language)
        self.presenter = presenter
        Task { await presenter.viewDidLoad() }
    }

    func willAppear() {}

    func close() {
        presenter = nil
    }

    // MARK: DetailView

    func showLoading() {
        loading = true
        app.setNeedsDisplay()
    }

    func show(_ detail: DetailViewData) {
        loading = false
        error = nil
        actionError = nil
        self.detail = detail
        width = 0
        app.setNeedsDisplay()
    }

    func showError(_ error: ErrorViewData) {
        loading = false
        if detail == nil { self.error = error } else { actionError = error }
        app.setNeedsDisplay()
    }

    // MARK: Drawing

    var status: ReaderStatus {
        guard let detail else { return ReaderStatus(text: loading ? app.words.loading : "") }
        var text = detail.status.text
        if let counts = detail.counts { text += " · " + counts.text + app.words.commentsKey }
        if detail.isFavorite { text += " · " + detail.marksText }
        return ReaderStatus(text: text, isStale: detail.status.isStale, position: page.position)
    }

    var message: Row? {
        guard let shown = error ?? actionError else { return nil }
        return Row(shown.message, .red).appending(error != nil ? app.words.retryHint : "", .dim)
    }

    func body(columns: Int, rows: Int) -> [Row] {
        if width != columns, let detail {
            width = columns
            page.lines = StoryRows.detail(detail, width: columns)
        }
        return page.visible(rows: rows)
    }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        if page.handle(key) { return true }
        switch key {
        case .character("r"):
            let retries = error != nil
            Task { retries ? await presenter.didTapRetry() : await presenter.refresh() }
        case .character("f"):
            Task { await presenter.didTapFavorite() }
        case .character("o"):
            if let detail { app.open(detail.shareURL ?? detail.url) }
        case .character("c"):
            presenter.didTapComments()
        default:
            return false
        }
        return true
    }
}
