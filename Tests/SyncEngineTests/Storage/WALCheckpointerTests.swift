import Foundation
import Testing

@testable import SyncEngine

/// The checkpoint thread of a sync, on its own: what it copies, and how it starts and stops.
@Suite struct WALCheckpointerTests {
    @Test func aRequestedCheckpointCopiesTheLogIntoTheFileBeforeStopReturns() throws {
        let path = try temporaryDatabasePath()
        let store = try PageStore(database: try Database(path: path))
        let checkpointer = try #require(WALCheckpointer(path: path))
        try store.writeDay(Day("20230313")!, stories: [story(1, "一")], fetchedAt: 1, isFinal: true)
        checkpointer.request()
        checkpointer.request()  // while one waits: the same request
        checkpointer.stop()
        #expect((1...2).contains(checkpointer.checkpoints))
        // The file alone, without its log, holds the day.
        let copy = try temporaryDatabasePath()
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try PageStore(database: try Database(path: copy)).readDay(Day("20230313")!)?.stories.map(\.id) == [1])
    }

    @Test func stoppingWithoutARequestRunsNoCheckpoint() throws {
        let path = try temporaryDatabasePath()
        _ = try PageStore(database: try Database(path: path))
        let checkpointer = try #require(WALCheckpointer(path: path))
        checkpointer.stop()
        #expect(checkpointer.checkpoints == 0)
    }

    @Test func anArchiveThatCannotBeOpenedHasNoCheckpointer() {
        #expect(WALCheckpointer(path: "/nonexistent-\(UUID().uuidString)/news.sqlite") == nil)
    }
}
