import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// A story whose picture host stalls, in a real terminal (tmux): `show` and the reader put
    /// the text on screen at once, the pictures that come are drawn, and `show` gives the stalled
    /// one up after a short wait, leaving its placeholder.
    @Suite(
        .enabled(if: TmuxPane.isAvailable, "tmux is not installed: the terminal tests need it"),
        .enabled(if: GraphicsLibraries.all, Comment(rawValue: GraphicsLibraries.missing)))
    struct SlowPictureTerminalTests {
        /// How long the slow picture's host takes to answer: far longer than any bound below.
        private static let stall = Duration.seconds(20)
        /// The bound a loaded machine has to get a thing on screen: half the stall.
        private static let withinTheStall = Duration.seconds(10)

        /// Story 9759301: a paragraph, picture 1 quadrants.png (answered at once; 48 x 32: red,
        /// green / blue, yellow), another paragraph, picture 2 (its host stalls), a last paragraph.
        private func start(columns: Int, rows: Int) async throws -> (TmuxPane, LoopbackServer, String) {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let root = String(base.dropLast("/api/4".count))
            let body =
                "<div class=\"content\"><p>图前的一段。</p><figure><img src=\"\(root)/pictures/quadrants.png\">"
                + "<figcaption>三月的气压图</figcaption></figure><p>两图之间的一段。</p>"
                + "<figure><img src=\"\(root)/pictures/slow.png\"></figure><p>最后一段。</p></div>"
            try BodyStory.serve(9_759_301, body: body, on: server)
            let picture = try Fixtures.picture("quadrants.png")
            server.setReply(.bytes(contentType: "image/png", picture), for: "/pictures/quadrants.png")
            server.setReply(.delayed(Self.stall, .bytes(contentType: "image/png", picture)), for: "/pictures/slow.png")
            let pane = try TmuxPane(columns: columns, rows: rows)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            return (pane, server, "NEWSCTL_DB=\(database) \(NewsctlProcess.binary)")
        }

        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        /// The picture's red, as tmux writes a 256-colour cell back.
        private func isRed(_ row: String) -> Bool { row.contains("38;5;196m") || row.contains("48;5;196m") }

        @Test func showPrintsTheTextAtOnceAndGivesTheStalledPictureUpWithItsPlaceholder() async throws {
            let (pane, server, newsctl) = try await start(columns: 80, rows: 60)
            // The deadline is the stall's and more: only `show`'s own short wait ends it sooner.
            try pane.run("\(newsctl) show 9759301 --graphics symbols --timeout 60 --base-url \(await server.baseURL); echo EXIT=$?")
            var (ok, lines) = try await pane.waitFor("最后一段。", timeout: Self.withinTheStall)
            #expect(ok, show(lines))
            #expect(lines.contains { $0.contains("图前的一段。") }, show(lines))
            (ok, lines) = try await pane.waitFor("[图片 2]（加载太慢，已跳过）", timeout: Self.withinTheStall)
            #expect(ok, show(lines))
            // The picture that came is drawn; the command has ended, the stalled request with it.
            #expect(try pane.screen(escapes: true).contains(where: isRed), show(lines))
            (ok, lines) = try await pane.waitFor("EXIT=0", timeout: Self.withinTheStall)
            #expect(ok, show(lines))
            await server.stop()
        }

        @Test func theReaderShowsTheTextAtOnceAndDrawsThePictureThatCameWhileTheOtherStalls() async throws {
            let (pane, server, newsctl) = try await start(columns: 80, rows: 60)
            try pane.run("\(newsctl) read --graphics symbols --timeout 60 --base-url \(await server.baseURL); echo EXIT=$?")
            var (ok, lines) = try await pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor("最后一段。", timeout: Self.withinTheStall)
            #expect(ok, show(lines))
            // Picture 1 drawn in its place, picture 2's placeholder in its own, the stall not over.
            (ok, lines) = try await pane.waitFor(timeout: Self.withinTheStall) { screen in
                !screen.contains { $0.contains("[图片 1：三月的气压图]") } && screen.contains { $0.contains("[图片 2]") }
            }
            #expect(ok, show(lines))
            #expect(try pane.screen(escapes: true).contains(where: isRed), show(lines))
            try pane.press("q")
            try pane.press("q")
            (ok, lines) = try await pane.waitFor("EXIT=0")
            #expect(ok, show(lines))
            await server.stop()
        }
    }
}
