#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import SyncEngine

// The feeds, the streams and their items.

extension ReaderAPI {
    func feeds() async throws(ReaderFault) -> [ItemFeed] {
        do { return try await engine.itemFeeds() } catch { throw Self.fault(error) }
    }

    func subscriptions(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        let category = SubscriptionList.Category(id: ReaderStreamID.label(Self.folder), label: Self.folder)
        let subscriptions = try await feeds().map { feed in
            var url = request.baseURL + "feed.atom"
            if case .section(let id) = feed.stream { url = request.baseURL + "section/\(id)/feed.atom" }
            return SubscriptionList.Subscription(
                id: ReaderStreamID.feed(feed.stream), title: feed.title, categories: [category], url: url,
                htmlUrl: "https://daily.zhihu.com/", iconUrl: request.baseURL + "favicon.svg")
        }
        return .json(SubscriptionList(subscriptions: subscriptions))
    }

    /// The starred state, the folder, and a tag per section: the categories items carry.
    func tags() async throws(ReaderFault) -> WebResponse {
        let sections = try await feeds().filter { $0.stream != .daily }.map { TagList.Tag(id: ReaderStreamID.label($0.title), type: "tag") }
        return .json(
            TagList(tags: [.init(id: ReaderStreamID.starred), .init(id: ReaderStreamID.label(Self.folder), type: "folder")] + sections))
    }

    func unreadCounts() async throws(ReaderFault) -> WebResponse {
        let counted: [ItemFeed]
        do { counted = try await engine.itemFeeds(includingAll: true) } catch { throw Self.fault(error) }
        let feeds = counted.filter { $0.stream != .all }
        let all = counted.first { $0.stream == .all }
        let unread = all?.unread ?? 0
        var counts = feeds.map { UnreadCounts.Count(id: ReaderStreamID.feed($0.stream), count: $0.unread, newest: $0.newest) }
        counts.append(UnreadCounts.Count(id: ReaderStreamID.label(Self.folder), count: unread, newest: all?.newest))
        counts.append(UnreadCounts.Count(id: ReaderStreamID.readingList, count: unread, newest: all?.newest))
        return .json(UnreadCounts(max: unread, unreadcounts: counts))
    }

    /// The stream `id` names: a feed, a state, the folder, or a section's label (the category an
    /// item of a section carries); 404 for any other.
    func stream(_ id: String) async throws(ReaderFault) -> ItemStream {
        if let stream = ReaderStreamID.stream(id, folder: Self.folder) { return stream }
        if let name = ReaderStreamID.labelName(id), let feed = try await feeds().first(where: { $0.stream != .daily && $0.title == name }) {
            return feed.stream
        }
        throw ReaderFault(status: 404, message: "no stream \(id)")
    }

    func streamContents(_ request: ReaderRequest, streamID: String) async throws(ReaderFault) -> WebResponse {
        let query = try ReaderStreamQuery.parse(request, stream: await stream(streamID), maximum: 1_000).get()
        let page: ItemPage
        do { page = try await engine.items(query) } catch { throw Self.fault(error) }
        let items = await ReaderItems(engine: engine, language: language, baseURL: request.baseURL).json(page.items)
        return .json(
            StreamContents(id: streamID, updated: Int64(Date.now.timeIntervalSince1970), items: items, continuation: page.next?.token))
    }

    func itemIDs(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        let query = try ReaderStreamQuery.parse(
            request, stream: await stream(request.value("s") ?? ReaderStreamID.readingList), maximum: 10_000
        )
        .get()
        let page: ItemKeyPage
        do { page = try await engine.itemKeys(query) } catch { throw Self.fault(error) }
        let refs = page.keys.map { ItemRefs.Ref(id: String($0.id), timestampUsec: String($0.published * 1_000_000)) }
        return .json(ItemRefs(itemRefs: refs, continuation: page.next?.token))
    }

    /// The ids of `i=` (either form), at most 1,000; 400 for one that is neither.
    func ids(_ request: ReaderRequest) throws(ReaderFault) -> [Int64] {
        let given = request.values("i")
        guard given.count <= 1_000 else { throw .badRequest("at most 1000 items at once") }
        var ids: [Int64] = []
        for text in given {
            guard let id = ReaderItemID.parse(text) else { throw .badRequest("i=\(text.prefix(80)) is not an item id") }
            ids.append(id)
        }
        return ids
    }

    func itemContents(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        let ids = try ids(request)
        let found: [ArchiveItem]
        do { found = try await engine.items(ids: ids) } catch { throw Self.fault(error) }
        let items = await ReaderItems(engine: engine, language: language, baseURL: request.baseURL).json(found)
        return .json(
            StreamContents(id: ReaderStreamID.readingList, updated: Int64(Date.now.timeIntervalSince1970), items: items, continuation: nil))
    }

    func atom(_ request: ReaderRequest, streamID: String) async throws(ReaderFault) -> WebResponse {
        let query = try ReaderStreamQuery.parse(request, stream: await stream(streamID), maximum: 1_000).get()
        let page: ItemPage
        do { page = try await engine.items(query) } catch { throw Self.fault(error) }
        let title = try await feeds().first { ReaderStreamID.feed($0.stream) == streamID }?.title ?? Self.folder
        let xml = await ReaderItems(engine: engine, language: language, baseURL: request.baseURL)
            .atom(page.items, streamID: streamID, title: title)
        return WebResponse(status: 200, contentType: "application/atom+xml; charset=utf-8", body: Array(xml.utf8))
    }
}
