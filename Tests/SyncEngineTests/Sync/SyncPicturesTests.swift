import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// A day whose stories' pictures live on the loopback server: story 1 has a thumbnail, a banner
/// (it is the top story), a headline picture, two body pictures and an author's avatar; story 2
/// a thumbnail and one of story 1's body pictures.
struct PictureSource {
    let root: String
    let latest = Day("20230320")!
    static let first: Int64 = 2023032001
    static let second: Int64 = 2023032002

    /// Path → fixture file of every picture the stories use.
    static let pictures: [String: String] = [
        "/pictures/thumb-1.jpg": "baseline.jpg", "/pictures/banner-1.jpg": "progressive.jpg",
        "/pictures/headline-1.png": "picture.png", "/pictures/body-1.gif": "picture.gif",
        "/pictures/shared.webp": "lossy.webp", "/pictures/thumb-2.webp": "lossless.webp",
    ]
    static let avatar = "/pictures/avatar.jpg"
    /// The day before: one story, with a thumbnail of its own and the shared body picture.
    static let older: Int64 = 2023031901
    static let olderThumbnail = "/pictures/old.png"

    init(server: LoopbackServer) async {
        root = String((await server.baseURL).dropLast("/api/4".count))
    }

    func url(_ path: String) -> String { root + path }

    func latestPage() -> String {
        func item(_ id: Int64, thumbnail: String) -> [String: Any] {
            [
                "id": id, "title": "第\(id)号故事", "hint": "作者 · 1 分钟阅读", "type": 0, "ga_prefix": "032007",
                "image_hue": "0x123456", "url": "https://daily.zhihu.com/story/\(id)", "images": [url(thumbnail)],
            ]
        }
        var banner = item(Self.first, thumbnail: "/pictures/thumb-1.jpg")
        banner["images"] = nil
        banner["image"] = url("/pictures/banner-1.jpg")
        return json([
            "date": latest.description,
            "stories": [item(Self.first, thumbnail: "/pictures/thumb-1.jpg"), item(Self.second, thumbnail: "/pictures/thumb-2.webp")],
            "top_stories": [banner],
        ])
    }

    func detail(_ id: Int64) -> String {
        let body =
            id == Self.first
            ? """
            <div class="content"><div class="meta"><img class="avatar" src="\(url(Self.avatar))"><span class="author">作者</span></div>
            <p>第一段。</p><figure><img src="\(url("/pictures/body-1.gif"))"><figcaption>气压图</figcaption></figure>
            <p>第二段。</p><img src="\(url("/pictures/shared.webp"))"></div>
            """
            : "<div class=\"content\"><p>正文。</p><img src=\"\(url("/pictures/shared.webp"))\"></div>"
        var object: [String: Any] = [
            "id": id, "title": "第\(id)号故事", "type": 0, "body": body, "share_url": "http://daily.zhihu.com/story/\(id)",
        ]
        if id == Self.first { object["image"] = url("/pictures/headline-1.png") }
        return json(object)
    }

    func olderPage() -> String {
        json([
            "date": latest.adding(days: -1).description,
            "stories": [
                [
                    "id": Self.older, "title": "第\(Self.older)号故事", "hint": "作者 · 1 分钟阅读", "type": 0, "ga_prefix": "031907",
                    "image_hue": "0x123456", "url": "https://daily.zhihu.com/story/\(Self.older)",
                    "images": [url(Self.olderThumbnail)],
                ] as [String: Any]
            ],
        ])
    }

    /// Serves the day, both details and counters, and every picture as its fixture (as
    /// `application/octet-stream`: the format comes from the bytes).
    func serve(_ server: LoopbackServer) throws {
        server.setReply(.body(status: 200, text: latestPage()), for: "/api/4/news/latest")
        for id in [Self.first, Self.second] {
            server.setReply(.body(status: 200, text: detail(id)), for: "/api/4/news/\(id)")
            server.setReply(.body(status: 200, text: SyntheticSource().extra()), for: "/api/4/story-extra/\(id)")
        }
        for (path, file) in Self.pictures {
            server.setReply(.bytes(contentType: "application/octet-stream", try Fixtures.picture(file)), for: path)
        }
        server.setReply(.bytes(contentType: "image/jpeg", try Fixtures.picture("baseline.jpg")), for: Self.avatar)
        server.setReply(.body(status: 200, text: olderPage()), for: "/api/4/news/before/\(latest)")
        server.setReply(
            .body(status: 200, text: detail(Self.second).replacingOccurrences(of: "\(Self.second)", with: "\(Self.older)")),
            for: "/api/4/news/\(Self.older)")
        server.setReply(.body(status: 200, text: SyntheticSource().extra()), for: "/api/4/story-extra/\(Self.older)")
        server.setReply(.bytes(contentType: "image/png", try Fixtures.picture("picture.png")), for: Self.olderThumbnail)
    }

    private func json(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}

/// What the archive file holds of its pictures, read with a connection of its own.
struct KeptPictures {
    struct Row: Equatable {
        let key: String
        let format: String
        let width: Int
        let height: Int
        let byteCount: Int
        let bytes: [UInt8]
    }

    let rows: [Row]
    let references: [(story: Int64, role: String, number: Int, key: String)]
    let failed: [(key: String, reason: String)]

    init(path: String) throws {
        let database = try Database(path: path)
        rows = try database.query(
            """
            SELECT p.key, p.format, p.width, p.height, p.byte_count, b.bytes
            FROM picture p LEFT JOIN picture_bytes b ON b.key = p.key ORDER BY p.key
            """
        ) {
            Row(
                key: $0.text(at: 0), format: $0.text(at: 1), width: Int($0.int64(at: 2)), height: Int($0.int64(at: 3)),
                byteCount: Int($0.int64(at: 4)), bytes: $0.bytes(at: 5))
        }
        references = try database.query("SELECT story_id, role, number, key FROM story_picture ORDER BY story_id, role, number") {
            ($0.int64(at: 0), $0.text(at: 1), Int($0.int64(at: 2)), $0.text(at: 3))
        }
        failed = try database.query("SELECT key, reason FROM failed_picture ORDER BY key") { ($0.text(at: 0), $0.text(at: 1)) }
    }

    func row(_ url: String) -> Row? { rows.first { $0.key == url } }
}

@Suite struct SyncPicturesTests {
    private func pictureRequests(_ server: LoopbackServer) -> [String] {
        server.requestedPaths.filter { $0.hasPrefix("/pictures/") }
    }

    @Test func eachPictureIsFetchedOnceKeptWholeAndNeverFetchedAgain() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        let request = SyncRequest(span: .lastDays(1), includeImages: true)
        let summary = try await h.engine.sync(request)
        #expect(summary.failures.isEmpty)
        #expect(summary.detailsFetched == 2)  // Pictures imply details: they name the headline and body pictures.
        #expect(summary.picturesFetched == PictureSource.pictures.count)
        for path in PictureSource.pictures.keys { #expect(h.server.requestCount(path) == 1, "\(path)") }
        #expect(h.server.requestCount(PictureSource.avatar) == 0)
        #expect(h.server.referers.allSatisfy { $0 == nil })

        let kept = try KeptPictures(path: h.path)
        #expect(kept.rows.count == PictureSource.pictures.count)
        for (path, file) in PictureSource.pictures {
            let row = try #require(kept.row(source.url(path)), "\(path)")
            let bytes = try Fixtures.picture(file)
            let info = try PictureCheck().check(bytes)
            #expect(row.bytes == bytes && row.byteCount == bytes.count)
            #expect(row.format == info.format.rawValue && row.width == info.width && row.height == info.height)
        }
        // The shared picture is one row, used by both stories.
        let shared = source.url("/pictures/shared.webp")
        #expect(kept.references.filter { $0.key == shared }.map(\.story) == [PictureSource.first, PictureSource.second])
        let first = kept.references.filter { $0.story == PictureSource.first }.map { "\($0.role) \($0.number)" }
        #expect(first == ["banner 0", "body 1", "body 2", "headline 0", "thumbnail 0"])

        let before = pictureRequests(h.server).count
        let again = try await h.engine.sync(request)
        #expect(pictureRequests(h.server).count == before)
        #expect(again.picturesFetched == 0 && again.picturesPresent == PictureSource.pictures.count)
        await h.server.stop()
    }

    @Test func picturesAreAskedForAsPicturesWithNoReferer() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        _ = try await h.engine.sync(SyncRequest(span: .lastDays(1), includeImages: true))
        for path in PictureSource.pictures.keys {
            #expect(h.server.accepts(path) == ["image/webp,image/jpeg,image/png,image/gif"], "\(path)")
        }
        // The API's requests still ask for JSON.
        #expect(h.server.accepts("/api/4/news/latest").allSatisfy { $0 == "application/json" })
        #expect(h.server.accepts("/api/4/news/\(PictureSource.first)") == ["application/json"])
        #expect(h.server.referers.allSatisfy { $0 == nil })
        // A read for an image view asks the same way.
        let fresh = source.url("/pictures/old.png")
        _ = try await h.engine.picture(url: fresh, policy: .networkOnly)
        #expect(h.server.accepts(PictureSource.olderThumbnail) == ["image/webp,image/jpeg,image/png,image/gif"])
        await h.server.stop()
    }

    @Test func hostilePicturesAreNamedAndTheSyncStaysWhole() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        let bad: [String: LoopbackServer.Reply] = [
            "/pictures/thumb-1.jpg": .body(status: 404, contentType: "text/html", text: "<html>404</html>"),
            "/pictures/banner-1.jpg": .body(
                status: 200, contentType: "image/jpeg", text: "<!DOCTYPE html><html><body>请勿盗链</body></html>"),
            "/pictures/headline-1.png": .bytes(contentType: "image/png", PictureCheckTests.png(width: 30000, height: 30000, padTo: 200)),
            "/pictures/body-1.gif": .large(contentType: "image/gif", prefix: try Fixtures.picture("picture.gif"), count: 64 << 20),
            "/pictures/thumb-2.webp": .body(status: 403, contentType: "text/html", text: "<html>Forbidden</html>"),
        ]
        for (path, reply) in bad { h.server.setReply(reply, for: path) }
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(1), includeImages: true))

        #expect(summary.daysFetched == 1 && summary.detailsFetched == 2 && summary.skipped == 0)
        #expect(summary.picturesFetched == 1)
        var reasons: [String: String] = [:]
        for failure in summary.failures {
            guard case .picture(let key) = failure.item else {
                Issue.record("not a picture: \(failure.item)")
                continue
            }
            reasons[String(key.dropFirst(source.root.count))] = failure.error.remoteError?.message
        }
        #expect(Set(reasons.keys) == Set(bad.keys))
        #expect(reasons["/pictures/thumb-1.jpg"] == "HTTP 404")
        #expect(reasons["/pictures/banner-1.jpg"]?.contains("HTML") == true)
        #expect(reasons["/pictures/headline-1.png"]?.contains("30000 x 30000") == true)
        #expect(reasons["/pictures/body-1.gif"]?.contains("larger than the cap") == true)
        #expect(reasons["/pictures/thumb-2.webp"] == "HTTP 403")
        #expect(summary.failures.first { $0.item == .picture(source.url("/pictures/thumb-1.jpg")) }?.error.code == .notFound)
        var why: [String: PictureFailureReason] = [:]
        for failure in summary.failures {
            if case .picture(let key) = failure.item { why[String(key.dropFirst(source.root.count))] = failure.pictureReason }
        }
        let expected: [String: PictureFailureReason] = [
            "/pictures/thumb-1.jpg": .httpStatus(404), "/pictures/banner-1.jpg": .refused(.notAPicture),
            "/pictures/headline-1.png": .refused(.tooManyPixels), "/pictures/body-1.gif": .refused(.tooLarge),
            "/pictures/thumb-2.webp": .httpStatus(403),
        ]
        #expect(why == expected)
        // The archive keeps each reason, for status.
        let counts = try await h.engine.status().pictures
        #expect(counts.failing == 5)
        #expect(
            counts.failingReasons == [
                .httpStatus(404): 1, .httpStatus(403): 1, .refused(.notAPicture): 1, .refused(.tooManyPixels): 1, .refused(.tooLarge): 1,
            ])

        let kept = try KeptPictures(path: h.path)
        #expect(kept.rows.map(\.key) == [source.url("/pictures/shared.webp")])
        #expect(Set(kept.failed.map(\.key)) == Set(bad.keys.map(source.url)))
        // The day and both stories are whole.
        #expect(try await h.engine.detail(id: PictureSource.first, policy: .cacheOnly).detail.image != nil)
        #expect(try await h.engine.detail(id: PictureSource.second, policy: .cacheOnly).detail.title == "第\(PictureSource.second)号故事")
        await h.server.stop()
    }

    @Test func aFailedPictureWaitsForItsNextTryLikeAFailingStory() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        let path = "/pictures/thumb-2.webp"
        h.server.setReply(.body(status: 500, contentType: "text/html", text: "<html>oops</html>"), for: path)
        let request = SyncRequest(span: .lastDays(1), includeImages: true)
        #expect(try await h.engine.sync(request).failures.map(\.item) == [.picture(source.url(path))])

        h.server.setReply(.bytes(contentType: "image/webp", try Fixtures.picture("lossless.webp")), for: path)
        let waiting = try await h.engine.sync(request)
        #expect(waiting.picturesDeferred == 1 && waiting.failures.isEmpty)
        #expect(h.server.requestCount(path) == 1)

        h.clock.advance(by: FailedStoryStore.delay(afterFailures: 1) + 1)
        let retried = try await h.engine.sync(request)
        #expect(retried.picturesFetched == 1 && retried.picturesDeferred == 0)
        #expect(h.server.requestCount(path) == 2)
        let kept = try KeptPictures(path: h.path)
        #expect(kept.row(source.url(path))?.width == 47 && kept.failed.isEmpty)
        await h.server.stop()
    }
}
