import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// A photo story's images in `newsctl read`, in a real terminal (tmux): numbered in the text,
    /// listed by `i` with the headline image first, opened with `xdg-open` or shown by address.
    @Suite(.enabled(if: TmuxPane.isAvailable, "tmux is not installed: the reader's terminal tests need it"))
    struct ReaderImageTerminalTests {
        private struct Reader {
            let pane: TmuxPane
            let server: LoopbackServer
            /// The reader's PATH: bash, and an `xdg-open` when the test gives it one.
            let bin: String
            /// Where the fake `xdg-open` writes each URL it is given, one a line.
            let opened: String

            /// Starts the reader on the photo story's API, with nothing but `bin` on its PATH.
            func start() async throws {
                let base = await server.baseURL
                let database = try Fixtures.temporaryFolder() + "/news.sqlite"
                // --graphics none: these tests are about the placeholders and the list of the
                // images, whose zhimg.com addresses a test cannot reach; drawn (auto draws in
                // tmux), each placeholder would say that its picture could not be fetched.
                try pane.run(
                    "PATH=\(bin) NEWSCTL_DB=\(database) \(NewsctlProcess.binary) read --graphics none --base-url \(base); echo EXIT=$?")
            }

            var openedURLs: [String] {
                ((try? String(contentsOfFile: opened, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }
        }

        /// What the reader finds on its PATH to open an image with.
        private enum Opener {
            /// None at all.
            case none
            /// An `xdg-open` that notes its argument and writes to its output and error, which
            /// must not reach the screen, and exits 0.
            case working
            /// One that does the same but exits 3, as xdg-open does when nothing is configured to
            /// open the address.
            case failing
        }

        /// A reader whose PATH holds bash and the `opener` asked for.
        private func reader(columns: Int, rows: Int, opener: Opener) async throws -> Reader {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 200, text: try PhotoStory.json()), for: PhotoStory.path)
            let folder = try Fixtures.temporaryFolder()
            let bin = folder + "/bin"
            let opened = folder + "/opened"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: bin + "/bash", withDestinationPath: "/bin/bash")
            if opener != .none {
                let exit = opener == .failing ? "exit 3\n" : ""
                let script = "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \(opened)\necho SPOILED-OUT\necho SPOILED-ERR >&2\n" + exit
                try script.write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/xdg-open")
            }
            return Reader(pane: try TmuxPane(columns: columns, rows: rows), server: server, bin: bin, opened: opened)
        }

        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        /// Opens the photo story (the first on the list) and then its image list; returns the list's screen.
        private func openImageList(_ reader: Reader, rows: Int) async throws -> [String] {
            try await reader.start()
            var (ok, lines) = try await reader.pane.waitFor("今日热闻")
            #expect(ok, show(lines))
            try reader.pane.press("Enter")
            (ok, lines) = try await reader.pane.waitFor("[图片 3]")
            #expect(ok, show(lines))
            // Numbered in the text in their order, the caption after a full-width colon.
            let inText = lines.prefix { !$0.hasPrefix("[1] ") }.filter { $0.hasPrefix("[图片") }
            #expect(inText == ["[图片 1：三月的气压图]", "[图片 2：冷锋过境]", "[图片 3]"], show(lines))
            try reader.pane.press("i")
            (ok, lines) = try await reader.pane.waitFor {
                $0[0].hasPrefix("知乎日报 › 文章 › 图片") && $0.count >= rows && $0[rows - 1].hasSuffix("1/4")
            }
            #expect(ok, show(lines))
            return lines
        }

        /// The list: the headline image with its credit first, then the images as numbered in
        /// the text, each with its address on one row under it (one wider than the screen cut
        /// with "…", never split over two rows, which would read as two addresses).
        /// The cursor's ">" is left out here; the tests check where it is.
        private func expectList(_ screen: [String], columns: Int) {
            let lines = screen.map { $0.hasPrefix(">") ? " " + $0.dropFirst() : $0 }
            func row(_ url: String) -> String { "    " + (4 + url.count > columns ? url.prefix(columns - 5) + "…" : url) }
            #expect(lines[1] == "  题图 · Yestone.com 版权图片库", show(lines))
            #expect(lines[2] == row(PhotoStory.headline), show(lines))
            #expect(lines[3] == "  图片 1：三月的气压图", show(lines))
            #expect(lines[4] == row(PhotoStory.wind), show(lines))
            #expect(lines[5] == "  图片 2：冷锋过境", show(lines))
            #expect(lines[6] == row(PhotoStory.front), show(lines))
            #expect(lines[7] == "  图片 3", show(lines))
            #expect(lines[8] == row(PhotoStory.long), show(lines))
            #expect(lines[9].isEmpty, show(lines))
            #expect(screen.allSatisfy { TerminalText.width(of: $0) <= columns })
        }

        @Test(arguments: [(80, 24), (60, 20), (120, 40)])
        func iListsTheImagesHeadlineFirst_andEnterOpensOneWithXdgOpen(columns: Int, rows: Int) async throws {
            let reader = try await reader(columns: columns, rows: rows, opener: .working)
            var lines = try await openImageList(reader, rows: rows)
            expectList(lines, columns: columns)
            #expect(lines[1].hasPrefix("> 题图"), show(lines))

            // Enter on image 1: xdg-open gets its address, and the message line says it was opened.
            try reader.pane.press("j", "Enter")
            var ok: Bool
            (ok, lines) = try await reader.pane.waitFor { _ in reader.openedURLs == [PhotoStory.wind] }
            #expect(ok, "\(reader.openedURLs)")
            (ok, lines) = try await reader.pane.waitFor("已打开：" + PhotoStory.wind)
            #expect(ok, show(lines))
            #expect(lines[rows - 2] == "已打开：" + PhotoStory.wind, show(lines))
            #expect(lines[3] == "> 图片 1：三月的气压图", show(lines))
            // The headline image too; what the opener printed never reaches the screen.
            try reader.pane.press("k", "Enter")
            (ok, lines) = try await reader.pane.waitFor { _ in reader.openedURLs == [PhotoStory.wind, PhotoStory.headline] }
            #expect(ok, "\(reader.openedURLs)")
            // The message line holds what fits of it (the headline's address is 62 columns).
            (ok, lines) = try await reader.pane.waitFor {
                $0.count >= rows && $0[rows - 2].hasPrefix("已打开：https") && ("已打开：" + PhotoStory.headline).hasPrefix($0[rows - 2])
            }
            #expect(ok, show(lines))
            try await Task.sleep(for: .milliseconds(300))
            lines = try reader.pane.screen()
            #expect(!lines.contains { $0.contains("SPOILED") }, show(lines))
            #expect(lines[0].hasPrefix("知乎日报 › 文章 › 图片"), show(lines))

            // q goes back to the story, then the list, then out.
            try reader.pane.press("q")
            (ok, lines) = try await reader.pane.waitFor { $0[0].hasPrefix("知乎日报 › 文章") && !$0[0].contains("图片") }
            #expect(ok, show(lines))
            try reader.pane.press("q", "q")
            (ok, lines) = try await reader.pane.waitForStatus()
            #expect(ok, show(lines))
            await reader.server.stop()
        }

        @Test(arguments: [(80, 24), (60, 20), (120, 40)])
        func withoutXdgOpen_enterShowsTheImagesAddress(columns: Int, rows: Int) async throws {
            let reader = try await reader(columns: columns, rows: rows, opener: .none)
            var lines = try await openImageList(reader, rows: rows)
            expectList(lines, columns: columns)

            try reader.pane.press("G", "Enter")
            var ok: Bool
            (ok, lines) = try await reader.pane.waitFor { $0.joined().contains("图片地址（没有可用的打开程序）") }
            #expect(ok, show(lines))
            expectWholeAddress(PhotoStory.long, after: "图片地址（没有可用的打开程序）：", on: lines, rows: rows)
            #expect(lines[rows - 1].hasSuffix("4/4"), show(lines))
            expectList(lines, columns: columns)
            #expect(lines[7] == "> 图片 3", show(lines))
            #expect(reader.openedURLs.isEmpty)
            try reader.pane.press("q", "q", "q")
            (ok, lines) = try await reader.pane.waitForStatus()
            #expect(ok, show(lines))
            await reader.server.stop()
        }

        /// The message under the list, then the whole address wrapped over the rows above the
        /// status line, to read and copy by hand.
        private func expectWholeAddress(_ url: String, after message: String, on lines: [String], rows: Int) {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(message.prefix(8)) }), start < rows - 1 else {
                Issue.record("no message: \(show(lines))")
                return
            }
            let text = lines[start..<(rows - 1)].joined()
            #expect(text == message + url, show(lines))
        }

        /// xdg-open that runs and exits non-zero (nothing configured to open the address): the
        /// reader waits for its verdict and never says "已打开"; it says it could not open it and
        /// shows the whole address.
        @Test(arguments: [(80, 24), (60, 20)])
        func anOpenerThatFails_isNotSaidToHaveOpened_theAddressIsShown(columns: Int, rows: Int) async throws {
            let reader = try await reader(columns: columns, rows: rows, opener: .failing)
            var lines = try await openImageList(reader, rows: rows)
            try reader.pane.press("G", "Enter")
            var ok: Bool
            (ok, lines) = try await reader.pane.waitFor { _ in reader.openedURLs == [PhotoStory.long] }
            #expect(ok, "\(reader.openedURLs)")
            let message = "无法打开（打开程序出错），图片地址："
            (ok, lines) = try await reader.pane.waitFor { $0.joined().contains("无法打开（打开程序出错）") }
            #expect(ok, show(lines))
            expectWholeAddress(PhotoStory.long, after: message, on: lines, rows: rows)
            #expect(!lines.contains { $0.contains("已打开") || $0.contains("SPOILED") }, show(lines))
            #expect(lines[7] == "> 图片 3", show(lines))
            // Moving on clears it; the working opener's case is the test above.
            try reader.pane.press("k")
            (ok, lines) = try await reader.pane.waitFor { !$0.joined().contains("无法打开") }
            #expect(ok, show(lines))
            try reader.pane.press("q", "q", "q")
            (ok, lines) = try await reader.pane.waitForStatus()
            #expect(ok, show(lines))
            await reader.server.stop()
        }
    }
}
