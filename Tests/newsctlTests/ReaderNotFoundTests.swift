import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// The reader in a real terminal (tmux): a story the source answers 404 for says so, not
    /// "cannot connect", at 80x24 and at 60x20.
    @Suite(.serialized, .enabled(if: TmuxPane.isAvailable, "tmux is not installed: the reader's terminal tests need it"))
    struct ReaderNotFoundTests {
        @Test(arguments: [(80, 24), (60, 20)])
        func aStoryTheSourceLacksIsSaidToBeMissingThere(_ size: (columns: Int, rows: Int)) async throws {
            let server = LoopbackServer()
            try await server.start()
            let pane = try TmuxPane(columns: size.columns, rows: size.rows)
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            try pane.run("NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --base-url \(await server.baseURL); echo EXIT=$?")
            var (ok, lines) = try await pane.waitFor { $0.contains { $0.contains("今天的菜是不是咸了") } }
            #expect(ok, Comment(rawValue: lines.joined(separator: "\n")))
            // Down to 9759302, on the latest day but without a detail at the source.
            for _ in 0..<11 where !(try pane.screen().contains { $0.hasPrefix(">") && $0.contains("今天的菜是不是咸了") }) {
                try pane.press("j")
                try await Task.sleep(for: .milliseconds(100))
            }
            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor("知乎日报没有文章 9759302（HTTP 404）")
            #expect(ok, Comment(rawValue: lines.joined(separator: "\n")))
            #expect(!lines.contains { $0.contains("无法连接") }, Comment(rawValue: lines.joined(separator: "\n")))
            try pane.press("q")
            try pane.press("q")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, Comment(rawValue: lines.joined(separator: "\n")))
            await server.stop()
        }
    }
}
