import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// How a sync behaves with the source as it answers in 2026, through the built binary: a story
    /// that always answers 500 is left alone for a while, and a request to slow down is heeded.
    @Suite(.serialized) struct SourceSyncTests {
        private static let failing = "9759302"
        private static let failingPath = "/api/4/news/9759302"

        /// A server for the latest day (20230314) whose stories all have a detail and counters,
        /// but for 9759302, which answers 500.
        private static func server() async throws -> LoopbackServer {
            let server = LoopbackServer()
            try await server.start()
            let detail = try Fixtures.text("news/9759301")
            for id in 9_759_302...9_759_305 {
                server.setReply(
                    .body(status: 200, text: detail.replacingOccurrences(of: "9759301", with: "\(id)")), for: "/api/4/news/\(id)")
                server.setReply(
                    .body(status: 200, text: #"{"long_comments":0,"popularity":1,"short_comments":0,"comments":0}"#),
                    for: "/api/4/story-extra/\(id)")
            }
            server.setReply(.body(status: 500, text: "{}"), for: failingPath)
            return server
        }

        private static func seconds(_ iso8601: Any?) throws -> Double {
            let text = try #require(iso8601 as? String)
            return try #require(ISO8601DateFormatter().date(from: text)).timeIntervalSince1970
        }

        @Test func aStoryThatAlwaysFailsIsLeftAloneByLaterSyncsUntilAskedFor() async throws {
            let server = try await Self.server()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()

            let first = try await newsctl.run(["sync", "--days", "1", "--details", "--json", "--base-url", base])
            #expect(first.status == 69, "one story failed: \(first.stderr)")
            let asked = server.requestCount(Self.failingPath)
            #expect(asked >= 1)

            let status = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            let failing = try #require(status["failing_stories"] as? [[String: Any]])
            #expect(failing.map { $0["id"] as? Int } == [9_759_302])
            #expect(failing.first?["failures"] as? Int == 1)
            #expect(failing.first?["last_status"] as? Int == 500)
            #expect(try Self.seconds(failing.first?["next_try"]) - Self.seconds(failing.first?["last_failure"]) == 3_600)
            let text = try await newsctl.run(["status"])
            #expect(text.stdout.contains("取不到正文的文章：1 篇"), "\(text.stdout)")
            #expect(text.stdout.contains("9759302"), "\(text.stdout)")

            // The next sync leaves it alone, says so, and succeeds.
            let second = try await newsctl.run(["sync", "--days", "1", "--details", "--json", "--base-url", base])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(try second.stdout.jsonObject()["details_deferred"] as? Int == 1)
            #expect(server.requestCount(Self.failingPath) == asked, "not asked for again so soon")
            let secondText = try await newsctl.run(["sync", "--days", "1", "--details", "--base-url", base])
            #expect(secondText.stdout.contains("1 篇文章最近返回服务器错误，暂不重试"), "\(secondText.stdout)")

            // --retry-failed asks now; another failure doubles the wait.
            let retried = try await newsctl.run(["sync", "--retry-failed", "--json", "--base-url", base])
            #expect(retried.status == 69)
            #expect(server.requestCount(Self.failingPath) > asked)
            let again = try #require(
                try await newsctl.run(["status", "--json"]).stdout.jsonObject()["failing_stories"] as? [[String: Any]])
            #expect(again.first?["failures"] as? Int == 2)
            #expect(try Self.seconds(again.first?["next_try"]) - Self.seconds(again.first?["last_failure"]) == 7_200)

            // Once it answers, it is read and forgotten.
            server.setReply(
                .body(status: 200, text: try Fixtures.text("news/9759301").replacingOccurrences(of: "9759301", with: Self.failing)),
                for: Self.failingPath)
            let healed = try await newsctl.run(["sync", "--retry-failed", "--base-url", base])
            #expect(healed.status == 0, "\(healed.stderr)")
            #expect(try await newsctl.run(["status", "--json"]).stdout.jsonObject()["failing_stories"] as? [Any] != nil)
            #expect((try await newsctl.run(["status", "--json"]).stdout.jsonObject()["failing_stories"] as? [Any])?.isEmpty == true)
            #expect(try await newsctl.run(["show", Self.failing, "--offline"]).status == 0)
            await server.stop()
        }

        @Test(arguments: [
            ("429", LoopbackServer.Reply.body(status: 429, text: "{}", headers: ["Retry-After": "0"])),
            (
                "403 too frequent",
                LoopbackServer.Reply.body(status: 403, text: #"{"error":{"code":40362,"message":"您的请求过于频繁，请稍后再试","name":"ERR"}}"#)
            ),
        ])
        func aSyncSlowsDownWhenTheSourceAsks(_ name: String, _ slowDown: LoopbackServer.Reply) async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.sequence([slowDown, .fixture("news/before/20230313")]), for: "/api/4/news/before/20230313")
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            let json = try await newsctl.run(["sync", "--days", "4", "--concurrency", "4", "--json", "--base-url", base])
            #expect(json.status == 0, "\(name): retried after the wait, \(json.stderr)")
            let summary = try json.stdout.jsonObject()
            let slowed = try #require(summary["slowed_down"] as? [String: Any], "\(name): \(json.stdout)")
            #expect(slowed["from"] as? Int == 4)
            #expect(slowed["to"] as? Int == 2)
            #expect(slowed["requests"] as? Int == 1)
            #expect(summary["days_fetched"] as? Int == 4)

            let calm = LoopbackServer()
            try await calm.start()
            let unhurried = try await NewsctlProcess().run([
                "sync", "--days", "4", "--concurrency", "4", "--json", "--base-url", await calm.baseURL,
            ])
            #expect(try unhurried.stdout.jsonObject()["slowed_down"] is NSNull, "a source that does not ask is not slowed for")
            await calm.stop()
            await server.stop()
        }

        @Test func theSlowDownIsSaidInTheSummary() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(
                .sequence([.body(status: 429, text: "{}", headers: ["Retry-After": "0"]), .fixture("news/before/20230313")]),
                for: "/api/4/news/before/20230313")
            // A second day asks too, in the same round of transfers: one burst, one halving.
            server.setReply(
                .sequence([.body(status: 429, text: "{}", headers: ["Retry-After": "0"]), .fixture("news/before/20230312")]),
                for: "/api/4/news/before/20230312")
            let result = try await NewsctlProcess().run(["sync", "--days", "4", "--concurrency", "4", "--base-url", await server.baseURL])
            #expect(result.status == 0)
            #expect(result.stdout.contains("源站要求放慢，同时下载数从 4 降到 2"), "\(result.stdout)")
            await server.stop()
        }
    }
}
