import NewsFeature

/// One story, paged like `less`; over `DetailPresenter`.
@MainActor
final class StoryScreen: ReaderScreen, DetailView {
    private unowned let app: ReaderApp
    private let storyID: Int64
    private let openedWith: StoryPreview?
    private var presenter: DetailPresenter?
    private var preview: StoryPreview?
    private var detail: DetailViewData?
    private var loading = false
    private var error: ErrorViewData?
    private var actionError: ErrorViewData?
    /// The confirmation of the last `f` ("已取消收藏：标题"), until the next key.
    private var favoriteNotice: String?
    private var page = PagedRows()
    private var width = 0

    init(app: ReaderApp, storyID: Int64, preview: StoryPreview? = nil) {
        self.app = app
        self.storyID = storyID
        self.openedWith = preview
    }

    var title: String { app.words.story }
    var isBusy: Bool { loading }

    func start() {
        let presenter = DetailPresenter(
            storyID: storyID, view: self, interactor: DefaultDetailInteractor(engine: app.engine, mode: app.settings.mode),
            navigator: app, language: app.settings.language, preview: openedWith)
        self.presenter = presenter
        Task { await presenter.viewDidLoad() }
    }

    func willAppear() {}

    func close() {
        presenter = nil
    }

    // MARK: DetailView

    func showPreview(_ preview: StoryPreview) {
        self.preview = preview
        app.setNeedsDisplay()
    }

    func showLoading() {
        loading = true
        if detail == nil { error = nil }
        app.setNeedsDisplay()
    }

    func show(_ detail: DetailViewData) {
        loading = false
        error = nil
        actionError = nil
        favoriteNotice = detail.favoriteChange
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

    /// A failure to load the story shows in the body (`waiting`); a failed action, here.
    var message: Row? {
        actionError.map { Row($0.message, .red) } ?? favoriteNotice.map { Row($0, .bold) }
    }

    var selectedStoryTitle: String? { detail?.title ?? preview?.title ?? openedWith?.title }

    func body(columns: Int, rows: Int) -> [Row] {
        guard let detail else { return waiting(width: columns) }
        if width != columns {
            width = columns
            page.lines = StoryRows.detail(detail, width: columns)
        }
        return page.visible(rows: rows)
    }

    /// Before the text: the list's title and hint at once, then the load under way, or what
    /// went wrong and what to do.
    private func waiting(width: Int) -> [Row] {
        var rows: [Row] = []
        if let preview {
            rows += StoryRows.wrapped(preview.title, width: width, tone: .bold)
            if !preview.hint.isEmpty { rows += StoryRows.wrapped(preview.hint, width: width, tone: .dim) }
            rows.append(Row())
        }
        if let error {
            rows += StoryRows.wrapped(error.message, width: width, tone: .red)
            rows.append(Row())
            rows += StoryRows.wrapped(app.words.retryOrBack, width: width, tone: .dim)
        } else if loading {
            rows.append(Row(app.words.loadingStory, .dim))
        }
        return rows
    }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        favoriteNotice = nil
        if page.handle(key) {
            actionError = nil  // A failed action's line goes with the next move.
            return true
        }
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
        case .character("i"):
            presenter.didTapImages()
        default:
            return false
        }
        return true
    }
}
