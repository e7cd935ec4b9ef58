import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// Story details, counters, favourites and read marks over real SQLite and loopback HTTP.
@Suite struct DetailTests {
    private let storyID: Int64 = 9_759_301
    private let detailPath = "/api/4/news/9759301"
    private let extraPath = "/api/4/story-extra/9759301"

    private struct Harness {
        let server: LoopbackServer
        let engine: SyncEngine
        let clock: TestClock
        let path: String
        let transport: RecordingTransport
    }

    private func harness(path: String? = nil, timeout: Duration = TimeBound.requestBudget) async throws -> Harness {
        let server = LoopbackServer()
        try await server.start()
        let path = try path ?? temporaryDatabasePath()
        let clock = TestClock()
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = [await server.baseURL]
        configuration.networkTimeout = timeout
        configuration.retryPolicy = .none
        let transport = RecordingTransport()
        return Harness(
            server: server, engine: try SyncEngine(configuration: configuration, transport: transport, clock: clock),
            clock: clock, path: path, transport: transport)
    }

    @Test func aDetailIsFetchedWithItsCountersThenServedFromTheArchive() async throws {
        let h = try await harness()
        let first = try await h.engine.detail(id: storyID)
        #expect(first.detail.title == "为什么春天的风总是特别大？")
        #expect(first.detail.imageSource == "Yestone.com 版权图片库")
        #expect(first.detail.shareURL == "http://daily.zhihu.com/story/9759301")
        #expect(first.detail.publishTime == 1_678_752_000)
        #expect(first.provenance.origin == .network)
        #expect(first.extra == StoryExtra(popularity: 474, comments: 60, longComments: 0, shortComments: 60))
        #expect(first.extraProvenance?.origin == .network)
        #expect(first.marks == .none)

        let again = try await h.engine.detail(id: storyID)
        #expect(again.provenance.origin == .cache)
        #expect(again.extraProvenance?.origin == .cache)
        #expect(h.server.requestCount(detailPath) == 1)
        #expect(h.server.requestCount(extraPath) == 1)
        await h.server.stop()
    }

    @Test func aDetailIsFinalButItsCountersExpireAfterTenMinutes() async throws {
        let h = try await harness()
        _ = try await h.engine.detail(id: storyID)
        h.clock.advance(by: 601)
        h.server.setReply(
            .body(status: 200, text: #"{"long_comments":1,"popularity":500,"short_comments":61,"comments":62}"#), for: extraPath)
        let later = try await h.engine.detail(id: storyID)
        #expect(later.provenance.origin == .cache)
        #expect(later.extra?.popularity == 500)
        #expect(later.extraProvenance?.origin == .network)
        #expect(h.server.requestCount(detailPath) == 1)
        #expect(h.server.requestCount(extraPath) == 2)

        // Refresh refetches the detail itself.
        _ = try await h.engine.detail(id: storyID, policy: .networkOnly)
        #expect(h.server.requestCount(detailPath) == 2)
        await h.server.stop()
    }

    @Test func countersThatCannotBeFetchedAreStaleOrAbsentNeverAFailure() async throws {
        let h = try await harness()
        h.server.setReply(.body(status: 500, text: "{}"), for: extraPath)
        let page = try await h.engine.detail(id: storyID)
        #expect(page.extra == nil)
        #expect(page.extraProvenance == nil)

        h.server.setReply(.fixture("story-extra/9759301"), for: extraPath)
        h.clock.advance(by: 601)
        _ = try await h.engine.detail(id: storyID)
        h.clock.advance(by: 601)
        h.server.setReply(.body(status: 500, text: "{}"), for: extraPath)
        let stale = try await h.engine.detail(id: storyID)
        #expect(stale.extra?.popularity == 474)
        #expect(stale.extraProvenance?.staleReason == .serverError)
        await h.server.stop()
    }

    @Test func aServerErrorOnOneStoryFailsThatStoryOnly() async throws {
        let h = try await harness()
        h.server.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/9759302")
        let error = await #expect(throws: SyncError.self) { try await h.engine.detail(id: 9_759_302) }
        #expect(error?.code == .unavailable)
        #expect(try await h.engine.latest().stories.count == 6)
        #expect(try await h.engine.detail(id: storyID).detail.id == storyID)
        await h.server.stop()
    }

    @Test func anOffSiteArticleHasNoBodyAndPointsToItsURL() async throws {
        let h = try await harness()
        let page = try await h.engine.detail(id: 9_759_306)
        #expect(page.detail.isOffSite)
        #expect(page.detail.type == 1)
        #expect(page.detail.readableText == nil)
        #expect(page.detail.image == nil)
        #expect(page.detail.url == "https://daily.zhihu.com/story/9759306")
        await h.server.stop()
    }

    @Test func anAnswerForAnotherStoryIsRejectedAndWritesNothing() async throws {
        let h = try await harness()
        h.server.setReply(.fixture("news/9759306"), for: detailPath)
        let error = await #expect(throws: SyncError.self) { try await h.engine.detail(id: storyID) }
        #expect(error?.code == .badResponse)
        let offline = await #expect(throws: SyncError.self) { try await h.engine.detail(id: storyID, policy: .cacheOnly) }
        #expect(offline?.code == .notCached)
        await h.server.stop()
    }

    @Test func theBodyIsStoredDeflatedWithItsReadableTextWhichTheIndexReads() async throws {
        let h = try await harness()
        let fetched = try await h.engine.detail(id: storyID)
        let database = try Database(path: h.path)
        let (type, stored, text) = try #require(
            try database.query("SELECT typeof(body), length(body), story_text(body) FROM story_detail WHERE id = ?", [.integer(storyID)]) {
                ($0.text(at: 0), Int($0.int64(at: 1)), $0.text(at: 2))
            }.first)
        let html = try #require(fetched.detail.bodyHTML)
        #expect(type == "blob")
        #expect(stored * 10 < html.utf8.count * 7, "deflated: \(stored) bytes for \(html.utf8.count)")
        #expect(
            try database.query("SELECT name FROM pragma_table_info('story_detail') WHERE name = 'body_text'") { $0.text(at: 0) }.isEmpty)
        #expect(text.contains("为什么春天的风总是特别大？"))
        #expect(text.contains("**第一，冷暖空气交替频繁。**"))
        #expect(text.contains("[图片 1：三月的气压图]"))
        #expect(!text.contains("window.daily"))
        #expect(!text.contains("&nbsp;"))
        #expect(text == fetched.detail.readableText?.plainText)
        // Read back offline: the HTML as it came.
        #expect(try await h.engine.detail(id: storyID, policy: .cacheOnly).detail.bodyHTML == html)
        await h.server.stop()
    }

    @Test func favouritesCacheTheirDetailAndWorkOffline() async throws {
        let h = try await harness()
        let favorite = try await h.engine.addFavorite(id: storyID)
        #expect(favorite.title == "为什么春天的风总是特别大？")
        #expect(favorite.isDetailCached)
        await h.server.stop()

        // Offline: the detail is there and the list of favourites too.
        let page = try await h.engine.detail(id: storyID, policy: .cacheOnly)
        #expect(page.marks == StoryMarks(isFavorite: true, isRead: false))
        try await h.engine.markRead(id: storyID)
        #expect(try await h.engine.favorites().map(\.isRead) == [true])
        #expect(try await h.engine.removeFavorite(id: storyID))
        #expect(try await !h.engine.removeFavorite(id: storyID))
        #expect(try await h.engine.favorites().isEmpty)
    }

    @Test func offlineAFavouriteOfAListedStoryIsAddedByItsTitle() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()
        await h.server.stop()
        let favorite = try await h.engine.addFavorite(id: 9_759_303)
        #expect(favorite.title == "一座城市的地铁线路是怎样规划出来的？")
        #expect(!favorite.isDetailCached)
        let unknown = await #expect(throws: SyncError.self) { try await h.engine.addFavorite(id: 1) }
        #expect(unknown?.code == .unavailable)
    }

    @Test func favouritesAndReadMarksSurviveACacheRebuild() async throws {
        let h = try await harness()
        try await h.engine.addFavorite(id: storyID)
        try await h.engine.markRead(id: 9_759_302)
        await h.server.stop()

        let report = try ArchiveMaintenance.rebuild(databasePath: h.path)
        #expect(report.keptRows == ["favorite": 1, "read_mark": 1])
        #expect(report.unreadableTables.isEmpty)

        let reopened = try SyncEngine(configuration: .init(databasePath: h.path))
        #expect(try await reopened.favorites().map(\.title) == ["为什么春天的风总是特别大？"])
        #expect(try await reopened.favorites().first?.isDetailCached == true)  // the favourite's text came with it
        #expect(
            try await reopened.marks(for: [storyID, 9_759_302]) == [
                storyID: StoryMarks(isFavorite: true, isRead: false), 9_759_302: StoryMarks(isFavorite: false, isRead: true),
            ])
        #expect(try await reopened.coverage().cachedRanges.isEmpty)
    }

    @Test func aFavouriteKeepsItsTextCountersAndCommentsThroughARebuild() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()
        try await h.engine.addFavorite(id: storyID)
        try await h.engine.markRead(id: storyID)
        _ = try await h.engine.detail(id: 9_759_306)  // read, not kept
        try await h.engine.markRead(id: 9_759_306)
        CommentPages.serve(h.server, story: storyID, short: [3, 2, 1], long: [10])
        let short = try await h.engine.comments(storyID: storyID, kind: .short)
        let long = try await h.engine.comments(storyID: storyID, kind: .long)
        let before = try await h.engine.detail(id: storyID, policy: .cacheOnly)
        let found = try await h.engine.search("冷暖空气").map(\.id)
        #expect(found == [storyID])
        await h.server.stop()

        let report = try ArchiveMaintenance.rebuild(databasePath: h.path)
        #expect(report.keptFavoriteTexts == 1)
        #expect(ArchiveMaintenance.check(databasePath: h.path).isHealthy)

        let reopened = try SyncEngine(configuration: .init(databasePath: h.path))
        let after = try await reopened.detail(id: storyID, policy: .cacheOnly)
        #expect(after.detail == before.detail)
        #expect(after.detail.bodyHTML?.contains("冷暖空气交替频繁") == true)
        #expect(after.extra == before.extra)
        #expect(after.marks == StoryMarks(isFavorite: true, isRead: true))
        #expect(try await reopened.comments(storyID: storyID, kind: .short, policy: .cacheOnly).comments == short.comments)
        #expect(try await reopened.comments(storyID: storyID, kind: .long, policy: .cacheOnly).comments == long.comments)
        #expect(try await reopened.search("冷暖空气").map(\.id) == found)
        // What was only read is cache: it refills from the network, its mark stays.
        let other = await #expect(throws: SyncError.self) { try await reopened.detail(id: 9_759_306, policy: .cacheOnly) }
        #expect(other?.code == .notCached)
        #expect(try await reopened.marks(for: [9_759_306]) == [9_759_306: StoryMarks(isFavorite: false, isRead: true)])
    }

    @Test func twoRebuildsInTheSameSecondKeepBothOldFiles() async throws {
        let h = try await harness()
        try await h.engine.addFavorite(id: storyID)
        await h.server.stop()
        let clock = TestClock()  // Stands still: both rebuilds happen in the same second.
        let first = try ArchiveMaintenance.rebuild(databasePath: h.path, clock: clock)
        let second = try ArchiveMaintenance.rebuild(databasePath: h.path, clock: clock)
        let firstBackup = try #require(first.backupPath)
        #expect(second.backupPath == firstBackup + "-2")
        #expect(second.keptRows == ["favorite": 1, "read_mark": 0])
        for backup in [firstBackup, firstBackup + "-2"] { #expect(FileManager.default.fileExists(atPath: backup), "\(backup)") }
        #expect(ArchiveMaintenance.check(databasePath: h.path).isHealthy)
    }

    @Test func aStoryAnswerWithoutABodyIsBadDataAndIsNotKept() async throws {
        let h = try await harness()
        h.server.setReply(.body(status: 200, text: #"{"id":9759301,"title":"登录","type":0}"#), for: detailPath)
        let error = await #expect(throws: SyncError.self) { try await h.engine.detail(id: storyID) }
        #expect(error?.code == .badResponse)
        let offline = await #expect(throws: SyncError.self) { try await h.engine.detail(id: storyID, policy: .cacheOnly) }
        #expect(offline?.code == .notCached)
        await h.server.stop()
    }

    @Test func aStoryAndItsCountersShareOneDeadline() async throws {
        let h = try await harness(timeout: .seconds(20))
        h.server.setReply(.delayed(.milliseconds(1_000), .fixture("news/9759301")), for: detailPath)
        h.server.setReply(.delayed(.seconds(60), .fixture("story-extra/9759301")), for: extraPath)
        let start = ContinuousClock.now
        let page = try await h.engine.detail(id: storyID)
        // One 20 s deadline for both requests (room for a loaded machine to answer the first):
        // the counters got what the story's 1 s left of it.
        let extraTimeouts = h.transport.timeouts(endingWith: "/story-extra/9759301")
        // (A timed-out attempt may be retried within what is left.)
        #expect(!extraTimeouts.isEmpty)
        #expect(extraTimeouts.allSatisfy { $0 <= .seconds(19) }, "\(extraTimeouts)")
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < TimeBound.within(.seconds(20)), "took \(elapsed)")
        #expect(page.provenance.origin == .network)
        #expect(page.extra == nil)
        await h.server.stop()
    }

    @Test func anOfflineFavouriteNeverTouchesTheNetwork() async throws {
        let h = try await harness()
        let error = await #expect(throws: SyncError.self) { try await h.engine.addFavorite(id: storyID, policy: .cacheOnly) }
        #expect(error?.code == .notCached)
        #expect(h.server.requestedPaths.isEmpty)
        await h.server.stop()
    }

    @Test func aRebuildThatCannotReadAUserTableChangesNothingUnlessForced() async throws {
        let h = try await harness()
        try await h.engine.addFavorite(id: storyID)
        await h.server.stop()
        do {
            // The old file's read marks become unreadable (a view over a table that is gone).
            let database = try Database(path: h.path)
            try database.execute(
                "DROP TABLE read_mark; CREATE TABLE gone (x); CREATE VIEW read_mark AS SELECT x AS story_id, x AS read_at FROM gone; DROP TABLE gone"
            )
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: h.path))
        let error = #expect(throws: SyncError.self) { try ArchiveMaintenance.rebuild(databasePath: h.path) }
        #expect(error?.message.contains("read_mark") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: h.path)) == before)
        let folder = (h.path as NSString).deletingLastPathComponent
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy {
                !$0.contains("before-rebuild") && !$0.hasSuffix(".rebuild")
            })

        let forced = try ArchiveMaintenance.rebuild(databasePath: h.path, force: true)
        #expect(forced.unreadableTables == ["read_mark"])
        #expect(forced.keptRows["favorite"] == 1)
        #expect(try forced.backupPath.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } != nil)
    }
}
