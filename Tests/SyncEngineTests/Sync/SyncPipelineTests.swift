import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// The sync pipeline: transfers go on while one writer writes what arrived in batches, and every
/// batch is all or nothing, so the archive only ever holds whole items.
@Suite struct SyncPipelineTests {
    private let source = SyntheticSource()
    private var latest: Day { source.latest }

    /// Batches that are never due by time: only by size, or when nothing more is coming.
    private func batches(days: Int = 256, details: Int = 64) -> SyncEngine.SyncBatches {
        SyncEngine.SyncBatches(
            days: .init(size: days, interval: .seconds(600)), details: .init(size: details, interval: .seconds(600)))
    }

    /// Stories in the order a details sync takes them: newest day first, in list order.
    private func stories(_ days: Int) -> [Int64] {
        source.days(days).flatMap { source.storyIDs(of: $0) }
    }

    /// Whether the archive holds the story's detail and its counters (both or neither must hold).
    private func stored(_ id: Int64, in engine: SyncEngine) async throws -> (detail: Bool, counters: Bool) {
        do {
            let page = try await engine.detail(id: id, policy: .cacheOnly)
            return (true, page.extra != nil)
        } catch  where error.code == .notCached {
            return (false, false)
        }
    }

    @Test func cancellingADetailSyncWritesTheWholeStoriesFetchedSoFarAndTheRerunFetchesTheRest() async throws {
        let h = try await SyncHarness.start(timeout: .seconds(20), batches: batches())
        source.serve(h.server, days: 3, details: true)
        let ids = stories(3)
        // The first three stories come at once; the source is slow with every detail after them.
        for id in ids.dropFirst(3) {
            h.server.setReply(.delayed(.seconds(20), .body(status: 200, text: source.detail(id))), for: SyntheticSource.detailPath(id))
        }
        let log = ProgressLog()
        let sync = Task { try await h.engine.sync(SyntheticRequest.details(3), progress: log.record) }
        // Cancelled once both slow transfers have started and the fast stories have reached the
        // sync (its progress counts them; a transfer ending is not enough, the story may still be
        // on its way): they wait in a batch that is not due yet (fewer than 64, more coming).
        let slow = ids.dropFirst(3).prefix(2).map(SyntheticSource.detailPath)
        for _ in 0..<2_000 where !(slow.allSatisfy({ h.server.requestCount($0) == 1 }) && log.succeeded(in: .details) >= 3) {
            try await Task.sleep(for: .milliseconds(5))
        }
        sync.cancel()
        let error = await #expect(throws: SyncError.self) { try await sync.value }
        #expect(error?.code == .cancelled)
        for id in ids.prefix(3) {
            let kept = try await stored(id, in: h.engine)
            #expect(kept == (true, true), "story \(id): fetched whole before the cancel, so written whole")
        }
        for id in ids.dropFirst(3) {
            let kept = try await stored(id, in: h.engine)
            #expect(kept == (false, false), "story \(id): its detail never arrived")
        }
        // The written stories are searchable: the batch went in with its index.
        #expect(try await h.engine.search("第\(ids[0])号故事的正文").map(\.id) == [ids[0]])

        source.serve(h.server, days: 3, details: true)
        let mark = h.server.requestedPaths.count
        let rerun = try await h.engine.sync(SyntheticRequest.details(3))
        #expect(rerun.detailsPresent == 3)
        #expect(rerun.detailsFetched == ids.count - 3)
        let asked = Set(h.paths(since: mark).filter { $0.hasPrefix("/api/4/news/20") })
        #expect(asked == Set(ids.dropFirst(3).map(SyntheticSource.detailPath)))
        await h.server.stop()
    }

    @Test func aBatchThatCannotBeSavedEndsTheSyncAndWritesNoneOfItsStories() async throws {
        let h = try await SyncHarness.start(batches: batches(details: 2))
        source.serve(h.server, days: 3, details: true)
        let ids = stories(3)
        // Real SQLite refuses the third story's detail: the second batch, stories 3 and 4.
        let other = try Database(path: h.path)
        try other.execute(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON story_detail WHEN NEW.id = \(ids[2])
            BEGIN SELECT RAISE(ABORT, 'disk full'); END
            """)
        let error = await #expect(throws: SyncError.self) {
            try await h.engine.sync(SyncRequest(span: .lastDays(3), includeDetails: true, concurrency: 1))
        }
        #expect(error?.code == .storage)
        for (index, id) in ids.enumerated() {
            let kept = try await stored(id, in: h.engine)
            // The first batch was written before; the failed one is rolled back as a whole (the
            // counters of story 4 too); nothing is written after a failed batch.
            #expect(kept == (index < 2 ? (true, true) : (false, false)), "story \(index): \(id)")
            let found = try await h.engine.search("第\(id)号故事的正文").map(\.id)
            #expect(found == (index < 2 ? [id] : []), "the index holds a detail exactly when the archive does")
        }
        #expect(try await h.engine.status().lastSync == nil)
        await h.server.stop()
    }

    @Test func transfersGoOnWhileTheWriterWaitsAndPauseWhenTwoMoreBatchesWait() async throws {
        let h = try await SyncHarness.start(timeout: .seconds(20), batches: batches(days: 2))
        source.serve(h.server, days: 30)
        let days = source.days(30).dropFirst()
        // Every day takes a while, so the lock below is taken before any day can be written (the
        // pool writes whatever has come, in any order: with days that came at once, a first
        // batch was committed before the lock every time).
        for day in days {
            h.server.setReply(.delayed(.milliseconds(300), .body(status: 200, text: source.page(day))), for: path(day))
        }
        let sync = Task { try await h.engine.sync(SyncRequest(span: .lastDays(30), concurrency: 2)) }
        for _ in 0..<2_000 where h.server.requestCount(path(days.first!)) == 0 {
            try await Task.sleep(for: .milliseconds(2))
        }
        // Another connection holds the write lock: the sync's writer waits for it (busy timeout).
        let other = try Database(path: h.path)
        try other.execute("BEGIN IMMEDIATE")
        // Taken before any of these days was written (the latest day is written before they are
        // asked for); a loaded machine may be later: then the count below proves nothing.
        let daysBeforeTheLock = try other.query("SELECT count(*) FROM day WHERE date < ?", [.integer(latest.key)]) {
            $0.int64(at: 0)
        }.first
        let lockedBeforeAnyWrite = daysBeforeTheLock == 0
        func requested() -> Int { days.filter { h.server.requestCount(path($0)) > 0 }.count }
        // Transfers go on while the first batch (2 days) waits to be written, until two more
        // batches' worth wait (4 days; the items under way then land too, up to twice the
        // concurrency of 2 with libcurl's `TransferLimit`): 6 to 10 days, then they pause, so
        // memory stays bounded however slow the writer is.
        for _ in 0..<1_000 where requested() < 6 {
            try await Task.sleep(for: .milliseconds(2))
        }
        // Five replies' time, two at once: without the pause, 10 more days would be asked for.
        try await Task.sleep(for: .milliseconds(1_500))
        let whileWaiting = requested()
        if lockedBeforeAnyWrite {
            #expect((6...10).contains(whileWaiting), "fetched or under way while the writer waits: \(whileWaiting) days")
        }
        try other.execute("COMMIT")
        let summary = try await sync.value
        #expect(summary.daysFetched == 30)
        #expect(summary.failures.isEmpty)
        #expect(try await h.engine.coverage().cachedRanges == [latest.adding(days: -29)...latest])
        await h.server.stop()
    }

    /// A sync's checkpoints run on a connection and thread of their own (`WALCheckpointer`): the
    /// archive file itself holds what was synced while the engine is still open, where the writer
    /// alone would have left it in the log (far below its 1000-page automatic checkpoint).
    @Test func theLogIsCopiedIntoTheArchiveBesideTheWriter() async throws {
        let h = try await SyncHarness.start(batches: batches(days: 2))
        source.serve(h.server, days: 8)
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(8), concurrency: 2))
        #expect(summary.daysFetched == 8)
        #expect(await h.engine.diagnostics.lastSyncCheckpoints >= 1)
        // The file alone, without its log: a copy of it opened on its own.
        let copy = try temporaryDatabasePath()
        try FileManager.default.copyItem(atPath: h.path, toPath: copy)
        let fileAlone = try Archive(database: try Database(path: copy)).pages
        #expect(try fileAlone.coverage().cachedRanges == [latest.adding(days: -7)...latest])
        await h.server.stop()
    }

    private func path(_ day: Day) -> String { SyntheticSource.path(of: day) }
}
