import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// A source that answers 404 said it has no such thing: the built binary says so and exits 66,
    /// keeping 69 for a source it could not reach. The loopback server answers 404 for every path
    /// it has no fixture for, as a static copy of the API does.
    @Suite(.serialized) struct NotFoundTests {
        private func started() async throws -> (LoopbackServer, String) {
            let server = LoopbackServer()
            try await server.start()
            return (server, await server.baseURL)
        }

        @Test func aStoryDayOrThreadTheSourceLacksExits66AndSaysSo() async throws {
            let (server, base) = try await started()
            let newsctl = try NewsctlProcess()
            let story = try await newsctl.run(["show", "123", "--base-url", base])
            #expect(story.status == 66)
            #expect(story.stdout.isEmpty)
            #expect(story.stderr == "newsctl: 知乎日报没有文章 123（HTTP 404）\n")
            let english = try await newsctl.run(["show", "123", "--lang", "en", "--base-url", base])
            #expect(english.stderr == "newsctl: Zhihu Daily has no story 123 (HTTP 404)\n")

            let day = try await newsctl.run(["before", "20230311", "--base-url", base])
            #expect(day.status == 66)
            #expect(day.stderr == "newsctl: 知乎日报没有 2023年3月10日（HTTP 404）\n")

            let comments = try await newsctl.run(["comments", "123", "--base-url", base])
            #expect(comments.status == 66)
            #expect(comments.stderr == "newsctl: 知乎日报没有文章 123 的评论（HTTP 404）\n")
            await server.stop()
        }

        @Test func favAddOfAStoryTheSourceLacksAddsNothing() async throws {
            let (server, base) = try await started()
            let newsctl = try NewsctlProcess()
            // 9759302 is on the latest day (its title is known) but has no detail at the source.
            #expect(try await newsctl.run(["latest", "--base-url", base]).status == 0)
            let added = try await newsctl.run(["fav", "add", "9759302", "--base-url", base])
            #expect(added.status == 66)
            #expect(added.stdout.isEmpty, "not 'open it once online': it is online, and the source has none")
            #expect(added.stderr == "newsctl: 知乎日报没有文章 9759302（HTTP 404）\n")
            let list = try await newsctl.run(["fav", "list", "--json"])
            #expect((try list.stdout.jsonObject()["favorites"] as? [Any])?.isEmpty == true, "\(list.stdout)")
            await server.stop()
        }

        @Test func aBaseURLWithoutItsAPIRootIsSaidToBeWrong() async throws {
            let (server, base) = try await started()
            let root = String(base.dropLast("/api/4".count))
            let newsctl = try NewsctlProcess()
            let fresh = try await newsctl.run(["latest", "--base-url", root])
            #expect(fresh.status == 66)
            #expect(fresh.stderr == "newsctl: 知乎日报的最新一页返回 HTTP 404，地址多半不对：检查 --base-url，它应以 /api/4 结尾\n")
            let english = try await newsctl.run(["sync", "--days", "1", "--lang", "en", "--base-url", root])
            #expect(english.status == 66)
            #expect(
                english.stderr.hasSuffix("the address is most likely wrong: check --base-url; it should end in /api/4\n"),
                "\(english.stderr)")

            // With a cached page, the page is shown and the status line says the same, not 服务器出错.
            #expect(try await newsctl.run(["latest", "--base-url", base]).status == 0)
            let cached = try await newsctl.run(["latest", "--refresh", "--base-url", root])
            #expect(cached.status == 0)
            let status = cached.stdout.split(separator: "\n").last.map(String.init) ?? ""
            #expect(status == "最新一页返回 HTTP 404，检查 --base-url，它应以 /api/4 结尾 · 显示刚刚更新的缓存", "\(cached.stdout)")
            let json = try await newsctl.run(["latest", "--refresh", "--json", "--base-url", root]).stdout.jsonObject()
            #expect(json["stale_reason"] as? String == "not_found")
            await server.stop()
        }

        @Test func aFirstRunWithoutANetworkSaysWhatToTry() async throws {
            let refused = try await LoopbackServer.refusedBaseURL()
            let result = try await NewsctlProcess().run(["latest", "--base-url", refused])
            #expect(result.status == 69, "unreachable stays 69")
            #expect(
                result.stderr
                    == "newsctl: 无法连接知乎日报，本地也没有缓存今日内容；运行 newsctl doctor --network 检查网络，或用 --base-url file:///…/api/4 读取本地副本\n")
        }

        @Test func aFileCopyWithoutItsAPIRootIsSaidToBeWrongToo() async throws {
            let root = "file://" + ((Fixtures.apiRoot as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
            let result = try await NewsctlProcess().run(["latest", "--base-url", root])
            #expect(result.status == 66)
            #expect(result.stderr == "newsctl: 本地副本中没有最新一页（news/latest），地址多半不对：检查 --base-url，它应以 /api/4 结尾\n")
        }

        @Test func aFileCopyLackingAStoryIsNotFoundToo() async throws {
            let result = try await NewsctlProcess().run(["show", "123", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(result.status == 66)
            #expect(result.stderr == "newsctl: 本地副本（--base-url file://…）中没有文章 123\n")
        }

        /// The fixture API's latest day lists six stories with an id (and one without); it has the
        /// details of two of them (and their counters): the other four answer 404.
        @Test func storiesTheSourceLacksAreKeptNamedAndNotAskedForAgain() async throws {
            let (server, base) = try await started()
            let newsctl = try NewsctlProcess()
            let first = try await newsctl.run(["sync", "--days", "1", "--details", "--base-url", base])
            #expect(first.status == 0, "the sync did all it could: \(first.stderr)")
            #expect(first.stderr.isEmpty, "nothing to resume: \(first.stderr)")
            #expect(first.stdout.contains("；失败 0；4 项来源没有（再次同步也取不到）；"), "\(first.stdout)")
            #expect(
                first.stdout.contains(
                    "。未取到的有：文章 9759302：来源没有（HTTP 404），文章 9759303：来源没有（HTTP 404），文章 9759304：来源没有（HTTP 404），另有 1 项（--json 列出全部）"),
                "\(first.stdout)")
            let missing = "/api/4/news/9759302"
            #expect(server.requestCount(missing) == 1)

            let status = try await newsctl.run(["status"])
            #expect(status.stdout.contains("取不到正文的文章：4 篇"), "\(status.stdout)")
            #expect(status.stdout.contains("  9759302 "), "\(status.stdout)")
            #expect(status.stdout.contains("：来源没有（HTTP 404），下次 "), "\(status.stdout)")
            let statusJSON = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            let failing = try #require(statusJSON["failing_stories"] as? [[String: Any]])
            #expect(failing.count == 4)
            #expect(failing.allSatisfy { $0["last_status"] as? Int == 404 })

            // The next sync does not ask again, and says why.
            let second = try await newsctl.run(["sync", "--days", "1", "--details", "--base-url", base])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stdout.contains("；4 篇文章来源没有，一个月内不再取"), "\(second.stdout)")
            let secondJSON = try await newsctl.run(["sync", "--days", "1", "--details", "--json", "--base-url", base])
            #expect(try secondJSON.stdout.jsonObject()["details_not_at_source"] as? Int == 4, "\(secondJSON.stdout)")
            #expect(server.requestCount(missing) == 1, "not asked for again")

            // --retry-failed asks now, and --json lists every one with its reason.
            let retried = try await newsctl.run(["sync", "--retry-failed", "--json", "--base-url", base])
            #expect(retried.status == 0, "\(retried.stderr)")
            #expect(server.requestCount(missing) == 2)
            let failed = try #require(try retried.stdout.jsonObject()["failed"] as? [String])
            #expect(failed.count == 4)
            #expect(failed.contains("文章 9759302：来源没有（HTTP 404）"), "\(failed)")
            await server.stop()
        }
    }
}
