import SyncEngine

/// The news list's presentation logic: what to load, in which order, and how to word it.
@MainActor
public final class NewsListPresenter {
    /// The first page the screen shows.
    public enum Start: Sendable, Equatable {
        case latest
        case day(Day)
    }

    private enum Action {
        case initial, refresh, more
    }

    private weak var view: (any NewsListView)?
    private let interactor: any NewsListInteractor
    private let navigator: any Navigator
    private let start: Start
    private let strings: Strings
    private let dates: DateFormatting
    private let errors: ErrorPresenter

    private var pages: [Page] = []
    private var isLoading = false
    private var failedAction: Action?

    public init(view: any NewsListView, interactor: any NewsListInteractor, navigator: any Navigator,
                start: Start = .latest, language: Language = .zh) {
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.start = start
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
        self.errors = ErrorPresenter(language: language)
    }

    // MARK: Events

    public func viewDidLoad() async {
        await perform(.initial)
    }

    /// Reloads the first page from the network.
    public func refresh() async {
        await perform(.refresh)
    }

    /// Loads the day before the oldest one shown.
    public func loadMore() async {
        await perform(.more)
    }

    /// Repeats the load that failed last.
    public func didTapRetry() async {
        guard let action = failedAction else { return }
        await perform(action)
    }

    public func didSelectStory(id: Int64) {
        navigator.showStory(id: id)
    }

    // MARK: Loading

    private func perform(_ action: Action) async {
        guard !isLoading else { return } // One load at a time; a second request is dropped.
        if action == .more {
            guard let oldest = pages.last?.day, oldest > Day.firstIssue else { return }
        }
        isLoading = true
        defer { isLoading = false }

        action == .more ? view?.showLoadingMore() : view?.showLoading()
        do {
            switch action {
            case .initial, .refresh:
                let intent: LoadIntent = action == .refresh ? .refresh : .load
                let page: Page
                switch start {
                case .latest: page = try await interactor.latest(intent)
                case .day(let day): page = try await interactor.page(for: day, intent)
                }
                pages = [page]
            case .more:
                guard let oldest = pages.last?.day else { return }
                pages.append(try await interactor.page(for: oldest.adding(days: -1), .load))
            }
            failedAction = nil
            render()
        } catch {
            failedAction = action
            let viewData = errorViewData(error, about: subject(of: action))
            action == .more ? view?.showLoadMoreError(viewData) : view?.showError(viewData)
        }
    }

    // MARK: Mapping

    private func render() {
        guard let first = pages.first else { return }
        let list = NewsListViewData(
            topStories: first.topStories.map(item),
            topStoriesTitle: strings.topStoriesSection,
            sections: pages.map(section),
            status: status(first.provenance),
            warning: pages.contains { $0.provenance.staleReason == .storageError }
                ? ErrorViewData(kind: .storage, message: strings.saveFailed, detail: "storage_error", retryTitle: strings.retry)
                : nil)
        if pages.allSatisfy({ $0.stories.isEmpty }) && first.topStories.isEmpty {
            view?.showEmpty(EmptyViewData(message: strings.emptyDay, list: list))
        } else {
            view?.show(list)
        }
    }

    private func section(_ page: Page) -> NewsSectionViewData {
        let provenance = page.provenance
        let source = SourceViewData(
            origin: provenance.origin.rawValue,
            fetchedAt: DateFormatting.iso8601(unixTime: Int64(provenance.fetchedAt.timeIntervalSince1970.rounded(.down))),
            isFinal: provenance.isFinal, isStale: provenance.isStale, staleReason: provenance.staleReason?.rawValue)
        return NewsSectionViewData(
            title: page.isLatest ? strings.todaySection : dates.dayTitle(page.day),
            date: page.day.description, items: page.stories.map(item), source: source)
    }

    private func item(_ story: Story) -> StoryItemViewData {
        StoryItemViewData(id: story.id, title: Self.oneLine(story.title), hint: Self.hint(story.hint),
                          image: story.imageURL, url: story.url)
    }

    private func status(_ provenance: Provenance) -> StatusViewData {
        StatusViewData(
            text: strings.status(origin: provenance.origin.rawValue, staleReason: provenance.staleReason?.rawValue,
                                 age: dates.age(provenance.age)),
            isStale: provenance.isStale)
    }

    /// The day an action loads; nil for today's page.
    private func subject(of action: Action) -> Day? {
        switch (action, start) {
        case (.more, _): return pages.last?.day.adding(days: -1)
        case (_, .latest): return nil
        case (_, .day(let day)): return day
        }
    }

    private func errorViewData(_ error: SyncError, about day: Day?) -> ErrorViewData {
        errors.viewData(for: error, subject: strings.subject(day))
    }

    /// Titles may carry `\r\n` (a two-line joke); a list row shows them on one line.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline || $0 == "\t" || $0 == " " })
            .joined(separator: " ")
    }

    /// `" · 25 分钟阅读"` (no author) reads better as `"25 分钟阅读"`.
    static func hint(_ text: String) -> String {
        let folded = oneLine(text)
        return folded.hasPrefix("· ") ? String(folded.dropFirst(2)) : folded
    }
}
