import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// `sync`, `status`, `search` and `prune` through the built binary against the loopback
    /// server (fixture days 20230311 to 20230314, the latest).
    @Suite struct ArchiveEndToEndTests {
        @Test func syncFetchesOnlyWhatIsMissingAndResumesAfterAFailure() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            server.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/before/20230313")

            let first = try await newsctl.run(["sync", "--days", "4", "--json", "--base-url", base, "--timeout", "2"])
            #expect(first.status == 69)
            #expect(first.stderr.split(separator: "\n").count == 1, "one line: \(first.stderr)")
            #expect(first.stderr.contains("同步未完成"))
            let summary = try first.stdout.jsonObject()
            #expect(summary["days_fetched"] as? Int == 3)
            #expect(summary["days_present"] as? Int == 0)
            #expect(summary["failures"] as? Int == 1)
            #expect(summary["details_fetched"] as? Int == 0)
            #expect(summary["seconds"] is Double)

            // The failed day is a gap until the next run, which fetches it and nothing else.
            let gap = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            let gaps = try #require(gap["gaps"] as? [[String: Any]])
            #expect(gaps.count == 1)
            #expect(gaps.first?["from"] as? String == "20230312" && gaps.first?["to"] as? String == "20230312")
            #expect(gap["days"] as? Int == 3)

            server.setReply(.fixture("news/before/20230313"), for: "/api/4/news/before/20230313")
            let second = try await newsctl.run(["sync", "--days", "4", "--json", "--base-url", base])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stderr.isEmpty)
            let resumed = try second.stdout.jsonObject()
            #expect(resumed["days_fetched"] as? Int == 2, "the latest page and the missing day")
            #expect(resumed["days_present"] as? Int == 2)
            #expect(server.requestCount("/api/4/news/before/20230314") == 1)
            #expect(server.requestCount("/api/4/news/before/20230312") == 1)
            #expect(server.requestCount("/api/4/news/before/20230313") == 4, "3 tries (retried 500) + the resumed fetch")

            let status = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            #expect(status["first"] as? String == "20230311")
            #expect(status["last"] as? String == "20230314")
            #expect(status["days"] as? Int == 4)
            #expect((status["gaps"] as? [Any])?.isEmpty == true)
            #expect(status["partial_days"] as? [String] == ["20230314"])
            #expect(status["stories"] as? Int == 18, "6 + 5 + 4 + 3; the latest page has one item without an id")
            #expect((status["database_bytes"] as? Int ?? 0) > 0)
            #expect(status["last_sync"] is String)
            await server.stop()
        }

        @Test func syncCallsAnotherDateForAPublishedDayBadDataAndWritesNothingOfIt() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            // Asked for 20230312 (before the latest, 20230314), the source answers 20230311.
            server.setReply(.fixture("news/before/20230312"), for: "/api/4/news/before/20230313")

            let result = try await newsctl.run(["sync", "--days", "4", "--json", "--verbose", "--base-url", base])
            #expect(result.status == 65)
            let errorLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("newsctl: ") }
            #expect(errorLines.count == 1, "\(result.stderr)")
            let line = errorLines.first.map(String.init) ?? ""
            #expect(line.hasPrefix("newsctl: 同步未完成：1 项失败"), "\(line)")
            #expect(line.contains("asked for 20230312, the source answered with 20230311, although its latest day is 20230314"), "\(line)")
            let summary = try result.stdout.jsonObject()
            #expect(summary["failed"] as? [String] == ["20230312：数据有误"])
            #expect(summary["days_fetched"] as? Int == 3)

            let status = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            let gaps = try #require(status["gaps"] as? [[String: Any]])
            #expect(gaps.count == 1)
            #expect(gaps.first?["from"] as? String == "20230312" && gaps.first?["to"] as? String == "20230312")
            #expect(status["days"] as? Int == 3)
            await server.stop()
        }

        @Test func syncWithDetailsMakesTheirTextSearchable() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["sync", "--days", "1", "--details", "--json", "--base-url", base])
            // The fixture API has the details of two of the day's stories only: the rest are not at
            // the source (404), which is all a sync can do: it succeeds and names them.
            let summary = try result.stdout.jsonObject()
            #expect(summary["details_fetched"] as? Int == 2, "\(result.stdout)")
            #expect(summary["failures"] as? Int == 0, "nothing a new sync would ask again")
            #expect((summary["not_at_source"] as? Int ?? 0) > 0)
            #expect(result.status == 0, "\(result.stderr)")
            await server.stop()

            // "季风" is only in the detail text of 9759301, not in any title or hint.
            let found = try await newsctl.run(["search", "季风", "--json"])
            #expect(found.status == 0, "\(found.stderr)")
            let results = try #require(try found.stdout.jsonObject()["results"] as? [[String: Any]])
            #expect(results.map { $0["id"] as? Int } == [9_759_301])
            #expect((results.first?["snippet"] as? String)?.contains("**季风**") == true)

            // "春天" is in its title and its text, which opens with the title again: the snippet
            // is the text's matching line, never the title.
            let both = try await newsctl.run(["search", "春天", "--json"])
            let hits = try #require(try both.stdout.jsonObject()["results"] as? [[String: Any]])
            let hit = try #require(hits.first, "\(both.stdout)")
            #expect(hit["title"] as? String == "为什么春天的风总是特别大？")
            let snippet = try #require(hit["snippet"] as? String)
            #expect(snippet.contains("**春天**风大，主要有三个原因。"), "\(snippet)")
            #expect(!snippet.contains("的风总是特别大"), "\(snippet)")
        }

        @Test func searchFindsChineseOfOneTwoAndFourCharactersAndNeverRunsQuerySyntax() async throws {
            let newsctl = try NewsctlProcess()
            let base = "file://" + Fixtures.apiRoot
            #expect(try await newsctl.run(["sync", "--days", "4", "--base-url", base]).status == 0)

            func ids(_ query: String) async throws -> [Int] {
                let result = try await newsctl.run(["search", query, "--json"])
                #expect(result.status == 0, "\(query): \(result.stderr)")
                let object = try result.stdout.jsonObject()
                let results = try #require(object["results"] as? [[String: Any]])
                for item in results {
                    #expect(item["title"] is String && item["date"] is String && item["snippet"] is String)
                }
                return results.compactMap { $0["id"] as? Int }
            }
            #expect(Set(try await ids("猫")) == [9_759_002, 9_759_202])
            #expect(try await ids("咖啡") == [9_759_203])
            #expect(try await ids("正确地吐槽").count == 4, "a five-character phrase, in each day's list")
            #expect(try await ids("如何判断") == [9_759_201])
            #expect(try await ids("猫 桌").sorted() == [9_759_202], "every word must match")
            #expect(try await ids("猫咖").isEmpty, "characters must be adjacent")

            for query in ["\"", "猫\"", "a OR", "AND", "NOT 猫", "NEAR(猫 桌)", "title:猫", "x*", "(", "^猫", "-猫", "{title}: 猫"] {
                let result = try await newsctl.run(["search", query])
                #expect([0, 64].contains(result.status), "\(query): \(result.status) \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count <= 1, "\(query): \(result.stderr)")
            }
            // In the title only: the title once, then the hint as the snippet.
            let text = try await newsctl.run(["search", "咖啡", "--no-color"], environment: ["COLUMNS": "80"])
            #expect(text.stdout == "9759203  长期喝咖啡会上瘾吗？  2023年3月13日\n         · 25 分钟阅读\n", "\(text.stdout)")
            let json = try await newsctl.run(["search", "咖啡", "--json"]).stdout.jsonObject()
            #expect((json["results"] as? [[String: Any]])?.first?["snippet"] as? String == "· 25 分钟阅读", "\(json)")

            let punctuation = try await newsctl.run(["search", "！？。"])
            #expect(punctuation.status == 64)
            #expect(punctuation.stderr.hasPrefix("newsctl: 搜索词需要含有文字或数字"))
            #expect(try await newsctl.run(["search", String(repeating: "猫", count: 201)]).status == 64)
            #expect(try await newsctl.run(["search", "猫", "--limit", "0"]).status == 64)
            let none = try await newsctl.run(["search", "不存在的词"])
            #expect(none.status == 0)
            #expect(none.stdout == "没有找到与“不存在的词”有关的文章\n")
        }

        @Test func pruneKeepsTheNewestDaysAndEveryFavourite() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            // A favourite from the oldest day, with its detail.
            server.setReply(
                .body(
                    status: 200,
                    text: """
                        {"id":9759001,"title":"为什么高铁的窗户打不开？","body":"<div class=\\"content\\"><p>因为空调与气密。</p></div>",
                         "image":"","share_url":"http://daily.zhihu.com/story/9759001","url":"https://daily.zhihu.com/story/9759001","type":0}
                        """), for: "/api/4/news/9759001")
            #expect(try await newsctl.run(["sync", "--days", "4", "--base-url", base]).status == 0)
            #expect(try await newsctl.run(["fav", "add", "9759001", "--base-url", base]).status == 0)
            #expect(try await newsctl.run(["show", "9759301", "--base-url", base]).status == 0)
            await server.stop()

            let pruned = try await newsctl.run(["prune", "--keep-days", "2", "--json"])
            #expect(pruned.status == 0, "\(pruned.stderr)")
            let summary = try pruned.stdout.jsonObject()
            #expect(summary["first_kept"] as? String == "20230313")
            #expect(summary["days_removed"] as? Int == 2)
            #expect(summary["stories_removed"] as? Int == 4, "7 stories of the two days, less the favourite and two in today's banner")

            let status = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            #expect(status["first"] as? String == "20230313")
            #expect(status["favorites"] as? Int == 1)
            #expect(status["details"] as? Int == 2, "the favourite's and 9759301's")
            let favourite = try await newsctl.run(["show", "9759001", "--offline"])
            #expect(favourite.status == 0, "\(favourite.stderr)")
            #expect(favourite.stdout.contains("因为空调与气密。"))
            #expect(try await newsctl.run(["fav", "list"]).stdout.contains("为什么高铁的窗户打不开？"))
            let search = try await newsctl.run(["search", "气密", "--json"]).stdout.jsonObject()
            #expect((search["results"] as? [[String: Any]])?.count == 1, "the favourite stays searchable")
            #expect(try await newsctl.run(["before", "20230312", "--offline"]).status == 69, "20230311 is gone")
            #expect(try await newsctl.run(["before", "20230314", "--offline"]).status == 0, "20230313 is kept")
        }

        @Test(.enabled(if: NewsctlProcess.hasScript, "needs script (util-linux) to give newsctl a pseudo-terminal"))
        func aProgressBarOnlyOnATerminal() async throws {
            let newsctl = try NewsctlProcess()
            let base = "file://" + Fixtures.apiRoot
            let piped = try await newsctl.run(["sync", "--days", "4", "--base-url", base])
            #expect(piped.status == 0)
            #expect(piped.stderr.isEmpty)
            #expect(piped.stdout.split(separator: "\n").count == 1)
            #expect(piped.stdout.hasPrefix("已同步 2023年3月11日 至 2023年3月14日：新取 4 天"))

            let other = try NewsctlProcess()
            let command = "\(NewsctlProcess.binary) sync --days 4 --base-url \(base) --db \(other.databasePath)"
            let onTerminal = try await other.run(["-qec", command, "/dev/null"], executable: NewsctlProcess.script)
            #expect(onTerminal.status == 0)
            #expect(onTerminal.stdout.contains("[########################################] 日报 4/4"), "\(onTerminal.stdout)")
            #expect(onTerminal.stdout.contains("已同步"))
        }

        @Test func badArgumentsExit64WithOneLine() async throws {
            let newsctl = try NewsctlProcess()
            for arguments in [
                ["sync"], ["sync", "--days", "0"], ["sync", "--days", "3", "--since", "20230301"],
                ["sync", "--days", "3", "--concurrency", "17"], ["sync", "--days", "3", "--concurrency", "0"],
                ["sync", "--since", "20130101"], ["sync", "--since", "2023-03-01"], ["sync", "--days", "3", "--offline"],
                ["prune", "--keep-days", "0"], ["prune"], ["search"], ["search", "猫", "--limit", "1001"],
            ] {
                let result = try await newsctl.run(arguments)
                #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
        }
    }
}
