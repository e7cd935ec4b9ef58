import NewsFeature

/// A story's images, the headline's first, each with its address on a row of its own under it
/// (cut with "…" only when wider than the screen); Enter opens one with `xdg-open`, and where
/// nothing could open it the whole address is shown, wrapped, under the list.
/// Over `ImageListPresenter`.
@MainActor
final class ImageListScreen: ReaderScreen, ImageListView {
    private unowned let app: ReaderApp
    private let images: [ImageViewData]
    private var presenter: ImageListPresenter?
    private var list: ImageListViewData?
    /// What came of the last Enter: a line saying it was opened, or the address it could not
    /// open, shown whole under the list.
    private var opened: ImageOpenedViewData?
    /// "正在打开：…" while the opener is at work on the image chosen last.
    private var opening: String?
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
            images: images, view: self, opener: TerminalLinkOpener(), language: app.settings.language)
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

    func showOpening(_ message: String) {
        opening = message
        opened = nil
        app.setNeedsDisplay()
    }

    func showOpened(_ opened: ImageOpenedViewData) {
        opening = nil
        defer { app.setNeedsDisplay() }
        // The cursor moved on while the opener worked: its answer is about another image.
        guard let items = list?.items, items.indices.contains(cursor.selected), items[cursor.selected].url == opened.url else { return }
        self.opened = opened
    }

    // MARK: Drawing

    var status: ReaderStatus {
        ReaderStatus(text: app.words.openImageHint, position: cursor.itemCount > 0 ? "\(cursor.selected + 1)/\(cursor.itemCount)" : "")
    }

    var message: Row? {
        if let opening { return Row(opening, .dim) }
        guard let opened, opened.isOpened else { return nil }
        return Row(opened.message, .bold)
    }

    func body(columns: Int, rows: Int) -> [Row] {
        guard let list else { return [] }
        if list.items.isEmpty { return [Row("  " + list.emptyMessage, .dim)] }
        if width != columns {
            width = columns
            // One row per address: a URL split over rows reads as two; Enter opens the whole one.
            cursor.replace(
                with: list.items.enumerated().map { index, image in
                    let label = StoryRows.wrapped(image.label, width: columns, firstPrefix: "  ", prefix: "  ")
                    let address = Row("    ").appending(TerminalText.truncate(image.url, width: columns - 4), .dim)
                    return .item(id: Int64(index), rows: label + [address])
                })
        }
        // An address that could not be opened, whole (wrapped at any character) to copy by hand.
        guard let opened, !opened.isOpened else { return cursor.rows(height: rows) }
        let failure = TerminalText.wrap(opened.message, width: columns).map { Row($0, .yellow) }
        let listRows = cursor.rows(height: max(1, rows - failure.count - 1))
        return listRows + Array(repeating: Row(), count: max(0, rows - failure.count - listRows.count)) + failure
    }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        if cursor.navigate(key) {
            opened = nil
            return true
        }
        switch key {
        case .enter, .character("l"), .right:
            let index = cursor.selected
            Task { await presenter.didSelectImage(at: index) }
            return true
        default:
            return false
        }
    }
}
