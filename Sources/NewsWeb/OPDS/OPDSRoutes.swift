import NewsFeature
import SyncEngine

/// One request's feed of the OPDS catalog: the screens' presenters read the archive (cache only)
/// and their view data becomes the feed's entries, as the site's pages are made.
@MainActor
struct OPDSRoutes {
    let engine: SyncEngine
    let language: Language
    let pageSize: Int

    private var wording: WebStrings { WebStrings(language: language) }
    /// How many headlines a book's summary names.
    private static let headlines = 3
    /// The catalog's feed ids: each feed's path after it.
    private static let idRoot = "tag:newsctl.zhihu-daily-offline,2026:opds"

    func get(_ request: WebRequest) async -> WebResponse {
        switch request.path {
        case OPDSCatalog.root: return await navigation()
        case OPDSCatalog.root + "/days":
            let page = request.query["page"].map { Int($0) ?? 0 } ?? 1
            return await days(page: page)
        case OPDSCatalog.root + "/sections": return await sections()
        case OPDSCatalog.root + "/favorites": return await favorites()
        case OPDSCatalog.root + "/", OPDSCatalog.root + "/days/", OPDSCatalog.root + "/sections/", OPDSCatalog.root + "/favorites/":
            // A reader typed the address with a slash at the end: the feed's relative links need
            // it without. Relative, so a proxy's prefix stays.
            let name = request.path.dropLast().split(separator: "/").last.map(String.init) ?? "opds"
            return WebResponse(status: 301, contentType: "text/plain; charset=utf-8", body: [], location: "../" + name)
        default: return Self.notFound
        }
    }

    // MARK: Feeds

    /// `/opds`: an entry for the days, the sections and the favourites. Its links are relative to
    /// `/opds`, whose folder is the site's.
    private func navigation() async -> WebResponse {
        let newestDay = await heldDays().first
        let days = newestDay.flatMap { FeedRoutes.start(of: $0.description) } ?? Self.firstIssueStart
        let sections = await sectionEntries().map(\.updated).max() ?? days
        let favorites = await favoriteEntry()?.updated ?? days
        let type = OPDSFeed.Kind.acquisition.mediaType
        let entries = [
            OPDSFeed.Entry(
                id: Self.idRoot + "/days", title: wording.catalogDays, updated: days, summary: wording.catalogDaysSummary,
                links: [OPDSFeed.Link(rel: "subsection", type: type, href: "opds/days")]),
            OPDSFeed.Entry(
                id: Self.idRoot + "/sections", title: wording.sections, updated: sections, summary: wording.catalogSectionsSummary,
                links: [OPDSFeed.Link(rel: "subsection", type: type, href: "opds/sections")]),
            OPDSFeed.Entry(
                id: Self.idRoot + "/favorites", title: wording.favorites, updated: favorites, summary: wording.catalogFavoritesSummary,
                links: [OPDSFeed.Link(rel: "subsection", type: type, href: "opds/favorites")]),
        ]
        let navigation = OPDSFeed.Kind.navigation.mediaType
        return feed(
            .navigation, id: Self.idRoot, title: wording.catalogTitle, entries: entries,
            links: [
                OPDSFeed.Link(rel: "self", type: navigation, href: "opds"),
                OPDSFeed.Link(rel: "start", type: navigation, href: "opds"),
            ])
    }

    /// `/opds/days?page=N`: the books of `pageSize` days the archive holds, newest first; 404 for
    /// a page past the last.
    private func days(page: Int) async -> WebResponse {
        let held = await heldDays()
        let pages = max((held.count + pageSize - 1) / pageSize, 1)
        guard (1...pages).contains(page) else { return Self.notFound }
        var entries: [OPDSFeed.Entry] = []
        for day in held.dropFirst((page - 1) * pageSize).prefix(pageSize) {
            if let entry = await dayEntry(day) { entries.append(entry) }
        }
        let type = OPDSFeed.Kind.acquisition.mediaType
        func href(_ page: Int) -> String { page == 1 ? "days" : "days?page=\(page)" }
        var links = Self.links(selfHref: href(page))
        links.append(OPDSFeed.Link(rel: "first", type: type, href: href(1)))
        links.append(OPDSFeed.Link(rel: "last", type: type, href: href(pages)))
        if page > 1 { links.append(OPDSFeed.Link(rel: "previous", type: type, href: href(page - 1))) }
        if page < pages { links.append(OPDSFeed.Link(rel: "next", type: type, href: href(page + 1))) }
        let title = pages == 1 ? wording.catalogDays : wording.catalogDaysPage(page, of: pages)
        return feed(
            .acquisition, id: Self.idRoot + "/days" + (page == 1 ? "" : "?page=\(page)"), title: wording.catalogTitle + " · " + title,
            entries: entries, links: links)
    }

    /// `/opds/sections`: a book for each section whose stories the archive holds.
    private func sections() async -> WebResponse {
        feed(
            .acquisition, id: Self.idRoot + "/sections", title: wording.catalogTitle + " · " + wording.sections,
            entries: await sectionEntries(), links: Self.links(selfHref: "sections"))
    }

    /// `/opds/favorites`: the favourites' book, when there are favourites.
    private func favorites() async -> WebResponse {
        feed(
            .acquisition, id: Self.idRoot + "/favorites", title: wording.catalogTitle + " · " + wording.favorites,
            entries: await favoriteEntry().map { [$0] } ?? [], links: Self.links(selfHref: "favorites"))
    }

    // MARK: Entries

    /// The days the archive holds, newest first.
    private func heldDays() async -> [Day] {
        guard let coverage = try? await engine.coverage() else { return [] }
        return coverage.cachedRanges.reversed().flatMap { range in
            (0..<range.dayCount).map { range.upperBound.adding(days: -$0) }
        }
    }

    /// A day's book, as the day's page lists its stories; nil when it lists none.
    private func dayEntry(_ day: Day) async -> OPDSFeed.Entry? {
        let view = NewsListPage()
        let presenter = NewsListPresenter(
            view: view, interactor: WebNewsListInteractor(engine: engine, offline: true), navigator: LinkNavigator(), start: .day(day),
            language: language)
        await presenter.viewDidLoad()
        guard let section = view.recorder.shown?.sections.first, !section.items.isEmpty else { return nil }
        let links = [Self.acquisition("../edition/\(day).epub")] + (await coverLinks(section.items.compactMap(\.image)))
        return OPDSFeed.Entry(
            id: Edition(scope: .days(first: day, last: day), language: language).identifier, title: section.dayTitle,
            updated: FeedRoutes.start(of: section.date) ?? Self.firstIssueStart,
            summary: wording.catalogStories(section.items.count, headlines: section.items.prefix(Self.headlines).map(\.title)),
            links: links)
    }

    /// The sections' books: those whose stories the archive holds, in the list's order.
    private func sectionEntries() async -> [OPDSFeed.Entry] {
        let interactor = DefaultSectionsInteractor(engine: engine, mode: .offline)
        let view = SectionsPage()
        let presenter = SectionsPresenter(view: view, interactor: interactor, language: language)
        await presenter.viewDidLoad()
        var entries: [OPDSFeed.Entry] = []
        for item in view.list.shown?.items ?? [] {
            let stories = SectionsPage()
            let column = SectionStoriesPresenter(view: stories, interactor: interactor, sectionID: item.id, reach: .all, language: language)
            await column.viewDidLoad()
            let listed = stories.stories.shown?.months.flatMap(\.stories) ?? []
            guard let newest = listed.first else { continue }
            entries.append(
                OPDSFeed.Entry(
                    id: Edition(scope: .section(item.id), language: language).identifier, title: item.name,
                    updated: FeedRoutes.start(of: newest.dateKey) ?? Self.firstIssueStart,
                    summary: wording.catalogStories(listed.count, headlines: listed.prefix(Self.headlines).map(\.title)),
                    links: [Self.acquisition("../edition/section/\(item.id).epub")] + (await coverLinks(listed.compactMap(\.imageURL)))))
        }
        return entries
    }

    /// The favourites' book, updated when the newest was saved; nil without favourites.
    private func favoriteEntry() async -> OPDSFeed.Entry? {
        let view = FavoritesPage()
        let presenter = FavoritesPresenter(
            view: view, interactor: DefaultFavoritesInteractor(engine: engine, mode: .offline), language: language)
        await presenter.viewDidLoad()
        guard let items = view.recorder.shown?.items, !items.isEmpty else { return nil }
        let saved = ((try? await engine.favorites()) ?? []).map(\.addedAt).max()
        return OPDSFeed.Entry(
            id: Edition(scope: .favorites, language: language).identifier, title: wording.editionFavoritesTitle,
            updated: saved.map { DateFormatting.iso8601Beijing(unixTime: Int64($0.rounded(.down))) } ?? Self.firstIssueStart,
            summary: wording.catalogStories(items.count, headlines: items.prefix(Self.headlines).map(\.title)),
            links: [Self.acquisition("../edition/favorites.epub")])
    }

    /// A book's picture and thumbnail: the first of `pictures` (of the first ten) the archive holds; none when it holds none.
    private func coverLinks(_ pictures: [String]) async -> [OPDSFeed.Link] {
        for url in pictures.prefix(10) {
            guard let picture = await picturePath(url) else { continue }
            return ["http://opds-spec.org/image", "http://opds-spec.org/image/thumbnail"].map {
                OPDSFeed.Link(rel: $0, type: picture.type, href: "../" + picture.path)
            }
        }
        return []
    }

    /// The path of a picture the archive holds, in a format the catalog's readers show; nil for another.
    private func picturePath(_ url: String) async -> (path: String, type: String)? {
        guard let picture = try? await engine.picture(url: url, policy: .cacheOnly),
            [.jpeg, .png, .gif].contains(picture.info.format),
            let path = PicturePath.path(url: url, format: picture.info.format)
        else { return nil }
        return (path, picture.info.format.mediaType)
    }

    // MARK: Answers

    private func feed(_ kind: OPDSFeed.Kind, id: String, title: String, entries: [OPDSFeed.Entry], links: [OPDSFeed.Link]) -> WebResponse {
        let feed = OPDSFeed(
            kind: kind, id: id, title: title, updated: entries.map(\.updated).max() ?? Self.firstIssueStart,
            language: wording.htmlLanguage, author: wording.editionCreator, links: links, entries: entries)
        return WebResponse(status: 200, contentType: kind.mediaType + ";charset=utf-8", body: Array(feed.xml.utf8))
    }

    /// A book's acquisition link.
    private static func acquisition(_ href: String) -> OPDSFeed.Link {
        OPDSFeed.Link(rel: "http://opds-spec.org/acquisition", type: "application/epub+zip", href: href)
    }

    /// `self` at `selfHref`, and `start` and `up` at the navigation feed, for a feed under `/opds/`.
    private static func links(selfHref: String) -> [OPDSFeed.Link] {
        [
            OPDSFeed.Link(rel: "self", type: OPDSFeed.Kind.acquisition.mediaType, href: selfHref),
            OPDSFeed.Link(rel: "start", type: OPDSFeed.Kind.navigation.mediaType, href: "../opds"),
            OPDSFeed.Link(rel: "up", type: OPDSFeed.Kind.navigation.mediaType, href: "../opds"),
        ]
    }

    private static let firstIssueStart = "2013-05-19T00:00:00+08:00"

    private static let notFound = WebResponse(status: 404, contentType: "text/plain; charset=utf-8", body: Array("404\n".utf8))
}
