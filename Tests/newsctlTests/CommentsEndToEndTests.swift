import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// `newsctl comments` and `sync --comments` through the built binary, against loopback pages in
    /// the shapes of API.md.
    @Suite struct CommentsEndToEndTests {
        private let story = "9759306"

        @Test func bothSectionsWithTheirCountsRepliesQuotedThenOffline() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            let text = try await newsctl.run(["comments", story, "--base-url", base], environment: ["COLUMNS": "80"])
            #expect(text.status == 0, "\(text.stderr)")
            let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let long = try #require(lines.firstIndex(of: "长评 1"), "\(lines)")
            let short = try #require(lines.firstIndex(of: "短评 2"), "\(lines)")
            #expect(long < short, "the long comments first")
            #expect(lines.contains("桃子的小黑屋 · 12 赞 · 2023年3月14日"), "\(lines)")
            #expect(lines.contains("  写得很好。") && lines.contains("  第二段：补充一点，春天的风大是因为冷暖空气交替。"))
            #expect(lines.contains("  //桃子的小黑屋：写得很好。"))
            #expect(lines.contains("  抱歉，原点评已经被删除"))
            #expect(lines.contains("还有更早的短评：newsctl comments \(story) --all"))
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 })
            #expect(text.stderr.isEmpty, "\(text.stderr)")
            await server.stop()

            let offline = try await newsctl.run(["comments", story, "--offline", "--json"])
            #expect(offline.status == 0, "\(offline.stderr)")
            let json = try offline.stdout.jsonObject()
            #expect(json["id"] as? Int == 9_759_306)
            #expect(json["origin"] as? String == "cache")
            #expect(json["complete"] as? Bool == false)
            let sections = try #require(json["sections"] as? [[String: Any]])
            #expect(sections.map { $0["kind"] as? String } == ["long", "short"])
            #expect(sections.map { $0["count"] as? Int } == [1, 2])
            let comments = try #require(sections.last?["comments"] as? [[String: Any]])
            #expect(comments.map { $0["id"] as? Int } == [31_820_007, 31_820_005])
            #expect(comments.first?["reply"] as? String == "//桃子的小黑屋：写得很好。")
            #expect(comments.first?["time"] as? Int == 1_678_784_400)
            #expect(comments.first?["likes"] as? Int == 3)
            let onlyLong = try await newsctl.run(["comments", story, "--offline", "--long"])
            #expect(onlyLong.stdout.contains("长评 1") && !onlyLong.stdout.contains("短评"))
        }

        @Test func allFollowsTheCursorToTheEndOnce() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let id: Int64 = 9_759_301
            let thread: [Int64] = (1...45).map { 2_000 - $0 }
            CommentPages.serve(server, story: id, short: thread)
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["comments", String(id), "--short", "--all", "--json", "--base-url", base])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try result.stdout.jsonObject()
            #expect(json["complete"] as? Bool == true)
            let section = try #require((json["sections"] as? [[String: Any]])?.first)
            #expect((section["comments"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == thread.map(Int.init))
            #expect(server.requestCount(CommentPages.shortPath(id)) == 1)
            for cursor in [thread[19], thread[39], thread[44]] {
                #expect(server.requestCount(CommentPages.shortPath(id, before: cursor)) == 1)
            }
            let text = try await newsctl.run(["comments", String(id), "--short", "--offline"])
            #expect(text.stdout.contains("没有更多评论了"), "\(text.stdout.suffix(200))")
            await server.stop()
        }

        /// The long comments fail (a 500) while the short ones come: the short ones are printed,
        /// one stderr line names what is missing, and the command succeeds; asked for the long
        /// ones alone, nothing can be shown and it fails.
        @Test func oneThreadFailing_printsTheOther_namesTheMissingOne_andSucceeds() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            server.setReply(.body(status: 500, text: "oops"), for: CommentPages.longPath(9_759_306))
            let newsctl = try NewsctlProcess()
            let text = try await newsctl.run(["comments", story, "--base-url", base], environment: ["COLUMNS": "80"])
            #expect(text.status == 0, "\(text.stderr)")
            let lines = text.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("短评 2") && !lines.contains { $0.hasPrefix("长评") }, "\(text.stdout)")
            #expect(lines.contains("  同意楼上"), "\(text.stdout)")
            #expect(text.stderr == "newsctl: 长评未能加载：知乎日报出错（HTTP 500）\n", "what the source said, not 'cannot connect'")

            let json = try await newsctl.run(["comments", story, "--json", "--base-url", base])
            #expect(json.status == 0, "\(json.stderr)")
            let object = try json.stdout.jsonObject()
            #expect(object["missing"] as? [String] == ["long"])
            #expect(object["complete"] as? Bool == false)
            #expect((object["sections"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["short"])

            let long = try await newsctl.run(["comments", story, "--long", "--base-url", base])
            #expect(long.status == 69, "\(long.stdout)")
            #expect(long.stdout.isEmpty, "\(long.stdout)")
            #expect(long.stderr == "newsctl: 知乎日报出错（HTTP 500），本地也没有缓存文章 9759306 的评论\n", "\(long.stderr)")
            await server.stop()
        }

        /// A 404 on one thread is named as the source not having it, not as a failure to connect;
        /// with the other thread unreachable too, nothing can be shown because of the failure,
        /// so the command exits 69, not 66.
        @Test func oneThreadNotAtTheSource_isNamedSo_andBothFailingExitsByTheFailure() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            server.setReply(.body(status: 404, text: "not found"), for: CommentPages.longPath(9_759_306))
            let newsctl = try NewsctlProcess()
            let text = try await newsctl.run(["comments", story, "--base-url", base])
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("短评 2"), "\(text.stdout)")
            #expect(text.stderr == "newsctl: 长评未能加载：知乎日报没有这部分评论（HTTP 404）\n", "\(text.stderr)")
            let english = try await newsctl.run(["comments", story, "--lang", "en", "--base-url", base])
            #expect(english.stderr == "newsctl: The long comments could not be loaded: Zhihu Daily does not have them (HTTP 404)\n")

            server.setReply(.body(status: 500, text: "oops"), for: CommentPages.shortPath(9_759_306))
            // A new archive, so neither thread has a cached copy to fall back on.
            let both = try await NewsctlProcess().run(["comments", story, "--base-url", base])
            #expect(both.status == 69, "\(both.stderr)")
            #expect(both.stderr == "newsctl: 知乎日报出错（HTTP 500），本地也没有缓存文章 9759306 的评论\n", "\(both.stderr)")
            await server.stop()
        }

        /// `--all` when the empty page that ends the thread fails: with every short comment the
        /// counters know of printed, nothing asked for is missing (0, stderr quiet); with fewer,
        /// what was read is printed and the command fails (69) with one line.
        @Test(arguments: [(25, Int32(0)), (30, Int32(69))])
        func allWhoseLastPageFails_succeedsWhenTheCountersSayAllIsShown(counted: Int, status: Int32) async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let id: Int64 = 9_759_301
            let thread: [Int64] = (1...25).map { 4_000 - $0 }
            CommentPages.serve(server, story: id, short: thread)
            server.setReply(.body(status: 500, text: "oops"), for: CommentPages.shortPath(id, before: thread[24]))
            server.setReply(
                .body(status: 200, text: #"{"long_comments":0,"popularity":1,"short_comments":\#(counted),"comments":\#(counted)}"#),
                for: "/api/4/story-extra/\(id)")
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["comments", String(id), "--short", "--all", "--json", "--base-url", base])
            #expect(result.status == status, "\(result.stderr)")
            let json = try result.stdout.jsonObject()
            let section = try #require((json["sections"] as? [[String: Any]])?.first)
            #expect((section["comments"] as? [[String: Any]])?.count == 25)
            #expect(json["complete"] as? Bool == (status == 0))
            if status == 0 {
                #expect(result.stderr.isEmpty, "\(result.stderr)")
            } else {
                #expect(result.stderr == "newsctl: 加载更多评论失败：知乎日报出错（HTTP 500）\n", "\(result.stderr)")
            }
            await server.stop()
        }

        /// `--all` whose next page the source does not have (404): what was read is printed and
        /// the exit status says the source has no such thing (66), not that it was unreachable.
        @Test func allWhoseNextPageIsNotAtTheSource_exits66() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let id: Int64 = 9_759_301
            let thread: [Int64] = (1...25).map { 4_000 - $0 }
            CommentPages.serve(server, story: id, short: thread)
            server.setReply(.body(status: 404, text: "not found"), for: CommentPages.shortPath(id, before: thread[19]))
            server.setReply(
                .body(status: 200, text: #"{"long_comments":0,"popularity":1,"short_comments":25,"comments":25}"#),
                for: "/api/4/story-extra/\(id)")
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["comments", String(id), "--short", "--all", "--json", "--base-url", base])
            #expect(result.status == 66, "\(result.stderr)")
            #expect(result.stderr == "newsctl: 加载更多评论失败：知乎日报没有这部分评论（HTTP 404）\n", "\(result.stderr)")
            let section = try #require((try result.stdout.jsonObject()["sections"] as? [[String: Any]])?.first)
            #expect((section["comments"] as? [Any])?.count == 20, "the first page is printed")
            await server.stop()
        }

        @Test func offlineAllPrintsWhatTheArchiveHoldsAsksNothingAndSaysWhyItStopped() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let id: Int64 = 9_759_301
            CommentPages.serve(server, story: id, short: (1...30).map { 3_000 - $0 })
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["comments", String(id), "--base-url", base]).status == 0)
            let mark = server.requestedPaths.count
            let offline = try await newsctl.run(["comments", String(id), "--short", "--all", "--offline", "--json"])
            #expect(offline.status == 69)
            #expect(offline.stderr == "newsctl: 加载更多评论失败：离线，更早的短评需要联网\n", "\(offline.stderr)")
            let section = try #require((try offline.stdout.jsonObject()["sections"] as? [[String: Any]])?.first)
            #expect((section["comments"] as? [Any])?.count == 20, "what the archive holds is printed")
            #expect(server.requestedPaths.count == mark, "offline asks nothing")

            // Only the long ones read: they read offline alone; both sections do not.
            let story = "9759306"
            #expect(try await newsctl.run(["comments", story, "--long", "--base-url", base]).status == 0)
            #expect(server.requestCount(CommentPages.shortPath(9_759_306)) == 0, "--long reads no short comments")
            let long = try await newsctl.run(["comments", story, "--long", "--offline", "--json"])
            #expect(long.status == 0, "\(long.stderr)")
            #expect(try long.stdout.jsonObject()["complete"] as? Bool == true)
            // Both asked for offline: the long ones are shown, the short ones named as missing.
            let both = try await newsctl.run(["comments", story, "--offline"])
            #expect(both.status == 0, "\(both.stderr)")
            #expect(both.stdout.hasPrefix("长评 1\n") && !both.stdout.contains("短评"), "\(both.stdout)")
            #expect(both.stderr == "newsctl: 短评未能加载：离线，本地没有缓存\n", "\(both.stderr)")

            // A story without any comment is complete, and says so.
            CommentPages.serve(server, story: 9_759_302, short: [])
            let none = try await newsctl.run(["comments", "9759302", "--json", "--base-url", base])
            #expect(none.status == 0, "\(none.stderr)")
            #expect(try none.stdout.jsonObject()["complete"] as? Bool == true)
            let noneText = try await newsctl.run(["comments", "9759302", "--offline"])
            #expect(noneText.stdout.hasPrefix("还没有评论\n"), "\(noneText.stdout)")
            await server.stop()
        }

        @Test func hostileAuthorsAndContentsReachTheTerminalClean() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let hostile = CommentPages.json([
                CommentPages.comment(7, content: "正文\u{1B}]0;pwned\u{07}\u{1B}[2J清屏", author: "\u{1B}[31m红色作者\u{9B}"),
                [
                    "id": 8, "content": "回复", "author": "乙",
                    "reply_to": ["author": "\u{1B}[1m甲", "content": "原文\u{1B}[K", "status": 0, "id": 7],
                ],
            ])
            server.setReply(.body(status: 200, text: hostile), for: CommentPages.shortPath(9_759_306))
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["comments", story, "--short", "--base-url", base])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" }, "\(result.stdout)")
            #expect(
                result.stdout.contains("红色作者") && result.stdout.contains("清屏") && result.stdout.contains("甲：原文"),
                "the escape shown as U+FFFD, never run")
            await server.stop()
        }

        @Test func badArgumentsAndNothingOfflineAreOneLine() async throws {
            let newsctl = try NewsctlProcess()
            for arguments in [["comments", "abc"], ["comments", story, "--long", "--short"], ["comments", story, "--long", "--all"]] {
                let result = try await newsctl.run(arguments)
                #expect(result.status == 64, "\(arguments): \(result.stderr)")
            }
            // An archive that has never read the thread (one it lacks altogether is another line).
            #expect(try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot]).status == 0)
            let offline = try await newsctl.run(["comments", story, "--offline"])
            #expect(offline.status == 69)
            #expect(offline.stdout.isEmpty)
            #expect(offline.stderr.split(separator: "\n").count == 1, "\(offline.stderr)")
        }

        @Test func syncWithCommentsCountsThemAndReadsOffline() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            // Every story of the fixture day gets a detail, counters and comments (9759306 has its own).
            for id in (9_759_301...9_759_305) as ClosedRange<Int64> {
                if id != 9_759_301 {
                    server.setReply(
                        .body(status: 200, text: #"{"id":\#(id),"title":"第\#(id)号","body":"<p>正文</p>","type":0}"#),
                        for: "/api/4/news/\(id)")
                    server.setReply(
                        .body(status: 200, text: #"{"long_comments":0,"popularity":1,"short_comments":2,"comments":2}"#),
                        for: "/api/4/story-extra/\(id)")
                }
                CommentPages.serve(server, story: id, short: [id * 10 + 2, id * 10 + 1])
            }
            server.setReply(.body(status: 200, text: CommentPages.page([])), for: CommentPages.shortPath(9_759_306, before: 31_820_005))
            let sync = try await newsctl.run(["sync", "--days", "1", "--details", "--comments", "--json", "--base-url", base])
            #expect(sync.status == 0, "\(sync.stderr)")
            let summary = try sync.stdout.jsonObject()
            let comments = try #require(summary["comments"] as? [String: Any], "\(sync.stdout)")
            #expect(comments["stories_fetched"] as? Int == 6 && comments["stories_present"] as? Int == 0)
            #expect(comments["comments"] as? Int == 5 * 2 + 3)
            let again = try await newsctl.run(["sync", "--days", "1", "--details", "--comments", "--base-url", base])
            #expect(again.stdout.contains("评论新取 0 篇文章共 0 条"), "\(again.stdout)")
            let offline = try await newsctl.run(["comments", "9759301", "--offline", "--json"])
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(try offline.stdout.jsonObject()["complete"] as? Bool == true)
            let refused = try await newsctl.run(["sync", "--days", "1", "--comments"])
            #expect(refused.status == 64)
            await server.stop()
        }
    }
}
