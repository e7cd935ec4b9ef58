import Foundation
import Testing
import TestSupport

@testable import SyncEngine

extension ProcessTests {
    /// `newsctl sections` and `newsctl section` through the built binary against a column of
    /// hundreds of stories paged 10 at a time on the loopback server.
    @Suite struct SectionEndToEndTests {
        private func start(_ column: SectionPages) async throws -> (LoopbackServer, String) {
            let server = LoopbackServer()
            try await server.start()
            column.serve(on: server)
            return (server, await server.baseURL)
        }

        @Test func aKilledAllGoesOnWithOnlyThePagesItHadNotKept() async throws {
            let column = SectionPages(count: 305)
            let (server, baseURL) = try await start(column)
            let slow = column.path(ofPage: 12)
            server.setReply(.delayed(.seconds(30), .body(status: 200, text: column.body(ofPage: 12))), for: slow)
            let newsctl = try NewsctlProcess()
            let killed = try await newsctl.run(["section", "2", "--all", "--timeout", "60", "--base-url", baseURL]) { pid in
                for _ in 0..<3_000 where server.requestCount(slow) == 0 {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                kill(pid, SIGKILL)
            }
            #expect(killed.status == SIGKILL || killed.status == 128 + SIGKILL, "\(killed.status)")
            let kept = try await newsctl.run(["section", "2", "--offline", "--json"])
            let partial = try kept.stdout.jsonObject()
            #expect((partial["stories"] as? [Any])?.count == 120, "pages 0-11 were kept whole")
            #expect(partial["complete"] as? Bool == false)

            server.setReply(.body(status: 200, text: column.body(ofPage: 12)), for: slow)
            let mark = server.requestedPaths.count
            let resumed = try await newsctl.run(["section", "2", "--all", "--json", "--base-url", baseURL])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(Array(server.requestedPaths.dropFirst(mark)) == (12..<column.pageCount).map(column.path(ofPage:)))
            let whole = try resumed.stdout.jsonObject()
            let ids = (whole["stories"] as? [[String: Any]])?.compactMap { $0["id"] as? Int64 } ?? []
            #expect(ids == (0..<305).map(column.storyID), "every story once, newest first")
            #expect(whole["complete"] as? Bool == true && whole["pages_fetched"] as? Int == column.pageCount - 12)
            await server.stop()
        }

        @Test func aRefreshAsksOnePageAndTheTextGroupsByMonth() async throws {
            let column = SectionPages(count: 40)
            let (server, baseURL) = try await start(column)
            let newsctl = try NewsctlProcess()
            let first = try await newsctl.run(["section", "2", "--pages", "2", "--base-url", baseURL])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(server.requestedPaths == [column.path(ofPage: 0), column.path(ofPage: 1)])
            let lines = first.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "瞎扯 · 如何正确地吐槽")
            #expect(lines.contains("2023年8月") && lines.contains("2023年7月"))
            #expect(lines.contains("  8月15日  9000039  瞎扯 · 如何正确地吐槽 0"), "\(first.stdout)")
            #expect(lines.contains("  7月27日  9000020  瞎扯 · 如何正确地吐槽 19"), "\(first.stdout)")
            #expect(first.stdout.hasSuffix("\n本地有 20 篇 · 更早的还没有读取 · 已更新\n"), "\(first.stdout)")

            let english = try await newsctl.run(["section", "2", "--pages", "2", "--lang", "en", "--base-url", baseURL])
            #expect(english.stdout.contains("\nAug 2023\n  Aug 15  9000039  "), "\(english.stdout)")
            #expect(server.requestedPaths.count == 2, "fresh, and two pages held: nothing asked")

            // Two new stories: the newest page lists stories the archive has, so one page is asked.
            SectionPages(count: 42, newestCursor: column.newestCursor + 2 * 86_400).serve(on: server)
            let mark = server.requestedPaths.count
            let refreshed = try await newsctl.run(["section", "2", "--refresh", "--json", "--base-url", baseURL])
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            #expect(Array(server.requestedPaths.dropFirst(mark)) == [column.path(ofPage: 0)])
            let json = try refreshed.stdout.jsonObject()
            #expect((json["stories"] as? [Any])?.count == 22 && json["origin"] as? String == "network")
            await server.stop()
        }

        @Test func aSourceWithoutSectionsSaysSoOnceAndIsNotAskedAgain() async throws {
            let server = LoopbackServer()
            try await server.start()  // 404 for every section path.
            let base = await server.baseURL
            let host = try #require(URL(string: base).flatMap { url in url.host.map { "\($0):\(url.port ?? 80)" } })
            let newsctl = try NewsctlProcess()
            let list = try await newsctl.run(["sections", "--base-url", base])
            #expect(list.status == 69)
            #expect(list.stdout.isEmpty)
            #expect(list.stderr == "newsctl: \(host) 没有栏目（它对 sections 的回答是 404 或 401）\n")
            let column = try await newsctl.run(["section", "2", "--lang", "en", "--base-url", base])
            #expect(column.status == 69)
            #expect(column.stderr == "newsctl: \(host) has no sections (it answered sections with 404 or 401)\n")
            #expect(server.requestedPaths == ["/api/4/sections"], "remembered: asked once")
            await server.stop()
        }

        /// The verdict is the source's, not the archive's: a source that has sections is asked
        /// after another said it has none, and a verdict stored without its source (as archives
        /// kept it before) blocks none.
        @Test func aVerdictOfNoSectionsIsRememberedForTheSourceThatGaveIt() async throws {
            let without = LoopbackServer()
            try await without.start()
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["sections", "--base-url", await without.baseURL]).status == 69)

            let with = LoopbackServer()
            try await with.start()
            with.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
            let listed = try await newsctl.run(["sections", "--base-url", await with.baseURL])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.contains("瞎扯"), "\(listed.stdout)")
            #expect(with.requestedPaths == ["/api/4/sections"])
            #expect(without.requestedPaths == ["/api/4/sections"])
            await without.stop()
            await with.stop()

            // An archive that kept the verdict under the bare key, with no source.
            let old = try NewsctlProcess()
            let oldVerdict = try await old.run(["sections", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(oldVerdict.stderr == "newsctl: 本地副本（--base-url file://…）没有栏目（其中没有 sections）\n", "\(oldVerdict.stderr)")
            let database = try Database(path: old.databasePath)
            try database.run("DELETE FROM sync_meta WHERE key LIKE 'no_sections_at%'")
            let now = String(Date().timeIntervalSince1970)
            try database.run("INSERT INTO sync_meta (key, value) VALUES ('no_sections_at', ?)", [.text(now)])
            let again = LoopbackServer()
            try await again.start()
            again.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
            let asked = try await old.run(["sections", "--base-url", await again.baseURL])
            #expect(asked.status == 0, "\(asked.stderr)")
            #expect(again.requestedPaths == ["/api/4/sections"])
            await again.stop()
        }

        @Test func aMalformedPageIsBadDataAndWritesNothing() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 200, text: #"{"name":"瞎扯","timestamp":1689721198}"#), for: "/api/4/section/2")
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["section", "2", "--base-url", await server.baseURL])
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr == "newsctl: 知乎日报返回的栏目 2 数据有误\n")
            let offline = try await newsctl.run(["section", "2", "--offline"])
            #expect(offline.status == 69 && offline.stderr == "newsctl: 离线：本地存档中没有栏目 2\n", "\(offline.stderr)")
            await server.stop()
        }

        @Test func badArgumentsAreUsageErrors() async throws {
            let newsctl = try NewsctlProcess()
            let notAnID = try await newsctl.run(["section", "two"])
            #expect(notAnID.status == 64 && notAnID.stderr == "newsctl: 'two' 不是栏目 id；应为正整数，例如 2（瞎扯），见 newsctl sections\n")
            let both = try await newsctl.run(["section", "2", "--all", "--pages", "3"])
            #expect(both.status == 64 && both.stderr == "newsctl: --all 与 --pages 只能选一个\n", "\(both.stderr)")
            let zero = try await newsctl.run(["section", "2", "--pages", "0", "--lang", "en"])
            #expect(zero.status == 64 && zero.stderr == "newsctl: --pages needs a positive number, not 0\n", "\(zero.stderr)")
        }
    }
}

extension ProcessTests {
    /// `newsctl sync --sections` through the built binary: the columns to their ends, then their
    /// stories' details, counters and comments through the day sync's own fetching.
    @Suite struct SectionSyncEndToEndTests {
        /// A column's sync keeps the days' account: what the source lacks is counted apart from
        /// the failures, and pictures whose host cannot be reached are a line on stderr, not a
        /// failed sync (exit 0), as for days (`SyncAccountTests`).
        @Test func aColumnsSyncCountsWhatTheSourceLacksAndUnreachablePicturesAsADaysSyncDoes() async throws {
            let server = LoopbackServer()
            try await server.start()
            let column = SectionPages(count: 3)
            column.serve(on: server)
            let refused = try await LoopbackServer.refusedBaseURL().dropLast("/api/4".count)
            var detail = try Fixtures.text("news/9759301")
            for host in ["pic1", "pic2", "pic3", "pic4"] {
                detail = detail.replacingOccurrences(
                    of: "https:\\/\\/\(host).zhimg.com", with: refused.replacingOccurrences(of: "/", with: "\\/"))
            }
            let extra = try Fixtures.text("story-extra/9759301")
            let missing = column.storyID(1)
            for index in 0..<3 where column.storyID(index) != missing {
                let id = column.storyID(index)
                server.setReply(
                    .body(status: 200, text: detail.replacingOccurrences(of: "9759301", with: String(id))), for: "/api/4/news/\(id)")
                server.setReply(.body(status: 200, text: extra), for: "/api/4/story-extra/\(id)")
            }
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run([
                "sync", "--sections", "2", "--images", "--concurrency", "1", "--base-url", await server.baseURL,
            ])
            #expect(result.status == 0, "the stories are in; pictures are extras: \(result.stderr)")
            #expect(result.stdout.contains("；失败 0；1 项来源没有（再次同步也取不到）；"), "\(result.stdout)")
            #expect(result.stdout.contains(" 张图片未取到；"), "\(result.stdout)")
            #expect(result.stderr.hasPrefix("newsctl: 同步已完成；") && result.stderr.hasSuffix("之后的同步会再试\n"), "\(result.stderr)")
            await server.stop()
        }

        @Test func aSyncOfAColumnBringsItsStoriesDetailsAndComments() async throws {
            let server = LoopbackServer()
            try await server.start()
            let column = SectionPages(count: 25)
            column.serve(on: server)
            let detail = try Fixtures.text("news/9759301")
            let extra = try Fixtures.text("story-extra/9759301")
            let missing = column.storyID(3)
            for index in 0..<25 {
                let id = column.storyID(index)
                if id != missing {
                    server.setReply(
                        .body(status: 200, text: detail.replacingOccurrences(of: "9759301", with: String(id))), for: "/api/4/news/\(id)")
                }
                server.setReply(.body(status: 200, text: extra), for: "/api/4/story-extra/\(id)")
                CommentPages.serve(server, story: id, short: [id * 10 + 1], long: [id * 10 + 2])
            }
            let newsctl = try NewsctlProcess()
            let first = try await newsctl.run([
                "sync", "--sections", "2", "--details", "--comments", "--json", "--base-url", await server.baseURL,
            ])
            #expect(first.status == 0, "a story the source lacks is listed, not the sync's failure: \(first.stderr)")
            let summary = try first.stdout.jsonObject()
            #expect(summary["stories"] as? Int == 25 && summary["pages_fetched"] as? Int == 3)
            #expect(summary["details_fetched"] as? Int == 24, "\(summary)")
            // The story the source lacks has no comments asked for: 24 stories' long and short ones.
            #expect(summary["comments_fetched"] as? Int == 48)
            #expect(server.requestCount("/api/4/story/\(missing)/long-comments") == 0)
            #expect((summary["failed"] as? [String])?.count == 1)
            #expect(server.requestCount("/api/4/news/\(column.storyID(0))") == 1)

            let shown = try await newsctl.run(["show", String(column.storyID(0)), "--offline"])
            #expect(shown.status == 0, "a column's story reads offline: \(shown.stderr)")
            let status = try await newsctl.run(["status", "--lang", "en"])
            #expect(status.status == 0, "\(status.stderr)")
            #expect(!status.stdout.contains("empty") && status.stdout.contains("No days yet"), "25 stories are not empty: \(status.stdout)")
            #expect(!status.stdout.contains("Last sync: never"), "a sync of columns is a sync: \(status.stdout)")

            let text = try await newsctl.run(["sync", "--sections", "2", "--details", "--base-url", await server.baseURL])
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.hasPrefix("已同步栏目 2：共 25 篇，读取 1 页；文章新取 0 篇，已有 24 篇；失败 0；"), "\(text.stdout)")
            #expect(server.requestCount("/api/4/news/\(missing)") == 1, "a story the source lacks is left alone, as on a day")
            #expect(server.requestCount("/api/4/news/\(column.storyID(0))") == 1, "details are fetched once")

            // A column the source lacks: exit 66 and one line naming it; syncing again would not help.
            server.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
            let lacking = try await newsctl.run(["sync", "--sections", "2,77", "--lang", "en", "--base-url", await server.baseURL])
            #expect(lacking.status == 66, "\(lacking.stderr)")
            #expect(lacking.stderr == "newsctl: Zhihu Daily has no section 77 (HTTP 404)\n", "\(lacking.stderr)")
            await server.stop()
        }
    }
}
