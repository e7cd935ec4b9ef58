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
    private var lines: [Row] = []
    private var width = 0
    private var top = 0
    private var height = 10

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
        let last = min(lines.count, top + height)
        let position = lines.isEmpty ? "" : "\(last)/\(lines.count)"
        return ReaderStatus(text: text, isStale: detail.status.isStale, position: position)
    }

    var message: Row? {
        guard let shown = error ?? actionError else { return nil }
        return Row(shown.message, .red).appending(error != nil ? app.words.retryHint : "", .dim)
    }

    func body(columns: Int, rows: Int) -> [Row] {
        height = rows
        if width != columns, let detail {
            width = columns
            lines = StoryRows.detail(detail, width: columns)
        }
        scroll(by: 0)
        return Array(lines.dropFirst(top).prefix(rows))
    }

    private func scroll(by offset: Int) {
        top = max(0, min(top + offset, lines.count - height))
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
