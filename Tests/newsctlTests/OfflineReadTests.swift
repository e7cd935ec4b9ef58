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
