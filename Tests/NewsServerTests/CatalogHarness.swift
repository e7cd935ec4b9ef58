import Foundation
import NewsServer
import NewsWeb
import SyncEngine
import TestSupport

/// The OPDS catalog served in this process with the site, over an archive synced from the
/// fixtures: four days (20230311-20230314, two on a page of `/opds/days`), the column 2 of 12
/// stories whose newest picture the archive keeps, and two favourites, one with its text and a
/// picture. The books are kept under `editions`.
struct CatalogHarness {
    /// A favourite whose text holds a picture the archive keeps.
    static let pictureStory: Int64 = 9_759_302
    /// A favourite with its text (a story of 20230313).
    static let textStory: Int64 = 9_759_301

    let source: LoopbackServer
    let engine: SyncEngine
    let server: RunningServer
    let column: SectionPages
    /// The folder the run's folder of books is made in.
    let editions: String
    /// What the server gave its log to say of the books.
    let notes: Locked<[EditionCaching.Note]>

    /// Starts a harness, runs `body` with it and stops it, whether `body` returns or throws.
    static func with(entries: Int = 32, beforeStart: (String) throws -> Void = { _ in }, _ body: (CatalogHarness) async throws -> Void)
        async throws
    {
        let source = LoopbackServer()
        try await source.start()
        let harness: CatalogHarness
        do {
            harness = try await start(source: source, entries: entries, beforeStart: beforeStart)
        } catch {
            await source.stop()
            throw error
        }
        do {
            try await body(harness)
        } catch {
            await harness.stop()
            throw error
        }
        await harness.stop()
    }

    private static func start(source: LoopbackServer, entries: Int, beforeStart: (String) throws -> Void) async throws -> CatalogHarness {
        let pictures = "http://127.0.0.1:\(await source.port)/pictures"
        let column = SectionPages(count: 12, firstID: 9_000_000, imageRoot: pictures)
        column.serve(on: source)
        source.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
        let jpeg = try Fixtures.picture("baseline.jpg")
        source.setReply(.bytes(contentType: "image/jpeg", jpeg), for: "/pictures/v2-s0.jpg")
        source.setReply(.bytes(contentType: "image/jpeg", jpeg), for: "/pictures/inside.jpg")
        let story: [String: Any] = [
            "id": pictureStory, "title": "有图的故事", "type": 0, "url": "https://daily.zhihu.com/story/\(pictureStory)",
            "body": """
            <div class="content"><p>第一段。</p><p><img class="content-image" src="\(pictures)/inside.jpg" alt="图"></p></div>
            """,
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: story), as: UTF8.self)
        source.setReply(.body(status: 200, text: json), for: "/api/4/news/\(pictureStory)")

        let databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
        var configuration = SyncEngine.Configuration(databasePath: databasePath)
        configuration.baseURLs = [await source.baseURL]
        configuration.networkTimeout = TimeBound.requestBudget
        let engine = try SyncEngine(configuration: configuration)
        _ = try await engine.latest()
        for day in ["20230313", "20230312", "20230311"] { _ = try await engine.page(for: Day(day) ?? .firstIssue) }
        _ = try await engine.detail(id: textStory)
        _ = try await engine.sections()
        _ = try await engine.section(column.id, reach: .pages(2))
        _ = try await engine.picture(url: column.thumbnail(0))
        _ = try await engine.detail(id: pictureStory)
        _ = try await engine.picture(url: pictures + "/inside.jpg")
        _ = try await engine.addFavorite(id: textStory, policy: .cacheOnly)
        _ = try await engine.addFavorite(id: pictureStory, policy: .cacheOnly)

        let editions = try Fixtures.temporaryFolder() + "/editions"
        try beforeStart(editions)
        var caching = EditionCaching(folder: editions) { await engine.archiveChangeToken() }
        caching.entries = entries
        let notes = Locked<[EditionCaching.Note]>([])
        caching.note = { note in notes.withLock { $0.append(note) } }
        let server = try await RunningServer.start(
            ArchiveSite(engine: engine, options: ArchiveSite.Options(offline: true)),
            caching: ResponseCaching { await engine.archiveChangeToken() },
            catalog: OPDSCatalog(engine: engine, pageSize: 2), editions: caching)
        return CatalogHarness(source: source, engine: engine, server: server, column: column, editions: editions, notes: notes)
    }

    private func stop() async {
        await server.stop()
        await source.stop()
    }

    func get(_ target: String, headers: [(String, String)] = []) async throws -> RawHTTPClient.Response {
        try await server.send("GET", target, headers: headers)
    }

    /// The books in the run's folder, by file name.
    var books: [String] {
        let manager = FileManager.default
        let runs = ((try? manager.contentsOfDirectory(atPath: editions)) ?? []).filter { $0.hasPrefix("run-") }
        return runs.flatMap { run in
            ((try? manager.contentsOfDirectory(atPath: editions + "/" + run)) ?? []).filter { $0.hasSuffix(".epub") }
        }.sorted()
    }
}
