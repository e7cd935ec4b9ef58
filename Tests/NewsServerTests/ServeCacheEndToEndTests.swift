import Foundation
import Testing
import TestSupport

/// The built `newsctl serve` with its response cache: a page is never older than the archive,
/// whoever wrote to it. `NEWSCTL_SERVE_CACHE=3600` keeps pages for the hour, so that only the
/// archive's change token can make them again.
@Suite(.serialized) struct ServeCacheEndToEndTests {
    private static let story = 9_759_301
    private static let favoriteLink = "href=\"story/\(story).html\""

    /// An archive holding the fixtures' last three days with their details, and its server.
    private func serving() async throws -> (databasePath: String, server: ServeProcess, port: Int) {
        let source = LoopbackServer()
        try await source.start()
        let databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
        let sync = try await ServeProcess.run(
            ["sync", "--days", "3", "--details", "--base-url", await source.baseURL], databasePath: databasePath)
        await source.stop()
        #expect(sync.status == 0, "\(sync.stderr)")
        let server = try await ServeProcess.start(
            ["serve", "--port", "0", "--offline"], databasePath: databasePath, environment: ["NEWSCTL_SERVE_CACHE": "3600"])
        let address = server.firstLine
        let port = try #require(Int(address.dropFirst("http://127.0.0.1:".count).dropLast()), "\(address) \(server.stderr)")
        return (databasePath, server, port)
    }

    private func favorites(_ port: Int) async throws -> String {
        let page = try await RawHTTPClient.send("GET", "/favorites.html", port: port)
        #expect(page.status == 200)
        return page.text
    }

    @Test func anotherProcesssWriteIsServedOnTheNextRequest() async throws {
        let (databasePath, server, port) = try await serving()
        for _ in 0..<2 { #expect(try await !favorites(port).contains(Self.favoriteLink)) }
        let added = try await ServeProcess.run(["fav", "add", "\(Self.story)"], databasePath: databasePath)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try await favorites(port).contains(Self.favoriteLink), "the favourite another process added")
        let removed = try await ServeProcess.run(["fav", "rm", "\(Self.story)"], databasePath: databasePath)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try await !favorites(port).contains(Self.favoriteLink), "and removed")
        server.signal(SIGTERM)
        _ = try await server.waitForExit()
    }

    @Test func aToggleThroughTheServerIsSeenAtOnce() async throws {
        let (_, server, port) = try await serving()
        let story = "/story/\(Self.story).html"
        let before = try await RawHTTPClient.send("GET", story, port: port)
        for _ in 0..<2 { #expect(try await !favorites(port).contains(Self.favoriteLink)) }
        let toggled = try await RawHTTPClient.send(
            "POST", "/story/\(Self.story)/favorite", port: port,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://127.0.0.1:\(port)")])
        #expect(toggled.status == 303, "\(toggled.text)")
        #expect(try await favorites(port).contains(Self.favoriteLink))
        let after = try await RawHTTPClient.send("GET", story, port: port, headers: [("If-None-Match", before.headers["etag"] ?? "")])
        #expect(after.status == 200, "the story page shows it kept: not the copy the browser has")
        #expect(after.body != before.body)
        server.signal(SIGTERM)
        _ = try await server.waitForExit()
    }
}
