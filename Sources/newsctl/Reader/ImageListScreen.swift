import NewsFeature

/// A story's images, the headline's first, each with its whole address under it; Enter opens
/// one with `xdg-open`, or shows its address where there is none. Over `ImageListPresenter`.
@MainActor
final class ImageListScreen: ReaderScreen, ImageListView {
    private unowned let app: ReaderApp
    private let images: [ImageViewData]
    private var presenter: ImageListPresenter?
    private var list: ImageListViewData?
    private var notice: Row?
    private var cursor = SelectableList()
    private var width = 0

    init(app: ReaderApp, images: [ImageViewData]) {
        self.app = app
        self.images = images
    }

    var title: String { app.words.images }
    var isBusy: Bool { false }

    func start() {
        let presenter = ImageListPresenter(
            images: images, view: self, opener: BackgroundLinkOpener(), language: app.settings.language)
        self.presenter = presenter
        presenter.viewDidLoad()
    }

    func willAppear() {}

    func close() {
        presenter = nil
    }

    // MARK: ImageListView

    func show(_ list: ImageListViewData) {
        self.list = list
        width = 0
        app.setNeedsDisplay()
    }

    func showOpened(_ opened: ImageOpenedViewData) {
        notice = Row(opened.message, opened.isOpened ? .bold : .yellow)
        app.setNeedsDisplay()
    }

    // MARK: Drawing

    var status: ReaderStatus {
        ReaderStatus(text: app.words.openImageHint, position: cursor.itemCount > 0 ? "\(cursor.selected + 1)/\(cursor.itemCount)" : "")
    }

    var message: Row? { notice }

    func body(columns: Int, rows: Int) -> [Row] {
        guard let list else { return [] }
        if list.items.isEmpty { return [Row("  " + list.emptyMessage, .dim)] }
        if width != columns {
            width = columns
            // The address whole, wrapped under the label: it can be read and copied from here.
            cursor.replace(
                with: list.items.enumerated().map { index, image in
                    let label = StoryRows.wrapped(image.label, width: columns, firstPrefix: "  ", prefix: "  ")
                    let address = StoryRows.wrapped(image.url, width: columns, tone: .dim, firstPrefix: "    ", prefix: "    ")
                    return .item(id: Int64(index), rows: label + address)
                })
        }
        return cursor.rows(height: rows)
    }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        if cursor.navigate(key) {
            notice = nil
            return true
        }
        switch key {
        case .enter, .character("l"), .right:
            presenter.didSelectImage(at: cursor.selected)
            return true
        default:
            return false
        }
    }
}
