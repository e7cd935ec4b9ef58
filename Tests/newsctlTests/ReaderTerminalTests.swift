import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// `newsctl read` in a real terminal (tmux), against the loopback copy of the API: what a
    /// person sees after each key.
    @Suite(.enabled(if: TmuxPane.isAvailable, "tmux is not installed: the reader's terminal tests need it"))
    struct ReaderTerminalTests {
        private let spring = "为什么春天的风总是特别大？"
        private let melon = "如何判断一个西瓜熟没熟？"

        private struct Reader {
            let pane: TmuxPane
            let server: LoopbackServer
            let base: String
            let database: String

            /// Starts the reader in the pane's shell, which prints its exit status after it.
            func start(_ options: String = "", environment: String = "") throws {
                try pane.run(
                    "\(environment) NEWSCTL_DB=\(database) bash -c 'echo $$ > \(pane.folder)/pid; exec \"$0\" \"$@\"' "
                        + "\(NewsctlProcess.binary) read --base-url \(base) \(options); echo EXIT=$?")
            }

            var pid: Int32 {
                Int32(
                    (try? String(contentsOfFile: pane.folder + "/pid", encoding: .utf8))?
                        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
            }

            /// The row the cursor is on (marked ">").
            func cursorRow() throws -> String {
                try pane.screen().first { $0.hasPrefix(">") } ?? ""
            }

            /// After the reader ended: the status it printed, the main screen back, and the
            /// line discipline back (echo and canonical input on).
            func expectTerminalGivenBack(status: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                let (ended, lines) = try await pane.waitForStatus("EXIT", status)
                #expect(ended, "\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
                #expect(try !pane.isAlternateScreen(), sourceLocation: sourceLocation)
                try pane.run("stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon -e -echo -e -icanon | sort | tr '\\n' ' '; echo")
                let (restored, screen) = try await pane.waitFor("echo icanon")
                #expect(restored, "\(screen.joined(separator: "\n"))", sourceLocation: sourceLocation)
            }
        }

        private func reader(columns: Int = 80, rows: Int = 24) async throws -> Reader {
            let server = LoopbackServer()
            try await server.start()
            let pane = try TmuxPane(columns: columns, rows: rows)
            return Reader(
                pane: pane, server: server, base: await server.baseURL,
                database: try Fixtures.temporaryFolder() + "/news.sqlite")
        }

        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        @Test func theListTheCursorAStoryBackAndTheDayBeforeAtTheEnd() async throws {
            let reader = try await reader()
            try reader.start()
            // The status line is a frame's last row: waiting for it waits for the whole frame,
            // which reaches tmux in pieces when it is bigger than the pty's buffer.
            var (ok, lines) = try await reader.pane.waitFor { $0.count > 23 && $0[23].hasPrefix("已更新") }
            #expect(ok, show(lines))
            #expect(lines[0].hasPrefix("知乎日报") && lines[0].hasSuffix("? 帮助"))
            #expect(lines.contains { $0.contains("热门") })
            #expect(lines.contains { $0.contains("作者 / 气象小站 · 9759301") })  // Hint and id.
            #expect(try reader.cursorRow().contains(spring))
            #expect(lines[23].hasPrefix("已更新") && lines[23].hasSuffix("1/11"), show(lines))  // Status and position.

            try reader.pane.press("j")
            (ok, lines) = try await reader.pane.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains(self.melon) } }
            #expect(ok, show(lines))
            try reader.pane.press("Up", "Enter")
            (ok, lines) = try await reader.pane.waitFor("春天风大，主要有三个原因。")
            #expect(ok, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 › 文章"))
            #expect(lines.contains { $0.contains("474 赞 · 60 条评论") })
            // The story's header says when it was published, in Beijing time (its publish_time).
            #expect(lines[2].hasPrefix("发布于 2023年3月14日 08:00（北京时间） · "), show(lines))
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 })

            try reader.pane.press("q")
            // The list is back at once; the read mark follows when the presenter has reread the
            // marks (a moment later under a sanitizer): wait for both.
            (ok, lines) = try await reader.pane.waitFor {
                $0[0].hasSuffix("? 帮助") && !$0[0].contains("文章") && $0.contains { $0.contains(spring + " ✓") }
            }
            #expect(ok, show(lines))
            #expect(try reader.cursorRow().contains(spring))  // The cursor is where it was.
            #expect(lines.contains { $0.contains(spring + " ✓") })  // Read now.

            // The end of today's list loads the day before below it, and the cursor steps onto its
            // first story; End again goes to the end of that day, and loads the day before it.
            try reader.pane.press("End")
            (ok, lines) = try await reader.pane.waitFor("12/16")
            #expect(ok, show(lines))
            #expect(try reader.cursorRow().hasPrefix("> 1. " + melon), show(lines))
            #expect(lines.contains { $0.contains("2023年3月13日 星期一") }, show(lines))
            #expect(reader.server.requestedPaths.contains("/api/4/news/before/20230314"))
            try reader.pane.press("End")
            (ok, lines) = try await reader.pane.waitFor("17/20")
            #expect(ok, show(lines))
            #expect(try reader.cursorRow().hasPrefix("> 1. 久坐对身体的影响有多大？"), show(lines))

            try reader.pane.press("?")
            (ok, lines) = try await reader.pane.waitFor("按键（任意键关闭）")
            #expect(ok, show(lines))
            try reader.pane.press("x")
            (ok, lines) = try await reader.pane.waitFor { !$0.contains { $0.contains("按键（任意键关闭）") } }
            #expect(ok, show(lines))

            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        @Test func cOpensTheCommentsTheirEndLoadsTheNextPageAndQGoesBack() async throws {
            let reader = try await reader()
            let story: Int64 = 9_759_301
            let thread: [Int64] = (1...25).map { 5_000 - $0 }  // pages of 20 and 5, then an empty one
            CommentPages.serve(reader.server, story: story, short: thread)
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor { $0.count > 23 && $0[23].hasPrefix("已更新") }
            #expect(ok, show(lines))
            #expect(try reader.cursorRow().contains(spring))

            // c on a list item: that story's comments, the short ones with their count from the counters.
            try reader.pane.press("c")
            (ok, lines) = try await reader.pane.waitFor { $0.contains("短评 60") && $0[23].contains("60 条评论") }
            #expect(ok, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 › 评论"), show(lines))
            #expect(!lines.contains { $0.hasPrefix("长评") }, "no long comments, no section")
            #expect(lines.contains { $0.hasPrefix("用户99 · ") && $0.contains(" 赞 · ") }, show(lines))
            #expect(lines.contains("  评论4999"), show(lines))

            // The end loads the next page below, once (25 comments of 3 rows, the heading, the
            // footer: 78 rows); the next end shows it and finds the empty page that ends the thread.
            try reader.pane.press("End")
            (ok, lines) = try await reader.pane.waitFor { $0[23].hasSuffix("/78") }
            #expect(ok, show(lines))
            try reader.pane.press("End")
            (ok, lines) = try await reader.pane.waitFor { $0.contains("  评论4975") && $0.contains("没有更多评论了") }
            #expect(ok, show(lines))
            #expect(reader.server.requestCount(CommentPages.shortPath(story, before: 4_980)) == 1)
            #expect(reader.server.requestCount(CommentPages.shortPath(story, before: 4_975)) == 1)
            try reader.pane.press("End")  // At the end of a complete thread: nothing to ask (checked below).

            // q goes back; in the opened story the status line says what c opens.
            try reader.pane.press("q")
            (ok, lines) = try await reader.pane.waitFor { $0[0].hasSuffix("? 帮助") && !$0[0].contains("评论") }
            #expect(ok, show(lines))
            try reader.pane.press("Enter")
            (ok, lines) = try await reader.pane.waitFor { $0[23].contains("60 条评论（c 看评论）") }
            #expect(ok, show(lines))
            try reader.pane.press("c")
            (ok, lines) = try await reader.pane.waitFor { $0[0].hasPrefix("知乎日报 › 文章 › 评论") && $0.contains("短评 60") }
            #expect(ok, show(lines))
            #expect(reader.server.requestCount(CommentPages.shortPath(story)) == 1, "read again within 10 minutes: from the archive")
            #expect(reader.server.requestCount(CommentPages.shortPath(story, before: 4_975)) == 1, "a complete thread asks nothing")
            try reader.pane.press("q", "q", "q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        @Test func aFailedLoadShowsTheErrorLineWithItsRetryKeyAndTheListStays() async throws {
            let reader = try await reader()
            reader.server.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/before/20230314")
            try reader.start("--timeout 2")
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("End")
            (ok, lines) = try await reader.pane.waitFor("（r 重试）")
            #expect(ok, show(lines))
            #expect(lines.contains { $0.contains("2023年3月13日") })  // The presenter's wording names the day.
            #expect(lines.contains { $0.contains("瞎扯 · 如何正确地吐槽") })  // What was on screen stays.
            reader.server.setReply(.fixture("news/before/20230314"), for: "/api/4/news/before/20230314")
            try reader.pane.press("r")
            (ok, lines) = try await reader.pane.waitFor { !$0.contains { $0.contains("重试") } && $0.contains { $0.contains("/16") } }
            #expect(ok, show(lines))
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        @Test func theStoryUnderTheCursorIsFetchedAfterADwellAndReadsOffline() async throws {
            let reader = try await reader()
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            // Nobody pressed Enter: the cursor rested on the first story, so its text was fetched.
            let fetched = try await reader.pane.waitFor(timeout: .seconds(20)) { _ in
                reader.server.requestedPaths.contains("/api/4/news/9759301")
            }
            #expect(fetched.0, "\(reader.server.requestedPaths)")
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()

            try reader.start("--offline")
            (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("Enter")
            (ok, lines) = try await reader.pane.waitFor("春天风大，主要有三个原因。")
            #expect(ok, show(lines))
            try reader.pane.press("q", "q")
            try await reader.expectTerminalGivenBack(status: 0)
        }

        @Test func aKeptStoryIsStarredAndStillStarredAfterARestartOnALinuxConsole() async throws {
            let reader = try await reader()
            try reader.start(environment: "TERM=linux")
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("f")
            (ok, lines) = try await reader.pane.waitFor(spring + " ★")
            #expect(ok, show(lines))
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)

            try reader.start("--offline")
            (ok, lines) = try await reader.pane.waitFor(spring + " ★")
            #expect(ok, show(lines))
            try reader.pane.press("F")
            (ok, lines) = try await reader.pane.waitFor { $0[0].contains("收藏") && $0.contains { $0.contains("★ " + self.spring) } }
            #expect(ok, show(lines))
            try reader.pane.press("q", "q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        @Test func searchFindsAsYouConfirmAndEnterOpensTheResult() async throws {
            let reader = try await reader()
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("/")
            (ok, lines) = try await reader.pane.waitFor("搜索：")
            #expect(ok, show(lines))
            try reader.pane.type("春天")
            try reader.pane.press("Enter")
            (ok, lines) = try await reader.pane.waitFor { $0.contains { $0.hasPrefix(">") && $0.contains(self.spring) } }
            #expect(ok, show(lines))
            try reader.pane.press("Enter")
            (ok, lines) = try await reader.pane.waitFor("春天风大，主要有三个原因。")
            #expect(ok, show(lines))
            try reader.pane.press("q", "q", "q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        @Test func aResizeRedrawsAtTheNewSizeAndATinyTerminalIsToldSo() async throws {
            let reader = try await reader()
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.resize(columns: 120, rows: 40)
            (ok, lines) = try await reader.pane.waitFor {
                TerminalText.width(of: $0[0]) == 120 && $0[0].hasSuffix("? 帮助") && $0.count > 39 && $0[39].hasPrefix("已更新")
            }
            #expect(ok, show(lines))
            #expect(lines.contains { $0.contains("今日热闻") }, show(lines))
            try reader.pane.resize(columns: 30, rows: 8)
            (ok, lines) = try await reader.pane.waitFor("终端太小")
            #expect(ok, show(lines))
            try reader.pane.resize(columns: 80, rows: 24)
            (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        @Test func withTheNetworkGoneTheArchiveIsShownWithItsOfflineStatus() async throws {
            let reader = try await reader()
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()

            try reader.start("--timeout 2")
            (ok, lines) = try await reader.pane.waitFor("离线 · 显示")
            #expect(ok, show(lines))
            #expect(lines.contains { $0.contains(spring) })
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
        }

        @Test func aSyncInAnotherProcessChangesWhatIsOnScreen() async throws {
            let reader = try await reader()
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            // The source now has a new title for today's first story; another terminal syncs.
            let changed = try Fixtures.text("news/latest").replacingOccurrences(of: "\"\(spring)\"", with: "\"另一个终端同步来的新标题\"")
            reader.server.setReply(.body(status: 200, text: changed), for: "/api/4/news/latest")
            let sync = try await NewsctlProcess(databasePath: reader.database)
                .run(["sync", "--days", "1", "--base-url", reader.base])
            #expect(sync.status == 0, "\(sync.stderr)")
            (ok, lines) = try await reader.pane.waitFor("另一个终端同步来的新标题")
            #expect(ok, show(lines))
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        @Test(arguments: [("C-c", 130), ("SIGTERM", 143), ("SIGHUP", 129)])
        func everyWayOutGivesTheTerminalBack(way: String, status: Int) async throws {
            let reader = try await reader()
            try reader.start()
            let (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            switch way {
            case "SIGTERM": kill(reader.pid, SIGTERM)
            case "SIGHUP": kill(reader.pid, SIGHUP)
            default: try reader.pane.press(way)
            }
            try await reader.expectTerminalGivenBack(status: status)
            await reader.server.stop()
        }

        /// Quitting lets the engine go at once: nothing the reader made still holds it, so the
        /// wind-down does not wait out its 2 s (it did while `read` kept its app to the end, and
        /// `--verbose` says when it does).
        @Test func qQuitsWithoutWaitingForTheEngine() async throws {
            let reader = try await reader()
            try reader.start("--verbose --graphics none")
            let (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            let screen = try reader.pane.screen().joined(separator: "\n")
            #expect(!screen.contains("仍在使用"), Comment(rawValue: screen))
            await reader.server.stop()
        }

        @Test func ctrlZSuspendsAndFgRedrawsTheWholeScreen() async throws {
            let reader = try await reader()
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("C-z")
            (ok, lines) = try await reader.pane.waitFor("Stopped")
            #expect(ok, show(lines))
            #expect(try !reader.pane.isAlternateScreen())
            try reader.pane.run("fg")
            (ok, lines) = try await reader.pane.waitFor { $0[0].hasPrefix("知乎日报") && $0.contains { $0.contains("今日热闻") } }
            #expect(ok, show(lines))
            #expect(try reader.pane.isAlternateScreen())
            try reader.pane.press("q")
            let (ended, screen) = try await reader.pane.waitFor { !$0.contains { $0.contains("今日热闻") } }
            #expect(ended, show(screen))
            #expect(try !reader.pane.isAlternateScreen())
            await reader.server.stop()
        }

        @Test func colourOnlyWithoutNoColor() async throws {
            let reader = try await reader()
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            #expect(try reader.pane.screen(escapes: true).contains { $0.contains("\u{1B}[7m") })  // The cursor, reversed.
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            try reader.start(environment: "NO_COLOR=1")
            (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            #expect(try !reader.pane.screen(escapes: true).contains { $0.contains("\u{1B}[") })
            #expect(try reader.cursorRow().contains(spring))  // The cursor still shows, as ">".
            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        /// A day of `count` stories, "第 1 篇"…, as the source pages them.
        private func longDay(_ date: String, count: Int) -> String {
            let stories = (1...count).map { index in
                #"{"id": \#(9_760_000 + index), "title": "第 \#(index) 篇", "hint": "作者 · 1 分钟阅读", "type": 0, "#
                    + #""url": "https://daily.zhihu.com/story/\#(9_760_000 + index)", "images": []}"#
            }
            return #"{"date": "\#(date)", "stories": ["# + stories.joined(separator: ", ") + "]}"
        }

        @Test(arguments: [(80, 24), (120, 40)])
        func theTitleBarNamesTheCursorsDay_itsHeadingStaysPinned_andTheListFillsTheScreen(columns: Int, rows: Int) async throws {
            let reader = try await reader(columns: columns, rows: rows)
            reader.server.setReply(.body(status: 200, text: longDay("20230313", count: 24)), for: "/api/4/news/before/20230314")
            try reader.start()
            let last = rows - 1
            var (ok, lines) = try await reader.pane.waitFor { $0.count > last && $0[last].hasPrefix("已更新") }
            #expect(ok, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 · 2023年3月14日 星期二"), show(lines))  // The banner is today's.

            if rows == 24 {
                // Today is taller than 21 rows: nothing is loaded before a key asks.
                #expect(reader.server.requestCount("/api/4/news/before/20230314") == 0)
                // End loads the day before, and the cursor goes on to its first story.
                try reader.pane.press("End")
                (ok, lines) = try await reader.pane.waitFor { $0.contains { $0.hasPrefix(">  1. 第 1 篇") } }
                #expect(ok, show(lines))
                #expect(lines[0].hasPrefix("知乎日报 · 2023年3月13日 星期一"), show(lines))
                for _ in 0..<12 { try reader.pane.press("j") }
            } else {
                // Today takes 25 of 37 rows: the day before is loaded to fill them, and no more.
                (ok, lines) = try await reader.pane.waitFor { $0.contains { $0.contains("  1. 第 1 篇") } }
                #expect(ok, show(lines))
                #expect(reader.server.requestCount("/api/4/news/before/20230314") == 1)
                #expect(reader.server.requestCount("/api/4/news/before/20230313") == 0)
                #expect(try reader.cursorRow().contains(spring))  // A fill does not move the cursor.
                for _ in 0..<(11 + 19) { try reader.pane.press("j") }
            }
            // The cursor on story 13 (or 20) of 24: the day's heading has scrolled away and is
            // pinned on the first row under the title bar.
            let story = rows == 24 ? 13 : 20
            (ok, lines) = try await reader.pane.waitFor { $0.contains { $0.hasPrefix("> \(story). 第 \(story) 篇") } }
            #expect(ok, show(lines))
            #expect(lines[1] == "2023年3月13日 星期一", show(lines))
            #expect(lines.filter { $0.hasPrefix("2023年3月13日") }.count == 1, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 · 2023年3月13日 星期一"), show(lines))

            // At the end of that day, End loads the day before it and steps onto its first story.
            try reader.pane.press("End")
            (ok, lines) = try await reader.pane.waitFor { $0.contains { $0.hasPrefix("> 1. 久坐对身体的影响有多大？") } }
            #expect(ok, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 · 2023年3月12日 星期日"), show(lines))
            #expect(reader.server.requestCount("/api/4/news/before/20230313") == 1)

            try reader.pane.press("q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }

        @Test(arguments: [(80, 24), (120, 40)])
        func aStoryOpensAtOnceWithTheListsTitle_andAFailureSaysWhatToDo(columns: Int, rows: Int) async throws {
            let reader = try await reader(columns: columns, rows: rows)
            // The text of the story under the cursor takes 3 s to come (within the 5 s a stalled
            // transfer is given).
            reader.server.setReply(.delayed(.seconds(3), .fixture("news/9759301")), for: "/api/4/news/9759301")
            try reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("Enter")
            (ok, lines) = try await reader.pane.waitFor { $0.contains { $0.contains("正在加载正文…") } }
            #expect(ok, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 › 文章"), show(lines))
            #expect(lines[1] == spring, show(lines))
            #expect(lines[2] == "作者 / 气象小站", show(lines))
            // Then the text follows under the same title.
            (ok, lines) = try await reader.pane.waitFor("春天风大，主要有三个原因。")
            #expect(ok, show(lines))
            #expect(lines[1] == spring, show(lines))
            #expect(!lines.contains { $0.contains("正在加载正文…") })

            // A story the source does not have: what went wrong, and what to do, in the body.
            try reader.pane.press("q")
            (ok, lines) = try await reader.pane.waitFor { $0[0].hasPrefix("知乎日报 ·") }
            #expect(ok, show(lines))
            try reader.pane.press("Down", "Down", "Down", "Down", "Down", "Down", "Enter")  // 9759302, the two-line title.
            (ok, lines) = try await reader.pane.waitFor("按 r 重试，按 q 返回")
            #expect(ok, show(lines))
            #expect(lines[1] == "- 今天的菜是不是咸了？ - 没有，是你的汗流进去了", show(lines))
            #expect(lines[2] == "王小明 · 1 分钟阅读", show(lines))
            #expect(lines[4].contains("9759302"), show(lines))  // The presenter's wording names the story.
            #expect(!lines[rows - 2].contains("9759302"), show(lines))  // Said once, in the body.
            // Once the source has it, r shows it.
            let text = try Fixtures.text("news/9759301").replacingOccurrences(of: "9759301", with: "9759302")
            reader.server.setReply(.body(status: 200, text: text), for: "/api/4/news/9759302")
            try reader.pane.press("r")
            (ok, lines) = try await reader.pane.waitFor("春天风大，主要有三个原因。")
            #expect(ok, show(lines))
            #expect(!lines.contains { $0.contains("按 r 重试") })

            try reader.pane.press("q", "q")
            try await reader.expectTerminalGivenBack(status: 0)
            await reader.server.stop()
        }
    }

    @Suite struct ReaderWithoutATerminalTests {
        @Test func readWithoutATerminalExits64AndPointsToLatest() async throws {
            let result = try await NewsctlProcess().run(["read", "--offline"])
            #expect(result.status == 64)
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.contains("newsctl latest"))
            #expect(result.stdout.isEmpty)
        }

        @Test func readIsFirstInTheHelpAndItsKeysAreInItsOwn() async throws {
            let help = try await NewsctlProcess().run(["--help"])
            let commands = help.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
            #expect(
                commands.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
                    .trimmingCharacters(in: .whitespaces).hasPrefix("read") == true, "\(help.stdout)")
            let readHelp = try await NewsctlProcess().run(["read", "--help"])
            for keys in ["PgUp PgDn  b space", "Enter  l", "q  Esc  h", "Ctrl-L"] {
                #expect(readHelp.stdout.contains(keys), "\(readHelp.stdout)")
            }
        }
    }
}
