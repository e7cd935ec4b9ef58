import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// The reader's small things at 80x24 and 60x20 (tmux): the help whole and uncovered, an
    /// error line that goes when it no longer applies, `i` on the list, the comments' title, and
    /// `f` confirmed both ways.
    @Suite(.enabled(if: TmuxPane.isAvailable, "tmux is not installed: the reader's terminal tests need it"))
    struct ReaderSmallThingsTests {
        private let spring = "为什么春天的风总是特别大？"

        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        /// The reader on the loopback API, the day before today failing (500).
        private func start(columns: Int, rows: Int) async throws -> (TmuxPane, LoopbackServer) {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/before/20230314")
            let pane = try TmuxPane(columns: columns, rows: rows)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            let base = await server.baseURL
            try pane.run("NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --base-url \(base) --timeout 2; echo EXIT=$?")
            let (ok, lines) = try await pane.waitFor { $0.count >= rows && $0[rows - 1].hasPrefix("已更新") }
            #expect(ok, show(lines))
            return (pane, server)
        }

        private func quit(_ pane: TmuxPane, _ server: LoopbackServer, presses: Int = 1) async throws {
            for _ in 0..<presses { try pane.press("q") }
            let (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            await server.stop()
        }

        /// Every key's meaning whole (wrapped under itself where it must be), every row within
        /// the screen, and the last key's row on screen.
        private func expectHelp(_ lines: [String], columns: Int) {
            let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            for entry in ReaderKeys.table {
                #expect(text.contains(entry.zh), "\(entry.keys): \(entry.zh)\n\(lines.joined(separator: "\n"))")
            }
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= columns }, show(lines))
        }

        /// At the narrowest width the reader allows (40 columns) the meanings wrap: each
        /// continuation row sits under its meaning, and the rows together are the whole phrase.
        @Test func atFortyColumnsEachMeaningWrapsUnderItself() async throws {
            let columns = 40
            let (pane, server) = try await start(columns: columns, rows: 40)
            try pane.press("?")
            let (ok, lines) = try await pane.waitFor("按键（任意键关闭）")
            #expect(ok, show(lines))
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= columns }, show(lines))
            let keyWidth = ReaderKeys.table.map { TerminalText.width(of: $0.keys) }.max() ?? 0
            let indent = String(repeating: " ", count: keyWidth + 5)
            var continuationRows = 0
            for entry in ReaderKeys.table {
                let first = try #require(lines.firstIndex { $0.hasPrefix("  " + entry.keys + " ") }, show([entry.keys] + lines))
                var text = String(lines[first].dropFirst(2 + entry.keys.count)).trimmingCharacters(in: .whitespaces)
                var next = first + 1
                while next < lines.count, lines[next].hasPrefix(indent), lines[next].dropFirst(indent.count).first != " " {
                    text += lines[next].trimmingCharacters(in: .whitespaces)
                    continuationRows += 1
                    next += 1
                }
                #expect(text.filter { $0 != " " } == entry.zh.filter { $0 != " " }, show([entry.keys] + lines))
            }
            #expect(continuationRows > 0, show(["at 40 columns some meaning wraps"] + lines))
            try pane.press("Escape")
            try await quit(pane, server)
        }

        @Test(arguments: [(80, 24), (60, 20)])
        func theHelpIsWholeAndUncovered_andAnErrorLineGoesWhenItNoLongerApplies(columns: Int, rows: Int) async throws {
            let (pane, server) = try await start(columns: columns, rows: rows)
            try pane.press("?")
            var (ok, lines) = try await pane.waitFor("按键（任意键关闭）")
            #expect(ok, show(lines))
            expectHelp(lines, columns: columns)
            try pane.press("Escape")
            (ok, lines) = try await pane.waitFor { !$0.contains { $0.contains("按键（任意键关闭）") } }
            #expect(ok, show(lines))

            // The day before fails at the end of the list: its line, with the retry key.
            try pane.press("End")
            (ok, lines) = try await pane.waitFor("（r 重试）")
            #expect(ok, show(lines))
            // The help covers it: every key's row is there, and not the error line.
            try pane.press("?")
            (ok, lines) = try await pane.waitFor("按键（任意键关闭）")
            #expect(ok, show(lines))
            #expect(!lines.contains { $0.contains("重试）") && !$0.contains("刷新") }, show(lines))
            expectHelp(lines, columns: columns)
            try pane.press("Escape")
            (ok, lines) = try await pane.waitFor("（r 重试）")
            #expect(ok, show(lines))
            // Back at the top, the failure of the day below no longer applies: the line goes.
            try pane.press("g")
            (ok, lines) = try await pane.waitFor { !$0.contains { $0.contains("（r 重试）") } }
            #expect(ok, show(lines))
            #expect(try pane.screen().first { $0.hasPrefix(">") }?.contains(spring) == true)
            try await quit(pane, server)
        }

        @Test(arguments: [(80, 24), (60, 20)])
        func iOnTheList_saysWhereImagesAre_andTheCommentsNameTheStory(columns: Int, rows: Int) async throws {
            let (pane, server) = try await start(columns: columns, rows: rows)
            try pane.press("i")
            var (ok, lines) = try await pane.waitFor("图片在文章里列出：Enter 打开文章，再按 i")
            #expect(ok, show(lines))
            #expect(lines[0] == "知乎日报 · 2023年3月14日 星期二" + String(repeating: " ", count: columns - 37) + "? 帮助", show(lines))

            try pane.press("c")
            (ok, lines) = try await pane.waitFor { $0[0].hasPrefix("知乎日报 › 评论 · ") }
            #expect(ok, show(lines))
            let bar = "知乎日报 › 评论 · " + spring
            #expect(lines[0].hasPrefix(bar) && lines[0].hasSuffix("? 帮助"), show(lines))
            #expect(TerminalText.width(of: lines[0]) == columns, show(lines))
            try await quit(pane, server, presses: 2)
        }

        /// `f` on the list and in a story: "已收藏：…" one way, "已取消收藏：…" the other.
        @Test(arguments: [(80, 24), (60, 20)])
        func fIsConfirmedBothWays(columns: Int, rows: Int) async throws {
            let (pane, server) = try await start(columns: columns, rows: rows)
            try pane.press("f")
            var (ok, lines) = try await pane.waitFor("已收藏：" + spring)
            #expect(ok, show(lines))
            try pane.press("f")
            (ok, lines) = try await pane.waitFor("已取消收藏：" + spring)
            #expect(ok, show(lines))
            #expect(lines[rows - 2] == "已取消收藏：" + spring, show(lines))

            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor("春天风大，主要有三个原因。")
            #expect(ok, show(lines))
            try pane.press("f")
            (ok, lines) = try await pane.waitFor("已收藏：" + spring)
            #expect(ok, show(lines))
            try pane.press("f")
            (ok, lines) = try await pane.waitFor("已取消收藏：" + spring)
            #expect(ok, show(lines))
            // The next key clears it.
            try pane.press("j")
            (ok, lines) = try await pane.waitFor { !$0.contains { $0.contains("已取消收藏") } }
            #expect(ok, show(lines))
            try await quit(pane, server, presses: 2)
        }
    }
}
