import Foundation
import NewsServer
import NewsWeb
import SyncEngine
import Testing
import TestSupport

/// A site whose every GET is a 200 of `size` bytes (`/<name>-<size>.html`), counting how often
/// each path was asked: a cached answer never reaches it.
private final class CountingSite: WebSite {
    private let asked = Locked<[String: Int]>([:])

    func times(_ path: String) -> Int { asked.withLock { $0[path] ?? 0 } }

    func respond(to request: WebRequest) async -> WebResponse {
        asked.withLock { $0[request.path, default: 0] += 1 }
        if request.path.hasPrefix("/slow") { try? await Task.sleep(for: .milliseconds(300)) }
        if request.method == "POST" { return WebResponse(status: 303, contentType: "text/plain", body: [], location: "/") }
        let size = Int(request.path.split(separator: "-").last?.split(separator: ".").first ?? "") ?? 10
        let body = Array((request.path + (request.query["q"] ?? "") + String(repeating: "x", count: size)).utf8.prefix(size))
        return WebResponse(status: 200, contentType: "text/html; charset=utf-8", body: body)
    }
}

/// The token and the window, moved by the test.
private final class Knobs: Sendable {
    let token = Locked<Int?>(1)
    let window = Locked<Int64>(0)

    func caching(entries: Int = 256, bytes: Int = 32 << 20) -> ResponseCaching {
        var caching = ResponseCaching { [token] in token.withLock { $0 } }
        caching.entries = entries
        caching.bytes = bytes
        caching.window = { [window] in window.withLock { $0 } }
        return caching
    }
}

@Suite struct ResponseCacheTests {
    @Test func aRepeatIsSentFromTheCacheUntilTheTokenOrTheSecondMoves() async throws {
        let site = CountingSite()
        let knobs = Knobs()
        let server = try await RunningServer.start(site, caching: knobs.caching())
        let first = try await server.send("GET", "/a-100.html")
        let tag = try #require(first.headers["etag"])
        let again = try await server.send("GET", "/a-100.html")
        #expect(again.status == 200)
        #expect(again.body == first.body)
        #expect(again.headers["etag"] == tag)
        #expect(again.headers["x-content-type-options"] == "nosniff", "the security headers on a cached answer too")
        let notModified = try await server.send("GET", "/a-100.html", headers: [("If-None-Match", tag)])
        #expect(notModified.status == 304)
        let head = try await server.send("HEAD", "/a-100.html")
        #expect(head.headers["etag"] == tag)
        #expect(head.body.isEmpty)
        #expect(site.times("/a-100.html") == 1, "one rendering for GET, GET, 304 and HEAD")
        // Another query is another page.
        _ = try await server.send("GET", "/a-100.html?q=1")
        #expect(site.times("/a-100.html") == 2)

        knobs.token.withLock { $0 = 2 }  // the archive changed
        _ = try await server.send("GET", "/a-100.html")
        #expect(site.times("/a-100.html") == 3)
        _ = try await server.send("GET", "/a-100.html")
        #expect(site.times("/a-100.html") == 3)
        knobs.window.withLock { $0 += 1 }  // the next second: an age may read differently
        _ = try await server.send("GET", "/a-100.html")
        #expect(site.times("/a-100.html") == 4)
        knobs.token.withLock { $0 = nil }  // unknown: nothing is kept or sent from the cache
        _ = try await server.send("GET", "/a-100.html")
        _ = try await server.send("GET", "/a-100.html")
        #expect(site.times("/a-100.html") == 6)
        await server.stop()
    }

    @Test func requestsWhileAPageIsBeingMadeWaitForItInsteadOfMakingItAgain() async throws {
        let site = CountingSite()
        let server = try await RunningServer.start(site, caching: Knobs().caching())
        let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<4 { group.addTask { try await server.send("GET", "/slow-50.html").body } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies.count == 4)
        #expect(Set(bodies).count == 1)
        #expect(site.times("/slow-50.html") == 1, "one rendering for four requests at once")
        await server.stop()
    }

    @Test func postsAlwaysReachTheSite() async throws {
        let site = CountingSite()
        let server = try await RunningServer.start(site, caching: Knobs().caching())
        let own = [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://127.0.0.1:\(server.port)")]
        for _ in 0..<2 { #expect(try await server.send("POST", "/story/1/favorite", headers: own).status == 303) }
        #expect(site.times("/story/1/favorite") == 2)
        await server.stop()
    }

    @Test func theLeastRecentlyUsedGoesFirstAndTheBoundsHold() async throws {
        let site = CountingSite()
        let server = try await RunningServer.start(site, caching: Knobs().caching(entries: 3, bytes: 8_000))
        for path in ["/p1-10.html", "/p2-10.html", "/p3-10.html", "/p1-10.html", "/p4-10.html"] {
            _ = try await server.send("GET", path)
        }
        // p2 was the least recently used when p4 came: gone; p1, p3 and p4 kept.
        for path in ["/p1-10.html", "/p3-10.html", "/p4-10.html"] { _ = try await server.send("GET", path) }
        #expect([1, 2, 3, 4].map { site.times("/p\($0)-10.html") } == [1, 1, 1, 1])
        _ = try await server.send("GET", "/p2-10.html")
        #expect(site.times("/p2-10.html") == 2)

        // Bytes: eight answers of 1,000 fill 8,000; a ninth pushes out the oldest.
        let bytes = try await RunningServer.start(site, caching: Knobs().caching(entries: 256, bytes: 8_000))
        for index in 1...9 { _ = try await bytes.send("GET", "/b\(index)-1000.html") }
        _ = try await bytes.send("GET", "/b9-1000.html")
        _ = try await bytes.send("GET", "/b2-1000.html")
        #expect(site.times("/b9-1000.html") == 1)
        #expect(site.times("/b2-1000.html") == 1)
        _ = try await bytes.send("GET", "/b1-1000.html")
        #expect(site.times("/b1-1000.html") == 2, "the oldest went to make room")
        // An answer over an eighth of the bytes is never kept.
        for _ in 0..<2 { _ = try await bytes.send("GET", "/big-1001.html") }
        #expect(site.times("/big-1001.html") == 2)
        await bytes.stop()
        await server.stop()
    }
}
