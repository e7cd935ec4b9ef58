import Foundation
import SyncEngine
import Testing
import TestSupport

/// A real Google Reader API client no one here wrote: Debian's newsboat (2.21) in its FeedHQ
/// mode, against the built `newsctl serve`. It logs in, lists the feeds, reloads, and what it
/// reads or stars is the archive's read mark and favourite. Headless (`-x reload print-unread`)
/// and in a real terminal (tmux).
@Suite(.serialized) struct NewsboatTests {
    static let newsboat = ["/usr/bin/newsboat", "/usr/local/bin/newsboat"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// newsctl hands `serve` over to newsctl-serve beside it, which a build without the server lacks.
    static let serve = URL(fileURLWithPath: NewsctlProcess.binary).deletingLastPathComponent().appendingPathComponent("newsctl-serve").path
    static var isRunnable: Bool { newsboat != nil && FileManager.default.isExecutableFile(atPath: serve) }
    static let why = "needs newsboat (apt-get install newsboat) and newsctl-serve (a build with the server)"

    /// An archive of the fixtures' last three days (15 stories, those the fixtures have with their text), an account
    /// `reader`, `newsctl serve` on it, and newsboat's files pointed at it.
    struct Setup {
        let newsctl: NewsctlProcess
        let server: Process
        let port: Int
        let folder: String

        var arguments: [String] { ["-C", folder + "/config", "-u", folder + "/urls", "-c", folder + "/cache.db"] }

        func stop() {
            if server.isRunning { server.terminate() }
            server.waitUntilExit()
        }

        func engine() throws -> SyncEngine { try SyncEngine(configuration: .init(databasePath: newsctl.databasePath)) }
    }

    private func setUp() async throws -> Setup {
        let source = LoopbackServer()
        try await source.start()
        let newsctl = try NewsctlProcess()
        let sync = try await newsctl.run(["sync", "--days", "3", "--details", "--base-url", await source.baseURL])
        #expect(sync.status == 0, "\(sync.stderr)")
        await source.stop()
        let added = try await newsctl.run(["account", "add", "reader"], input: "s3cret pass\n")
        #expect(added.status == 0, "\(added.stderr)")

        let folder = try Fixtures.temporaryFolder()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: NewsctlProcess.binary)
        server.arguments = ["serve", "--port", "0", "--offline"]
        server.environment = ["PATH": "/usr/bin:/bin", "HOME": folder, "NEWSCTL_DB": newsctl.databasePath]
            .merging(NewsctlProcess.sanitizerEnvironment) { $1 }
        let addressFile = folder + "/address"
        _ = FileManager.default.createFile(atPath: addressFile, contents: nil)
        server.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: addressFile))
        server.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/serve.log").creatingFile())
        server.standardInput = FileHandle.nullDevice
        try server.run()
        var port: Int?
        for _ in 0..<600 where port == nil {
            let line = (try? String(contentsOfFile: addressFile, encoding: .utf8)) ?? ""
            if line.hasSuffix("/\n"), let colon = line.lastIndex(of: ":") { port = Int(line[line.index(after: colon)...].dropLast(2)) }
            if port == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        guard let port else {
            server.terminate()
            throw RawHTTPClient.Failure(description: "newsctl serve printed no address")
        }
        // No final slash: newsboat appends `/reader/atom/…` to it.
        let config = """
            urls-source "feedhq"
            feedhq-url "http://127.0.0.1:\(port)/api/greader"
            feedhq-login "reader"
            feedhq-password "s3cret pass"
            feedhq-show-special-feeds "no"
            feedhq-flag-star "s"
            feedhq-min-items 100
            show-read-feeds yes
            """
        try config.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
        try "".write(toFile: folder + "/urls", atomically: true, encoding: .utf8)
        return Setup(newsctl: newsctl, server: server, port: port, folder: folder)
    }

    /// newsboat headless: `-x reload print-unread`.
    private func printUnread(_ setup: Setup) async throws -> NewsctlProcess.Result {
        try await setup.newsctl.run(
            setup.arguments + ["-x", "reload", "print-unread"], environment: ["HOME": setup.folder, "LANG": "C.UTF-8"],
            executable: Self.newsboat ?? "newsboat")
    }

    @Test(.enabled(if: isRunnable, Comment(rawValue: why)))
    func newsboatLogsInReloadsAndCountsWhatTheArchiveHasNotRead() async throws {
        let setup = try await setUp()
        defer { setup.stop() }
        let first = try await printUnread(setup)
        #expect(first.status == 0 && first.stdout.contains("15 unread articles"), "\(first.stdout) \(first.stderr)")
        // A story read in the archive (the terminal, the web pages, another app) is read for it on its next reload.
        try await setup.engine().markRead(id: 9_759_302)
        let second = try await printUnread(setup)
        #expect(second.stdout.contains("14 unread articles"), "\(second.stdout) \(second.stderr)")
        let log = (try? String(contentsOfFile: setup.folder + "/serve.log", encoding: .utf8)) ?? ""
        #expect(log.contains("POST /api/greader/accounts/ClientLogin 200"), "\(log)")
        #expect(log.contains("GET /api/greader/reader/api/0/subscription/list 200"), "\(log)")
        #expect(log.contains("GET /api/greader/reader/atom/feed%2Fzhihu-daily 200"), "\(log)")
    }

    @Test(.enabled(if: isRunnable && TmuxPane.isAvailable, Comment(rawValue: why + ", and tmux")))
    func aStoryOpenedInNewsboatIsReadInTheArchiveAndOneFlaggedIsAFavourite() async throws {
        let setup = try await setUp()
        defer { setup.stop() }
        // Its articles loaded headless first: a reload under way in the terminal (`-r`) could lose
        // a key pressed meanwhile, the Enter that opens the feed.
        let loaded = try await printUnread(setup)
        try #require(loaded.status == 0 && loaded.stdout.contains("15 unread articles"), "\(loaded.stdout) \(loaded.stderr)")
        let pane = try TmuxPane(columns: 100, rows: 30)
        // Its status line once it has quit: until then the archive may still be changing.
        try pane.run("LANG=C.UTF-8 " + ([Self.newsboat ?? "newsboat"] + setup.arguments).joined(separator: " ") + "; echo NB=$?")
        let (listed, feeds) = try await pane.waitFor("知乎日报")
        try #require(listed, "\(feeds.joined(separator: "\n"))")
        try pane.press("Enter")  // The feed: its articles.
        let (opened, articles) = try await pane.waitFor("为什么春天的风总是特别大")
        try #require(opened, "\(articles.joined(separator: "\n"))")
        // The first article is the newest; open it, and back.
        try pane.press("Enter")
        let (reading, article) = try await pane.waitFor("Feed: 知乎日报")
        try #require(reading, "\(article.joined(separator: "\n"))")
        try pane.press("q")
        let (back, list) = try await pane.waitFor("Articles in feed")
        try #require(back, "\(list.joined(separator: "\n"))")
        // Flag the next one with `s`, newsboat's star here (Ctrl-E edits an article's flags);
        // without the dialog open, `s` would save the article instead.
        try pane.press("Down")
        try pane.press("C-e")
        let (editing, dialog) = try await pane.waitFor("Flags:")
        try #require(editing, "\(dialog.joined(separator: "\n"))")
        try pane.type("s")
        try pane.press("Enter")
        // The list marks a flagged article with `!` after its unread `N` (the default `%4i %f` columns).
        let (shown, flagged) = try await pane.waitFor { lines in
            lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("2 ") && $0.dropFirst(5).prefix(2).contains("!") }
        }
        try #require(shown, "the second article is not flagged:\n\(flagged.joined(separator: "\n"))")
        try pane.press("q")
        try pane.press("q")
        let (quit, end) = try await pane.waitForStatus("NB")
        try #require(quit, "newsboat did not end with 0:\n\(end.joined(separator: "\n"))")

        let engine = try setup.engine()
        let readIDs = try await engine.items(ItemQuery(stream: .read, limit: 100)).items.map(\.id)
        #expect(readIDs.count == 1, "\(readIDs)")
        let starred = try await engine.favorites().map(\.id)
        #expect(
            starred.count == 1 && !readIDs.contains(starred.first ?? 0),
            "read \(readIDs), starred \(starred)\n\(flagged.joined(separator: "\n"))")
        let log = (try? String(contentsOfFile: setup.folder + "/serve.log", encoding: .utf8)) ?? ""
        #expect(log.components(separatedBy: "POST /api/greader/reader/api/0/edit-tag 200").count >= 3, "\(log)")
    }
}

extension URL {
    /// The file at this address, made empty first.
    fileprivate func creatingFile() -> URL {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return self
    }
}
