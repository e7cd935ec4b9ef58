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

    /// The screen's shared state and parts; this presenter owns it.
    public let context: HomeContext
    private let start: Start
    private let errors: ErrorPresenter
    private var isLoading = false
    private var failedAction: Action?

    private var view: (any NewsListView)? { context.view }
    private var pages: [Page] { context.pages }

    /// Composes the screen: its context, bound to this presenter and its sub-presenters.
    public init(view: any NewsListView, interactor: any NewsListInteractor, navigator: any Navigator,
                start: Start = .latest, language: Language = .zh) {
        self.context = HomeContext(view: view, interactor: interactor, navigator: navigator, language: language)
        self.start = start
        self.errors = ErrorPresenter(language: language)
        context.bind(presenter: self)
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
        context.navigator.showStory(id: id)
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
                case .latest: page = try await context.interactor.latest(intent)
                case .day(let day): page = try await context.interactor.page(for: day, intent)
                }
                context.pages = [page]
            case .more:
                guard let oldest = pages.last?.day else { return }
                context.pages.append(try await context.interactor.page(for: oldest.adding(days: -1), .load))
            }
            failedAction = nil
            let ids = pages.flatMap { $0.stories.map(\.id) + $0.topStories.map(\.id) }
            context.marks = await context.interactor.marks(for: ids)
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
            topStories: context.banner.items,
            topStoriesTitle: context.banner.title,
            sections: context.list.sections,
            status: context.statusLine.status,
            warning: context.statusLine.warning)
        if pages.allSatisfy({ $0.stories.isEmpty }) && first.topStories.isEmpty {
            view?.showEmpty(EmptyViewData(message: context.strings.emptyDay, list: list))
        } else {
            view?.show(list)
        }
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
        errors.viewData(for: error, subject: context.strings.subject(day))
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
