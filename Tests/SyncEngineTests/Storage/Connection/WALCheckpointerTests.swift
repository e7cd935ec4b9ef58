import Foundation
import Testing

@testable import SyncEngine

/// The checkpoint thread of a sync, on its own: what it copies, and how it starts and stops.
@Suite struct WALCheckpointerTests {
    @Test func aRequestedCheckpointCopiesTheLogIntoTheFileBeforeStopReturns() throws {
        let path = try temporaryDatabasePath()
        let store = try Archive(database: try Database(path: path)).pages
        let checkpointer = try #require(WALCheckpointer(path: path))
        try store.writeDay(Day("20230313")!, stories: [story(1, "一")], fetchedAt: 1, isFinal: true)
        checkpointer.request()
        checkpointer.request()  // while one waits: the same request
        checkpointer.stop()
        #expect((1...2).contains(checkpointer.checkpoints))
        // The file alone, without its log, holds the day.
        let copy = try temporaryDatabasePath()
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try Archive(database: try Database(path: copy)).pages.readDay(Day("20230313")!)?.stories.map(\.id) == [1])
    }

    /// A sync asks after every batch; the thread checkpoints at most once per `interval`, then once
    /// more when it stops, so the pages every commit rewrites are not copied at every batch.
    @Test func requestsCloseTogetherMakeAtMostOneCheckpointPerInterval() async throws {
        let path = try temporaryDatabasePath()
        let store = try Archive(database: try Database(path: path)).pages
        let checkpointer = try #require(WALCheckpointer(path: path))
        let days = (1...10).map { Day("202303\(String(format: "%02d", $0))")! }
        let start = ContinuousClock.now
        for (index, day) in days.enumerated() {
            try store.writeDay(day, stories: [story(Int64(index + 1), "一")], fetchedAt: 1, isFinal: true)
            checkpointer.request()
            try await Task.sleep(for: .milliseconds(20))
        }
        let intervals = Int((ContinuousClock.now - start) / WALCheckpointer.interval)
        checkpointer.stop()
        // Each request came after the checkpoint before it had ended: without the interval, ten.
        #expect(checkpointer.checkpoints <= 2 + intervals, "\(checkpointer.checkpoints) checkpoints in \(intervals + 1) intervals")
        #expect(checkpointer.checkpoints < days.count)
        // The last one, at the stop, copied everything: the file alone holds every day.
        let copy = try temporaryDatabasePath()
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let fileAlone = try Archive(database: try Database(path: copy)).pages
        for (index, day) in days.enumerated() {
            #expect(try fileAlone.readDay(day)?.stories.map(\.id) == [Int64(index + 1)])
        }
    }

    /// A days sync's few large batches ask promptly: their checkpoint runs at once, not at the
    /// end of the interval (by then the sync would be over and waiting for it).
    @Test func aPromptRequestIsCheckpointedWithoutWaitingForTheInterval() async throws {
        let path = try temporaryDatabasePath()
        let store = try Archive(database: try Database(path: path)).pages
        let checkpointer = try #require(WALCheckpointer(path: path, interval: .seconds(3_600)))
        defer { checkpointer.stop() }
        try store.writeDay(Day("20230313")!, stories: [story(1, "一")], fetchedAt: 1, isFinal: true)
        checkpointer.request()  // The first runs at once.
        try await waitUntil { checkpointer.checkpoints == 1 }
        try store.writeDay(Day("20230314")!, stories: [story(2, "二")], fetchedAt: 1, isFinal: true)
        checkpointer.request()  // Due in an hour,
        try store.writeDay(Day("20230315")!, stories: [story(3, "三")], fetchedAt: 1, isFinal: true)
        checkpointer.request(promptly: true)  // and now at once.
        try await waitUntil { checkpointer.checkpoints == 2 }
    }

    /// Waits, up to a generous bound, for `condition`; fails the test past it.
    private func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("still not so after 30 s")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func stoppingWithoutARequestRunsNoCheckpoint() throws {
        let path = try temporaryDatabasePath()
        _ = try Archive(database: try Database(path: path))
        let checkpointer = try #require(WALCheckpointer(path: path))
        checkpointer.stop()
        #expect(checkpointer.checkpoints == 0)
    }

    @Test func anArchiveThatCannotBeOpenedHasNoCheckpointer() {
        #expect(WALCheckpointer(path: "/nonexistent-\(UUID().uuidString)/news.sqlite") == nil)
    }
}
