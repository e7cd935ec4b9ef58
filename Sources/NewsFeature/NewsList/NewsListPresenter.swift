import SyncEngine

/// The news list's presentation logic: what to load, in which order, and how to word it.
@MainActor
public final class NewsListPresenter {
    /// The first page the screen shows.
    public enum Start: Sendable, Equatable {
        /// Today's page, with the banner.
        case latest
        /// The stories of one day.
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
    private let prefetchDwell: Duration
    private weak var view: (any NewsListView)?
    private var isFollowing = false
    /// Days the screen may still load by itself to fill the space below the list.
    private var fillDaysLeft = 0

    /// At most this many days are loaded to fill a screen after a first load or a refresh: a
    /// tall screen over an archive of empty days does not page back through years by itself.
    public static let daysPerFill = 3
    private var watched: Set<PageRequest> = []

    private var pages: [Page] { context.pages }
    private var background: BackgroundTasks { context.background }

    /// Composes the screen: its context, with its sub-presenters.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - navigator: where a selected story opens.
    ///   - start: the first page shown: today's, or one day's.
    ///   - language: the language of the wording.
    ///   - prefetchDwell: how long the cursor rests on a story before its text is fetched
    ///     in the background (`didHighlightStory(id:)`).
    ///   - clock: the wall clock, whose year (in Beijing) a day's title leaves out
    ///     ("3月13日 星期一", else "2023年3月13日 星期一"); the system clock unless a test fixes it.
    public init(
        view: any NewsListView, interactor: any NewsListInteractor, navigator: any Navigator,
        start: Start = .latest, language: Language = .zh, prefetchDwell: Duration = .milliseconds(400),
        clock: any NewsClock = SystemClock()
    ) {
        self.view = view
        self.context = HomeContext(
            interactor: interactor, navigator: navigator, language: language,
            now: { Int64(clock.now().timeIntervalSince1970.rounded(.down)) })
        self.start = start
        self.prefetchDwell = prefetchDwell
        self.errors = ErrorPresenter(language: language)
    }

    // MARK: Events

    /// The screen appeared: loads the first page.
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

    /// The list ends above the bottom of the screen: loads the day before, as `loadMore()` does,
    /// at most `daysPerFill` times after each first load or refresh, and not after a failure.
    public func viewHasRoomBelowTheList() async {
        guard !isLoading, failedAction == nil, !pages.isEmpty, fillDaysLeft > 0 else { return }
        fillDaysLeft -= 1
        await perform(.more)
    }

    /// Repeats the load that failed last.
    public func didTapRetry() async {
        guard let action = failedAction else { return }
        await perform(action)
    }

    /// Opens a story through the navigator, with its title and hint as the list shows them, and
    /// cancels a pending prefetch.
    public func didSelectStory(id: Int64) {
        context.openStory(id: id)
    }

    /// The screen is shown again (back from a story): the marks may have changed there.
    public func viewWillAppear() async {
        guard !pages.isEmpty else { return }
        await refreshMarks()
        render()
    }

    /// The cursor rests on a story: after `prefetchDwell` its text is cached in the background,
    /// one story at a time; moving on cancels the one before.
    public func didHighlightStory(id: Int64) {
        let interactor = context.interactor
        let dwell = prefetchDwell
        background.run("prefetch") {
            try? await Task.sleep(for: dwell)
            guard !Task.isCancelled else { return }
            await interactor.prefetch(id: id)
        }
    }

    /// Keeps the story (收藏) or stops keeping it; the list shows the new mark.
    public func didToggleFavorite(id: Int64) async {
        let marks = context.marks[id] ?? .none
        do {
            try await context.interactor.setFavorite(id: id, !marks.isFavorite)
            context.marks[id] = StoryMarks(isFavorite: !marks.isFavorite, isRead: marks.isRead)
            let story = pages.lazy.flatMap { $0.stories + $0.topStories }.first { $0.id == id }
            render(
                favoriteChange: context.strings.favoriteToggled(
                    story.map { Self.oneLine($0.title) } ?? String(id), isFavorite: !marks.isFavorite))
        } catch {
            view?.showActionError(errors.viewData(for: error, subject: context.strings.storySubject(id)))
        }
    }

    /// From now on, a page shown that is written again (by a refresh, or a sync in another
    /// process) is shown anew in place.
    public func startFollowingUpdates() {
        isFollowing = true
        followPagesShown()
    }

    // MARK: Loading

    private func perform(_ action: Action) async {
        guard !isLoading else { return }  // One load at a time; a second request is dropped.
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
                fillDaysLeft = Self.daysPerFill
            case .more:
                guard let oldest = pages.last?.day else { return }
                context.pages.append(try await context.interactor.page(for: oldest.adding(days: -1), .load))
            }
            failedAction = nil
            await refreshMarks()
            render()
            followPagesShown()
        } catch {
            failedAction = action
            let viewData = errorViewData(error, about: subject(of: action))
            action == .more ? view?.showLoadMoreError(viewData) : view?.showError(viewData)
        }
    }

    private func refreshMarks() async {
        let ids = pages.flatMap { $0.stories.map(\.id) + $0.topStories.map(\.id) }
        context.marks = await context.interactor.marks(for: ids)
    }

    // MARK: Following

    private func followPagesShown() {
        guard isFollowing else { return }
        for page in pages {
            let request: PageRequest = page.isLatest ? .latest : .day(page.day)
            guard watched.insert(request).inserted else { continue }
            let updates = context.interactor.updates(for: request)
            background.run("\(request)") { [weak self] in
                for await update in updates {
                    guard case .page(let page) = update else { continue }
                    await self?.received(page, for: request)
                }
            }
        }
    }

    /// Puts a written page in place of the one shown (or, when the source moved to a new day,
    /// above it), unless it is the same page.
    private func received(_ page: Page, for request: PageRequest) async {
        let index: Int?
        switch request {
        case .latest: index = pages.firstIndex { $0.isLatest || $0.day == page.day }
        case .day(let day): index = pages.firstIndex { $0.day == day }
        }
        if let index {
            let shown = pages[index]
            if shown.day == page.day {
                guard
                    shown.stories != page.stories || shown.topStories != page.topStories
                        || shown.provenance.fetchedAt != page.provenance.fetchedAt
                else { return }
                context.pages[index] = page
            } else if page.day > shown.day {
                context.pages.insert(page, at: index)
            } else {
                return
            }
        } else {
            return
        }
        await refreshMarks()
        render()
    }

    // MARK: Mapping

    /// - Parameter favoriteChange: the confirmation of a favourite just set or cleared.
    private func render(favoriteChange: String? = nil) {
        guard let first = pages.first else { return }
        let list = NewsListViewData(
            topStories: context.banner.items,
            topStoriesTitle: context.banner.title,
            sections: context.list.sections,
            status: context.statusLine.status,
            warning: context.statusLine.warning, favoriteChange: favoriteChange)
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

    /// Titles may carry `\r\n` (a two-line joke); a list row shows them on one line: the words
    /// between runs of line breaks, tabs and spaces, one space apart.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline || $0 == "\t" || $0 == " " }).joined(separator: " ")
    }

    /// `" · 25 分钟阅读"` (no author) reads better as `"25 分钟阅读"`.
    static func hint(_ text: String) -> String {
        let folded = oneLine(text)
        return folded.hasPrefix("· ") ? String(folded.dropFirst(2)) : folded
    }
}
