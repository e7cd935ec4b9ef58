import Foundation
import Testing
import TestSupport

/// The built `newsctl serve` with its OPDS catalog: the feeds and a book over HTTP, the books kept
/// under `$XDG_CACHE_HOME/newsctl/editions` (never beside the archive), the run's folder gone
/// once the server stops.
@Suite struct ServeCatalogEndToEndTests {
    @Test func theCatalogsBooksAreKeptInTheUsersCacheFolderWhileTheServerRuns() async throws {
        let source = LoopbackServer()
        try await source.start()
        let archive = try Fixtures.temporaryFolder()
        let databasePath = archive + "/news.sqlite"
        let sync = try await ServeProcess.run(
            ["sync", "--days", "3", "--details", "--base-url", await source.baseURL], databasePath: databasePath)
        await source.stop()
        #expect(sync.status == 0, "\(sync.stderr)")
        let cache = try Fixtures.temporaryFolder()
        let server = try await ServeProcess.start(
            ["serve", "--port", "0", "--offline", "--lang", "en"], databasePath: databasePath, environment: ["XDG_CACHE_HOME": cache])
        let address = server.firstLine
        let port = try #require(Int(address.dropFirst("http://127.0.0.1:".count).dropLast()), "\(address) \(server.stderr)")

        let navigation = try await RawHTTPClient.send("GET", "/opds", port: port)
        #expect(navigation.status == 200)
        #expect(navigation.headers["content-type"] == "application/atom+xml;profile=opds-catalog;kind=navigation;charset=utf-8")
        #expect(navigation.text.contains("<title>Zhihu Daily e-books</title>"), "worded in the server's language")
        let days = try await RawHTTPClient.send("GET", "/opds/days", port: port)
        let first = try #require(days.text.components(separatedBy: "href=\"../edition/").dropFirst().first?.prefix { $0 != "\"" })
        let book = try await RawHTTPClient.send("GET", "/edition/" + first, port: port)
        #expect(book.status == 200 && book.headers["content-type"] == "application/epub+zip")
        #expect(Array(book.body.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])

        let editions = cache + "/newsctl/editions"
        let runs = try FileManager.default.contentsOfDirectory(atPath: editions)
        #expect(runs.count == 1 && runs.allSatisfy { $0.hasPrefix("run-") }, "\(runs)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: editions + "/" + (runs.first ?? ""))
        #expect(kept.filter { $0.hasSuffix(".epub") }.count == 1, "\(kept)")
        let besideTheArchive = try FileManager.default.contentsOfDirectory(atPath: archive)
        #expect(besideTheArchive.allSatisfy { $0.hasPrefix("news.sqlite") }, "nothing beside the archive but its own: \(besideTheArchive)")

        server.signal(SIGTERM)
        let ended = try await server.waitForExit()
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: editions) == [], "the run's folder goes with the server")
    }
}
