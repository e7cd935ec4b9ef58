import NewsFeature
import SyncEngine

/// Items as the API gives them: each story's text as the same readable HTML as the web story
/// page (never the source's markup), its pictures as addresses on this server where the archive
/// holds them (the source's, with no Referer, where it does not), read from the archive only.
@MainActor
struct ReaderItems {
    let engine: SyncEngine
    let language: Language
    /// The server's address as the client reached it, with its final slash.
    let baseURL: String

    private var feeds: FeedRoutes {
        FeedRoutes(engine: engine, options: ArchiveSite.Options(language: language, offline: true, baseURL: baseURL))
    }

    /// The story as the web's feed writes it: its text, author and sections; a story the archive
    /// has no text for is its title and a link to it.
    private func entry(_ item: ArchiveItem) async -> AtomFeed.Entry {
        let wording = WebStrings(language: language)
        let day = item.day.description
        if let entry = await feeds.entry(item.id, day: day, wording: wording) { return entry }
        let story = FeedRoutes.FeedStory(id: item.id, day: day, title: item.title, hint: "", url: Self.address(item), image: nil)
        return feeds.summary(story, wording: wording)
    }

    /// The story on daily.zhihu.com.
    private static func address(_ item: ArchiveItem) -> String { "https://daily.zhihu.com/story/\(item.id)" }

    /// The item's categories: the reading list, the folder, its states, a label per section.
    private static func categories(_ item: ArchiveItem) -> [String] {
        var categories = [ReaderStreamID.readingList, ReaderStreamID.label(ReaderAPI.folder)]
        if item.isRead { categories.append(ReaderStreamID.read) }
        if item.isStarred { categories.append(ReaderStreamID.starred) }
        return categories + item.sections.map { ReaderStreamID.label($0.name) }
    }

    /// The feed an item comes from: 知乎日报 when a day lists it, else its first section.
    private static func origin(_ item: ArchiveItem) -> Item.Origin {
        if !item.isDaily, let section = item.sections.first {
            return Item.Origin(streamId: ReaderStreamID.section(section.id), title: section.name, htmlUrl: "https://daily.zhihu.com/")
        }
        return Item.Origin(streamId: ReaderStreamID.daily, title: ReaderAPI.folder, htmlUrl: "https://daily.zhihu.com/")
    }

    /// The items as `stream/contents` and `stream/items/contents` give them.
    func json(_ items: [ArchiveItem]) async -> [Item] {
        var result: [Item] = []
        result.reserveCapacity(items.count)
        for item in items {
            let entry = await entry(item)
            let address = Self.address(item)
            result.append(
                Item(
                    id: ReaderItemID.long(item.id), crawlTimeMsec: String(item.published * 1_000),
                    timestampUsec: String(item.published * 1_000_000), published: item.published, updated: item.published,
                    title: entry.title, author: entry.author,
                    canonical: [Item.Link(href: address)], alternate: [Item.Link(href: address, type: "text/html")],
                    categories: Self.categories(item), origin: Self.origin(item), summary: Item.Content(content: entry.html)))
        }
        return result
    }

    /// The items as an Atom feed (`reader/atom/<stream>`): each entry's id is the item's long
    /// id, and its read, unread (`fresh`) and starred states are categories in Google Reader's
    /// scheme.
    func atom(_ items: [ArchiveItem], streamID: String, title: String) async -> String {
        var entries: [AtomFeed.Entry] = []
        for item in items {
            let entry = await entry(item)
            var states = [item.isRead ? "read" : "fresh"]
            if item.isStarred { states.append("starred") }
            entries.append(
                AtomFeed.Entry(
                    id: ReaderItemID.long(item.id), title: entry.title, link: baseURL + "story/\(item.id).html",
                    original: Self.address(item),
                    updated: DateFormatting.iso8601Beijing(unixTime: item.published), author: entry.author,
                    categories: item.sections.map(\.name), html: entry.html, readerStates: states))
        }
        let feed = AtomFeed(
            id: baseURL + ReaderAPI.root.dropFirst() + "/reader/atom/" + streamID, title: title,
            subtitle: WebStrings(language: language).feedSubtitle,
            base: baseURL, selfPath: ReaderAPI.root.dropFirst() + "/reader/atom/" + streamID,
            language: WebStrings(language: language).htmlLanguage,
            entries: entries)
        return feed.xml
    }
}
