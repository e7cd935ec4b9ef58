import Foundation
import Testing
import TestSupport

@testable import SyncEngine

/// The marks a reader changes through items (`markUnread`, `markAllRead`).
@Suite struct ItemMarkTests {
    @Test func markUnreadRemovesTheMarkOnce() async throws {
        let archive = try ItemStreamTests.filled()
        #expect(try await archive.engine.markUnread(id: 102))
        #expect(try await !archive.engine.markUnread(id: 102))
        #expect(try await !archive.engine.markUnread(id: 104))
        #expect(try await archive.engine.items(ids: [102]).map(\.isRead) == [false])
        #expect(try await archive.engine.items(ItemQuery(stream: .read, limit: 10)).items.map(\.id) == [301])
    }

    @Test func markAllReadMarksAStreamUpToATimeAndKeepsOlderMarks() async throws {
        let archive = try ItemStreamTests.filled()
        let now = archive.clock.now().timeIntervalSince1970
        // Section 3 up to 301's time: 301 (read already) and 101, not 104.
        #expect(try await archive.engine.markAllRead(in: .section(3), upTo: ItemArchive.time("20230312", hour: 22)) == 1)
        #expect(try archive.readAt(101) == now)
        #expect(try archive.readAt(301) == 1, "a mark there already is kept as it was")
        #expect(try archive.readAt(104) == nil)
        // One second before 202 and 201's time: neither.
        #expect(try await archive.engine.markAllRead(in: .daily, upTo: ItemArchive.time("20230313", hour: 9) - 1) == 0)
        #expect(try await archive.engine.markAllRead(in: .daily, upTo: nil) == 4)
        #expect(try await archive.engine.items(ItemQuery(stream: .daily, limit: 10)).items.allSatisfy(\.isRead))
        #expect(try archive.readAt(302) == nil && archive.readAt(303) == nil)
        #expect(try await archive.engine.markAllRead(in: .read, upTo: nil) == 0)
        #expect(try await archive.engine.markAllRead(in: .starred, upTo: nil) == 1, "202 is read already, 999 is not")
        #expect(try archive.readAt(999) == now)
        #expect(try await archive.engine.markAllRead(in: .all, upTo: nil) == 2)
        #expect(try await archive.engine.itemFeeds().map(\.unread) == [0, 0, 0, 0])
    }

    @Test func aReadOnlyArchiveRefusesTheWrites() async throws {
        let archive = try ItemStreamTests.filled()
        let viewer = try archive.readOnlyEngine()
        #expect(try await viewer.items(ItemQuery(stream: .all, limit: 100)).items.map(\.id) == ItemStreamTests.newestFirst)
        for write in [{ _ = try await viewer.markUnread(id: 102) }, { _ = try await viewer.markAllRead(in: .all, upTo: nil) }] {
            do {
                try await write()
                Issue.record("a write on a read-only archive succeeded")
            } catch let error as SyncError {
                #expect(error.code == .storage && error.databaseError?.problem == .readOnly, "\(error)")
            }
        }
        #expect(try await archive.engine.items(ItemQuery(stream: .read, limit: 100)).items.map(\.id) == [102, 301])
    }
}
