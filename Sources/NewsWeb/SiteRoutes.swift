import NewsFeature
import SyncEngine

/// One request's page: the route picks the presenter, the presenter fills an HTML view, and the
/// view's data becomes the page.
@MainActor
struct SiteRoutes {
    let engine: SyncEngine
    let options: ArchiveSite.Options

    private var mode: ReadMode { options.readsArchiveOnly ? .offline : .standard }
    private var wording: WebStrings { WebStrings(language: options.language) }
    private var holdings: ArchiveHoldings { ArchiveHoldings(engine: engine) }

    /// `frame` for a page that lists `ids`: in a static copy, those whose text the archive lacks
    /// are marked, for the page to link them to no page of the copy.
    private func frame(_ frame: PageFrame, listing ids: [Int64]) async -> PageFrame {
        guard options.isStatic else { return frame }
        var frame = frame
        let held = await holdings.stories(ids)
        frame.storiesWithoutText = Set(ids.filter { !held.contains($0) })
        return frame
    }

    func get(_ request: WebRequest) async -> WebResponse {
        let path = request.path
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        var frame = PageFrame(wording: wording, root: String(repeating: "../", count: max(parts.count - 1, 0)), isStatic: options.isStatic)
        if options.isStatic { frame.linksSections = await holdings.sections() }
        switch parts.count {
        case 1:
            switch parts[0] {
            case "", "index.html": return await days(start: .latest, frame: frame)
            case "style.css": return WebResponse(status: 200, contentType: "text/css; charset=utf-8", body: Array(StyleSheet.css.utf8))
            case "favicon.svg": return WebResponse(status: 200, contentType: "image/svg+xml", body: Array(StyleSheet.favicon.utf8))
            case "feed.atom": return await FeedRoutes(engine: engine, options: options).feed(section: nil)
            case "favorites.html": return await favorites(frame: frame)
            case "search.html": return await search(request.query["q"] ?? "", frame: frame)
            case "sections.html": return await sections(frame: frame)
            case "status.html": return await status(frame: frame)
            default: break
            }
        case 2:
            if parts[0] == "picture" { return await picture(path) }
            if let name = Self.name(parts[1], suffix: ".html") {
                switch parts[0] {
                case "day": if let day = Day(name), name.count == 8 { return await days(start: .day(day), frame: frame) }
                case "story": if let id = Self.id(name) { return await story(id, frame: frame) }
                case "section": if let id = Self.id(name) { return await section(id, frame: frame) }
                default: break
                }
            }
        case 3:
            if parts[0] == "story", let id = Self.id(parts[1]), parts[2] == "comments.html" {
                return await comments(id, more: Int(request.query["more"] ?? "") ?? 0, frame: frame)
            }
            if parts[0] == "section", let id = Self.id(parts[1]), parts[2] == "feed.atom" {
                return await FeedRoutes(engine: engine, options: options).feed(section: id)
            }
        default: break
        }
        return Self.html(404, ListPages.error(nil, frame: frame))
    }

    /// POST `/story/<id>/favorite`: toggles the mark and sends the browser back to the story, by a
    /// path relative to the request's.
    func post(_ request: WebRequest) async -> WebResponse {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let frame = PageFrame(wording: wording, root: "../../", isStatic: options.isStatic)
        guard parts.count == 3, parts[0] == "story", let id = Self.id(parts[1]), parts[2] == "favorite" else {
            return Self.html(404, ListPages.error(nil, frame: frame))
        }
        let view = StoryPage()
        let presenter = DetailPresenter(
            storyID: id, view: view, interactor: WebDetailInteractor(engine: engine, offline: options.readsArchiveOnly),
            navigator: LinkNavigator(), language: options.language)
        await presenter.viewDidLoad()
        if view.recorder.shown != nil { await presenter.didTapFavorite() }
        if let error = view.recorder.error { return Self.failure(error, frame: frame) }
        // Relative to the form's own address (`/story/<id>/favorite`): a site a proxy serves under
        // a prefix (`/news/`) stays under it, which `/story/<id>.html` would leave.
        return WebResponse(status: 303, contentType: "text/plain; charset=utf-8", body: [], location: "../\(id).html")
    }

    // MARK: Pages

    private func days(start: NewsListPresenter.Start, frame: PageFrame) async -> WebResponse {
        let view = NewsListPage()
        let interactor = WebNewsListInteractor(engine: engine, offline: options.readsArchiveOnly)
        let presenter = NewsListPresenter(
            view: view, interactor: interactor, navigator: LinkNavigator(), start: start, language: options.language)
        await presenter.viewDidLoad()
        guard let list = view.recorder.shown, view.recorder.error == nil else {
            return Self.failure(view.recorder.error, frame: frame)
        }
        let shownDay =
            list.sections.first.flatMap { Day($0.date) } ?? { if case .day(let day) = start { return day } else { return nil } }()
        let first = options.firstDay ?? Day.firstIssue
        let dayRoot = start == .latest ? "day/" : ""
        var earlier = shownDay.map { $0.adding(days: -1) }.flatMap { $0 >= first ? $0 : nil }
        // A static copy has no page for a day of its window that the archive lacks (a gap, a
        // pruned day): the link steps over it to the newest day before it that the archive holds,
        // so the copy still reaches every day it has.
        if options.isStatic, let day = earlier, let shown = shownDay, await !interactor.holds(day) {
            earlier = await interactor.heldDay(before: shown, notBefore: first)
        }
        var newer: String?
        if case .day(let day) = start, list.sections.first?.source.isFinal ?? true {
            let next = day.adding(days: 1)
            // A final day's next day is published: a site online fetches it from the source. A
            // static copy or a site offline has only what the archive holds, and a link to a day
            // it lacks would lead to a page that only says so.
            let reachable = options.readsArchiveOnly ? await interactor.holds(next) : true
            if reachable { newer = "\(next).html" }
        }
        let title = start == .latest ? "" : list.sections.first?.title ?? ""
        let ids = list.topStories.map(\.id) + list.sections.flatMap { $0.items.map(\.id) }
        return Self.html(
            200,
            ListPages.days(
                list, frame: await self.frame(frame, listing: ids), title: title, newer: newer,
                earlier: earlier.map { dayRoot + "\($0).html" },
                message: view.emptyMessage))
    }

    private func story(_ id: Int64, frame: PageFrame) async -> WebResponse {
        let view = StoryPage()
        let presenter = DetailPresenter(
            storyID: id, view: view, interactor: WebDetailInteractor(engine: engine, offline: options.readsArchiveOnly),
            navigator: LinkNavigator(), language: options.language)
        await presenter.viewDidLoad()
        guard let detail = view.recorder.shown, view.recorder.error == nil else { return Self.failure(view.recorder.error, frame: frame) }
        let pictures = StoryPicturesPresenter(
            context: presenter.context, view: view, interactor: ArchivedPicturesInteractor(engine: engine), language: options.language)
        await pictures.load()
        let linksComments = options.isStatic ? await holdings.comments(id) : true
        var linksSection = true
        if options.isStatic, let section = detail.section { linksSection = await holdings.section(section.id) }
        return Self.html(
            200,
            StoryPages.story(
                detail, pictures: view.pictures, frame: frame, offline: options.offline, linksComments: linksComments,
                linksSection: linksSection))
    }

    private func comments(_ id: Int64, more: Int, frame: PageFrame) async -> WebResponse {
        let view = CommentsPage()
        let presenter = CommentsPresenter(
            context: StoryContext(storyID: id), view: view, interactor: DefaultCommentsInteractor(engine: engine, mode: mode),
            navigator: LinkNavigator(),
            language: options.language)
        await presenter.viewDidLoad()
        for _ in 0..<min(max(more, 0), 20) { await presenter.didReachEnd() }
        guard let shown = view.recorder.shown else { return Self.failure(view.recorder.error, frame: frame) }
        let next = options.isStatic ? nil : "comments.html?more=\(min(max(more, 0), 20) + 1)"
        return Self.html(200, StoryPages.comments(shown, frame: frame, more: next))
    }

    private func search(_ query: String, frame: PageFrame) async -> WebResponse {
        guard !query.isEmpty else { return Self.html(200, ListPages.search(nil, query: query, frame: frame)) }
        let view = SearchPage()
        let presenter = SearchPresenter(view: view, interactor: DefaultSearchInteractor(engine: engine), language: options.language)
        await presenter.didSearch(query)
        guard let results = view.recorder.shown else { return Self.failure(view.recorder.error, frame: frame) }
        return Self.html(200, ListPages.search(results, query: query, frame: frame))
    }

    private func favorites(frame: PageFrame) async -> WebResponse {
        let view = FavoritesPage()
        let presenter = FavoritesPresenter(
            view: view, interactor: DefaultFavoritesInteractor(engine: engine, mode: mode), language: options.language)
        await presenter.viewDidLoad()
        guard let shown = view.recorder.shown else { return Self.failure(view.recorder.error, frame: frame) }
        return Self.html(200, ListPages.favorites(shown, frame: await self.frame(frame, listing: shown.items.map(\.id))))
    }

    private func sections(frame: PageFrame) async -> WebResponse {
        let view = SectionsPage()
        let presenter = SectionsPresenter(
            view: view, interactor: DefaultSectionsInteractor(engine: engine, mode: mode), language: options.language)
        await presenter.viewDidLoad()
        guard let shown = view.list.shown else { return Self.failure(view.list.error, frame: frame) }
        // A static copy writes a column's page only when the archive holds it: the others are named, not linked.
        var linked: Set<Int64>?
        if options.isStatic {
            var held = Set<Int64>()
            for item in shown.items where await holdings.section(item.id) { held.insert(item.id) }
            linked = held
        }
        return Self.html(200, ListPages.sections(shown, linking: linked, frame: frame))
    }

    private func section(_ id: Int64, frame: PageFrame) async -> WebResponse {
        let view = SectionsPage()
        let presenter = SectionStoriesPresenter(
            view: view, interactor: DefaultSectionsInteractor(engine: engine, mode: mode), sectionID: id, language: options.language)
        await presenter.viewDidLoad()
        guard let shown = view.stories.shown else { return Self.failure(view.stories.error, frame: frame) }
        let ids = shown.months.flatMap { $0.stories.map(\.id) }
        return Self.html(200, ListPages.section(shown, frame: await self.frame(frame, listing: ids)))
    }

    private func status(frame: PageFrame) async -> WebResponse {
        let view = StatusPage()
        let presenter = ArchiveStatusPresenter(view: view, interactor: DefaultArchiveInteractor(engine: engine), language: options.language)
        presenter.wordsAge = !options.isStatic
        presenter.wordsCommands = !options.isStatic
        await presenter.didRequestStatus()
        guard let shown = view.recorder.shown else { return Self.failure(view.recorder.error, frame: frame) }
        return Self.html(200, ListPages.status(shown, frame: frame))
    }

    /// A picture the archive holds, by its path; 404 for any other.
    private func picture(_ path: String) async -> WebResponse {
        guard let (url, format) = PicturePath.parse(path),
            let picture = try? await engine.picture(url: url, policy: .cacheOnly), picture.info.format == format
        else {
            return WebResponse(status: 404, contentType: "text/plain; charset=utf-8", body: Array("404\n".utf8))
        }
        return WebResponse(status: 200, contentType: format.mediaType, body: picture.bytes, lastModified: picture.provenance.fetchedAt)
    }

    // MARK: Answers

    static func html(_ status: Int, _ body: [UInt8]) -> WebResponse {
        WebResponse(status: status, contentType: "text/html; charset=utf-8", body: body)
    }

    /// The page of a failure: 404 for what neither the archive nor the source has, 503 when the
    /// source cannot be reached, 500 for the rest.
    static func failure(_ error: ErrorViewData?, frame: PageFrame) -> WebResponse {
        let status: Int
        switch error?.kind {
        case .notFound?, .notCached?, .notPublished?, .invalidInput?, .noSections?, nil: status = 404
        case .unavailable?: status = 503
        default: status = 500
        }
        return html(status, ListPages.error(error, frame: frame))
    }

    nonisolated static func name(_ file: String, suffix: String) -> String? {
        file.hasSuffix(suffix) ? String(file.dropLast(suffix.count)) : nil
    }

    nonisolated static func id(_ text: String) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let id = Int64(text), id > 0 else { return nil }
        return id
    }
}
