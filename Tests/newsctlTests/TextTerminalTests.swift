import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// Line breaking and search snippets as a person sees them, in a real terminal (tmux) at
    /// 80x24 and 120x40, against the loopback copy of the API.
    @Suite(.enabled(if: TmuxPane.isAvailable, "tmux is not installed: these terminal tests need it"))
    struct TextTerminalTests {
        private static let sizes = [80, 120]

        private func rows(_ columns: Int) -> Int { columns == 80 ? 24 : 40 }

        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        /// Story 9759301 with a paragraph whose first `columns / 2` characters fill a line exactly,
        /// so a wrap that only counts columns would begin the next line with "。" (the sentence of
        /// story 9530275 that did).
        private func server(columns: Int) async throws -> (LoopbackServer, lead: String) {
            let sentence = "圣曼纳是一名属于罗马军团的埃及士兵因为拒不放弃自己的基督教信仰而殉道"
            let lead = String((String(repeating: "近年来城市人口增多", count: 10) + sentence).suffix(columns / 2))
            let paragraph = lead + "。4 世纪末，圣曼纳之墓周边的地区成为神迹的代名词（见下图）。"
            var detail = try #require(
                try JSONSerialization.jsonObject(with: Data(try Fixtures.text("news/9759301").utf8)) as? [String: Any])
            detail["body"] = "<div class=\"content\"><p>\(paragraph)</p></div>"
            let server = LoopbackServer()
            server.setReply(
                .body(status: 200, text: String(decoding: try JSONSerialization.data(withJSONObject: detail), as: UTF8.self)),
                for: "/api/4/news/9759301")
            try await server.start()
            return (server, lead)
        }

        /// The paragraph's break, on screen: the line before holds all but the last character,
        /// which went down with the "。"; no line starts with a closing mark; nothing is wider.
        private func expectPulledDown(_ lines: [String], lead: String, columns: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            let first = lines.firstIndex { $0.hasPrefix(String(lead.prefix(6))) }
            #expect(first.map { lines[$0] } == String(lead.dropLast()), show(lines), sourceLocation: sourceLocation)
            #expect(
                first.map { lines[$0 + 1].hasPrefix(String(lead.suffix(1)) + "。4 世纪末，") } == true, show(lines),
                sourceLocation: sourceLocation)
            #expect(!lines.contains { $0.hasPrefix("。") || $0.hasPrefix("）") }, show(lines), sourceLocation: sourceLocation)
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= columns }, show(lines), sourceLocation: sourceLocation)
        }

        @Test(arguments: sizes)
        func showAndTheStoryScreenPullTheLastCharacterDownWithAStop(columns: Int) async throws {
            let (server, lead) = try await server(columns: columns)
            let base = await server.baseURL
            let pane = try TmuxPane(columns: columns, rows: rows(columns))
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"

            try pane.run("NEWSCTL_DB=\(database) \(NewsctlProcess.binary) show 9759301 --base-url \(base); echo EXIT=$?")
            var (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            expectPulledDown(lines, lead: lead, columns: columns)

            try pane.run("clear; NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --base-url \(base); echo READ=$?")
            // The reader's own screen, not what `show` left in the pane.
            (ok, lines) = try await pane.waitFor { $0[0].hasPrefix("知乎日报") && $0.contains { $0.contains("为什么春天的风总是特别大？") } }
            #expect(ok, show(lines))
            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor { $0[0].hasPrefix("知乎日报 › 文章") && $0.contains { $0.contains("世纪末") } }
            #expect(ok, show(lines))
            expectPulledDown(lines, lead: lead, columns: columns)
            try pane.press("q")
            try pane.press("q")
            (ok, lines) = try await pane.waitForStatus("READ", 0)
            #expect(ok, show(lines))
            await server.stop()
        }

        @Test(arguments: sizes)
        func aSearchHitInATitleShowsTheHintNotTheTitleAgain(columns: Int) async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let pane = try TmuxPane(columns: columns, rows: rows(columns))
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            let title = "一座城市的地铁线路是怎样规划出来的？"

            try pane.run("NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --base-url \(base); echo EXIT=$?")
            var (ok, lines) = try await pane.waitFor(title)
            #expect(ok, show(lines))
            try pane.press("/")
            (ok, lines) = try await pane.waitFor("搜索：")
            #expect(ok, show(lines))
            try pane.type("地铁")
            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains(title) } }
            #expect(ok, show(lines))
            // The title once, then what it adds: the story's hint (its text is not in the archive).
            let row = try #require(lines.firstIndex { $0.contains(title) }, show(lines))
            #expect(lines[row + 1] == "    交通规划师 · 6 分钟阅读", show(lines))
            #expect(lines.filter { $0.contains("地铁线路") }.count == 1, show(lines))
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= columns }, show(lines))

            // In the printed results too.
            try pane.press("q")
            try pane.press("q")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            try pane.run("clear; NEWSCTL_DB=\(database) \(NewsctlProcess.binary) search 地铁 --no-color; echo SEARCHED=$?")
            (ok, lines) = try await pane.waitForStatus("SEARCHED", 0)
            #expect(ok, show(lines))
            let printed = try #require(lines.firstIndex { $0.contains(title) }, show(lines))
            #expect(lines[printed + 1].trimmingCharacters(in: .whitespaces) == "交通规划师 · 6 分钟阅读", show(lines))
            await server.stop()
        }
    }
}
