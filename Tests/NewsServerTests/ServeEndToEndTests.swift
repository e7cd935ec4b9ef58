import Foundation
import NewsWeb
import SyncEngine
import Testing
import TestSupport

/// The built `newsctl serve` (handing over to the built newsctl-serve) over an archive synced from
/// the fixtures, one process at a time.
@Suite(.serialized) struct ServeEndToEndTests {
    /// The port in `http://127.0.0.1:PORT/`.
    private func portNumber(_ address: String) -> Int? {
        guard address.hasPrefix("http://127.0.0.1:"), address.hasSuffix("/") else { return nil }
        return Int(address.dropFirst("http://127.0.0.1:".count).dropLast())
    }

    /// An archive holding the fixtures' last three days with their details.
    private func syncedArchive() async throws -> String {
        let source = LoopbackServer()
        try await source.start()
        let databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
        let sync = try await ServeProcess.run(
            ["sync", "--days", "3", "--details", "--base-url", await source.baseURL], databasePath: databasePath)
        await source.stop()
        #expect(sync.status == 0, "\(sync.stderr)")
        return databasePath
    }

    @Test func servesTheSitesPagesAtTheAddressItPrintsAndStopsOnSIGTERM() async throws {
        let databasePath = try await syncedArchive()
        let server = try await ServeProcess.start(["serve", "--port", "0", "--offline"], databasePath: databasePath)
        let port = try #require(portNumber(server.firstLine), "first line: \(server.firstLine); stderr: \(server.stderr)")
        let health = try await RawHTTPClient.send("GET", "/healthz", port: port)
        #expect(health.status == 200)
        // The page over HTTP is the site's own answer for it, whatever the site answers today.
        let engine = try SyncEngine(configuration: SyncEngine.Configuration(databasePath: databasePath))
        let expected = await ArchiveSite(engine: engine, options: ArchiveSite.Options(offline: true)).respond(to: WebRequest(path: "/"))
        let home = try await RawHTTPClient.send("GET", "/", port: port)
        #expect(home.status == expected.status)
        #expect(home.headers["content-type"] == expected.contentType)
        if expected.status == 200 {
            #expect(home.text.contains("为什么春天的风总是特别大？"))
            #expect(home.headers["etag"] != nil)
        } else {
            #expect(home.body == expected.body)
        }
        #expect(home.headers["x-content-type-options"] == "nosniff")
        server.signal(SIGTERM)
        let ended = try #require(try await server.waitForExit(within: TimeBound.within(.seconds(2))), "still running after SIGTERM")
        #expect(ended.status == 0, "\(ended.stderr)")
        // One line per request, each naming its method, path and status.
        let lines = ended.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(ended.stderr)")
        #expect(lines.first?.contains("GET /healthz 200 3 B") == true, "\(ended.stderr)")
        #expect(lines.last?.contains("GET / \(expected.status) ") == true, "\(ended.stderr)")
    }

    /// newsctl ignores SIGHUP and runs the command on a dispatch thread that blocks every signal;
    /// both survived the exec, so closing the terminal left the server running on its port.
    @Test func sighupEndsIt_andTheServerStartsWithNoSignalBlocked() async throws {
        let databasePath = try await syncedArchive()
        let server = try await ServeProcess.start(["serve", "--port", "0", "--offline"], databasePath: databasePath)
        #expect(portNumber(server.firstLine) != nil, "\(server.firstLine)")
        #if os(Linux)
            let status = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)) ?? ""
            let blocked = status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
            #expect(blocked?.hasSuffix("0000000000000000") == true, "\(blocked ?? "no SigBlk line")")
        #endif
        server.signal(SIGHUP)
        let ended = try await server.waitForExit(within: TimeBound.within(.seconds(2)))
        #expect(ended != nil, "still running after SIGHUP")
    }

    @Test func sigintStopsItToo() async throws {
        let databasePath = try await syncedArchive()
        let server = try await ServeProcess.start(["serve", "--port", "0", "--offline"], databasePath: databasePath)
        #expect(portNumber(server.firstLine) != nil, "\(server.firstLine)")
        server.signal(SIGINT)
        let ended = try #require(try await server.waitForExit(within: TimeBound.within(.seconds(2))), "still running after SIGINT")
        #expect(ended.status == 0, "\(ended.stderr)")
    }

    /// The favourite form's answer sends the browser back by a path relative to the form's own
    /// address: at the root, and under the prefix a reverse proxy mounts the site at (nginx
    /// `location /news/ { proxy_pass http://127.0.0.1:PORT/; }`), where `/story/ID.html` left it.
    @Test func theFavouriteRedirectLandsOnTheStoryAtTheRootAndUnderAProxysPrefix() async throws {
        let databasePath = try await syncedArchive()
        let server = try await ServeProcess.start(["serve", "--port", "0", "--offline"], databasePath: databasePath)
        let port = try #require(portNumber(server.firstLine), "first line: \(server.firstLine); stderr: \(server.stderr)")
        let storyPath = "/story/9759301.html"
        let page = try await RawHTTPClient.send("GET", storyPath, port: port)
        #expect(page.status == 200, "\(page.text)")
        let action = try #require(Self.favoriteFormAction(page.text), "\(page.text)")
        // The form's address as a browser makes it from the page's, and the POST it sends there:
        // Origin "null" (the page has Referrer-Policy: no-referrer) with Sec-Fetch-Site.
        let root = try #require(URL(string: "http://127.0.0.1:\(port)\(storyPath)"))
        let post = try #require(URL(string: action, relativeTo: root)?.absoluteURL)
        #expect(post.path == "/story/9759301/favorite")
        let toggled = try await RawHTTPClient.send(
            "POST", post.path, port: port,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "null"), ("Sec-Fetch-Site", "same-origin")])
        #expect(toggled.status == 303, "\(toggled.text)")
        let location = try #require(toggled.headers["location"])
        let back = try #require(URL(string: location, relativeTo: post)?.absoluteURL)
        #expect(back.absoluteString == root.absoluteString, "\(location)")
        let story = try await RawHTTPClient.send("GET", back.path, port: port)
        #expect(story.status == 200 && story.text.contains("★ 取消收藏"), "\(story.text)")
        // Behind the proxy the browser knows only the prefixed addresses: the same answer keeps it there.
        let prefixedStory = try #require(URL(string: "https://example.org/news\(storyPath)"))
        let prefixedPost = try #require(URL(string: action, relativeTo: prefixedStory)?.absoluteURL)
        #expect(prefixedPost.absoluteString == "https://example.org/news/story/9759301/favorite")
        let prefixedBack = URL(string: location, relativeTo: prefixedPost)?.absoluteURL
        #expect(prefixedBack?.absoluteString == "https://example.org/news/story/9759301.html", "\(location)")
        server.signal(SIGTERM)
        _ = try await server.waitForExit()
    }

    /// The `action` of the page's favourite form (the page's first form is the search).
    private static func favoriteFormAction(_ html: String) -> String? {
        let tags = html.components(separatedBy: "<form ").dropFirst().compactMap { $0.split(separator: ">").first }
        guard let tag = tags.first(where: { $0.contains("class=\"favorite\"") }),
            let start = tag.range(of: "action=\""), let end = tag[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(tag[start.upperBound..<end])
    }

    @Test func syncEveryRunsTheSyncAgainOnItsInterval() async throws {
        let source = LoopbackServer()
        try await source.start()
        let databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
        let server = try await ServeProcess.start(
            ["serve", "--port", "0", "--sync-every", "5s", "--lang", "en", "--base-url", await source.baseURL], databasePath: databasePath)
        #expect(portNumber(server.firstLine) != nil, "\(server.firstLine): \(server.stderr)")
        // At start, then 5 s after that sync ended. Waits for the second sync's log line, not its
        // request: a SIGTERM between the two ended the sync before it logged (seen once).
        let deadline = ContinuousClock.now + TimeBound.within(.seconds(5))
        while server.stderr.components(separatedBy: "background sync done: ").count < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(source.requestCount("/api/4/news/latest") >= 2)
        server.signal(SIGTERM)
        let ended = try #require(try await server.waitForExit(within: TimeBound.within(.seconds(2))))
        #expect(ended.status == 0, "\(ended.stderr)")
        let syncLines = ended.stderr.split(separator: "\n").filter { $0.contains("background sync done: ") }
        #expect(syncLines.count >= 2, "\(ended.stderr)")
        await source.stop()
    }

    @Test func aFailingSyncIsLoggedAndTriedAgainWhileTheServerGoesOn() async throws {
        let source = LoopbackServer()
        try await source.start()
        source.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/latest")
        let databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
        let server = try await ServeProcess.start(
            ["serve", "--port", "0", "--sync-every", "5s", "--lang", "en", "--timeout", "2", "--base-url", await source.baseURL],
            databasePath: databasePath)
        let port = try #require(portNumber(server.firstLine), "\(server.firstLine): \(server.stderr)")
        let deadline = ContinuousClock.now + TimeBound.within(.seconds(9))
        while server.stderr.components(separatedBy: "background sync failed: ").count < 3, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(try await RawHTTPClient.send("GET", "/healthz", port: port).status == 200)
        server.signal(SIGTERM)
        let ended = try #require(try await server.waitForExit(within: TimeBound.within(.seconds(2))))
        #expect(ended.status == 0, "\(ended.stderr)")
        let failures = ended.stderr.split(separator: "\n").filter { $0.contains("background sync failed: ") }
        #expect(failures.count >= 2, "\(ended.stderr)")
        #expect(failures.first?.hasSuffix("; trying again in 5 seconds") == true, "\(ended.stderr)")
        await source.stop()
    }

    @Test func aPortInUseIsOneLineAndExit69() async throws {
        let taken = try StalledListener()
        let databasePath = try await syncedArchive()
        let result = try await ServeProcess.run(
            ["serve", "--port", String(taken.port), "--offline", "--lang", "en"], databasePath: databasePath)
        #expect(result.status == 69)
        #expect(
            result.stderr
                == "newsctl serve: port \(taken.port) on 127.0.0.1 is already in use; choose another --port, or --port 0 for any free one\n"
        )
        #expect(result.stdout.isEmpty)
    }

    @Test func anyHostButLoopbackSaysWhoCanReachIt() async throws {
        let databasePath = try await syncedArchive()
        let server = try await ServeProcess.start(
            ["serve", "--host", "0.0.0.0", "--port", "0", "--offline", "--lang", "en"], databasePath: databasePath)
        #expect(server.firstLine.hasPrefix("http://0.0.0.0:"), "\(server.firstLine)")
        try await Task.sleep(for: .milliseconds(200))
        #expect(server.stderr.contains("any device that can reach this machine on the network can read it"), "\(server.stderr)")
        server.signal(SIGTERM)
        let ended = try #require(try await server.waitForExit(within: TimeBound.within(.seconds(2))))
        #expect(ended.status == 0)
        #expect(ended.stderr.split(separator: "\n").count == 1, "\(ended.stderr)")
    }

    @Test func anyHostButLoopbackWithAnAccountSaysThePasswordsGoInClear() async throws {
        let databasePath = try await syncedArchive()
        try await SyncEngine(configuration: SyncEngine.Configuration(databasePath: databasePath)).addAccount(name: "reader", password: "pw")
        let server = try await ServeProcess.start(
            ["serve", "--host", "0.0.0.0", "--port", "0", "--offline", "--lang", "en"], databasePath: databasePath)
        // Both lines follow the address on stdout; waited for, not timed.
        let deadline = ContinuousClock.now + TimeBound.within(.seconds(10))
        while !server.stderr.contains("in clear"), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        server.signal(SIGTERM)
        let ended = try #require(try await server.waitForExit(within: TimeBound.within(.seconds(2))))
        let lines = ended.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(ended.stderr)")
        #expect(lines.last?.contains("carries passwords and tokens in clear over plain HTTP") == true, "\(ended.stderr)")
    }

    @Test func anAppAskingWithoutAnyAccountIsToldOnceInTheLogHowToAddOne() async throws {
        let databasePath = try await syncedArchive()
        let server = try await ServeProcess.start(["serve", "--port", "0", "--offline", "--lang", "en"], databasePath: databasePath)
        let port = try #require(portNumber(server.firstLine))
        for _ in 0..<3 {
            let answer = try await RawHTTPClient.send(
                "POST", "/api/greader/accounts/ClientLogin", port: port,
                headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Array("Email=a&Passwd=b".utf8))
            #expect(answer.status == 401)
        }
        server.signal(SIGTERM)
        let ended = try #require(try await server.waitForExit(within: TimeBound.within(.seconds(2))))
        let told = ended.stderr.components(separatedBy: "there is no account to log in to; add one with newsctl account add NAME")
        #expect(told.count == 2, "\(ended.stderr)")
    }

    @Test func badValuesAreOneLineAndExit64() async throws {
        let databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
        for arguments in [["--port", "70000"], ["--sync-every", "2s"], ["--sync-every", "30x"], ["--details"], ["--host", "a b"]] {
            let result = try await ServeProcess.run(["serve", "--lang", "en"] + arguments, databasePath: databasePath)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: databasePath))
    }

    @Test func withoutNewsctlServeBesideItSaysHowToBuildIt() async throws {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.copyItem(atPath: ServeProcess.newsctl, toPath: folder + "/newsctl")
        let databasePath = try await syncedArchive()
        let result = try await ServeProcess.run(
            ["serve", "--offline", "--lang", "en"], databasePath: databasePath, executable: folder + "/newsctl")
        #expect(result.status == 69)
        #expect(
            result.stderr
                == "newsctl: newsctl-serve is missing (it belongs beside newsctl, in \(folder)); build it with: swift build --product newsctl-serve\n"
        )
    }
}
