import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SyncEngine

/// `updates(for:)`: the cache at once, the fresh page when it lands, errors as values.
@Suite struct ObservationTests {
    private static let latestPath = "/api/4/news/latest"

    /// Collects a stream's updates in the background, so a test can wait for them with a limit.
    private final class Recorder: Sendable {
        private final class State: Sendable {
            let updates = Locked<[String]>([])
            let lastPage = Locked<Page?>(nil)
            let ended = Atomic<Bool>(false)
        }
        private let state = State()
        private let consumer: Task<Void, Never>

        init(_ stream: AsyncStream<PageUpdate>) {
            let state = self.state
            consumer = Task {
                for await update in stream {
                    state.updates.withLock { $0.append(Recorder.describe(update)) }
                    if case .page(let page) = update { state.lastPage.withLock { $0 = page } }
                }
                state.ended.store(true, ordering: .relaxed)
            }
        }

        /// "cache 20230314", "network 20230314", "failed unavailable".
        static func describe(_ update: PageUpdate) -> String {
            switch update {
            case .page(let page): return "\(page.provenance.origin.rawValue) \(page.day)"
            case .failed(let error): return "failed \(error.code.rawValue)"
            }
        }

        /// The updates so far, once there are at least `count` (or after `limit`).
        func waitFor(_ count: Int, within limit: Duration = .seconds(20)) async -> [String] {
            let deadline = ContinuousClock.now + limit
            while state.updates.withLock({ $0.count }) < count, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return state.updates.withLock { $0 }
        }

        var updates: [String] { state.updates.withLock { $0 } }

        var lastPage: Page? { state.lastPage.withLock { $0 } }

        var hasEnded: Bool { state.ended.load(ordering: .relaxed) }

        func stop() { consumer.cancel() }
    }

    private func engine(
        _ server: LoopbackServer, path: String, clock: TestClock = TestClock(),
        pollInterval: Duration = .milliseconds(500), timeout: Duration = TimeBound.requestBudget
    ) async throws -> SyncEngine {
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = [await server.baseURL]
        configuration.networkTimeout = timeout
        configuration.retryPolicy = .none
        configuration.changePollInterval = pollInterval
        return try SyncEngine(configuration: configuration, clock: clock)
    }

    /// Waits (20 s at most) until `engine` has polled for other connections' writes `polls` more
    /// times than it had when called.
    private func waitForPolls(_ engine: SyncEngine, _ polls: Int) async throws {
        let target = await engine.diagnostics.changePolls + polls
        let deadline = ContinuousClock.now + .seconds(20)
        while await engine.diagnostics.changePolls < target, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await engine.diagnostics.changePolls >= target, "the engine polls for changes")
    }

    /// Waits (20 s at most) until `engine` has read its watched pages again more than `count` times.
    private func waitForRereads(_ engine: SyncEngine, moreThan count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while await engine.diagnostics.changeRereads <= count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await engine.diagnostics.changeRereads > count, "the engine saw the other connection's write")
    }

    @Test func theCacheComesFirstThenTheFreshPage() async throws {
        let server = LoopbackServer()
        try await server.start()
        let engine = try await engine(server, path: try temporaryDatabasePath())
        _ = try await engine.latest()
        server.setReply(.delayed(.milliseconds(200), .fixture("news/latest")), for: Self.latestPath)

        let recorder = Recorder(engine.updates(for: .latest))
        #expect(await recorder.waitFor(2) == ["cache 20230314", "network 20230314"])
        recorder.stop()
        await server.stop()
    }

    @Test func aNetworkErrorArrivesAsAValueAndTheStreamGoesOn() async throws {
        let server = LoopbackServer()
        try await server.start()
        let engine = try await engine(server, path: try temporaryDatabasePath())
        _ = try await engine.latest()
        server.setReply(.body(status: 500, text: "{}"), for: Self.latestPath)

        let recorder = Recorder(engine.updates(for: .latest))
        #expect(await recorder.waitFor(2) == ["cache 20230314", "failed unavailable"])
        #expect(!recorder.hasEnded)

        // The source recovers; a refresh by anyone reaches the stream.
        server.setReply(.fixture("news/latest"), for: Self.latestPath)
        _ = try await engine.latest(policy: .networkOnly)
        #expect(await recorder.waitFor(3) == ["cache 20230314", "failed unavailable", "network 20230314"])
        recorder.stop()
        await server.stop()
    }

    @Test func withNothingCachedAndNoNetworkTheStreamReportsAndWaits() async throws {
        let server = LoopbackServer()
        try await server.start()
        let base = await server.baseURL
        await server.stop()
        var configuration = SyncEngine.Configuration(databasePath: try temporaryDatabasePath())
        configuration.baseURLs = [base]
        configuration.retryPolicy = .none
        let engine = try SyncEngine(configuration: configuration, clock: TestClock())

        let recorder = Recorder(engine.updates(for: .day(Day("20230313")!)))
        #expect(await recorder.waitFor(1) == ["failed unavailable"])
        try await Task.sleep(for: .milliseconds(100))
        #expect(!recorder.hasEnded)
        recorder.stop()
    }

    @Test func aFreshFinalDayIsNotFetchedAgain() async throws {
        let server = LoopbackServer()
        try await server.start()
        let engine = try await engine(server, path: try temporaryDatabasePath())
        _ = try await engine.latest()
        _ = try await engine.page(for: Day("20230313")!)
        let requests = server.requestedPaths.count

        let recorder = Recorder(engine.updates(for: .day(Day("20230313")!)))
        #expect(await recorder.waitFor(1) == ["cache 20230313"])
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requestedPaths.count == requests)
        recorder.stop()
        await server.stop()
    }

    @Test func offlineWithNothingCachedSaysNotCached() async throws {
        let server = LoopbackServer()
        try await server.start()
        let engine = try await engine(server, path: try temporaryDatabasePath())
        let recorder = Recorder(engine.updates(for: .latest, policy: .cacheOnly))
        #expect(await recorder.waitFor(1) == ["failed notCached"])
        #expect(server.requestedPaths.isEmpty)
        recorder.stop()
        await server.stop()
    }

    @Test func stoppingTheConsumerEndsTheStreamAndCancelsItsFetch() async throws {
        let server = LoopbackServer()
        try await server.start()
        // A deadline longer than the server's 20 s: only the cancel can end the fetch early.
        let engine = try await engine(server, path: try temporaryDatabasePath(), timeout: .seconds(30))
        server.setReply(.delayed(.seconds(20), .fixture("news/latest")), for: Self.latestPath)
        let recorder = Recorder(engine.updates(for: .latest))
        for _ in 0..<1_000 where server.requestCount(Self.latestPath) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(server.requestCount(Self.latestPath) == 1)
        #expect(await engine.observerCount == 1)

        let start = ContinuousClock.now
        recorder.stop()
        for _ in 0..<500 where !recorder.hasEnded { try await Task.sleep(for: .milliseconds(10)) }
        #expect(recorder.hasEnded)
        // The engine is free at once: a cache read does not wait for the abandoned fetch.
        _ = try? await engine.latest(policy: .cacheOnly)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < TimeBound.wellBefore(.seconds(20)), "took \(elapsed)")
        for _ in 0..<500 where await engine.observerCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await engine.observerCount == 0)
        // Its transfer was cancelled too: the fetch is gone long before the server's 20 s.
        for _ in 0..<500 where await engine.inFlightCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await engine.inFlightCount == 0)
        await server.stop()
    }

    @Test func aStreamStartedWhileAnotherReadsFetchIsBeingCancelledStaysAlive() async throws {
        let server = LoopbackServer()
        try await server.start()
        let engine = try await engine(server, path: try temporaryDatabasePath())
        server.setReply(.delayed(.seconds(2), .fixture("news/latest")), for: Self.latestPath)
        let read = Task { try await engine.latest() }
        for _ in 0..<2_000 where server.requestCount(Self.latestPath) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        read.cancel()  // The shared fetch is cancelled, but may still be in flight a moment.
        let recorder = Recorder(engine.updates(for: .latest))
        _ = try? await read.value
        #expect(await recorder.waitFor(1) == ["network 20230314"], "the stream fetched for itself")
        #expect(!recorder.hasEnded)
        recorder.stop()
        await server.stop()
    }

    // MARK: Writes by other connections

    private static let day13 = Day("20230313")!
    private static let day12 = Day("20230312")!

    @Test func aPageAnotherConnectionWritesReachesAStreamWaitingForIt() async throws {
        let server = LoopbackServer()
        try await server.start()
        let path = try temporaryDatabasePath()
        let engine = try await engine(server, path: path, pollInterval: .milliseconds(50))
        let recorder = Recorder(engine.updates(for: .day(Self.day13), policy: .cacheOnly))
        #expect(await recorder.waitFor(1) == ["failed notCached"])

        // Another engine is another connection: its commit changes this one's data version.
        let other = try await self.engine(server, path: path)
        let written = try await other.page(for: Self.day13)
        #expect(await recorder.waitFor(2) == ["failed notCached", "cache 20230313"])
        let page = try #require(recorder.lastPage)
        #expect(page.stories == written.stories)
        #expect(page.provenance.origin == .cache)
        #expect(page.provenance.isFinal && !page.provenance.isStale)
        #expect(!recorder.hasEnded)
        recorder.stop()
        await server.stop()
    }

    @Test func aWriteByAnotherConnectionToAnotherPageSendsNothing() async throws {
        let server = LoopbackServer()
        try await server.start()
        let path = try temporaryDatabasePath()
        let engine = try await engine(server, path: path, pollInterval: .milliseconds(50))
        _ = try await engine.page(for: Self.day13)
        let recorder = Recorder(engine.updates(for: .day(Self.day13), policy: .cacheOnly))
        #expect(await recorder.waitFor(1) == ["cache 20230313"])
        let rereads = await engine.diagnostics.changeRereads

        let other = try await self.engine(server, path: path)
        _ = try await other.page(for: Self.day12)
        // The poll saw the commit and read the page again, and it had not changed.
        try await waitForRereads(engine, moreThan: rereads)
        try await waitForPolls(engine, 3)
        #expect(recorder.updates == ["cache 20230313"])
        recorder.stop()
        await server.stop()
    }

    @Test func aRewriteOfTheSamePageSendsItOnlyWhenItsContentChanged() async throws {
        let server = LoopbackServer()
        try await server.start()
        let path = try temporaryDatabasePath()
        let clock = TestClock()
        let engine = try await engine(server, path: path, clock: clock, pollInterval: .milliseconds(50))
        _ = try await engine.page(for: Self.day13)
        let recorder = Recorder(engine.updates(for: .day(Self.day13)))
        #expect(await recorder.waitFor(1) == ["cache 20230313"])

        // The same stories fetched at the same time: the archive holds what the stream was sent.
        let other = try await self.engine(server, path: path, clock: clock)
        let rereads = await engine.diagnostics.changeRereads
        _ = try await other.page(for: Self.day13, policy: .networkOnly)
        try await waitForRereads(engine, moreThan: rereads)
        try await waitForPolls(engine, 3)
        #expect(recorder.updates == ["cache 20230313"])

        // Fetched again later: a newer fetched-at time is news, whatever the age says.
        clock.advance(by: 3600)
        let refetched = try await other.page(for: Self.day13, policy: .networkOnly)
        #expect(await recorder.waitFor(2) == ["cache 20230313", "cache 20230313"])
        #expect(recorder.lastPage?.provenance.fetchedAt == refetched.provenance.fetchedAt)
        recorder.stop()
        await server.stop()
    }

    @Test func anIdleStreamCostsOnePollPerIntervalAndIsSentNothing() async throws {
        let server = LoopbackServer()
        try await server.start()
        let engine = try await engine(server, path: try temporaryDatabasePath(), pollInterval: .milliseconds(50))
        _ = try await engine.page(for: Self.day13)
        let recorder = Recorder(engine.updates(for: .day(Self.day13)))
        #expect(await recorder.waitFor(1) == ["cache 20230313"])
        let start = ContinuousClock.now
        let polls = await engine.diagnostics.changePolls
        try await waitForPolls(engine, 5)
        // Not a spin: far fewer polls than the time allows at once (the bound is generous).
        let elapsed = ContinuousClock.now - start
        #expect(await engine.diagnostics.changePolls - polls <= Int(elapsed / .milliseconds(50)) + 2)
        #expect(await engine.diagnostics.changeRereads == 0, "nothing changed, so no page was read again")
        #expect(recorder.updates == ["cache 20230313"])
        recorder.stop()
        await server.stop()
    }

    @Test func thePollingStopsWhenTheLastStreamEnds() async throws {
        let server = LoopbackServer()
        try await server.start()
        let engine = try await engine(server, path: try temporaryDatabasePath(), pollInterval: .milliseconds(20))
        #expect(await !engine.isWatchingForChanges)
        let first = Recorder(engine.updates(for: .day(Self.day13), policy: .cacheOnly))
        let second = Recorder(engine.updates(for: .day(Self.day12), policy: .cacheOnly))
        _ = await first.waitFor(1)
        _ = await second.waitFor(1)
        #expect(await engine.isWatchingForChanges)
        try await waitForPolls(engine, 2)

        first.stop()
        for _ in 0..<500 where await engine.observerCount > 1 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await engine.isWatchingForChanges, "one stream is still open")
        second.stop()
        for _ in 0..<500 where await engine.observerCount > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await !engine.isWatchingForChanges)
        // No poll runs after that, however long one waits.
        let polls = await engine.diagnostics.changePolls
        try await Task.sleep(for: .milliseconds(200))
        #expect(await engine.diagnostics.changePolls == polls)

        // A new stream starts it again.
        let third = Recorder(engine.updates(for: .day(Self.day13), policy: .cacheOnly))
        _ = await third.waitFor(1)
        try await waitForPolls(engine, 1)
        third.stop()
        await server.stop()
    }

    @Test func aFailingPollIsReportedOnceAndTheStreamGoesOn() async throws {
        let server = LoopbackServer()
        try await server.start()
        let path = try temporaryDatabasePath()
        let engine = try await engine(server, path: path, pollInterval: .milliseconds(20))
        _ = try await engine.page(for: Self.day13)
        let recorder = Recorder(engine.updates(for: .day(Self.day13)))
        #expect(await recorder.waitFor(1) == ["cache 20230313"])

        // Another connection breaks the archive under the engine: its page can no longer be read.
        let rereads = await engine.diagnostics.changeRereads
        try Database(path: path).execute("DROP TABLE day_story")
        #expect(await recorder.waitFor(2) == ["cache 20230313", "failed storage"])
        // Every poll tries again (the page was not read), and the same failure is not sent again.
        try await waitForRereads(engine, moreThan: rereads + 3)
        #expect(recorder.updates == ["cache 20230313", "failed storage"])
        #expect(!recorder.hasEnded)
        recorder.stop()
        await server.stop()
    }
}
