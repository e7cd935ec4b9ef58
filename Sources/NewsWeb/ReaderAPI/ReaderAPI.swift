#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import NewsFeature
import SyncEngine

/// The archive as a Google Reader API server, as FreshRSS and Miniflux serve it: the API that
/// phone reader apps (and newsboat's FeedHQ mode) sync with. Paths are under the API's root
/// (`/api/greader` on `newsctl serve`):
///
/// | path | what |
/// |---|---|
/// | POST `accounts/ClientLogin` | `Email`, `Passwd` → `SID=`, `LSID=`, `Auth=` lines; 401 when wrong |
/// | `reader/api/0/token` | the edit token `T` every POST that changes state carries |
/// | `reader/api/0/user-info` | the account |
/// | `reader/api/0/subscription/list` | 知乎日报 and each section the archive keeps |
/// | `reader/api/0/tag/list` | the starred state, the one folder, a tag per section |
/// | `reader/api/0/unread-count` | per feed, the folder and the reading list |
/// | `reader/api/0/stream/contents/<stream>` | items with their HTML (`n`, `c`, `r=o`, `ot`, `nt`, `xt`, `it`) |
/// | `reader/api/0/stream/items/ids` | `s=<stream>`: ids and times only |
/// | `reader/api/0/stream/items/contents` | `i=` repeated: those items |
/// | POST `reader/api/0/edit-tag` | `i=` repeated, `a=`/`r=` read or starred |
/// | POST `reader/api/0/mark-all-as-read` | `s`, `ts` |
/// | `reader/atom/<stream>` | a stream as Atom, for older clients |
///
/// Every path but the login needs `Authorization: GoogleLogin auth=<token>`. Read is the
/// archive's read mark and starred is a favourite, so a change made by one app, the terminal or
/// the web pages is what every app sees on its next sync; the last change wins. Items are read
/// from the archive only: the API never asks the source.
public struct ReaderAPI: Sendable {
    let engine: SyncEngine
    let language: Language
    let note: @Sendable (Note) -> Void

    /// What the API tells the server's log.
    public enum Note: Sendable, Equatable {
        /// A request was refused because there is no account at all: the log should say how to add one.
        case noAccount
        /// A request failed in the archive or libsodium; the client was told only that it failed.
        case fault(String)
    }

    /// The API over `engine`, worded in `language` where it words anything (the entry of a story
    /// it has no text for); `note` is given what the server's log should say.
    public init(engine: SyncEngine, language: Language = .zh, note: @escaping @Sendable (Note) -> Void = { _ in }) {
        self.engine = engine
        self.language = language
        self.note = note
    }

    /// The folder every feed is in.
    static let folder = "知乎日报"

    /// The answer to `request`; never throws: a fault is an answer that says so.
    public func respond(to request: ReaderRequest) async -> WebResponse {
        do throws(ReaderFault) {
            return try await route(request)
        } catch {
            var response = WebResponse(
                status: error.status, contentType: "text/plain; charset=utf-8", body: Array((error.message + "\n").utf8))
            // Google's name for it and FreshRSS's: clients look for one or the other.
            if error.badToken { response.headers = ["X-Reader-Google-Bad-Token": "true", "Google-Bad-Token": "true"] }
            return response
        }
    }

    private func route(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        if request.path == "/accounts/ClientLogin" {
            guard request.method == "POST" else { throw ReaderFault(status: 405, message: "log in with a POST") }
            return try await logIn(request)
        }
        let token = try await authenticate(request)
        let account = try await accountName(token: token)
        if request.path.hasPrefix("/reader/atom/") || request.path == "/reader/atom" {
            let id = request.path == "/reader/atom" ? request.value("s") ?? "" : String(request.path.dropFirst("/reader/atom/".count))
            return try await atom(request, streamID: id)
        }
        let api = "/reader/api/0/"
        guard request.path.hasPrefix(api) else { throw .notFound }
        let call = String(request.path.dropFirst(api.count))
        if call.hasPrefix("stream/contents") {
            let rest = call.dropFirst("stream/contents".count)
            guard rest.isEmpty || rest.hasPrefix("/") else { throw .notFound }
            let id = rest.isEmpty ? request.value("s") ?? ReaderStreamID.readingList : String(rest.dropFirst())
            return try await streamContents(request, streamID: id)
        }
        switch call {
        case "token": return .text(try editToken(token))
        case "user-info": return try await userInfo(account)
        case "subscription/list": return try await subscriptions(request)
        case "tag/list": return try await tags()
        case "unread-count": return try await unreadCounts()
        case "stream/items/ids": return try await itemIDs(request)
        case "stream/items/contents": return try await itemContents(request)
        case "edit-tag":
            try requireEdit(request, token: token)
            return try await editTag(request)
        case "mark-all-as-read":
            try requireEdit(request, token: token)
            return try await markAllRead(request)
        default: throw .notFound
        }
    }

    // MARK: Logging in

    private func logIn(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        guard let name = request.value("Email"), let password = request.value("Passwd") else {
            throw .badRequest("Email and Passwd are needed")
        }
        let token: String?
        do { token = try await engine.logIn(name: name, password: password) } catch { throw hidden(error) }
        guard let token else {
            try await noteWhenNoAccounts()
            throw .unauthorized
        }
        return .text("SID=\(token)\nLSID=null\nAuth=\(token)\n")
    }

    /// The login's token the request carries (`GoogleLogin auth=<token>`, or `auth=<name>/<token>`
    /// as some apps send it); 401 when it carries none.
    private func authenticate(_ request: ReaderRequest) async throws(ReaderFault) -> String {
        let scheme = "GoogleLogin auth="
        guard let header = request.authorization.map(Self.trimmed), header.hasPrefix(scheme) else {
            try await noteWhenNoAccounts()
            throw .unauthorized
        }
        let credential = header.dropFirst(scheme.count)
        return String(credential.split(separator: "/", omittingEmptySubsequences: false).last ?? credential)
    }

    private func accountName(token: String) async throws(ReaderFault) -> String {
        let name: String?
        do { name = try await engine.account(forToken: token) } catch { throw hidden(error) }
        guard let name else {
            try await noteWhenNoAccounts()
            throw .unauthorized
        }
        return name
    }

    private func noteWhenNoAccounts() async throws(ReaderFault) {
        let accounts: [AccountSummary]
        do { accounts = try await engine.accounts() } catch { throw hidden(error) }
        if accounts.isEmpty { note(.noAccount) }
    }

    private func editToken(_ token: String) throws(ReaderFault) -> String {
        do { return try SyncEngine.editToken(forToken: token) } catch { throw Self.fault(error) }
    }

    /// A POST that changes state: only with the login's edit token `T`; a GET changes nothing.
    private func requireEdit(_ request: ReaderRequest, token: String) throws(ReaderFault) {
        guard request.method == "POST" else { throw ReaderFault(status: 405, message: "a change is a POST") }
        let expected = try editToken(token)
        let given = Self.trimmed(request.value("T") ?? "")
        guard Self.sameBytes(Array(given.utf8), Array(expected.utf8)) else {
            throw ReaderFault(status: 401, message: "Error=BadToken", badToken: true)
        }
    }

    /// `text` without the spaces and line ends around it (a token read whole from a response keeps its newline).
    static func trimmed(_ text: String) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character.isNewline }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// Whether `a` and `b` are equal, in a time that depends only on their lengths.
    private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func userInfo(_ account: String) async throws(ReaderFault) -> WebResponse {
        let accounts: [AccountSummary]
        do { accounts = try await engine.accounts() } catch { throw Self.fault(error) }
        let created = accounts.first { $0.name == account }?.createdAt ?? 0
        return .json(UserInfo(userId: account, userName: account, userProfileId: account, userEmail: "", signupTimeSec: Int64(created)))
    }

    // MARK: Feeds

    private func feeds() async throws(ReaderFault) -> [ItemFeed] {
        do { return try await engine.itemFeeds() } catch { throw Self.fault(error) }
    }

    private func subscriptions(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
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
    private func tags() async throws(ReaderFault) -> WebResponse {
        let sections = try await feeds().filter { $0.stream != .daily }.map { TagList.Tag(id: ReaderStreamID.label($0.title), type: "tag") }
        return .json(
            TagList(tags: [.init(id: ReaderStreamID.starred), .init(id: ReaderStreamID.label(Self.folder), type: "folder")] + sections))
    }

    private func unreadCounts() async throws(ReaderFault) -> WebResponse {
        let feeds = try await feeds()
        var all = ItemQuery(stream: .all, limit: Int.max)
        all.excluding = .read
        let unread: Int
        do { unread = try await engine.itemKeys(all).keys.count } catch { throw Self.fault(error) }
        let newest = feeds.compactMap(\.newest).max()
        var counts = feeds.map { UnreadCounts.Count(id: ReaderStreamID.feed($0.stream), count: $0.unread, newest: $0.newest) }
        counts.append(UnreadCounts.Count(id: ReaderStreamID.label(Self.folder), count: unread, newest: newest))
        counts.append(UnreadCounts.Count(id: ReaderStreamID.readingList, count: unread, newest: newest))
        return .json(UnreadCounts(max: unread, unreadcounts: counts))
    }

    // MARK: Streams

    /// The stream `id` names: a feed, a state, the folder, or a section's label (the category an
    /// item of a section carries); 404 for any other.
    private func stream(_ id: String) async throws(ReaderFault) -> ItemStream {
        if let stream = ReaderStreamID.stream(id, folder: Self.folder) { return stream }
        if let name = ReaderStreamID.labelName(id), let feed = try await feeds().first(where: { $0.stream != .daily && $0.title == name }) {
            return feed.stream
        }
        throw ReaderFault(status: 404, message: "no stream \(id)")
    }

    private func streamContents(_ request: ReaderRequest, streamID: String) async throws(ReaderFault) -> WebResponse {
        let query = try ReaderStreamQuery.parse(request, stream: await stream(streamID), maximum: 1_000).get()
        let page: ItemPage
        do { page = try await engine.items(query) } catch { throw Self.fault(error) }
        let items = await ReaderItems(engine: engine, language: language, baseURL: request.baseURL).json(page.items)
        return .json(
            StreamContents(id: streamID, updated: Int64(Date.now.timeIntervalSince1970), items: items, continuation: page.next?.token))
    }

    private func itemIDs(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
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
    private func ids(_ request: ReaderRequest) throws(ReaderFault) -> [Int64] {
        let given = request.values("i")
        guard given.count <= 1_000 else { throw .badRequest("at most 1000 items at once") }
        var ids: [Int64] = []
        for text in given {
            guard let id = ReaderItemID.parse(text) else { throw .badRequest("i=\(text.prefix(80)) is not an item id") }
            ids.append(id)
        }
        return ids
    }

    private func itemContents(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        let ids = try ids(request)
        let found: [ArchiveItem]
        do { found = try await engine.items(ids: ids) } catch { throw Self.fault(error) }
        let items = await ReaderItems(engine: engine, language: language, baseURL: request.baseURL).json(found)
        return .json(
            StreamContents(id: ReaderStreamID.readingList, updated: Int64(Date.now.timeIntervalSince1970), items: items, continuation: nil))
    }

    private func atom(_ request: ReaderRequest, streamID: String) async throws(ReaderFault) -> WebResponse {
        let query = try ReaderStreamQuery.parse(request, stream: await stream(streamID), maximum: 1_000).get()
        let page: ItemPage
        do { page = try await engine.items(query) } catch { throw Self.fault(error) }
        let title = try await feeds().first { ReaderStreamID.feed($0.stream) == streamID }?.title ?? Self.folder
        let xml = await ReaderItems(engine: engine, language: language, baseURL: request.baseURL)
            .atom(page.items, streamID: streamID, title: title)
        return WebResponse(status: 200, contentType: "application/atom+xml; charset=utf-8", body: Array(xml.utf8))
    }

    // MARK: Changes

    private func editTag(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        let ids = try ids(request)
        guard !ids.isEmpty else { throw .badRequest("i is needed") }
        let added = request.values("a").compactMap(ReaderStreamID.state)
        let removed = request.values("r").compactMap(ReaderStreamID.state)
        let known: [ArchiveItem]
        do { known = try await engine.items(ids: ids) } catch { throw Self.fault(error) }
        do {
            for item in known {
                if added.contains("read") { try await engine.markRead(id: item.id) }
                if removed.contains("read") || added.contains("kept-unread") { try await engine.markUnread(id: item.id) }
                if added.contains("starred") { try await engine.addFavorite(id: item.id, policy: .cacheOnly) }
                if removed.contains("starred") { try await engine.removeFavorite(id: item.id) }
            }
        } catch {
            throw Self.fault(error)
        }
        return .text("OK")
    }

    private func markAllRead(_ request: ReaderRequest) async throws(ReaderFault) -> WebResponse {
        guard let id = request.value("s"), !id.isEmpty else { throw .badRequest("s is needed") }
        let stream = try await stream(id)
        var upTo: Int64?
        if let ts = request.value("ts"), !ts.isEmpty {
            guard let micro = Int64(ts), micro >= 0 else { throw .badRequest("ts must be a time in microseconds") }
            upTo = micro / 1_000_000
        }
        do { try await engine.markAllRead(in: stream, upTo: upTo) } catch { throw Self.fault(error) }
        return .text("OK")
    }

    // MARK: Faults

    private static func fault(_ error: AccountError) -> ReaderFault {
        if let syncError = error.syncError { return fault(syncError) }
        if error.code == .noCrypto { return ReaderFault(status: 503, message: "accounts are unavailable: " + error.message) }
        return ReaderFault(status: 500, message: error.message)
    }

    private static func fault(_ error: SyncError) -> ReaderFault {
        if error.databaseError?.problem == .readOnly {
            return ReaderFault(status: 503, message: "the archive is read-only: " + error.message)
        }
        return ReaderFault(status: error.code == .notFound ? 404 : 500, message: error.message)
    }

    /// A fault met before the client is known: the log has what went wrong, the client only that
    /// the service is unavailable (the archive's path and SQLite's words are no stranger's business).
    private func hidden(_ error: AccountError) -> ReaderFault {
        note(.fault(error.message))
        return ReaderFault(status: 503, message: "Error=ServiceUnavailable")
    }
}

extension WebResponse {
    /// A plain-text answer: `OK`, the login's lines, a token.
    static func text(_ text: String) -> WebResponse {
        WebResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
    }

    /// `value` as JSON.
    static func json(_ value: some Encodable) -> WebResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            return WebResponse(status: 500, contentType: "text/plain; charset=utf-8", body: Array("could not write JSON\n".utf8))
        }
        return WebResponse(status: 200, contentType: "application/json; charset=utf-8", body: Array(data))
    }
}
