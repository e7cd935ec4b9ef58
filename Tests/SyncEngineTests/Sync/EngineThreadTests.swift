import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// The engine's SQLite work runs on a thread of its own: an engine waiting for another
/// connection's write lock holds no thread of Swift's cooperative pool (one per core).
@Suite struct EngineThreadTests {
    /// How long the other connection holds the write lock.
    private static let lockHeld: Duration = .seconds(3)

    @Test func tasksOnThePoolGoOnWhileEnginesWaitForTheWriteLock() async throws {
        let path = try temporaryDatabasePath()
        // Twice as many engines as the pool has threads: were their waits on the pool, every
        // thread of it would wait with them.
        let engines = try (0..<2 * ProcessInfo.processInfo.activeProcessorCount).map { _ in
            try SyncEngine(configuration: .init(databasePath: path), clock: TestClock())
        }
        // In the suite's first seconds hundreds of tests start at once and the pool answers
        // nothing for seconds (6.6 s once in CI), engines or none: wait until it answers, so the
        // comparison below is with the engines' waits, not with that.
        try await waitForAnAnsweringPool()
        let lock = LockHolder(path: path, holding: Self.lockHeld)
        try await lock.waitUntilTaken()

        // The hold is counted from here, not from when the lock was taken: in the suite's first
        // seconds this task may resume only after a busy pool frees a thread (8 s once in CI),
        // long after a hold counted from the take had ended, and the engines would never wait.
        lock.startTheHold()
        let start = ContinuousClock.now
        let writes = engines.enumerated().map { index, engine in
            Task.detached {
                try await engine.markRead(id: Int64(index + 1))
                return ContinuousClock.now
            }
        }
        // Unrelated work on the pool: a short sleep and a little arithmetic each.
        let unrelated = (0..<50).map { seed in
            Task.detached {
                try await Task.sleep(for: .milliseconds(10))
                return (0..<10_000).reduce(seed) { ($0 &* 31 &+ $1) % 1_000_003 }
            }
        }
        for task in unrelated { _ = try await task.value }
        let unrelatedTook = ContinuousClock.now - start

        var writesTook: [Duration] = []
        for write in writes { writesTook.append(try await write.value - start) }
        let released = try #require(lock.releasedAt)
        // The writes did wait for the lock: the pool had them to starve it, had they run on it.
        for finished in writesTook { #expect(start + finished >= released, "a write ended \(finished) in, before the lock was released") }
        // The unrelated work ended while the engines still waited: on the pool, their waits would
        // have held every thread of it until the lock was released. Compared with the release
        // itself, not a fixed share of the hold, so a loaded machine (1.9 s seen in a run with
        // builds beside it, against 0.03 s idle) does not fail it.
        #expect(
            start + unrelatedTook < released,
            "50 tasks took \(unrelatedTook) while \(engines.count) engines waited \(writesTook.max() ?? .zero) for the lock")
        let marks = try await engines[0].marks(for: Array(1...Int64(engines.count)))
        #expect(marks.count == engines.count)
    }

    @Test func anEnginesThreadEndsWhenTheEngineIsReleased() async throws {
        let path = try temporaryDatabasePath()
        var executors: [WeakExecutor] = []
        for index in 0..<32 {
            let engine = try SyncEngine(configuration: .init(databasePath: path), clock: TestClock())
            try await engine.markRead(id: Int64(index + 1))
            executors.append(WeakExecutor(executor: engine.executor))
        }
        // Each thread holds its executor until it ends.
        var running = executors.count
        for _ in 0..<1_000 {
            running = executors.filter { $0.executor != nil }.count
            if running == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(running == 0, "\(running) of \(executors.count) threads still run after their engines were released")
    }

    /// `runsOnMainActor`: no thread is started, and a call from the main actor runs there at
    /// once: a task queued on the main actor before the call has not run when it returns (on
    /// the engine's own thread, the call would wait and let that task run first).
    @MainActor
    @Test func anEngineOnTheMainActorStartsNoThreadAndRunsItsCallsThere() async throws {
        var configuration = SyncEngine.Configuration(databasePath: try temporaryDatabasePath())
        configuration.runsOnMainActor = true
        let engine = try SyncEngine(configuration: configuration, clock: TestClock())
        #expect(engine.executor == nil)
        let queued = QueuedFlag()
        Task { @MainActor in queued.ran = true }
        try await engine.markRead(id: 1)
        #expect(try await engine.latestKnownDay() == nil)
        #expect(!queued.ran, "the engine's calls waited for another thread")
        #expect(try await engine.marks(for: [1]).count == 1)
    }

    @MainActor
    private final class QueuedFlag {
        var ran = false
    }

    private struct WeakExecutor {
        weak var executor: ThreadExecutor?
    }
}

/// Another connection, on a thread of its own (never the pool), that takes the archive's write
/// lock (`BEGIN IMMEDIATE`), holds it for `holding` once told to start (`startTheHold`), then
/// commits.
private final class LockHolder: Sendable {
    private struct State {
        var taken = false
        var holdStarted = false
        var released: ContinuousClock.Instant?
        var failure: String?
    }

    private let state = Locked(State())

    init(path: String, holding: Duration) {
        let state = self.state
        let thread = Thread {
            do {
                let database = try Database(path: path)
                try database.execute("BEGIN IMMEDIATE")
                state.withLock { $0.taken = true }
                // Waits for the test to start the hold; a test that never does is let go after a minute.
                let giveUp = ContinuousClock.now + .seconds(60)
                while !state.withLock({ $0.holdStarted }) && ContinuousClock.now < giveUp {
                    Thread.sleep(forTimeInterval: 0.001)
                }
                let (seconds, attoseconds) = holding.components
                Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
                // Noted before the commit: a write waiting for it may end before the commit returns.
                state.withLock { $0.released = .now }
                try database.execute("COMMIT")
            } catch {
                state.withLock { $0.failure = "\(error)" }
            }
        }
        thread.start()
    }

    /// Starts counting the hold.
    func startTheHold() {
        state.withLock { $0.holdStarted = true }
    }

    /// When the lock was released (just before its commit); nil while it is held.
    var releasedAt: ContinuousClock.Instant? { state.withLock { $0.released } }

    /// Returns once the lock is held; throws when it could not be taken.
    func waitUntilTaken() async throws {
        for _ in 0..<2_000 {
            let (taken, failure) = state.withLock { ($0.taken, $0.failure) }
            if let failure { throw LockFailure(message: failure) }
            if taken { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw LockFailure(message: "the write lock was not taken within 10 s")
    }

    struct LockFailure: Error {
        let message: String
    }
}
