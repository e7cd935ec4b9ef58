import SyncEngine

/// The home screen's context: the one place through which the screen's presenter and its
/// sub-presenters (banner, list, status line) share state (the pages shown, the user's marks),
/// the interactor, the navigator and the screen's background work. It is made with the screen
/// and complete from its init: nothing is bound to it afterwards.
///
/// Ownership runs one way, so the screen is released as a whole: the owner of the screen holds the
/// presenter; the presenter holds the context; the context holds the sub-presenters and the
/// interactor. The sub-presenters point back to the context weakly.
@MainActor
public final class HomeContext {
    /// The screen's use cases.
    public let interactor: any NewsListInteractor
    /// Where a selected story opens.
    public let navigator: any Navigator

    // Sub-presenters, each owning one part of the screen's presentation.
    /// The banner of today's top stories.
    public private(set) lazy var banner = TopStoriesPresenter(context: self)
    /// The sections of days and their stories.
    public private(set) lazy var list = StoryListPresenter(context: self)
    /// The status line and any warning beside the list.
    public private(set) lazy var statusLine = StatusLinePresenter(context: self)

    // Shared state.
    /// The pages shown, newest first.
    public internal(set) var pages: [Page] = []
    /// The user's marks on the stories shown.
    public internal(set) var marks: [Int64: StoryMarks] = [:]
    let strings: Strings
    let dates: DateFormatting
    /// The current time in Unix seconds: a day of another year is titled with its year.
    let now: @Sendable () -> Int64
    /// Background work tied to the screen: the dwell prefetch and the watched pages. Cancelled
    /// when the screen goes.
    let background = BackgroundTasks()

    init(interactor: any NewsListInteractor, navigator: any Navigator, language: Language, now: @escaping @Sendable () -> Int64) {
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
        self.now = now
    }

    /// Opens a story through the navigator, with its title and hint as the list and the banner
    /// show them, and cancels a pending prefetch.
    func openStory(id: Int64) {
        background.cancel("prefetch")
        if let story = pages.lazy.flatMap({ $0.topStories + $0.stories }).first(where: { $0.id == id }) {
            let item = item(story)
            navigator.showStory(id: id, preview: StoryPreview(title: item.title, hint: item.hint))
        } else {
            navigator.showStory(id: id)
        }
    }

    /// A story row as the list and the banner show it, with the user's marks.
    func item(_ story: Story) -> StoryItemViewData {
        let marks = marks[story.id] ?? .none
        return StoryItemViewData(
            id: story.id, title: NewsListPresenter.oneLine(story.title),
            hint: NewsListPresenter.hint(story.hint), image: story.imageURL, url: story.url,
            isRead: marks.isRead, isFavorite: marks.isFavorite)
    }
}

/// The banner of today's top stories.
@MainActor
public final class TopStoriesPresenter {
    private weak var context: HomeContext?

    init(context: HomeContext) {
        self.context = context
    }

    /// The banner items of the first page (empty except on today's page).
    var items: [StoryItemViewData] {
        guard let context, let first = context.pages.first else { return [] }
        return first.topStories.map(context.item)
    }

    var title: String { context?.strings.topStoriesSection ?? "" }

    /// A tap on a banner item opens its story, like a tap on the list.
    public func didSelectItem(at index: Int) {
        guard let context, let story = context.pages.first?.topStories[safe: index] else { return }
        context.openStory(id: story.id)
    }
}

/// The list of days and their stories.
@MainActor
public final class StoryListPresenter {
    private weak var context: HomeContext?

    init(context: HomeContext) {
        self.context = context
    }

    var sections: [NewsSectionViewData] {
        guard let context else { return [] }
        let now = context.now()
        return context.pages.map { page in
            let provenance = page.provenance
            let source = SourceViewData(
                origin: provenance.origin.rawValue,
                fetchedAt: DateFormatting.iso8601(unixTime: Int64(provenance.fetchedAt.timeIntervalSince1970.rounded(.down))),
                isFinal: provenance.isFinal, isStale: provenance.isStale, staleReason: provenance.staleReason?.rawValue)
            let dayTitle = context.dates.dayTitle(page.day, now: now)
            return NewsSectionViewData(
                title: page.isLatest ? context.strings.todaySection(dayTitle) : dayTitle,
                date: page.day.description, items: page.stories.map(context.item), source: source,
                dayTitle: dayTitle)
        }
    }
}

/// The status line: where the first page came from, how old it is, and any warning.
@MainActor
public final class StatusLinePresenter {
    private weak var context: HomeContext?

    init(context: HomeContext) {
        self.context = context
    }

    var status: StatusViewData {
        guard let context, let first = context.pages.first else { return StatusViewData(text: "", isStale: false) }
        let provenance = first.provenance
        if first.isLatest && provenance.staleReason == .notFound {
            // Every API root has a latest page: a 404 for it means the address is wrong.
            return StatusViewData(text: context.strings.latestPageMissingStatus(age: context.dates.age(provenance.age)), isStale: true)
        }
        return StatusViewData(
            text: context.strings.status(
                origin: provenance.origin.rawValue, staleReason: provenance.staleReason?.rawValue,
                age: context.dates.age(provenance.age)),
            isStale: provenance.isStale)
    }

    /// A fetched page that could not be saved is reported beside the list.
    var warning: ErrorViewData? {
        guard let context, let page = context.pages.first(where: { $0.provenance.staleReason == .storageError }) else { return nil }
        let readOnly = context.interactor.isArchiveReadOnly
        // Fresh from the network but not kept is shown as asked: only the keeping failed.
        guard page.provenance.origin == .cache else {
            return ErrorViewData(
                kind: .notSaved, message: context.strings.notKept(readOnly: readOnly), detail: "storage_error",
                retryTitle: context.strings.retry)
        }
        let message = readOnly ? context.strings.saveFailedReadOnly : context.strings.saveFailed
        return ErrorViewData(
            kind: .storage, message: message, detail: "storage_error",
            retryTitle: context.strings.retry)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
