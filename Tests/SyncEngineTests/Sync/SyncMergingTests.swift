import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// A sync's full batches of details leave their index segments for FTS5's merges of 16 instead
/// of merging four at a time at every commit, batches of days do not, and no committed state of
/// the archive has merging off.
@Suite struct SyncMergingTests {
    private let source = SyntheticSource()

    /// Batches of two details (and one batch of days), due only when full or when nothing more is
    /// coming.
    private var batches: SyncEngine.SyncBatches {
        SyncEngine.SyncBatches(days: .init(size: 256, interval: .seconds(600)), details: .init(size: 2, interval: .seconds(600)))
    }

    private func segments(_ database: Database) throws -> Int64 {
        try database.query("SELECT count(DISTINCT segid) FROM story_search_idx") { $0.int64(at: 0) }.first ?? 0
    }

    /// The archive's committed `automerge`: nil when never set (FTS5's default, 4).
    private func automerge(_ database: Database) throws -> Int64? {
        try database.query("SELECT v FROM story_search_config WHERE k = 'automerge'") { $0.int64(at: 0) }.first
    }

    @Test func fullBatchesLeaveTheirSegmentsUnmergedAndNoCommittedStateHasMergingOff() async throws {
        let h = try await SyncHarness.start(batches: batches)
        // Six days of two stories: the latest page, one batch of five days, six full batches of details.
        source.serve(h.server, days: 6, details: true)
        let ids = source.days(6).flatMap { source.storyIDs(of: $0) }
        // Long texts: FTS5 merges once every 64 pages of index it writes, and these write hundreds.
        // The last details come a little later, so the sync is still writing while it is watched.
        for (offset, id) in ids.enumerated() {
            let reply = LoopbackServer.Reply.body(status: 200, text: source.detail(id, text: Self.text(seed: offset)))
            h.server.setReply(offset < ids.count - 2 ? reply : .delayed(.milliseconds(300), reply), for: SyntheticSource.detailPath(id))
        }
        let watcher = try Database(path: h.path)
        let done = Locked(false)
        let sync = Task {
            defer { done.withLock { $0 = true } }
            return try await h.engine.sync(SyntheticRequest.details(6))
        }
        var seen: Set<Int64> = []
        while !done.withLock({ $0 }) {
            seen.insert(try automerge(watcher) ?? 4)
            try await Task.sleep(for: .milliseconds(2))
        }
        let summary = try await sync.value
        #expect(summary.detailsFetched == ids.count)
        #expect(seen == [4], "another connection saw automerge \(seen.sorted()) while the sync wrote")
        #expect(try automerge(watcher) ?? 4 == 4)
        // The latest page and the days each left a segment, and every full batch of details at
        // least one of its own (two, when its pending terms outgrow FTS5's hash): merging four at
        // a time merged them as they came (5 segments were left).
        let left = try segments(watcher)
        #expect(left >= 2 + Int64(ids.count / 2), "\(left) segments")

        let archive = try Database(path: h.path)
        #expect(throws: Never.self) {
            try archive.execute("INSERT INTO story_search (story_search, rank) VALUES ('integrity-check', 1)")
        }
        for id in ids {
            #expect(try await h.engine.search("第\(id)号故事").map(\.id) == [id])
        }
        // Every text holds the same characters in the same cycle, so every story has this phrase.
        #expect(Set(try await h.engine.search(String(Self.text(seed: 0).prefix(6))).map(\.id)) == Set(ids))
        // A write after the sync merges as every write does: the index keeps to FTS5's default.
        try archive.execute("INSERT INTO story_search (story_search, rank) VALUES ('merge', 1000)")
        #expect(try segments(archive) < 2 + Int64(ids.count / 2))
        await h.server.stop()
    }

    /// A sync of a few stories writes one batch smaller than the limit: it merges as before.
    @Test func aBatchThatEndsAPhaseMergesAsEveryOtherWriteDoes() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 3, details: true)
        _ = try await h.engine.sync(SyntheticRequest.details(3))
        let archive = try Database(path: h.path)
        #expect(try automerge(archive) == nil, "merging was never turned off")
        await h.server.stop()
    }

    /// The days phase merges at every commit, full batches too: merges put off to the phase's
    /// last batch would run alone after its transfers.
    @Test func fullBatchesOfDaysMergeAsEveryOtherWriteDoes() async throws {
        let h = try await SyncHarness.start(batches: SyncEngine.SyncBatches(days: .init(size: 2, interval: .seconds(600))))
        // Seven days: the latest page, then three full batches of two days.
        source.serve(h.server, days: 7)
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(7), concurrency: 2))
        #expect(summary.daysFetched == 7)
        let archive = try Database(path: h.path)
        #expect(try automerge(archive) == nil, "merging was turned off for a batch of days")
        await h.server.stop()
    }

    /// 20,000 Han characters, a different sequence for each seed.
    private static func text(seed: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for index in 0..<20_000 {
            scalars.append(Unicode.Scalar(0x4E00 + UInt32((index * 7_919 + seed * 104_729) % 20_000))!)
        }
        return String(scalars)
    }
}
