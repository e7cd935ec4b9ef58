import SyncEngine

/// The list of sections' (栏目) presentation logic.
@MainActor
public final class SectionsPresenter {
    private weak var view: (any SectionsView)?
    private let interactor: any SectionsInteractor
    private let strings: Strings
    private let dates: DateFormatting
    private let errors: ErrorPresenter

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - language: the language of the wording.
    public init(view: any SectionsView, interactor: any SectionsInteractor, language: Language = .zh) {
        self.view = view
        self.interactor = interactor
        strings = Strings(language: language)
        dates = DateFormatting(language: language)
        errors = ErrorPresenter(language: language)
    }

    /// The screen appeared: shows the columns, or the error.
    public func viewDidLoad() async {
        do {
            let list = try await interactor.sections()
            let items = list.sections.map {
                SectionItemViewData(
                    id: $0.id, name: NewsListPresenter.oneLine($0.name), description: NewsListPresenter.oneLine($0.description))
            }
            let provenance = list.provenance
            view?.show(
                SectionsViewData(
                    items: items, emptyMessage: strings.noSectionsListed,
                    status: strings.status(
                        origin: provenance.origin.rawValue, staleReason: provenance.staleReason?.rawValue, age: dates.age(provenance.age)),
                    origin: provenance.origin.rawValue,
                    fetchedAt: DateFormatting.iso8601(unixTime: Int64(provenance.fetchedAt.timeIntervalSince1970.rounded(.down))),
                    staleReason: provenance.staleReason?.rawValue))
        } catch {
            view?.showError(errors.viewData(for: error, subject: strings.sectionsSubject))
        }
    }
}

/// One column's presentation logic: its stories grouped by the month they ran.
@MainActor
public final class SectionStoriesPresenter {
    private weak var view: (any SectionStoriesView)?
    private let interactor: any SectionsInteractor
    private let navigator: (any Navigator)?
    private let id: Int64
    private var reach: SectionReach
    /// The pages the archive held at the last load.
    private var heldPages = 0
    private let strings: Strings
    private let dates: DateFormatting
    private let errors: ErrorPresenter

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - sectionID: the column to show.
    ///   - reach: how far back to read it first.
    ///   - navigator: opens a story selected in the list; a front that only prints has none.
    ///   - language: the language of the wording.
    public init(
        view: any SectionStoriesView, interactor: any SectionsInteractor, sectionID: Int64, reach: SectionReach = .pages(1),
        navigator: (any Navigator)? = nil, language: Language = .zh
    ) {
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        id = sectionID
        self.reach = reach
        strings = Strings(language: language)
        dates = DateFormatting(language: language)
        errors = ErrorPresenter(language: language)
    }

    /// The screen appeared: shows the column, or the error.
    public func viewDidLoad() async {
        await load()
    }

    /// The end of the list was reached: reads one page more, if the column has more. One more
    /// than the archive holds, not than this screen asked: it may hold more (an earlier `--pages`).
    public func didReachEnd() async {
        if case .pages(let count) = reach { reach = .pages(max(count, heldPages) + 1) }
        await load()
    }

    /// Opens a story of the list, as from a day.
    public func didSelectStory(id: Int64) {
        navigator?.showStory(id: id)
    }

    private func load() async {
        do {
            let page = try await interactor.section(id, reach: reach)
            heldPages = page.pagesHeld
            view?.show(viewData(page))
        } catch {
            view?.showError(errors.viewData(for: error, subject: strings.sectionSubject(id)))
        }
    }

    private func viewData(_ page: SectionPage) -> SectionStoriesViewData {
        var months: [SectionMonthViewData] = []
        var current: (year: Int, month: Int)?
        var stories: [SectionStoryItemViewData] = []
        func close() {
            if let current, !stories.isEmpty {
                months.append(SectionMonthViewData(title: strings.month(year: current.year, month: current.month), stories: stories))
            }
            stories = []
        }
        for entry in page.stories {
            let month = (entry.day.year, entry.day.month)
            if current.map({ $0 != month }) ?? true {
                close()
                current = month
            }
            stories.append(
                SectionStoryItemViewData(
                    id: entry.story.id, title: NewsListPresenter.oneLine(entry.story.title), date: dates.monthDay(entry.day),
                    dateKey: entry.day.description, imageURL: entry.story.imageURL, url: entry.story.url))
        }
        close()
        let provenance = page.provenance
        return SectionStoriesViewData(
            id: page.sectionID, title: strings.sectionTitle(NewsListPresenter.oneLine(page.name), id: page.sectionID),
            name: NewsListPresenter.oneLine(page.name), months: months,
            emptyMessage: strings.emptySection, extent: strings.sectionExtent(count: page.stories.count, isComplete: page.isComplete),
            status: strings.status(
                origin: provenance.origin.rawValue, staleReason: provenance.staleReason?.rawValue, age: dates.age(provenance.age)),
            isComplete: page.isComplete, pagesFetched: page.pagesFetched, origin: provenance.origin.rawValue,
            fetchedAt: DateFormatting.iso8601(unixTime: Int64(provenance.fetchedAt.timeIntervalSince1970.rounded(.down))),
            staleReason: provenance.staleReason?.rawValue, moreTitle: strings.sectionMore)
    }
}
