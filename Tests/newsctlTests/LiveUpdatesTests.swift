import Foundation
import Testing
import TestSupport
@testable import SyncEngine

extension ProcessTests {
    /// `SyncEngine.updates(for:)` follows what another process (the built `newsctl`) writes to
    /// the same archive file, as the full-screen reader does while `newsctl sync` runs elsewhere.
    @Suite struct LiveUpdatesTests {
        /// Collects a stream's updates in the background, so the test can wait for them with a limit.
        final class Updates: Sendable {
            private final class Received: Sendable {
                let updates = Locked<[PageUpdate]>([])
            }
            private let received = Received()
            private let consumer: Task<Void, Never>

            init(_ stream: AsyncStream<PageUpdate>) {
                let received = self.received
                consumer = Task {
                    for await update in stream { received.updates.withLock { $0.append(update) } }
                }
            }

            var all: [PageUpdate] { received.updates.withLock { $0 } }

            /// The updates so far, once there are at least `count` (or after 20 seconds).
            func waitFor(_ count: Int) async throws -> [PageUpdate] {
                let deadline = ContinuousClock.now + .seconds(20)
                while all.count < count, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(10))
                }
                return all
            }

            func stop() { consumer.cancel() }
        }

        @Test func aDayNewsctlWritesInAnotherProcessReachesAnOpenStream() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            var configuration = SyncEngine.Configuration(databasePath: newsctl.databasePath)
            configuration.baseURLs = [base]
            configuration.changePollInterval = .milliseconds(50)
            let engine = try SyncEngine(configuration: configuration)
            let day = try #require(Day("20230313"))

            let updates = Updates(engine.updates(for: .day(day), policy: .cacheOnly))
            let first = try await updates.waitFor(1)
            guard first.count == 1, case .failed(let error) = first[0] else {
                Issue.record("expected one failure first, got \(first)")
                return
            }
            #expect(error.code == .notCached)

            // `before 20230314` is the day 20230313, written by another process.
            let write = try await newsctl.run(["before", "20230314", "--db", newsctl.databasePath, "--base-url", base])
            #expect(write.status == 0, "\(write.stderr)")
            let second = try await updates.waitFor(2)
            guard second.count == 2, case .page(let page) = second[1] else {
                Issue.record("expected the page after the write, got \(second)")
                return
            }
            #expect(page.day == day)
            #expect(page.provenance.origin == .cache)
            #expect(page.provenance.isFinal && !page.provenance.isStale)
            #expect(page.stories.map(\.id) == [9759201, 9759202, 9759203, 9759204, 9759205])
            #expect(page == (try await engine.page(for: day, policy: .cacheOnly)).withAge(page.provenance.age))

            // Another day written by another process, and a process that only reads: nothing new.
            let rereads = await engine.diagnostics.changeRereads
            let other = try await newsctl.run(["before", "20230313", "--db", newsctl.databasePath, "--base-url", base])
            #expect(other.status == 0, "\(other.stderr)")
            let reader = try await newsctl.run(["before", "20230314", "--db", newsctl.databasePath, "--offline"])
            #expect(reader.status == 0, "\(reader.stderr)")
            let deadline = ContinuousClock.now + .seconds(20)
            while await engine.diagnostics.changeRereads <= rereads, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(await engine.diagnostics.changeRereads > rereads, "the engine saw the other day's write")
            try await Task.sleep(for: .milliseconds(250))  // A few more polls.
            #expect(updates.all.count == 2)

            updates.stop()
            for _ in 0..<500 where await engine.isWatchingForChanges { try await Task.sleep(for: .milliseconds(10)) }
            #expect(await !engine.isWatchingForChanges)
            await server.stop()
        }
    }
}

private extension Page {
    /// The same page as read at another moment (ages differ between two reads).
    func withAge(_ age: Duration) -> Page {
        Page(
            day: day, stories: stories, topStories: topStories, isLatest: isLatest,
            provenance: Provenance(
                origin: provenance.origin, fetchedAt: provenance.fetchedAt, age: age,
                isFinal: provenance.isFinal, staleReason: provenance.staleReason))
    }
}
