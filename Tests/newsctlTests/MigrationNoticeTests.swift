import Foundation
import Testing
import TestSupport

@testable import SyncEngine
@testable import newsctl

extension ProcessTests {
    /// The upgrade of a schema-3 archive in a real terminal (tmux, 80×24): the notice with its
    /// percent, and what a SIGKILL half-way leaves. Every report of the upgrade waits a little
    /// (`MigrationNotice.testPauseVariable`), so that a small archive's upgrade lasts seconds.
    @Suite(.enabled(if: TmuxPane.isAvailable, "tmux is not installed: the terminal tests need it"))
    struct MigrationNoticeTests {
        private static let notice = "正在升级本地存档…"

        /// An enlarged schema-3 copy and the pane to upgrade it in.
        private func setUp() throws -> (pane: TmuxPane, database: String) {
            let pane = try TmuxPane(columns: 80, rows: 24)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            try SchemaThreeArchive.enlargedCopy(to: database, copies: 10)
            return (pane, database)
        }

        /// Runs newsctl in the pane's shell (its pid into `pid` in the pane's folder), then prints its status.
        private func start(_ arguments: String, database: String, in pane: TmuxPane) throws {
            try pane.run(
                "\(MigrationNotice.testPauseVariable)=60 NEWSCTL_DB=\(database) "
                    + "bash -c 'echo $$ > \(pane.folder)/pid; exec \"$0\" \"$@\"' \(NewsctlProcess.binary) \(arguments); echo EXIT=$?")
        }

        /// The percent the notice shows on some row, if it is on screen.
        private func percentShown(_ lines: [String]) -> Int? {
            for line in lines {
                let row = line.trimmingCharacters(in: .whitespaces)
                guard row.hasPrefix(Self.notice + " "), row.hasSuffix("%") else { continue }
                return Int(row.dropFirst(Self.notice.count + 1).dropLast())
            }
            return nil
        }

        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        @Test func theNoticeCountsUpOnOneLineAndIsErasedBeforeTheOutput() async throws {
            let (pane, database) = try setUp()
            try start("search 瞎扯", database: database, in: pane)
            var (ok, lines) = try await pane.waitFor { (self.percentShown($0) ?? 0) > 0 }
            #expect(ok, show(lines))
            print("tmux 80x24 during the upgrade:\n" + lines.joined(separator: "\n"))
            let first = percentShown(lines) ?? 0
            #expect(first < 100)
            #expect(lines.filter { $0.contains(Self.notice) }.count == 1, "one line, rewritten: \(show(lines))")
            // Each report waits 60 ms: the next percent is on screen for long enough to be seen.
            (ok, lines) = try await pane.waitFor { (self.percentShown($0) ?? 0) > first }
            #expect(ok, "it moves on: \(show(lines))")

            // Its status line itself: the typed command line ("echo EXIT=$?") may wrap onto a row of its own.
            (ok, lines) = try await pane.waitForStatus(timeout: .seconds(60))
            #expect(ok, show(lines))
            #expect(!lines.contains { $0.contains(Self.notice) }, "erased: \(show(lines))")
            // Its one match and the copies of it (ids 9366494 + n × 10⁸).
            #expect(lines.contains { $0.contains("9366494  ") }, "the results follow: \(show(lines))")
        }

        @Test func theReaderShowsTheNoticeBeforeItsScreenOpens() async throws {
            let (pane, database) = try setUp()
            try start("read --offline", database: database, in: pane)
            var (ok, lines) = try await pane.waitFor { self.percentShown($0) != nil }
            #expect(ok, show(lines))
            #expect(try !pane.isAlternateScreen())
            (ok, lines) = try await pane.waitFor(timeout: .seconds(60)) { $0.count > 23 && $0[0].hasPrefix("知乎日报") }
            #expect(ok, show(lines))
            #expect(!lines.contains { $0.contains(Self.notice) }, show(lines))
            try pane.press("q")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
        }

        @Test func aKillHalfWayLeavesTheOldArchiveAndTheNextRunStartsOver() async throws {
            let (pane, database) = try setUp()
            let before = try SchemaThreeArchive.state(of: database)
            try start("search 研究", database: database, in: pane)
            // Half-way: bodies deflated and the transaction well under way, not yet committed.
            var (ok, lines) = try await pane.waitFor { (10...80).contains(self.percentShown($0) ?? 0) }
            #expect(ok, show(lines))
            let pid = try #require(
                Int32(String(contentsOfFile: pane.folder + "/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, SIGKILL) == 0)
            (ok, lines) = try await pane.waitForStatus("EXIT", 137)
            #expect(ok, show(lines))

            let after = try SchemaThreeArchive.state(of: database)
            #expect(after.version == 3)
            #expect(after.integrity == ["ok"])
            #expect(after.textBodies == before.textBodies && before.textBodies == 24 * 11)

            // Without a terminal: one line, from the start again, then the stories.
            let newsctl = NewsctlProcess(databasePath: database)
            let shown = try await newsctl.run(["show", "9366347", "--offline", "--json"])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stderr == "newsctl: \(Self.notice)\n")
            let expected =
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: Fixtures.schemaThreeFolder + "/show-9366347.json"))) as? [String: Any]
            let story = try shown.stdout.jsonObject()
            #expect(story["title"] as? String == expected?["title"] as? String)
            let text = try #require(story["body_text"] as? String), expectedText = try #require(expected?["body_text"] as? String)
            #expect(SchemaThreeArchive.withoutImageLabels(text) == SchemaThreeArchive.withoutImageLabels(expectedText))
            let latest = try await newsctl.run(["latest", "--offline", "--json"])
            #expect(latest.status == 0 && latest.stderr.isEmpty, "\(latest.stderr)")
            #expect((try latest.stdout.jsonObject()["stories"] as? [Any])?.isEmpty == false)
            let migrated = try SchemaThreeArchive.state(of: database)
            #expect(migrated.version == Migrations.steps.count && migrated.integrity == ["ok"] && migrated.textBodies == 0)
        }
    }
}
