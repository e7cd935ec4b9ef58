import NewsFeature
import SyncEngine

/// The Atom feeds (RFC 4287): the newest stories with their full text, rebuilt from the readable
/// blocks with pictures as absolute addresses of the site.
@MainActor
struct FeedRoutes {
    let engine: SyncEngine
    let options: ArchiveSite.Options

    private var mode: ReadMode { options.readsArchiveOnly ? .offline : .standard }

    /// `/feed.atom`, or `/section/<id>/feed.atom` for a column.
    func feed(section: Int64?) async -> WebResponse {
        let wording = WebStrings(language: options.language)
        var title = wording.siteName
        var ids: [FeedStory] = []
        var selfPath = "feed.atom"
        if let section {
            let view = SectionsPage()
            let presenter = SectionStoriesPresenter(
                view: view, interactor: DefaultSectionsInteractor(engine: engine, mode: mode), sectionID: section,
                language: options.language)
            await presenter.viewDidLoad()
            guard let shown = view.stories.shown else {
                return WebResponse(status: 404, contentType: "text/plain; charset=utf-8", body: Array("404\n".utf8))
            }
            title = shown.title + " · " + wording.siteName
            ids = shown.months.flatMap {
                $0.stories.map { FeedStory(id: $0.id, day: $0.dateKey, title: $0.title, hint: "", url: $0.url, image: $0.imageURL) }
            }
            selfPath = "section/\(section)/feed.atom"
        } else {
            ids = await newestStories()
        }
        var entries: [AtomFeed.Entry] = []
        for story in (options.feedDays == nil || section != nil ? Array(ids.prefix(max(options.feedWindow, 0))) : ids) {
            entries.append(await entry(story.id, day: story.day, wording: wording) ?? summary(story, wording: wording))
        }
        let base = options.baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
        let feed = AtomFeed(
            id: (base.isEmpty ? "urn:newsctl:" : base) + selfPath, title: title, subtitle: wording.feedSubtitle, base: base,
            selfPath: selfPath, language: wording.htmlLanguage, entries: entries)
        return WebResponse(status: 200, contentType: "application/atom+xml; charset=utf-8", body: Array(feed.xml.utf8))
    }

    /// The newest stories, day by day from the newest: the stories of `feedDays` days when set,
    /// else until `feedWindow` stories (reading at most a month of days for them).
    private func newestStories() async -> [FeedStory] {
        let view = NewsListPage()
        let presenter = NewsListPresenter(
            view: view, interactor: WebNewsListInteractor(engine: engine, offline: options.readsArchiveOnly), navigator: LinkNavigator(),
            language: options.language)
        await presenter.viewDidLoad()
        let maxDays = options.feedDays ?? 31
        var shownDays = view.recorder.shown?.sections.count ?? 0
        while shownDays > 0, shownDays < maxDays {
            if options.feedDays == nil, (view.recorder.shown?.sections ?? []).reduce(0, { $0 + $1.items.count }) >= options.feedWindow {
                break
            }
            await presenter.loadMore()
            let now = view.recorder.shown?.sections.count ?? 0
            guard now > shownDays else { break }  // The day before could not be read.
            shownDays = now
        }
        // A copy's feed that links to the copy carries only the days of its window: the copy has
        // no page for a story of a day before it.
        let first = options.isStatic && options.baseURL != nil ? options.firstDay : nil
        let inWindow = { (date: String) -> Bool in first.map { first in Day(date).map { $0 >= first } ?? false } ?? true }
        var seen = Set<Int64>()
        let ids = (view.recorder.shown?.sections ?? []).filter { inWindow($0.date) }
            .flatMap { section in
                section.items.map { FeedStory(id: $0.id, day: section.date, title: $0.title, hint: $0.hint, url: $0.url, image: $0.image) }
            }
            .filter { seen.insert($0.id).inserted }
        return options.feedDays == nil ? Array(ids.prefix(options.feedWindow)) : ids
    }

    /// - Parameter day: the day that lists the story ("20230319"): its start in Beijing is the
    ///   time of a story the source gives no publish time, as stable as its id.
    func entry(_ id: Int64, day: String, wording: WebStrings) async -> AtomFeed.Entry? {
        let view = StoryPage()
        let presenter = DetailPresenter(
            storyID: id, view: view, interactor: WebDetailInteractor(engine: engine, offline: options.readsArchiveOnly),
            navigator: LinkNavigator(), language: options.language)
        await presenter.viewDidLoad()
        guard let detail = view.recorder.shown else { return nil }
        let pictures = StoryPicturesPresenter(
            context: presenter.context, view: view, interactor: ArchivedPicturesInteractor(engine: engine), language: options.language)
        await pictures.load()
        let base = options.baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        let body = StoryBodyHTML(detail: detail, pictures: view.pictures, pictureRoot: base ?? "", linksMissingPictures: true)
        // Without a base URL a feed cannot point at the site's pictures: the sources' are linked.
        let html =
            (base == nil
                ? StoryBodyHTML(detail: detail, pictures: view.pictures.map(\.withoutBytes), pictureRoot: "", linksMissingPictures: true)
                : body)
        let content = (html.headline + (detail.isOffSite ? [Tag.text(detail.bodyText)] : html.blocks)).map { $0.render() }.joined()
        let author = detail.body.lazy.compactMap { block -> String? in
            if case .byline(let text) = block { return MarkedText(markup: text).plainText.split(separator: "，").first.map(String.init) }
            return nil
        }.first
        return AtomFeed.Entry(
            id: "urn:zhihu-daily:story:\(id)", title: detail.title, link: (base ?? "") + "story/\(id).html", original: detail.url,
            updated: detail.published?.iso8601 ?? Self.start(of: day) ?? detail.source.fetchedAt, author: author ?? wording.anonymousAuthor,
            categories: detail.section.map { [$0.name] } ?? [], html: content)
    }
}

extension FeedRoutes {
    /// A story of a feed as its list gives it: enough for an entry when the archive lacks its text.
    struct FeedStory {
        let id: Int64
        /// The day that lists it, "20230319".
        let day: String
        let title: String
        /// "作者 · 3 分钟阅读", or empty.
        let hint: String
        /// The story on the source's site.
        let url: String
        /// Its picture on the source.
        let image: String?
    }

    /// The entry of a story whose text the archive lacks: its title, hint and picture, linked to
    /// the story on the source (neither the site nor a copy has a page for it).
    func summary(_ story: FeedStory, wording: WebStrings) -> AtomFeed.Entry {
        var content: [Markup] = []
        if !story.hint.isEmpty { content.append(Tag.element("p", text: story.hint)) }
        if let picture = story.image.flatMap(Tag.imageSource) {
            content.append(Tag.element("p", [:], [Tag.void("img", ["src": picture, "alt": ""])]))
        }
        let original = Tag.webAddress(story.url)
        if let original {
            content.append(Tag.element("p", [:], [Tag.element("a", ["href": original], text: wording.readAtSource)]))
        }
        return AtomFeed.Entry(
            id: "urn:zhihu-daily:story:\(story.id)", title: story.title, link: original ?? "", original: story.url,
            updated: Self.start(of: story.day) ?? "2013-05-19T00:00:00+08:00", author: wording.anonymousAuthor, categories: [],
            html: content.map { $0.render() }.joined())
    }

    /// "2023-03-19T00:00:00+08:00" for "20230319": the day's first moment in Beijing.
    static func start(of day: String) -> String? {
        guard day.count == 8, let day = Day(day) else { return nil }
        return DateFormatting.iso8601Beijing(unixTime: day.dayNumber * 86_400 - 8 * 3_600)
    }
}

extension StoryPictureViewData {
    /// The same picture as if the archive lacked it.
    var withoutBytes: StoryPictureViewData {
        StoryPictureViewData(
            place: place, url: url, placeholder: placeholder, caption: caption, bytes: nil, unavailable: unavailable,
            notDrawn: notDrawn)
    }
}
