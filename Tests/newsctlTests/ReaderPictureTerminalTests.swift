import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// A story's pictures in `newsctl read --graphics symbols`, in a real terminal (tmux): drawn
    /// where the placeholder stood, scrolled with the text, hidden and shown by `p`, gone when
    /// the story is left.
    @Suite(
        .enabled(if: TmuxPane.isAvailable, "tmux is not installed: the reader's terminal tests need it"),
        .enabled(if: GraphicsLibraries.all, Comment(rawValue: GraphicsLibraries.missing)))
    struct ReaderPictureTerminalTests {
        /// The first story of the day, 9759301, with one picture: quadrants.png (48 x 32: red,
        /// green / blue, yellow), 24 rows at 72 columns with 1:2 cells.
        private func start(columns: Int, rows: Int) async throws -> (TmuxPane, LoopbackServer) {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let root = String(base.dropLast("/api/4".count))
            let body =
                "<div class=\"content\"><p>图前的一段。</p><figure><img src=\"\(root)/pictures/quadrants.png\">"
                + "<figcaption>三月的气压图</figcaption></figure><p>图后的一段。</p></div>"
            try BodyStory.serve(9_759_301, body: body, on: server)
            server.setReply(.bytes(contentType: "image/png", try Fixtures.picture("quadrants.png")), for: "/pictures/quadrants.png")
            let pane = try TmuxPane(columns: columns, rows: rows)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            try pane.run("NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --graphics symbols --base-url \(base); echo EXIT=$?")
            return (pane, server)
        }

        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        /// The status line's "22/63": the last row shown and the story's rows in all.
        private func position(_ lines: [String]) -> (shown: Int, all: Int)? {
            guard let last = lines.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
                let word = last.split(separator: " ").last, case let parts = word.split(separator: "/"), parts.count == 2,
                let shown = Int(parts[0]), let all = Int(parts[1])
            else { return nil }
            return (shown, all)
        }

        /// A picture's placeholder ("[图片 3：图 3]") is on screen: a picture there is not drawn yet.
        private func placeholderShows(_ lines: [String]) -> Bool { lines.contains { $0.contains("：图 ") && $0.contains("[图片 ") } }

        /// The picture's red, as tmux writes a 256-colour cell back (chafa draws in the palette
        /// without COLORTERM): as foreground or background.
        private func isRed(_ row: String) -> Bool { row.contains("38;5;196m") || row.contains("48;5;196m") }
        private func isBlue(_ row: String) -> Bool { row.contains("38;5;21m") || row.contains("48;5;21m") }

        /// A story of 8 pictures (quadrants.png each, at addresses of their own), each after a
        /// paragraph: the reader draws them as they come on screen, each in the rows its
        /// placeholder kept for it, so the story's length never changes; at the end, the last one
        /// is drawn; at a new width, they are drawn again at it.
        @Test func aLongStorysPicturesAreDrawnWhereTheyComeOnScreen_inRowsKeptForThem() async throws {
            let (server, base) = try await servingLongStory()
            let pane = try TmuxPane(columns: 80, rows: 30)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            var lines = try await openLongStory(
                in: pane, "NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --graphics symbols --base-url \(base); echo EXIT=$?")
            var ok: Bool
            #expect(try pane.screen(escapes: true).contains(where: isRed), show(lines))
            let length = try #require(position(lines)?.all, show(lines))

            // The end: the last picture's blue half drawn above its caption; the length the same.
            lines = try await goToTheEnd(in: pane)
            #expect(position(lines)?.all == length, show(lines))

            // Back to the top, then a narrower terminal: drawn again at the new width, 20 rows.
            try pane.press("g")
            try pane.resize(columns: 60, rows: 30)
            // Until the caption shows, the frame may still be the one drawn before the resize.
            (ok, lines) = try await pane.waitFor { screen in
                screen.contains { $0.contains("第 1 段。") } && screen.contains { $0.hasPrefix("图片 1：图 1") } && !placeholderShows(screen)
            }
            #expect(ok, show(lines))
            let paragraph = try #require(lines.firstIndex { $0.hasPrefix("第 1 段。") }, show(lines))
            let first = try #require(lines.firstIndex { $0.hasPrefix("图片 1：图 1") }, show(lines))
            #expect(first - (paragraph + 2) == 20, show(lines))
            let colours = try pane.screen(escapes: true)
            #expect(isRed(colours[paragraph + 2]) && isBlue(colours[first - 1]), show(colours))
            try pane.press("q")
            try pane.press("q")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            await server.stop()
        }

        /// The first story of the day, 9759301, as 8 paragraphs, each followed by a picture
        /// (quadrants.png at an address of its own, "图 N" its caption), served with its pictures.
        private func servingLongStory() async throws -> (LoopbackServer, String) {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let root = String(base.dropLast("/api/4".count))
            let figures = (1...8).map { number in
                "<p>第 \(number) 段。</p><figure><img src=\"\(root)/pictures/q\(number).png\"><figcaption>图 \(number)</figcaption></figure>"
            }
            try BodyStory.serve(9_759_301, body: "<div class=\"content\">" + figures.joined() + "<p>最后一段。</p></div>", on: server)
            for number in 1...8 {
                server.setReply(.bytes(contentType: "image/png", try Fixtures.picture("quadrants.png")), for: "/pictures/q\(number).png")
            }
            return (server, base)
        }

        /// Runs `commandLine` (a reader) in `pane`, opens the first story and waits until its first
        /// paragraph shows with every picture on screen drawn; the screen then.
        private func openLongStory(in pane: TmuxPane, _ commandLine: String) async throws -> [String] {
            try pane.run(commandLine)
            var (ok, lines) = try await pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor { $0.contains { $0.contains("第 1 段。") } && !placeholderShows($0) }
            #expect(ok, show(lines))
            return lines
        }

        /// `G` in the open long story: the last paragraph and picture 8 drawn, its blue half above
        /// its caption; the screen then.
        private func goToTheEnd(in pane: TmuxPane) async throws -> [String] {
            try pane.press("G")
            let (ok, lines) = try await pane.waitFor { screen in
                screen.contains { $0.hasPrefix("最后一段。") } && screen.contains { $0.hasPrefix("图片 8：图 8") } && !placeholderShows(screen)
            }
            #expect(ok, show(lines))
            let caption = try #require(lines.firstIndex { $0.hasPrefix("图片 8：图 8") }, show(lines))
            let (blue, _) = try await pane.waitFor { _ in (try? pane.screen(escapes: true)).map { isBlue($0[caption - 1]) } ?? false }
            #expect(blue, "picture 8's last row is blue: \((try? pane.screen(escapes: true)) ?? [])")
            return lines
        }

        /// Pictures the archive keeps, in a new session offline: laid out by what the archive
        /// keeps of them, their bytes read only as they are drawn, each comes on screen drawn
        /// where it stands, the last one too.
        @Test func keptPicturesAreDrawnOfflineInANewSession_theirBytesReadAsTheyComeOnScreen() async throws {
            let (server, base) = try await servingLongStory()
            let pane = try TmuxPane(columns: 80, rows: 30)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            // Online first: the story and its pictures kept (the first and the last seen drawn).
            var lines = try await openLongStory(
                in: pane, "NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --graphics symbols --base-url \(base); echo EXIT=$?")
            var ok: Bool
            lines = try await goToTheEnd(in: pane)
            try pane.press("q")
            try pane.press("q")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))

            lines = try await openLongStory(
                in: pane, "clear; NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --offline --graphics symbols; echo OFFLINE=$?")
            let paragraph = try #require(lines.firstIndex { $0.hasPrefix("第 1 段。") }, show(lines))
            (ok, _) = try await pane.waitFor { _ in (try? pane.screen(escapes: true)).map { isRed($0[paragraph + 2]) } ?? false }
            #expect(ok, "picture 1's first row is red: \((try? pane.screen(escapes: true)) ?? [])")
            #expect(!lines.contains { $0.contains("未保存") }, show(lines))
            lines = try await goToTheEnd(in: pane)
            try pane.press("q")
            try pane.press("q")
            (ok, lines) = try await pane.waitForStatus("OFFLINE")
            #expect(ok, show(lines))
            await server.stop()
        }

        @Test(arguments: [(80, 24), (120, 40)])
        func thePictureStandsWhereItsPlaceholderWas_pHidesAndShowsIt_andLeavingLeavesNone(size: (Int, Int)) async throws {
            let (columns, rows) = size
            let (pane, server) = try await start(columns: columns, rows: rows)
            var (ok, lines) = try await pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try pane.press("Enter")
            // The text first, then the picture in the placeholder's place, the caption under it.
            (ok, lines) = try await pane.waitFor { screen in
                screen.contains { $0.contains("图前的一段。") } && !screen.contains { $0.contains("[图片 1：三月的气压图]") }
            }
            #expect(ok, show(lines))
            var colours = try pane.screen(escapes: true)
            let paragraph = try #require(lines.firstIndex { $0.contains("图前的一段。") }, show(lines))
            #expect(isRed(colours[paragraph + 2]), "the picture's first row is red: \(colours[paragraph + 2].debugDescription)")
            #expect(!isRed(colours[paragraph]) && !isRed(colours[paragraph + 1]))
            if rows >= 40 {
                // All 24 rows on screen, red above blue, the caption under the last.
                let caption = try #require(lines.firstIndex { $0.hasPrefix("图片 1：三月的气压图") }, show(lines))
                #expect(caption - (paragraph + 2) == 24, show(lines))
                #expect(isBlue(colours[caption - 1]) && !isRed(colours[caption - 1]))
                #expect(lines[caption + 2].hasPrefix("图后的一段。"), show(lines))
            } else {
                // The picture scrolls with the text: a page on, its blue half and the caption.
                try pane.press("Space")
                (ok, lines) = try await pane.waitFor("图片 1：三月的气压图")
                #expect(ok, show(lines))
                colours = try pane.screen(escapes: true)
                let caption = try #require(lines.firstIndex { $0.hasPrefix("图片 1：三月的气压图") }, show(lines))
                #expect(isBlue(colours[caption - 1]), show(colours))
                try pane.press("g")
            }

            // p: the placeholder again, no colour of the picture anywhere; p again: the picture.
            try pane.press("p")
            (ok, lines) = try await pane.waitFor("[图片 1：三月的气压图]")
            #expect(ok, show(lines))
            colours = try pane.screen(escapes: true)
            #expect(!colours.contains(where: isRed) && !colours.contains(where: isBlue), show(colours))
            try pane.press("p")
            (ok, lines) = try await pane.waitFor { !$0.contains { $0.contains("[图片 1：三月的气压图]") } }
            #expect(ok, show(lines))
            #expect(try pane.screen(escapes: true).contains(where: isRed))

            // Leaving the story: the list, and nothing of the picture on it.
            try pane.press("q")
            (ok, lines) = try await pane.waitFor { $0.first?.hasPrefix("知乎日报") == true && !$0.contains { $0.contains("图前的一段。") } }
            #expect(ok, show(lines))
            colours = try pane.screen(escapes: true)
            #expect(!colours.contains(where: isRed) && !colours.contains(where: isBlue), show(colours))

            // ? lists the key.
            try pane.press("?")
            (ok, lines) = try await pane.waitFor("隐藏 / 显示文章中的图片")
            #expect(ok, show(lines))
            try pane.press("q")
            try pane.press("q")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            await server.stop()
        }
    }
}
