import NewsFeature
import SyncEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A story as a book lists it: in a day, a month of a section, or the favourites.
struct ListedStory: Equatable {
    let id: Int64
    let title: String
    /// The line under the title: the source's hint ("作者 / 3 分钟阅读"), the day in a section, or
    /// when a favourite was saved.
    let hint: String
}

/// A part of the book with a page of its own that lists its stories: a day, a month, the favourites.
struct EditionPart: Equatable {
    /// The page's path in the book without its extension: `day/20230421`, `month/202304`, `favorites`.
    let path: String
    let title: String
    let stories: [ListedStory]
}

/// A story as the book shows it, read from the archive only.
struct BookStory {
    let detail: DetailViewData
    /// Its pictures, with bytes for those the archive keeps; empty for a book without pictures.
    let pictures: [StoryPictureViewData]
    /// Its comments the archive keeps; nil when the book has none or the archive holds none.
    let comments: CommentsViewData?
    /// When its text was fetched.
    let fetchedAt: Date
}

/// Reads an edition from the archive, through the screens' presenters as the web pages do, and
/// never asks the source: what the archive lacks is left out and said so.
@MainActor
struct EditionReading {
    let engine: SyncEngine
    let edition: Edition

    private var language: Language { edition.language }

    /// The book's title and its parts; nil when the scope names nothing the archive holds (a
    /// section it lacks).
    func parts() async -> (title: String, parts: [EditionPart])? {
        let wording = WebStrings(language: language)
        switch edition.scope {
        case .days(let first, let last):
            return (wording.editionTitle(first: first, last: last), await days(first: first, last: last))
        case .section(let id):
            let view = SectionsPage()
            let presenter = SectionStoriesPresenter(
                view: view, interactor: DefaultSectionsInteractor(engine: engine, mode: .offline), sectionID: id, reach: .all,
                language: language)
            await presenter.viewDidLoad()
            guard let shown = view.stories.shown else { return nil }
            // Oldest first, as a book is read: the section's screen lists the newest first.
            let months = shown.months.reversed().map { month in
                let stories = month.stories.reversed()
                return EditionPart(
                    path: "month/" + String(stories.first?.dateKey.prefix(6) ?? ""), title: month.title,
                    stories: stories.map { ListedStory(id: $0.id, title: $0.title, hint: $0.date) })
            }
            return (wording.editionTitle(section: shown.name), months)
        case .favorites:
            let view = FavoritesPage()
            let presenter = FavoritesPresenter(
                view: view, interactor: DefaultFavoritesInteractor(engine: engine, mode: .offline), language: language)
            await presenter.viewDidLoad()
            guard let shown = view.recorder.shown else { return nil }
            let stories = shown.items.map { ListedStory(id: $0.id, title: $0.title, hint: wording.editionSavedOn($0.addedOn)) }
            return (
                wording.editionFavoritesTitle,
                stories.isEmpty ? [] : [EditionPart(path: "favorites", title: wording.favorites, stories: stories)]
            )
        }
    }

    /// Each day of `first...last` the archive holds, with its stories as the day's screen lists them.
    private func days(first: Day, last: Day) async -> [EditionPart] {
        let interactor = WebNewsListInteractor(engine: engine, offline: true)
        let dates = DateFormatting(language: language)
        var parts: [EditionPart] = []
        var day = first
        while day <= last {
            defer { day = day.adding(days: 1) }
            guard await interactor.holds(day) else { continue }
            let view = NewsListPage()
            let presenter = NewsListPresenter(
                view: view, interactor: interactor, navigator: LinkNavigator(), start: .day(day), language: language)
            await presenter.viewDidLoad()
            guard let section = view.recorder.shown?.sections.first, !section.items.isEmpty else { continue }
            parts.append(
                EditionPart(
                    path: "day/\(day)", title: dates.longDayTitle(day),
                    stories: section.items.map { ListedStory(id: $0.id, title: $0.title, hint: $0.hint) }))
        }
        return parts
    }

    /// The story `id` with its text, pictures and comments as the archive keeps them; nil when it
    /// lacks the text.
    func story(_ id: Int64) async -> BookStory? {
        let view = StoryPage()
        let interactor = FetchTimeRecorder(base: WebDetailInteractor(engine: engine, offline: true))
        let presenter = DetailPresenter(storyID: id, view: view, interactor: interactor, navigator: LinkNavigator(), language: language)
        await presenter.viewDidLoad()
        guard let detail = view.recorder.shown, view.recorder.error == nil, let fetchedAt = interactor.fetchedAt.withLock({ $0 }) else {
            return nil
        }
        if edition.pictures {
            let pictures = StoryPicturesPresenter(
                context: presenter.context, view: view, interactor: ArchivedPicturesInteractor(engine: engine), language: language)
            await pictures.load()
        }
        return BookStory(
            detail: detail, pictures: edition.pictures ? view.pictures : [], comments: edition.comments ? await comments(id) : nil,
            fetchedAt: fetchedAt)
    }

    /// Every comment of the story the archive keeps, long then short; nil when it keeps none.
    private func comments(_ id: Int64) async -> CommentsViewData? {
        let view = CommentsPage()
        let presenter = CommentsPresenter(
            context: StoryContext(storyID: id), view: view, interactor: DefaultCommentsInteractor(engine: engine, mode: .offline),
            navigator: LinkNavigator(), language: language)
        await presenter.viewDidLoad()
        // Older short comments a page at a time, while the archive has more; bounded, as a story's are.
        var pages = 0
        while case .loadMore? = view.recorder.shown?.footer, pages < 1_000 {
            await presenter.didReachEnd()
            pages += 1
        }
        guard let shown = view.recorder.shown, shown.sections.contains(where: { !$0.comments.isEmpty }) else { return nil }
        return shown
    }
}

/// The detail interactor the book reads through, keeping when the story's text was fetched: the
/// book's `dcterms:modified` is the newest of them, so the same archive makes the same book.
private struct FetchTimeRecorder: DetailInteractor {
    let base: WebDetailInteractor
    let fetchedAt = Locked<Date?>(nil)

    func load(id: Int64, _ intent: LoadIntent) async throws(SyncError) -> DetailPage {
        let page = try await base.load(id: id, intent)
        fetchedAt.withLock { $0 = page.provenance.fetchedAt }
        return page
    }

    func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError) -> Bool {
        try await base.setFavorite(id: id, isFavorite)
    }
}
