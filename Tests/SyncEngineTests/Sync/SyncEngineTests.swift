import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// The engine over a real SQLite file and the real libcurl transport against a loopback server.
@Suite struct SyncEngineTests {
    private let latestPath = "/api/4/news/latest"
    private let day13 = Day("20230313")!
    private let day13Path = "/api/4/news/before/20230314"

    private struct Harness {
        let server: LoopbackServer
        let engine: SyncEngine
        let clock: TestClock
        let databasePath: String
        let transport: RecordingTransport
    }

    private func harness(
        databasePath: String? = nil, freshness: Duration = .seconds(300),
        timeout: Duration = TimeBound.requestBudget
    ) async throws -> Harness {
        let server = LoopbackServer()
        try await server.start()
        let path = try databasePath ?? temporaryDatabasePath()
        let clock = TestClock()
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = [await server.baseURL]
        configuration.networkTimeout = timeout
        configuration.partialFreshness = freshness
        let transport = RecordingTransport()
        let engine = try SyncEngine(configuration: configuration, transport: transport, clock: clock)
        return Harness(server: server, engine: engine, clock: clock, databasePath: path, transport: transport)
    }

    @Test func latestComesFromTheNetworkAsAPartialPage() async throws {
        let h = try await harness()
        let page = try await h.engine.latest()
        #expect(page.day == Day("20230314"))
        #expect(page.isLatest)
        #expect(page.stories.count == 6)
        #expect(page.topStories.count == 5)
        #expect(page.provenance.origin == .network)
        #expect(!page.provenance.isFinal)
        #expect(!page.provenance.isStale)
        #expect(page.provenance.fetchedAt == h.clock.now())
        await h.server.stop()
    }

    @Test func aFinalDayIsServedFromTheArchiveWithoutARequest() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()  // the source is at 20230314, so 20230313 is final
        let first = try await h.engine.page(for: day13)
        #expect(first.provenance.origin == .network)
        #expect(first.provenance.isFinal)
        h.clock.advance(by: 30 * 86_400)
        let second = try await h.engine.page(for: day13)
        #expect(second.provenance.origin == .cache)
        #expect(!second.provenance.isStale)
        #expect(second.stories == first.stories)
        #expect(second.provenance.age == .seconds(30 * 86_400))
        #expect(h.server.requestCount(day13Path) == 1)
        await h.server.stop()
    }

    @Test func aForcedReadRefetchesAFinalDay() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()
        #expect(try await h.engine.page(for: day13).provenance.isFinal)
        let refreshed = try await h.engine.page(for: day13, policy: .networkFirst)
        #expect(refreshed.provenance.origin == .network)
        #expect(refreshed.provenance.isFinal)
        #expect(h.server.requestCount(day13Path) == 2)
        await h.server.stop()
    }

    @Test func whetherADayIsFinalIsTheSourcesWordNotTheClocks() async throws {
        let h = try await harness()
        // A fresh archive does not know the source's latest day, so the engine asks for it.
        let day = try await h.engine.page(for: day13)
        #expect(day.provenance.isFinal)
        #expect(h.server.requestedPaths == [day13Path, latestPath])
        // The latest day itself is partial, even read through before/.
        let today = try await h.engine.page(for: Day("20230314")!, policy: .networkFirst)
        #expect(!today.provenance.isFinal)
        #expect(today.isLatest)
        await h.server.stop()
    }

    @Test func withoutTheSourcesLatestDayADayStaysPartial() async throws {
        let h = try await harness()
        h.server.setReply(.body(status: 500, text: "{}"), for: latestPath)
        let day = try await h.engine.page(for: day13)
        #expect(day.provenance.origin == .network)
        #expect(!day.provenance.isFinal)
        await h.server.stop()
    }

    @Test func aPartialDayBecomesFinalOnceTheSourceMovesOn() async throws {
        let h = try await harness()
        let today = Day("20230314")!
        _ = try await h.engine.latest()
        #expect(try await h.engine.page(for: today).provenance.isFinal == false)

        // The source moves on to 20230315; 20230314 is now answered by before/20230315.
        h.server.setReply(
            .body(status: 200, text: #"{"date":"20230315","stories":[{"id":1,"title":"新的一天"}],"top_stories":[]}"#),
            for: latestPath)
        h.server.setReply(.fixture("news/latest"), for: "/api/4/news/before/20230315")
        h.clock.advance(by: 301)
        let completed = try await h.engine.page(for: today)
        #expect(completed.provenance.origin == .network)
        #expect(completed.provenance.isFinal)
        #expect(!completed.isLatest)
        #expect(try await h.engine.latestKnownDay() == Day("20230315"))
        await h.server.stop()
    }

    @Test func aLatestPageThatGoesBackInTimeIsRejected() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()
        h.server.setReply(.fixture("news/before/20230314"), for: latestPath)  // dated 20230313
        let page = try await h.engine.latest()
        #expect(page.provenance.staleReason == .badResponse)
        #expect(page.day == Day("20230314"))
        #expect(page.topStories.count == 5)
        #expect(try await h.engine.latestKnownDay() == Day("20230314"))
        await h.server.stop()
    }

    @Test func anExpiredPartialPageReadOfflineIsMarkedStale() async throws {
        let h = try await harness(freshness: .seconds(300))
        _ = try await h.engine.latest()
        #expect(try await h.engine.latest(policy: .cacheOnly).provenance.isStale == false)
        h.clock.advance(by: 301)
        #expect(try await h.engine.latest(policy: .cacheOnly).provenance.staleReason == .offline)
        await h.server.stop()
    }

    @Test func cancellingAReadCancelsItsTransfer() async throws {
        let h = try await harness(timeout: .seconds(20))
        h.server.setReply(.delayed(.seconds(30), .fixture("news/before/20230314")), for: day13Path)
        let start = ContinuousClock.now
        let read = Task { try await h.engine.page(for: day13) }
        try await Task.sleep(for: .milliseconds(200))
        read.cancel()
        let result = await read.result
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < TimeBound.wellBefore(.seconds(20)), "never waits for the 20 s deadline: took \(elapsed)")
        guard case .failure(let error as SyncError) = result else {
            Issue.record("expected a cancelled read, got \(result)")
            return
        }
        #expect(error.code == .cancelled)
        await h.server.stop()
    }

    @Test func anEarlierAnswerForADayTheSourceHasPublishedIsBadData() async throws {
        let h = try await harness()
        h.server.setReply(.fixture("news/before/20230312"), for: day13Path)  // answers 20230311 for 20230313
        let error = await #expect(throws: SyncError.self) { try await h.engine.page(for: self.day13) }
        #expect(error?.code == .badResponse)
        await h.server.stop()
    }

    @Test func aDayAfterTheSourcesLatestIsNotPublished() async throws {
        let h = try await harness()
        h.server.setReply(.fixture("news/latest"), for: "/api/4/news/before/20230316")  // answers 20230314
        let error = await #expect(throws: SyncError.self) { try await h.engine.page(for: Day("20230315")!) }
        #expect(error?.code == .notPublished)
        // The claim was checked against the source's latest page, and nothing was written for 0315.
        #expect(h.server.requestCount(latestPath) == 1)
        let offline = await #expect(throws: SyncError.self) { try await h.engine.page(for: Day("20230315")!, policy: .cacheOnly) }
        #expect(offline?.code == .notCached)
        await h.server.stop()
    }

    @Test func anEarlierAnswerForADayTheArchiveKnowsIsPublishedIsBadDataWithoutAskingTheSourceAgain() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()  // the archive has seen the source at 20230314
        h.server.setReply(.body(status: 500, text: "{}"), for: latestPath)  // and could not ask it again
        h.server.setReply(.fixture("news/before/20230312"), for: day13Path)  // answers 20230311 for 20230313
        let error = await #expect(throws: SyncError.self) { try await h.engine.page(for: self.day13) }
        #expect(error?.code == .badResponse)
        #expect(
            error?.message.contains("asked for 20230313, the source answered with 20230311, although its latest day is 20230314") == true,
            "\(String(describing: error))")
        #expect(h.server.requestCount(latestPath) == 1, "the archive's latest day settles it")
        for day in [day13, Day("20230311")!] {
            let offline = await #expect(throws: SyncError.self) { try await h.engine.page(for: day, policy: .cacheOnly) }
            #expect(offline?.code == .notCached, "nothing was written for \(day)")
        }
        await h.server.stop()
    }

    @Test func aLatestPageDatedBeforeTheKnownLatestDayDoesNotMakeAPublishedDayUnpublished() async throws {
        let h = try await harness()
        let known = Day("20230425")!
        h.server.setReply(.body(status: 200, text: SyntheticSource().page(known, top: true)), for: latestPath)
        _ = try await h.engine.latest()
        // The source now says its latest day is 20230314, and answers 20230128 for 20230131.
        h.server.setReply(.fixture("news/latest"), for: latestPath)
        h.server.setReply(.body(status: 200, text: SyntheticSource().page(Day("20230128")!)), for: "/api/4/news/before/20230201")
        let asked = Day("20230131")!
        let error = await #expect(throws: SyncError.self) { try await h.engine.page(for: asked) }
        #expect(error?.code == .badResponse)
        #expect(
            error?.message.contains("asked for 20230131, the source answered with 20230128, although its latest day is 20230425") == true,
            "\(String(describing: error))")
        #expect(try await h.engine.latestKnownDay() == known)
        for day in [asked, Day("20230128")!] {
            let offline = await #expect(throws: SyncError.self) { try await h.engine.page(for: day, policy: .cacheOnly) }
            #expect(offline?.code == .notCached, "nothing was written for \(day)")
        }

        // A day after the known latest day is still not published, whatever the latest page says.
        h.server.setReply(.body(status: 200, text: SyntheticSource().page(known)), for: "/api/4/news/before/20230427")
        let later = await #expect(throws: SyncError.self) { try await h.engine.page(for: Day("20230426")!) }
        #expect(later?.code == .notPublished)
        #expect(try await h.engine.latestKnownDay() == known, "the earlier latest page was not written")
        await h.server.stop()
    }

    @Test func aPartialPageIsFreshForItsFreshnessThenRefetched() async throws {
        let h = try await harness(freshness: .seconds(300))
        _ = try await h.engine.latest()
        let today = Day("20230314")!
        let fresh = try await h.engine.latest(policy: .cacheFirst)
        #expect(fresh.provenance.origin == .cache)
        #expect(try await h.engine.page(for: today).provenance.origin == .cache)
        #expect(h.server.requestCount(latestPath) == 1)

        h.clock.advance(by: 301)
        let refetched = try await h.engine.latest(policy: .cacheFirst)
        #expect(refetched.provenance.origin == .network)
        #expect(h.server.requestCount(latestPath) == 2)
        await h.server.stop()
    }

    @Test func whenTheNetworkIsDownTheCacheIsServedAsStaleOffline() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()
        h.clock.advance(by: 7_200)
        await h.server.stop()
        let page = try await h.engine.latest()
        #expect(page.provenance.origin == .cache)
        #expect(page.provenance.staleReason == .offline)
        #expect(page.provenance.age == .seconds(7_200))
        #expect(page.topStories.count == 5)
    }

    @Test func aServerErrorServesTheCacheAsStale() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()
        h.server.setReply(.body(status: 500, text: "{}"), for: latestPath)
        let page = try await h.engine.latest()
        #expect(page.provenance.origin == .cache)
        #expect(page.provenance.staleReason == .serverError)
        await h.server.stop()
    }

    @Test func aBadResponseWritesNothingAndServesTheCache() async throws {
        let h = try await harness()
        let before = try await h.engine.latest()
        h.server.setReply(.body(status: 200, text: #"{"date":"20230315","stories":"#), for: latestPath)
        let page = try await h.engine.latest()
        #expect(page.provenance.staleReason == .badResponse)
        #expect(page.day == before.day)
        #expect(page.stories == before.stories)
        await h.server.stop()
    }

    @Test func aWrongDateWritesNothingAndIsAnErrorWhenNothingIsCached() async throws {
        let h = try await harness()
        h.server.setReply(.fixture("news/latest"), for: day13Path)  // answers 20230314
        let error = await #expect(throws: SyncError.self) { try await h.engine.page(for: day13) }
        #expect(error?.code == .badResponse)
        // Nothing of the wrong answer was stored, under either day.
        for day in [day13, Day("20230314")!] {
            let offline = await #expect(throws: SyncError.self) { try await h.engine.page(for: day, policy: .cacheOnly) }
            #expect(offline?.code == .notCached)
        }
        await h.server.stop()
    }

    @Test func offlineReadsNeverTouchTheNetwork() async throws {
        let h = try await harness()
        let error = await #expect(throws: SyncError.self) { try await h.engine.page(for: day13, policy: .cacheOnly) }
        #expect(error?.code == .notCached)
        _ = try await h.engine.page(for: day13)
        let cached = try await h.engine.page(for: day13, policy: .cacheOnly)
        #expect(cached.provenance.origin == .cache)
        #expect(h.server.requestCount(day13Path) == 1)
        await h.server.stop()
    }

    @Test func networkOnlyFailsEvenWithACache() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()
        await h.server.stop()
        let error = await #expect(throws: SyncError.self) { try await h.engine.latest(policy: .networkOnly) }
        #expect(error?.code == .unavailable)
    }

    @Test func nothingCachedAndNoNetworkIsUnavailable() async throws {
        let h = try await harness()
        await h.server.stop()
        let error = await #expect(throws: SyncError.self) { try await h.engine.page(for: day13) }
        #expect(error?.code == .unavailable)
        #expect(error?.remoteError?.transportError?.code == .connect)
    }

    @Test func concurrentReadsOfOnePageShareOneRequest() async throws {
        let h = try await harness()
        h.server.setReply(.delayed(.milliseconds(300), .fixture("news/before/20230314")), for: day13Path)
        async let a = h.engine.page(for: day13)
        async let b = h.engine.page(for: day13)
        async let c = h.engine.page(for: day13)
        let pages = try await [a, b, c]
        #expect(pages.allSatisfy { $0.stories.count == 5 })
        #expect(h.server.requestCount(day13Path) == 1)
        await h.server.stop()
    }

    @Test func theArchiveOutlivesTheEngine() async throws {
        let path = try temporaryDatabasePath()
        do {
            let h = try await harness(databasePath: path)
            _ = try await h.engine.latest()
            _ = try await h.engine.page(for: day13)
            await h.server.stop()
        }
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = ["http://127.0.0.1:9/api/4"]
        let reopened = try SyncEngine(configuration: configuration, clock: TestClock())
        #expect(try await reopened.page(for: day13, policy: .cacheOnly).stories.count == 5)
        #expect(try await reopened.latest(policy: .cacheOnly).topStories.count == 5)
        #expect(try await reopened.latestKnownDay() == Day("20230314"))
    }

    @Test func readingTheArchiveNeverWaitsForAnotherWriter() async throws {
        let path = try temporaryDatabasePath()
        do {
            let h = try await harness(databasePath: path)
            _ = try await h.engine.page(for: day13)
            await h.server.stop()
        }
        // Another process holds the write lock for longer than the busy timeout.
        let writer = try Database(path: path)
        try writer.execute("BEGIN IMMEDIATE")
        defer { try? writer.execute("ROLLBACK") }
        let start = ContinuousClock.now
        let reader = try SyncEngine(configuration: .init(databasePath: path), clock: TestClock())
        #expect(try await reader.page(for: day13, policy: .cacheOnly).stories.count == 5)
        // Waiting for the writer would take the 5 s busy timeout at least.
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .milliseconds(Int(Database.busyTimeoutMilliseconds)) - .seconds(1), "took \(elapsed)")
    }

    @Test func aCorruptDatabaseIsAStorageError() async throws {
        let path = try temporaryDatabasePath()
        try Data(repeating: 0x42, count: 8_192).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SyncError.self) { try SyncEngine(configuration: .init(databasePath: path)) }
        #expect(error?.code == .storage)
        #expect(error?.databaseError != nil)
    }

    @Test func whenTheFetchedPageCannotBeSavedTheCacheIsServedAndSaysWhy() async throws {
        let h = try await harness()
        _ = try await h.engine.latest()
        // Another connection makes every later write of a story fail, as a full disk would.
        let other = try Database(path: h.databasePath)
        try other.execute("CREATE TRIGGER refuse BEFORE INSERT ON day_story BEGIN SELECT RAISE(ABORT, 'disk full'); END")
        let page = try await h.engine.latest()
        #expect(page.provenance.origin == .cache)
        #expect(page.provenance.staleReason == .storageError)
        #expect(page.stories.count == 6)

        // A day not cached that could not be saved is served as it came, and says it was not kept.
        let fetched = try await h.engine.page(for: day13)
        #expect(fetched.provenance.origin == .network)
        #expect(fetched.provenance.staleReason == .storageError)
        #expect(fetched.stories.count == 5)
        #expect(try await h.engine.latestKnownDay() != nil)
        let none = await #expect(throws: SyncError.self) { try await h.engine.page(for: self.day13, policy: .cacheOnly) }
        #expect(none?.code == .notCached, "nothing was written")
        await h.server.stop()
    }

    @Test func aReadThatComesWhileAnotherReadsFetchIsBeingCancelledIsNotCancelled() async throws {
        let h = try await harness()
        h.server.setReply(.delayed(.seconds(1), .fixture("news/latest")), for: latestPath)
        let read = Task { try await h.engine.latest() }
        for _ in 0..<2_000 where h.server.requestCount(latestPath) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        read.cancel()
        let page = try await h.engine.latest()
        #expect(page.provenance.origin == .network)
        await h.server.stop()
    }

    @Test func aDayAndTheLatestPageThatSettlesItShareOneDeadline() async throws {
        let h = try await harness(timeout: .seconds(20))
        h.server.setReply(.delayed(.milliseconds(1_000), .fixture("news/before/20230314")), for: day13Path)
        h.server.setReply(.delayed(.seconds(60), .fixture("news/latest")), for: latestPath)
        let start = ContinuousClock.now
        let page = try await h.engine.page(for: day13)
        // One 20 s deadline for both requests (room for a loaded machine to answer the first):
        // the latest page got what the day's 1 s left of it.
        let latestTimeouts = h.transport.timeouts(endingWith: "/news/latest")
        // (A timed-out attempt may be retried within what is left.)
        #expect(!latestTimeouts.isEmpty)
        #expect(latestTimeouts.allSatisfy { $0 <= .seconds(19) }, "\(latestTimeouts)")
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < TimeBound.within(.seconds(20)), "took \(elapsed)")
        #expect(!page.provenance.isFinal, "the latest page did not come in time, so the day stays partial")
        await h.server.stop()
    }
}
