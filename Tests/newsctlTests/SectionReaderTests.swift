import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// The reader's 栏目 screens in tmux at 80x24 and 60x20: `s` lists the columns, Enter opens
    /// one (its name in the title bar, its stories by month), the end of the list reads the next
    /// page, and a story opens as from a day.
    @Suite(.enabled(if: TmuxPane.isAvailable, "tmux is not installed: the reader's terminal tests need it"))
    struct SectionReaderTests {
        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        /// The reader on the loopback API with the columns' list and 瞎扯 of 25 stories, the
        /// newest of which is the fixture story 9759301.
        private func start(columns: Int, rows: Int) async throws -> (TmuxPane, LoopbackServer) {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
            SectionPages(count: 25, firstID: 9_759_301 - 24).serve(on: server)
            let pane = try TmuxPane(columns: columns, rows: rows)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            try pane.run("NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --base-url \(await server.baseURL); echo EXIT=$?")
            let (ok, lines) = try await pane.waitFor { $0.count >= rows && $0[rows - 1].hasPrefix("已更新") }
            #expect(ok, show(lines))
            return (pane, server)
        }

        @Test(arguments: [(80, 24), (60, 20)])
        func sListsTheColumnsEnterOpensOneAndItsEndReadsMore(columns: Int, rows: Int) async throws {
            let (pane, server) = try await start(columns: columns, rows: rows)
            try pane.press("s")
            var (ok, lines) = try await pane.waitFor { $0.contains { $0.contains("瞎扯 · 如何正确地吐槽") } }
            #expect(ok, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 › 栏目"), show(lines))
            #expect(lines.contains { $0.contains("深夜惊奇") && $0.contains("看别人的经历") }, show(lines))

            try pane.press("j", "Enter")
            (ok, lines) = try await pane.waitFor { $0.count >= rows && $0[rows - 1].hasPrefix("本地有 10 篇") }
            #expect(ok, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 › 栏目 › 瞎扯 · 如何正确地吐槽 "), "the title bar names the column: \(show(lines))")
            #expect(lines.contains("2023年8月"), show(lines))
            #expect(try pane.screen().first { $0.hasPrefix(">") }?.contains("8月15日") == true, show(lines))
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= columns }, show(lines))

            try pane.press("G")
            (ok, lines) = try await pane.waitFor { $0.count >= rows && $0[rows - 1].hasPrefix("本地有 20 篇") }
            #expect(ok, "the end read the next page: \(show(lines))")
            #expect(server.requestCount(SectionPages(count: 25, firstID: 9_759_301 - 24).path(ofPage: 1)) == 1)

            try pane.press("g", "Enter")
            (ok, lines) = try await pane.waitFor("春天风大，主要有三个原因。")
            #expect(ok, "a column's story opens as from a day: \(show(lines))")
            #expect(lines[0].hasPrefix("知乎日报 › 栏目 › 瞎扯 · 如何正确地吐槽 › 文章"), show(lines))

            try pane.press("q", "q", "q", "q")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            await server.stop()
        }

        @Test func theHelpListsTheSectionsKey() async throws {
            let (pane, server) = try await start(columns: 80, rows: 24)
            try pane.press("?")
            let (ok, lines) = try await pane.waitFor("栏目（瞎扯等；列表底部加载更早的）")
            #expect(ok, show(lines))
            try pane.press("x", "q")
            _ = try await pane.waitForStatus()
            await server.stop()
        }
    }
}
