import NewsFeature

/// Today with the banner, then earlier days as the cursor reaches the end; over
/// `NewsListPresenter`.
@MainActor
final class HomeScreen: ReaderScreen, NewsListView {
    private unowned let app: ReaderApp
    private var presenter: NewsListPresenter?
    private var list: NewsListViewData?
    private var emptyMessage: String?
    private var loading = false
    private var loadingMore = false
    private var error: ErrorViewData?
    private var moreError: ErrorViewData?
    /// The confirmation of the last `f` ("已取消收藏：标题"), until the next key.
    private var favoriteNotice: String?
    private var cursor = SelectableList()
    private var width = 0
    /// The story last reported under the cursor (its text is prefetched after a dwell).
    private var highlighted: Int64?
    /// The day of each item, in the list's order, for the title bar.
    private var itemDays: [String] = []
    /// The list shown has asked once to be filled; asked again for the next list.
    private var askedToFill = false
    /// The cursor reached the last item and loaded the day before: when that day comes, the
    /// cursor goes to its first story (unless it moved meanwhile).
    private var pendingStep: (from: Int64, itemCount: Int)?

    init(app: ReaderApp) {
        self.app = app
    }

    var title: String { "" }

    /// The day of the story under the cursor, as the app's toolbar shows it.
    var subtitle: String? { itemDays.indices.contains(cursor.selected) ? itemDays[cursor.selected] : nil }
    var isBusy: Bool { loading || loadingMore }

    func start() {
        let presenter = NewsListPresenter(
            view: self, interactor: DefaultNewsListInteractor(engine: app.engine, mode: app.settings.mode),
            navigator: app, start: .latest, language: app.settings.language)
        self.presenter = presenter
        presenter.startFollowingUpdates()
        Task { await presenter.viewDidLoad() }
    }

    func willAppear() {
        guard let presenter else { return }
        Task { await presenter.viewWillAppear() }
    }

    func close() {
        presenter = nil
    }

    // MARK: NewsListView

    func showLoading() {
        loading = true
        error = nil
        app.setNeedsDisplay()
    }

    func showLoadingMore() {
        loadingMore = true
        moreError = nil
        app.setNeedsDisplay()
    }

    func show(_ list: NewsListViewData) {
        self.list = list
        emptyMessage = nil
        if let change = list.favoriteChange { favoriteNotice = change }
        finished()
    }

    func showEmpty(_ empty: EmptyViewData) {
        list = empty.list
        emptyMessage = empty.message
        finished()
    }

    func showError(_ error: ErrorViewData) {
        loading = false
        loadingMore = false
        self.error = error
        app.setNeedsDisplay()
    }

    func showLoadMoreError(_ error: ErrorViewData) {
        loadingMore = false
        pendingStep = nil
        moreError = error
        app.setNeedsDisplay()
    }

    func showActionError(_ error: ErrorViewData) {
        moreError = error
        app.setNeedsDisplay()
    }

    private func finished() {
        loading = false
        loadingMore = false
        error = nil
        moreError = nil
        askedToFill = false
        width = 0  // Lay out again.
        app.setNeedsDisplay()
    }

    // MARK: Drawing

    var status: ReaderStatus {
        guard let list else { return ReaderStatus(text: loading ? app.words.loading : "") }
        let position = cursor.itemCount > 0 ? "\(cursor.selected + 1)/\(cursor.itemCount)" : ""
        let text = loadingMore ? app.words.loadingMore : list.status.text
        return ReaderStatus(text: text, isStale: list.status.isStale && !loadingMore, position: position)
    }

    var message: Row? {
        if let shown = error ?? moreError ?? list?.warning {
            return Row(shown.message, .red).appending(app.words.retryHint, .dim)
        }
        return favoriteNotice.map { Row($0, .bold) }
    }

    func body(columns: Int, rows: Int) -> [Row] {
        if width != columns {
            width = columns
            cursor.replace(with: entries(width: columns))
            stepToTheNewDay()
            reportHighlight()  // The first list, too, has a story under the cursor.
        }
        if cursor.rowCount < rows { fill() }
        return cursor.rows(height: rows)
    }

    /// After End loaded the day before, the cursor goes on to its first story.
    private func stepToTheNewDay() {
        guard let step = pendingStep, !loadingMore else { return }
        pendingStep = nil
        if cursor.itemCount > step.itemCount, cursor.selectedID == step.from { cursor.move(by: 1) }
    }

    /// A list shorter than the screen loads the days before it (the presenter says how many).
    private func fill() {
        guard let presenter, list != nil, !askedToFill, !loading, !loadingMore, error == nil, moreError == nil else { return }
        askedToFill = true
        Task { await presenter.viewHasRoomBelowTheList() }
    }

    private func entries(width: Int) -> [SelectableList.Entry] {
        guard let list else { return [] }
        var entries: [SelectableList.Entry] = []
        itemDays = []
        if !list.topStories.isEmpty {
            entries.append(.heading(Row(list.topStoriesTitle, .bold)))
            // The banner is today's: the first section's day.
            itemDays += Array(repeating: list.sections.first?.dayTitle ?? "", count: list.topStories.count)
            for item in list.topStories {
                entries.append(.item(id: item.id, rows: StoryRows.item(item, marker: "•", width: width)))
            }
        }
        for section in list.sections {
            if !entries.isEmpty { entries.append(.text(Row())) }
            entries.append(.heading(Row(section.title, .bold)))
            itemDays += Array(repeating: section.dayTitle, count: section.items.count)
            let numberWidth = String(section.items.count).count
            for (index, item) in section.items.enumerated() {
                let number = String(index + 1)
                let marker = String(repeating: " ", count: numberWidth - number.count) + number + "."
                entries.append(.item(id: item.id, rows: StoryRows.item(item, marker: marker, width: width)))
            }
        }
        if let emptyMessage { entries.append(.text(Row("  " + emptyMessage, .dim))) }
        return entries
    }

    var selectedStoryID: Int64? { cursor.selectedID }

    var selectedStoryTitle: String? {
        guard let list, let id = cursor.selectedID else { return nil }
        return (list.topStories + list.sections.flatMap(\.items)).first { $0.id == id }?.title
    }

    // MARK: Keys

    func handle(_ key: Key) -> Bool {
        guard let presenter else { return false }
        favoriteNotice = nil
        if cursor.navigate(key) {
            reportHighlight()
            pendingStep = nil
            // A failure to load the day before, or of an action, no longer applies once the
            // cursor has left the end (`g`, `k`): the line goes.
            if !cursor.isAtLastItem { moreError = nil }
            if cursor.isAtLastItem, list != nil, !loadingMore, let id = cursor.selectedID {
                pendingStep = (id, cursor.itemCount)
                Task { await presenter.loadMore() }
            }
            return true
        }
        switch key {
        case .enter, .character("l"), .right:
            if let id = cursor.selectedID { presenter.didSelectStory(id: id) }
            return true
        case .character("r"):
            let retries = error != nil || moreError != nil
            Task { retries ? await presenter.didTapRetry() : await presenter.refresh() }
            return true
        case .character("f"):
            if let id = cursor.selectedID { Task { await presenter.didToggleFavorite(id: id) } }
            return true
        case .character("o"):
            if let url = selectedURL { app.open(url) }
            return true
        default:
            return false
        }
    }

    private func reportHighlight() {
        guard let id = cursor.selectedID, id != highlighted else { return }
        highlighted = id
        presenter?.didHighlightStory(id: id)
    }

    private var selectedURL: String? {
        guard let list, let id = cursor.selectedID else { return nil }
        return (list.topStories + list.sections.flatMap(\.items)).first { $0.id == id }?.url
    }
}
