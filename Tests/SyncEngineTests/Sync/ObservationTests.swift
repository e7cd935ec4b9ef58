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
            let updates = Mutex<[String]>([])
            let ended = Atomic<Bool>(false)
        }
        private let state = State()
        private let consumer: Task<Void, Never>

        init(_ stream: AsyncStream<PageUpdate>) {
            let state = self.state
            consumer = Task {
                for await update in stream {
                    state.updates.withLock { $0.append(Recorder.describe(update)) }
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

        /// The updates so far, once there are at least `count` (or after five seconds).
        func waitFor(_ count: Int) async -> [String] {
            for _ in 0..<500 where state.updates.withLock({ $0.count }) < count {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return state.updates.withLock { $0 }
        }

        var hasEnded: Bool { state.ended.load(ordering: .relaxed) }

        func stop() { consumer.cancel() }
    }

    private func engine(_ server: LoopbackServer, path: String, timeout: Duration = .seconds(3)) async throws -> SyncEngine {
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = [await server.baseURL]
        configuration.networkTimeout = timeout
        configuration.retryPolicy = .none
        return try SyncEngine(configuration: configuration, clock: TestClock())
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
        read.cancel() // The shared fetch is cancelled, but may still be in flight a moment.
        let recorder = Recorder(engine.updates(for: .latest))
        _ = try? await read.value
        #expect(await recorder.waitFor(1) == ["network 20230314"], "the stream fetched for itself")
        #expect(!recorder.hasEnded)
        recorder.stop()
        await server.stop()
    }
}
