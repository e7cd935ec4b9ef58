import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// `show` and `fav` through the built binary, online then offline.
    @Suite struct DetailEndToEndTests {
        private let id = "9759301"

        @Test func aStoryWithAPublishTimeShowsItInBeijingTimeAndOneWithoutShowsNone() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            // The 2026 detail of story 9787903, publish_time 1772233260.
            let text = try await newsctl.run(["show", "9787903", "--base-url", base], environment: ["COLUMNS": "100"])
            #expect(text.status == 0, "\(text.stderr)")
            let lines = text.stdout.split(separator: "\n").map(String.init)
            #expect(lines.dropFirst().first?.hasPrefix("发布于 2026年2月28日 07:01（北京时间） · 图片：") == true, "\(lines.prefix(3))")
            let json = try await newsctl.run(["show", "9787903", "--json", "--offline"]).stdout.jsonObject()
            #expect(json["publish_time"] as? Int == 1_772_233_260)
            #expect(json["published_at"] as? String == "2026-02-28T07:01:00+08:00")
            let english = try await newsctl.run(["show", "9787903", "--offline", "--lang", "en"])
            #expect(english.stdout.contains("Published Feb 28, 2026, 07:01 Beijing time"), "\(english.stdout.prefix(300))")

            // Story 9759306's detail has no publish_time, as before 2023.
            let older = try await newsctl.run(["show", "9759306", "--json", "--base-url", base]).stdout.jsonObject()
            #expect(older["publish_time"] is NSNull)
            #expect(older["published_at"] is NSNull)
            let olderText = try await newsctl.run(["show", "9759306", "--offline"])
            #expect(!olderText.stdout.contains("发布于"))
            await server.stop()
        }

        @Test func showNumbersTheImagesInTheTextAndListsTheirAddressesAfterTheLinks() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 200, text: try PhotoStory.json()), for: PhotoStory.path)
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            let text = try await newsctl.run(["show", PhotoStory.id, "--base-url", base], environment: ["COLUMNS": "80"])
            #expect(text.status == 0, "\(text.stderr)")
            let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // In the text, in order, with their captions.
            let links = try #require(lines.firstIndex(of: "[1] https://zh.wikipedia.org/wiki/季风"), "\(text.stdout)")
            let inText = lines[..<links].filter { $0.hasPrefix("[图片") }
            #expect(inText == ["[图片 1：三月的气压图]", "[图片 2：冷锋过境]", "[图片 3]"], "\(text.stdout)")
            // At the end, after the links: the headline image, then each image by its number; an
            // address wider than the line is on a row of its own, uncut (grep finds it whole).
            #expect(
                Array(lines[(links + 1)...].prefix(4)) == [
                    "[2] http://www.zhihu.com/question/123456",
                    "[题图] \(PhotoStory.headline)",
                    "[图片 1] \(PhotoStory.wind)",
                    "[图片 2] \(PhotoStory.front)",
                ], "\(text.stdout)")
            #expect(Array(lines[(links + 5)...].prefix(2)) == ["[图片 3]", PhotoStory.long], "\(text.stdout)")
            #expect(TerminalText.width(of: PhotoStory.long) > 80)
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 || $0 == PhotoStory.long })

            let json = try await newsctl.run(["show", PhotoStory.id, "--json", "--offline"]).stdout.jsonObject()
            let images = try #require(json["images"] as? [[String: Any]])
            #expect(images.map { $0["number"] as? Int } == [1, 2, 3])
            #expect(images.map { $0["url"] as? String } == [PhotoStory.wind, PhotoStory.front, PhotoStory.long])
            #expect(images.map { $0["caption"] as? String } == ["三月的气压图", "冷锋过境", nil])
            #expect(images[2]["caption"] is NSNull)
            #expect(json["image"] as? String == PhotoStory.headline)
            #expect((json["body_text"] as? String)?.contains("[图片 2：冷锋过境]") == true)
            await server.stop()
        }

        @Test func showReadsAStoryOnlineThenOfflineAndMarksItRead() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()

            let online = try await newsctl.run(["show", id, "--base-url", base], environment: ["COLUMNS": "80"])
            #expect(online.status == 0, "\(online.stderr)")
            let lines = online.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "为什么春天的风总是特别大？")
            #expect(lines[1] == "发布于 2023年3月14日 08:00（北京时间） · 图片：Yestone.com 版权图片库 · 474 赞 ·")
            #expect(lines[2] == "60 条评论")
            #expect(lines.contains("气象小站，大气科学硕士，天气预报员"))
            #expect(lines.contains("  │ 风是空气的水平运动。"))
            #expect(lines.contains("  • 冷空气南下"))
            #expect(lines.contains("[1] https://zh.wikipedia.org/wiki/季风"))
            #expect(lines.contains("查看知乎讨论 [2]"))
            #expect(!online.stdout.contains("window.daily"))
            #expect(!online.stdout.contains("&nbsp;") && !online.stdout.contains("<p>"))
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 80 }, "display columns, CJK counting two")
            #expect(try await newsctl.run(["latest", "--base-url", base]).status == 0)
            await server.stop()

            let offline = try await newsctl.run(["show", id, "--json"])
            #expect(offline.status == 0, "\(offline.stderr)")
            let object = try offline.stdout.jsonObject()
            #expect(object["id"] as? Int == 9_759_301)
            #expect(object["origin"] as? String == "cache")
            #expect(object["read"] as? Bool == true)
            #expect(object["favorite"] as? Bool == false)
            #expect(object["image_source"] as? String == "Yestone.com 版权图片库")
            #expect(object["share_url"] as? String == "http://daily.zhihu.com/story/9759301")
            let extra = try #require(object["extra"] as? [String: Any])
            #expect(extra["popularity"] as? Int == 474)
            #expect(extra["comments"] as? Int == 60)
            #expect(extra["long_comments"] as? Int == 0)
            #expect(extra["short_comments"] as? Int == 60)
            #expect((object["body_text"] as? String)?.hasPrefix("为什么春天的风总是特别大？\n\n气象小站") == true)
            for key in ["title", "image", "url", "fetched_at"] { #expect(object[key] is String, "\(key)") }

            // The list now marks it read.
            let list = try await newsctl.run(["latest", "--offline", "--json"])
            let stories = try #require(try list.stdout.jsonObject()["stories"] as? [[String: Any]])
            #expect(stories.first?["read"] as? Bool == true)
            #expect(stories.dropFirst().allSatisfy { $0["read"] as? Bool == false && $0["favorite"] as? Bool == false })
        }

        @Test func aStoryNeverReadIsNotAvailableOffline() async throws {
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot]).status == 0)
            let result = try await newsctl.run(["show", id, "--offline"])
            #expect(result.status == 69)
            #expect(result.stderr == "newsctl: 离线：本地存档中没有文章 9759301\n")
        }

        @Test(arguments: ["abc", "-5", "0", "12ab", "99999999999999999999"])
        func aBadStoryIDExits64(_ text: String) async throws {
            let result = try await NewsctlProcess().run(["show", text])
            #expect(result.status == 64)
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
            let fav = try await NewsctlProcess().run(["fav", "add", text])
            #expect(fav.status == 64)
        }

        @Test func aServerErrorOnOneStoryExits69AndTheListStillWorks() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            server.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/9759302")
            let newsctl = try NewsctlProcess()
            let story = try await newsctl.run(["show", "9759302", "--base-url", base, "--timeout", "3"])
            #expect(story.status == 69)
            #expect(story.stderr == "newsctl: 知乎日报出错（HTTP 500），本地也没有缓存文章 9759302\n", "what the source said")
            #expect(try await newsctl.run(["latest", "--base-url", base]).status == 0)
            await server.stop()
        }

        @Test func favouritesAreKeptCachedForOfflineReadingAndListed() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            let added = try await newsctl.run(["fav", "add", id, "--base-url", base])
            #expect(added.status == 0)
            #expect(added.stdout == "已收藏：为什么春天的风总是特别大？（可离线阅读）\n")
            await server.stop()

            let list = try await newsctl.run(["fav", "list", "--json"])
            let favorites = try #require(try list.stdout.jsonObject()["favorites"] as? [[String: Any]])
            #expect(favorites.count == 1)
            #expect(favorites.first?["title"] as? String == "为什么春天的风总是特别大？")
            #expect(favorites.first?["offline"] as? Bool == true)
            let show = try await newsctl.run(["show", id, "--json"])
            #expect(try show.stdout.jsonObject()["favorite"] as? Bool == true)

            // Kept through a rebuild of the cache, with its text and its read mark (`show` marked it).
            let rebuilt = try await newsctl.run(["doctor", "--rebuild"])
            #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
            #expect(rebuilt.stdout.contains("\n保留收藏的正文 1 篇（可离线阅读）\n"), "\(rebuilt.stdout)")
            let text = try await newsctl.run(["fav", "list"])
            #expect(text.stdout == "★ 9759301  为什么春天的风总是特别大？\n")
            let kept = try #require(try await newsctl.run(["fav", "list", "--json"]).stdout.jsonObject()["favorites"] as? [[String: Any]])
            #expect(kept.first?["offline"] as? Bool == true)
            #expect(kept.first?["read"] as? Bool == true)
            let offline = try await newsctl.run(["show", id, "--offline"])
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(offline.stdout.hasPrefix("为什么春天的风总是特别大？\n"), "\(offline.stdout.prefix(200))")
            #expect(offline.stdout.contains("春天风大，主要有三个原因。"), "\(offline.stdout.prefix(400))")

            let removed = try await newsctl.run(["fav", "rm", id, "--json"])
            #expect(try removed.stdout.jsonObject()["changed"] as? Bool == true)
            #expect(try await newsctl.run(["fav", "list"]).stdout == "还没有收藏\n")
        }

        @Test(.enabled(if: Fixtures.capturesFolder != nil, "the captures folder is not beside the repository"))
        func everyRealDetailRendersAsCleanTextIn80Columns() async throws {
            let captures = try #require(Fixtures.capturesFolder)
            let api = try Fixtures.temporaryFolder() + "/api/4"
            try FileManager.default.createDirectory(atPath: api + "/news", withIntermediateDirectories: true)
            let files = try FileManager.default.contentsOfDirectory(atPath: captures).filter { $0.hasPrefix("detail-") }
            #expect(!files.isEmpty)
            let newsctl = try NewsctlProcess()
            for file in files {
                let id = String(file.dropFirst("detail-".count).prefix { $0.isNumber })
                try FileManager.default.copyItem(atPath: captures + "/" + file, toPath: api + "/news/" + id)
                let json = try String(contentsOfFile: captures + "/" + file, encoding: .utf8).jsonObject()
                let result = try await newsctl.run(["show", id, "--base-url", "file://" + api], environment: ["COLUMNS": "80"])
                #expect(result.status == 0, "\(file): \(result.stderr)")
                let lines = result.stdout.split(separator: "\n").map(String.init)
                #expect(lines.first == (json["title"] as? String), "\(file)")
                // Every line fits but an address printed whole on a row of its own.
                #expect(
                    lines.allSatisfy { TerminalText.width(of: $0) <= 80 || ($0.hasPrefix("http") && !$0.contains(" ")) },
                    "\(file): a line wider than 80 columns")
                for title in Self.questionTitles(in: json["body"] as? String ?? "") {
                    #expect(lines.contains(title), "\(file): question title '\(title)'")
                }
                #expect(result.stdout.range(of: "<[a-zA-Z/]", options: .regularExpression) == nil, "\(file): a tag")
                #expect(!result.stdout.contains("&nbsp;") && !result.stdout.contains("&amp;"), "\(file)")
                #expect(!result.stdout.contains("window.daily"), "\(file)")
                #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(file)")
            }
        }

        /// The non-empty `<h2 class="question-title">` texts of a body, read the simple way.
        private static func questionTitles(in body: String) -> [String] {
            body.components(separatedBy: "<h2 class=\"question-title\">").dropFirst().compactMap { part in
                let title = part.components(separatedBy: "</h2>").first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                return title.isEmpty || title.contains("<") || title.contains("&") ? nil : title
            }
        }
    }
}
