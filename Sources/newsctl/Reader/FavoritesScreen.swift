import NewsFeature

/// The stories kept (收藏); over `FavoritesPresenter`.
@MainActor
final class FavoritesScreen: ReaderScreen, FavoritesView {
    private unowned let app: ReaderApp
    private var presenter: FavoritesPresenter?
    private var favorites: FavoritesViewData?
    private var notice: Row?
    private var error: ErrorViewData?
    private var cursor = SelectableList()

    init(app: ReaderApp) {
        self.app = app
    }

    var title: String { app.words.favorites }
    var isBusy: Bool { false }

    func start() {
        let presenter = FavoritesPresenter(
            view: self, interactor: DefaultFavoritesInteractor(engine: app.engine, mode: app.settings.mode),
            navigator: app, language: app.settings.language)
        self.presenter = presenter
        Task { await presenter.viewDidLoad() }
    }

    func willAppear() {
        guard let presenter else { return }
        Task { await presenter.viewDidLoad() }
    }

    func close() {
        presenter = nil
    }

    // MARK: FavoritesView

    func show(_ favorites: FavoritesViewData) {
        self.favorites = favorites
        error = nil
        cursor.replace(
            with: favorites.items.map { item in
                var row = Row("  ★ ").appending(item.title, item.isRead ? .dim : .plain)
                row.append("  " + String(item.id), .dim)
                return .item(id: item.id, rows: [row])
            })
        app.setNeedsDisplay()
    }

    func showChange(_ change: FavoriteChangeViewData) {
        notice = Row(change.message, .bold)
        guard let presenter else { return }
        Task { await presenter.viewDidLoad() }
    }

    func showError(_ error: ErrorViewData) {
        self.error = error
        app.setNeedsDisplay()
    }

    // MARK: Drawing

    var status: ReaderStatus {
        ReaderStatus(text: "", position: cursor.itemCount > 0 ? "\(cursor.selected + 1)/\(cursor.itemCount)" : "")
    }

    var message: Row? {
        if let error { return Row(error.message, .red) }
        return notice
    }

    func body(columns: Int, rows: Int) -> [Row] {
        guard let favorites else { return [] }
        if favorites.items.isEmpty { return [Row("  " + favorites.emptyMessage, .dim)] }
        return cursor.rows(height: rows)
    }

    var selectedStoryID: Int64? { cursor.selectedID }
    var selectedStoryTitle: String? { favorites?.items.first { $0.id == cursor.selectedID }?.title }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        notice = nil
        if cursor.navigate(key) { return true }
        switch key {
        case .enter, .character("l"), .right:
            if let id = cursor.selectedID { presenter.didSelectStory(id: id) }
        case .character("f"):
            if let id = cursor.selectedID { Task { await presenter.didRequestRemove(id: id) } }
        case .character("r"):
            Task { await presenter.viewDidLoad() }
        default:
            return false
        }
        return true
    }
}
