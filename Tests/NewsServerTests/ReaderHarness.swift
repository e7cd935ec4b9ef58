import Foundation
import NewsWeb
import SyncEngine
import TestSupport

/// The reader API served in this process over an archive synced from the fixtures: four days
/// (18 stories, 20230311-20230314, one detail) and a section of 12 stories (ids 9000000-9000011,
/// 2023-08-04 to 2023-08-15), with an account `reader` whose password is `secret` unless asked
/// for none.
struct ReaderHarness {
    static let password = "secret"

    let source: LoopbackServer
    let engine: SyncEngine
    let server: RunningServer
    let column: SectionPages
    /// The archive's file.
    let databasePath: String
    /// How many times the API said there is no account.
    let noAccountCalls: Locked<Int>

    /// Starts a harness, runs `body` with it and stops it, whether `body` returns or throws: the
    /// servers of a test end with it, before the test does.
    static func with(withAccount: Bool = true, _ body: (ReaderHarness) async throws -> Void) async throws {
        let harness = try await start(withAccount: withAccount)
        do {
            try await body(harness)
        } catch {
            await harness.stop()
            throw error
        }
        await harness.stop()
    }

    private static func start(withAccount: Bool = true) async throws -> ReaderHarness {
        let source = LoopbackServer()
        try await source.start()
        do {
            return try await start(source: source, withAccount: withAccount)
        } catch {
            await source.stop()
            throw error
        }
    }

    private static func start(source: LoopbackServer, withAccount: Bool) async throws -> ReaderHarness {
        let column = SectionPages(count: 12, firstID: 9_000_000)
        column.serve(on: source)
        let databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
        var configuration = SyncEngine.Configuration(databasePath: databasePath)
        configuration.baseURLs = [await source.baseURL]
        configuration.networkTimeout = TimeBound.requestBudget
        let engine = try SyncEngine(configuration: configuration)
        _ = try await engine.latest()
        for day in ["20230313", "20230312", "20230311"] { _ = try await engine.page(for: Day(day) ?? .firstIssue) }
        _ = try await engine.detail(id: 9_759_301)
        _ = try await engine.section(column.id, reach: .pages(2))
        if withAccount { try await engine.addAccount(name: "reader", password: password) }
        let calls = Locked(0)
        let reader = ReaderAPI(engine: engine) { note in if note == .noAccount { calls.withLock { $0 += 1 } } }
        let server = try await RunningServer.start(TestSite(), reader: reader)
        return ReaderHarness(
            source: source, engine: engine, server: server, column: column, databasePath: databasePath, noAccountCalls: calls)
    }

    private func stop() async {
        await server.stop()
        await source.stop()
    }

    /// Logs in and returns the `Auth` token.
    func logIn(name: String = "reader", password: String = ReaderHarness.password, headers: [(String, String)] = []) async throws
        -> RawHTTPClient.Response
    {
        try await post("/api/greader/accounts/ClientLogin", form: "Email=\(name)&Passwd=\(password)", token: nil, headers: headers)
    }

    func token() async throws -> String {
        let answer = try await logIn()
        guard answer.status == 200, let line = answer.text.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") }) else {
            throw RawHTTPClient.Failure(description: "no login: \(answer.status) \(answer.text)")
        }
        return String(line.dropFirst(5))
    }

    func get(_ target: String, token: String?, headers: [(String, String)] = []) async throws -> RawHTTPClient.Response {
        try await server.send("GET", target, headers: auth(token) + headers)
    }

    func post(_ target: String, form: String, token: String?, headers: [(String, String)] = []) async throws -> RawHTTPClient.Response {
        try await server.send(
            "POST", target, headers: auth(token) + [("Content-Type", "application/x-www-form-urlencoded")] + headers,
            body: Array(form.utf8))
    }

    /// The edit token of a login.
    func editToken(_ token: String) async throws -> String {
        try await get("/api/greader/reader/api/0/token", token: token).text
    }

    private func auth(_ token: String?) -> [(String, String)] {
        token.map { [("Authorization", "GoogleLogin auth=\($0)")] } ?? []
    }

    /// A JSON answer as a dictionary.
    static func json(_ response: RawHTTPClient.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }

    /// The long id of story `id`: `tag:google.com,2005:reader/item/` and 16 hex digits.
    static func longID(_ id: Int64) -> String {
        let hex = String(UInt64(bitPattern: id), radix: 16)
        return "tag:google.com,2005:reader/item/" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The story ids of a `stream/items/ids` answer's refs, from their decimal ids.
    static func refIDs(_ response: RawHTTPClient.Response) -> [Int64] {
        (json(response)["itemRefs"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? String).flatMap { Int64($0) } }
    }

    /// The story ids of a `stream/contents` answer's items, from their long ids.
    static func itemIDs(_ response: RawHTTPClient.Response) -> [Int64] {
        (json(response)["items"] as? [[String: Any]] ?? []).compactMap { item in
            (item["id"] as? String).flatMap { id in
                id.hasPrefix("tag:google.com,2005:reader/item/") ? UInt64(id.dropFirst(32), radix: 16).map { Int64(bitPattern: $0) } : nil
            }
        }
    }
}
