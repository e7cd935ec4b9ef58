import NewsFeature

/// One story, paged like `less`; over `DetailPresenter`, and `StoryPicturesPresenter` for its
/// pictures, which scroll with the text.
@MainActor
final class StoryScreen: ReaderScreen, DetailView, StoryPicturesView {
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
    /// The width `page.lines` were laid out at: 0 lays them out again, with the pictures as they are now.
    private var width = 0
    /// The story's text laid out without its pictures: made again only for new text or a new
    /// width, so that placing a picture just drawn does not wrap the whole story again.
    private var laidOutText: StoryRows.Text?
    /// The story's pictures once loaded, and what draws them (nil when the reader draws none).
    private var pictures: [StoryPictureViewData]?
    private var picturesTask: Task<Void, Never>?
    private var picturesPresenter: StoryPicturesPresenter?
    /// The pictures (by placeholder, one a picture) whose bytes were asked for: each once,
    /// whatever came of it, so that one whose bytes never come is not asked for again and again.
    private var bytesAsked = Set<String>()
    /// The drawing under way (one at a time): the pictures on screen, or else the next screen's.
    private var drawingTask: Task<Void, Never>?
    private let drawer: StoryPictureDrawer?
    /// Whether `page.lines` were laid out with the pictures: `p` lays them out again.
    private var laidOutWithPictures = false
    /// Where the pictures stand in `page.lines`.
    private var places = StoryPicturePlaces()

    init(app: ReaderApp, storyID: Int64, preview: StoryPreview? = nil) {
        self.app = app
        self.storyID = storyID
        self.openedWith = preview
        self.drawer = app.pictureRenderer.map { StoryPictureDrawer(renderer: $0, cache: app.drawnPictures) }
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
        picturesPresenter = nil
        picturesTask?.cancel()
        picturesTask = nil
        drawingTask?.cancel()
        drawingTask = nil
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
        laidOutText = nil
        width = 0
        loadPictures(detail)
        app.setNeedsDisplay()
    }

    /// Once per screen: a story's pictures do not change with its counters or marks.
    private func loadPictures(_ detail: DetailViewData) {
        guard drawer != nil, picturesTask == nil, !detail.images.isEmpty, let context = self.presenter?.context else { return }
        let presenter = StoryPicturesPresenter(
            context: context, view: self, interactor: DefaultStoryPicturesInteractor(engine: app.engine, mode: app.settings.mode),
            language: app.settings.language)
        picturesPresenter = presenter
        // The text is on screen already; the pictures come in as they arrive, each slow one
        // until the engine's deadline; those kept without their bytes, read once on screen.
        picturesTask = Task {
            await presenter.load(firstWithin: DetailCommand.firstPictures, givingUpAfter: nil, keptWithoutBytes: true)
        }
    }

    /// The pictures take their places at once, each as its placeholder over the rows it will
    /// take until it is drawn: only those on screen are drawn (`drawOnScreen`), when the screen
    /// is drawn.
    func showPictures(_ pictures: [StoryPictureViewData]) {
        self.pictures = pictures
        width = 0
        app.setNeedsDisplay()
    }

    /// A picture that was pending takes its place.
    func showPicture(_ picture: StoryPictureViewData) {
        pictures = pictures?.map { $0.url == picture.url && $0.place == picture.place ? picture : $0 }
        width = 0
        app.setNeedsDisplay()
    }

    /// Draws the pictures on the rows from `top` not drawn yet, off the main actor (several at
    /// once), their bytes read first where they are not yet, then lays the story out again with
    /// them; with none to draw there, the next screen's, ahead of the reader. One drawing at a
    /// time: the next is decided when it is done and the screen is drawn again.
    private func drawOnScreen(top: Int, rows: Int, columns: Int) {
        guard let drawer, let pictures, drawingTask == nil else { return }
        let screen = top..<top + rows
        let next = screen.upperBound..<screen.upperBound + rows
        let asked = bytesAsked
        func drawable(on rows: Range<Int>) -> [StoryPictureViewData] {
            drawer.needingDrawing(pictures, on: rows, places: places, width: columns).filter {
                $0.bytes != nil || !asked.contains($0.placeholder)
            }
        }
        let onScreen = drawable(on: screen)
        let wanted = onScreen.isEmpty ? drawable(on: next) : onScreen
        guard !wanted.isEmpty else { return }
        let unread = wanted.filter { $0.bytes == nil }
        bytesAsked.formUnion(unread.map(\.placeholder))
        let presenter = picturesPresenter
        drawingTask = Task {
            var ready = wanted
            if !unread.isEmpty {
                guard let presenter else { return }  // Closed: nothing more is drawn.
                await presenter.loadBytes(of: unread)
                // The batch as it is now, with the bytes `showPicture` brought.
                ready = (self.pictures ?? []).filter { picture in wanted.contains { $0.url == picture.url && $0.place == picture.place } }
            }
            guard !Task.isCancelled else { return }
            await drawer.prepare(ready, width: columns)
            guard !Task.isCancelled else { return }
            drawingTask = nil
            width = 0
            app.setNeedsDisplay()
        }
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
        actionError.map { Row($0.message, .red) } ?? favoriteNotice.map { Row($0, .bold) } ?? missingLibraryNotice
    }

    /// Pictures could not be drawn for want of a library: which package to install.
    private var missingLibraryNotice: Row? {
        guard let missing = drawer?.missingLibrary, let library = missing.library, let package = missing.installHint else { return nil }
        return Row(CommandStrings(language: app.settings.language).picturesNotDrawn(library: library, package: package), .yellow)
    }

    func body(columns: Int, rows: Int) -> [Row] {
        guard let detail else { return waiting(width: columns) }
        let withPictures = app.showsPictures && pictures != nil
        if width != columns || laidOutWithPictures != withPictures {
            width = columns
            laidOutWithPictures = withPictures
            let drawn = withPictures ? pictures.flatMap { drawer?.layout($0, width: columns) } : nil
            (page.lines, places) = StoryRows.placing(text(of: detail, width: columns), pictures: drawn)
        }
        let visible = page.visible(rows: rows)
        if withPictures { drawOnScreen(top: page.top, rows: rows, columns: columns) }
        return Self.wholePicturesOnly(visible)
    }

    /// The story's text at `width`, laid out again only when the text or the width is new.
    private func text(of detail: DetailViewData, width: Int) -> StoryRows.Text {
        if let laidOutText, laidOutText.width == width { return laidOutText }
        let text = StoryRows.Text(detail, width: width)
        laidOutText = text
        return text
    }

    /// A picture drawn by a graphics protocol is drawn only while it is wholly on screen: cut
    /// at the top it cannot be drawn at all, and a sixel drawn past the bottom would scroll the
    /// terminal. Partly on screen, its rows are text: its placeholder, then blank rows.
    static func wholePicturesOnly(_ rows: [Row]) -> [Row] {
        var result: [Row] = []
        var index = 0
        while index < rows.count {
            guard let graphic = rows[index].graphic else {
                result.append(rows[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < rows.count, case .covered = rows[end].graphic { end += 1 }
            if case .top(_, let height, _) = graphic, end - index == height {
                result += rows[index..<end]
            } else {
                var placeholder = rows[index]
                placeholder.graphic = nil  // Its spans: the placeholder, dim.
                result += [placeholder] + Array(repeating: Row(), count: end - index - 1)
            }
            index = end
        }
        return result
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
        case .character("p"):
            app.showsPictures.toggle()
        default:
            return false
        }
        return true
    }
}
