import Foundation
import Testing
import TestSupport

@testable import SyncEngine

extension ProcessTests {
    /// `latest --offline` opens an up-to-date archive read-only (`Configuration.onlyReads`): it
    /// still sees what another process has committed while that process writes, and an archive
    /// an earlier version wrote is still upgraded first.
    @Suite struct OfflineReadTests {
        private static let day = "20230314"

        /// The titles `before <day> --offline --json` prints.
        private func titles(_ result: NewsctlProcess.Result) throws -> [String] {
            let stories = try #require(try result.stdout.jsonObject()["stories"] as? [[String: Any]])
            return stories.compactMap { $0["title"] as? String }
        }

        @Test func aReadWhileAnotherProcessHoldsTheWriteLockShowsWhatItCommittedWithoutWaiting() async throws {
            let newsctl = try NewsctlProcess()
            let filled = try await newsctl.run(["before", Self.day, "--base-url", "file://" + Fixtures.apiRoot])
            #expect(filled.status == 0, "\(filled.stderr)")
            // This test's process is the writer: one title committed, another changed and not yet.
            let writer = try Database(path: newsctl.databasePath)
            let ids = try writer.query("SELECT story_id FROM day_story ORDER BY date, position") {
                $0.int64(at: 0)
            }
            #expect(ids.count >= 2)
            try writer.run("UPDATE story SET title = 'committed' WHERE id = ?", [.integer(ids[0])])
            try writer.execute("BEGIN IMMEDIATE")
            try writer.run("UPDATE story SET title = 'not committed' WHERE id = ?", [.integer(ids[1])])

            let start = ContinuousClock.now
            let read = try await newsctl.run(["before", Self.day, "--offline", "--json"])
            let waited = ContinuousClock.now - start
            try writer.execute("ROLLBACK")
            #expect(read.status == 0, "\(read.stderr)")
            let shown = try titles(read)
            #expect(shown.first == "committed")
            #expect(!shown.contains("not committed"))
            #expect(waited < .milliseconds(Int(Database.busyTimeoutMilliseconds)), "waited for the writer's lock: \(waited)")
            // The read left the writer's archive whole and writable.
            #expect(try writer.query("PRAGMA integrity_check") { $0.text(at: 0) } == ["ok"])
            try writer.run("UPDATE story SET title = 'written after' WHERE id = ?", [.integer(ids[1])])
            #expect(try titles(try await newsctl.run(["before", Self.day, "--offline", "--json"])).contains("written after"))
        }

        /// A read-write connection that is the last to close checkpoints the log into the archive
        /// file and deletes it; an offline read, opened read-only, writes nothing at all.
        @Test func anOfflineReadLeavesTheArchiveFileAndItsLogAsTheyWere() async throws {
            let newsctl = try NewsctlProcess()
            let filled = try await newsctl.run(["before", Self.day, "--base-url", "file://" + Fixtures.apiRoot])
            #expect(filled.status == 0, "\(filled.stderr)")
            // Committed pages left in the log: a writer closes while a read-only connection is
            // open (so it is not the last and does not checkpoint), then that one closes (a
            // read-only connection never checkpoints).
            do {
                let reader = try Database(path: newsctl.databasePath, readOnly: true)
                let writer = try Database(path: newsctl.databasePath)
                try writer.execute("PRAGMA wal_autocheckpoint = 0")
                try writer.run(
                    "UPDATE story SET title = 'in the log' WHERE id = (SELECT story_id FROM day_story ORDER BY date, position LIMIT 1)")
                _ = try reader.query("SELECT count(*) FROM story") { $0.int64(at: 0) }
                _ = writer
            }
            let log = newsctl.databasePath + "-wal"
            let archiveBefore = try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath))
            let logBefore = try Data(contentsOf: URL(fileURLWithPath: log))
            #expect(!logBefore.isEmpty, "the setup left no committed pages in the log")

            let read = try await newsctl.run(["before", Self.day, "--offline", "--json"])
            #expect(read.status == 0, "\(read.stderr)")
            #expect(try titles(read).first == "in the log")
            #expect(try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath)) == archiveBefore, "the read wrote the archive")
            #expect(try Data(contentsOf: URL(fileURLWithPath: log)) == logBefore, "the read checkpointed the log")
        }

        @Test func anArchiveAnEarlierVersionWroteIsUpgradedByAnOfflineRead() async throws {
            let newsctl = try NewsctlProcess()
            try SchemaThreeArchive.copy(to: newsctl.databasePath)
            let latest = try await newsctl.run(["latest", "--offline", "--json"])
            #expect(latest.status == 0, "\(latest.stderr)")
            #expect(latest.stderr == "newsctl: 正在升级本地存档…\n")
            #expect((try latest.stdout.jsonObject()["stories"] as? [Any])?.isEmpty == false)
            let upgraded = try SchemaThreeArchive.state(of: newsctl.databasePath)
            #expect(upgraded.version == Migrations.steps.count && upgraded.integrity == ["ok"])
        }
    }
}
