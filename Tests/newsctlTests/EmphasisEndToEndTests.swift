import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// `<strong>` in a story reaches the reader as emphasis, never as literal `**` marks, and
    /// search matches are marked in a way no story text can look like.
    @Suite struct EmphasisEndToEndTests {
        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        /// The real capture of story 9729913, whose headings are `<strong>1.版型剪裁不同</strong>`.
        private func captureServer() async throws -> LoopbackServer? {
            guard let folder = Fixtures.capturesFolder else { return nil }
            let body = try String(contentsOfFile: folder + "/detail-9729913-randzzzxy-1.reconstructed.json", encoding: .utf8)
            let server = LoopbackServer()
            server.setReply(.body(status: 200, text: body), for: "/api/4/news/9729913")
            try await server.start()
            return server
        }

        @Test(.enabled(if: Fixtures.capturesFolder != nil, "the real captures are not beside the repository"))
        func showPrintsTheCapturesStrongTextWithoutItsMarks() async throws {
            let server = try #require(try await captureServer())
            let base = await server.baseURL
            let result = try await NewsctlProcess().run(["show", "9729913", "--base-url", base])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(!result.stdout.contains("**"), "\(result.stdout)")
            #expect(lines.contains("1.版型剪裁不同"), show(lines))
            #expect(lines.contains("2.工艺侧重不同"), show(lines))
            #expect(lines.contains { $0.hasPrefix("我们从传统男女装分类的三个设计点中可以得到的启发是，第一，") }, show(lines))
            await server.stop()
        }

        /// On a terminal the same text is bold (tmux's capture with its attributes), in `show` and
        /// in the reader's story screen, at 80x24 and 60x20.
        @Test(
            .enabled(if: Fixtures.capturesFolder != nil, "the real captures are not beside the repository"),
            .enabled(if: TmuxPane.isAvailable, "tmux is not installed: the terminal half needs it"),
            arguments: [(80, 24), (60, 20)])
        func onATerminalTheStrongTextIsBold(columns: Int, rows: Int) async throws {
            let server = try #require(try await captureServer())
            let base = await server.baseURL
            let pane = try TmuxPane(columns: columns, rows: rows)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            try pane.run("NEWSCTL_DB=\(database) \(NewsctlProcess.binary) show 9729913 --base-url \(base) | head -n 16; echo EXIT=$?")
            var (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            // Piped through head: plain, and without the marks.
            #expect(lines.contains("1.版型剪裁不同"), show(lines))

            try pane.run("clear; NEWSCTL_DB=\(database) \(NewsctlProcess.binary) show 9729913 --base-url \(base); echo SHOWN=$?")
            (ok, lines) = try await pane.waitForStatus("SHOWN", 0)
            #expect(ok, show(lines))
            let shown = try pane.screen(escapes: true, history: true)
            #expect(!shown.contains { $0.contains("**") }, show(shown))
            #expect(shown.contains { $0.contains("\u{1B}[1m1.版型剪裁不同") }, show(shown))  // Reset on the next row.
            #expect(shown.contains { $0.contains("\u{1B}[1m第一\u{1B}[") }, show(shown))
            await server.stop()
        }

        /// The reader's story screen: story 9759301's `<strong>第一，冷暖空气交替频繁。</strong>` in
        /// bold, no `**` on screen.
        @Test(
            .enabled(if: TmuxPane.isAvailable, "tmux is not installed: the reader's terminal tests need it"),
            arguments: [(80, 24), (60, 20)])
        func theReadersStoryScreenShowsStrongTextBold(columns: Int, rows: Int) async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let pane = try TmuxPane(columns: columns, rows: rows)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            try pane.run("NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --base-url \(base); echo EXIT=$?")
            var (ok, lines) = try await pane.waitFor("为什么春天的风总是特别大？")
            #expect(ok, show(lines))
            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor("第一，冷暖空气交替频繁。")
            #expect(ok, show(lines))
            let screen = try pane.screen(escapes: true)
            #expect(screen.contains { $0.contains("\u{1B}[1m第一，冷暖空气交替频繁。\u{1B}[") }, show(screen))
            #expect(!lines.contains { $0.contains("**") }, show(lines))
            // `<em>对流</em>` in italics, without the `*…*` the readable text marks it with.
            #expect(screen.contains { $0.contains("\u{1B}[3m对流\u{1B}[") }, show(screen))
            #expect(lines.contains { $0.contains("第二，地面升温快，对流旺盛。") }, show(lines))
            try pane.press("q", "q")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            await server.stop()
        }

        /// `<em>` piped: plain text, neither italics nor the readable text's `*…*` marks.
        @Test func pipedEmphasisIsPlainText() async throws {
            let server = LoopbackServer()
            try await server.start()
            let result = try await NewsctlProcess().run(["show", "9759301", "--base-url", await server.baseURL])
            await server.stop()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("第二，地面升温快，对流旺盛。"), "\(result.stdout)")
            #expect(!result.stdout.contains("*"), "\(result.stdout)")
            #expect(!result.stdout.contains("\u{1B}"), "\(result.stdout)")
        }

        /// The fixture story 9759301 opens a paragraph with `<strong>第一，冷暖空气交替频繁。</strong>`;
        /// a search for words inside it shows them without the text's marks, and marks the match
        /// only by reverse video on a terminal and by offsets in `--json`.
        @Test func searchMarksMatchesByReverseVideoOrOffsets_neverByCharacters() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            _ = try await newsctl.run(["sync", "--days", "1", "--details", "--base-url", base])
            await server.stop()

            let text = try await newsctl.run(["search", "冷暖空气"], environment: ["COLUMNS": "100"])
            #expect(text.status == 0, "\(text.stderr)")
            let snippet = try #require(text.stdout.split(separator: "\n").map(String.init).first { $0.contains("冷暖空气") })
            #expect(snippet.contains("第一，冷暖空气交替频繁。冬季风"), "\(text.stdout)")
            #expect(!snippet.contains("[") && !snippet.contains("*") && !snippet.contains("【"), "\(text.stdout)")

            let json = try await newsctl.run(["search", "冷暖空气", "--json"]).stdout.jsonObject()
            let hit = try #require((json["results"] as? [[String: Any]])?.first)
            let plain = try #require(hit["snippet_text"] as? String)
            #expect(!plain.contains("*"), "\(plain)")
            let matches = try #require(hit["matches"] as? [[String: Int]])
            #expect(matches.count == 1, "\(matches)")
            let scalars = Array(plain.unicodeScalars)
            let match = try #require(matches.first)
            let start = try #require(match["start"])
            let length = try #require(match["length"])
            #expect(String(String.UnicodeScalarView(scalars[start..<(start + length)])) == "冷暖空气", "\(hit)")
            #expect(hit["snippet"] as? String == plain.replacingOccurrences(of: "冷暖空气", with: "**冷暖空气**"))

            guard TmuxPane.isAvailable else { return }
            let pane = try TmuxPane(columns: 80, rows: 24)
            try pane.run("NEWSCTL_DB=\(newsctl.databasePath) \(NewsctlProcess.binary) search 冷暖空气; echo EXIT=$?")
            let (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            let screen = try pane.screen(escapes: true)
            #expect(screen.contains { $0.contains("\u{1B}[7m冷暖空气\u{1B}[") }, show(screen))
        }
    }
}
