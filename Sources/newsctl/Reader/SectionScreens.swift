import NewsFeature

/// The columns (栏目), opened with `s`; over `SectionsPresenter`. Enter opens a column.
@MainActor
final class SectionListScreen: ReaderScreen, SectionsView {
    private unowned let app: ReaderApp
    private var presenter: SectionsPresenter?
    private var list: SectionsViewData?
    private var error: ErrorViewData?
    private var cursor = SelectableList()

    init(app: ReaderApp) {
        self.app = app
    }

    var title: String { app.words.sections }
    var isBusy: Bool { list == nil && error == nil }

    func start() {
        let presenter = SectionsPresenter(
            view: self, interactor: DefaultSectionsInteractor(engine: app.engine, mode: app.settings.mode),
            language: app.settings.language)
        self.presenter = presenter
        Task { await presenter.viewDidLoad() }
    }

    func willAppear() {}

    func close() {
        presenter = nil
    }

    func show(_ sections: SectionsViewData) {
        list = sections
        error = nil
        cursor.replace(
            with: sections.items.map { item in
                var row = Row("  " + item.name, .bold)
                if !item.description.isEmpty { row.append("  " + item.description, .dim) }
                row.append("  " + String(item.id), .dim)
                return .item(id: item.id, rows: [row])
            })
        app.setNeedsDisplay()
    }

    func showError(_ error: ErrorViewData) {
        self.error = error
        app.setNeedsDisplay()
    }

    var status: ReaderStatus {
        ReaderStatus(
            text: list?.status ?? "", isStale: list?.staleReason != nil,
            position: cursor.itemCount > 0 ? "\(cursor.selected + 1)/\(cursor.itemCount)" : "")
    }

    var message: Row? { error.map { Row($0.message, .red) } }

    func body(columns: Int, rows: Int) -> [Row] {
        guard let list else { return [] }
        if list.items.isEmpty { return [Row("  " + list.emptyMessage, .dim)] }
        return cursor.rows(height: rows)
    }

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        if cursor.navigate(key) { return true }
        switch key {
        case .enter, .character("l"), .right:
            if let id = cursor.selectedID {
                let name = list?.items.first { $0.id == id }?.name ?? ""
                app.push(SectionScreen(app: app, id: id, name: name))
            }
        case .character("r"):
            Task { await presenter.viewDidLoad() }
        default:
            return false
        }
        return true
    }
}

/// One column's stories by month, newest first; the end of the list reads the next older page.
/// Over `SectionStoriesPresenter`; a story opens as from a day.
@MainActor
final class SectionScreen: ReaderScreen, SectionStoriesView {
    private unowned let app: ReaderApp
    private let id: Int64
    private let name: String
    private var presenter: SectionStoriesPresenter?
    private var section: SectionStoriesViewData?
    private var error: ErrorViewData?
    private var loading = true
    private var cursor = SelectableList()

    init(app: ReaderApp, id: Int64, name: String) {
        self.app = app
        self.id = id
        self.name = name
    }

    /// The column's name as the presenter gives it, the list's until then.
    var title: String { section?.title ?? name }
    var isBusy: Bool { loading }

    func start() {
        let presenter = SectionStoriesPresenter(
            view: self, interactor: DefaultSectionsInteractor(engine: app.engine, mode: app.settings.mode), sectionID: id,
            navigator: app, language: app.settings.language)
        self.presenter = presenter
        Task { await presenter.viewDidLoad() }
    }

    func willAppear() {}

    func close() {
        presenter = nil
    }

    func show(_ section: SectionStoriesViewData) {
        self.section = section
        error = nil
        loading = false
        var entries: [SelectableList.Entry] = []
        for month in section.months {
            entries.append(.heading(Row(month.title, .bold)))
            for story in month.stories {
                var row = Row("  " + story.date + "  ", .dim).appending(story.title)
                row.append("  " + String(story.id), .dim)
                entries.append(.item(id: story.id, rows: [row]))
            }
        }
        if !section.isComplete && !section.months.isEmpty { entries.append(.text(Row("  " + section.moreTitle, .dim))) }
        cursor.replace(with: entries)
        app.setNeedsDisplay()
    }

    func showError(_ error: ErrorViewData) {
        self.error = error
        loading = false
        app.setNeedsDisplay()
    }

    var status: ReaderStatus {
        guard let section else { return ReaderStatus() }
        return ReaderStatus(
            text: section.extent + " · " + section.status, isStale: section.staleReason != nil,
            position: cursor.itemCount > 0 ? "\(cursor.selected + 1)/\(cursor.itemCount)" : "")
    }

    var message: Row? { error.map { Row($0.message + app.words.retryHint, .red) } }

    func body(columns: Int, rows: Int) -> [Row] {
        guard let section else { return [] }
        if section.months.isEmpty { return [Row("  " + section.emptyMessage, .dim)] }
        return cursor.rows(height: rows)
    }

    var selectedStoryID: Int64? { cursor.selectedID }
    var selectedStoryTitle: String? { section?.months.flatMap(\.stories).first { $0.id == cursor.selectedID }?.title }

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        if cursor.navigate(key) {
            if cursor.isAtLastItem, let section, !section.isComplete, !loading {
                loading = true
                Task { await presenter.didReachEnd() }
            }
            return true
        }
        switch key {
        case .enter, .character("l"), .right:
            if let id = cursor.selectedID { presenter.didSelectStory(id: id) }
        case .character("r"):
            loading = true
            Task { await presenter.viewDidLoad() }
        default:
            return false
        }
        return true
    }
}
