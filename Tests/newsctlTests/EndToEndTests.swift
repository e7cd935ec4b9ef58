import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// The built `newsctl` against the loopback copy of the API, then with the server gone.
    @Suite struct EndToEndTests {
        private let todayTitles = [
            "为什么春天的风总是特别大？", "- 今天的菜是不是咸了？ - 没有，是你的汗流进去了",
            "一座城市的地铁线路是怎样规划出来的？", "有哪些冷门但好用的数学工具？", "古人在冬天怎样取暖？",
            "瞎扯 · 如何正确地吐槽",
        ]
        private let bannerTitles = [
            "为什么春天的风总是特别大？", "如何判断一个西瓜熟没熟？", "为什么猫喜欢把东西推下桌子？",
            "久坐对身体的影响有多大？", "桥梁为什么要留伸缩缝？",
        ]

        private func started() async throws -> (LoopbackServer, String) {
            let server = LoopbackServer()
            try await server.start()
            return (server, await server.baseURL)
        }

        @Test func latestShowsTodaysStoriesAndTheFiveTopStories() async throws {
            let (server, base) = try await started()
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["latest", "--base-url", base])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "热门")
            // Today's heading names its day; the fixtures' 2023 is not the clock's year, so with it.
            #expect(lines.contains("今日热闻 · 2023年3月14日 星期二"))
            for title in bannerTitles { #expect(lines.contains("  • " + title), "\(title)") }
            for (index, title) in todayTitles.enumerated() { #expect(lines.contains("  \(index + 1). " + title), "\(title)") }
            #expect(lines.last == "已更新")
            await server.stop()
        }

        @Test func beforeShowsTheDayBeforeUnderItsDateHeader() async throws {
            let (server, base) = try await started()
            let result = try await NewsctlProcess().run(["before", "20230314", "--base-url", base])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "2023年3月13日 星期一")  // The fixtures' year is not the clock's.
            #expect(lines.contains("  1. 如何判断一个西瓜熟没熟？"))
            // Each story's id follows its hint, so `newsctl show <id>` can be typed from the list.
            #expect(lines.contains("     25 分钟阅读 · 9759203"))
            #expect(lines.contains("     张三 · 2 分钟阅读 · 9759201"))
            // Whether the day is final is the source's word: its latest day is asked for once.
            #expect(server.requestedPaths == ["/api/4/news/before/20230314", "/api/4/news/latest"])
            await server.stop()
        }

        @Test func jsonFollowsTheDesignAndASecondAskIsAnsweredFromTheArchive() async throws {
            let (server, base) = try await started()
            let newsctl = try NewsctlProcess()
            let first = try await newsctl.run(["before", "20230314", "--json", "--base-url", base])
            #expect(first.status == 0)
            let object = try first.stdout.jsonObject()
            #expect(object["date"] as? String == "20230313")
            #expect(object["origin"] as? String == "network")
            #expect(object["final"] as? Bool == true)
            #expect(object["stale"] as? Bool == false)
            #expect(object["stale_reason"] is NSNull)
            #expect(object["top_stories"] == nil)
            let fetchedAt = try #require(object["fetched_at"] as? String)
            #expect(fetchedAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            let stories = try #require(object["stories"] as? [[String: Any]])
            #expect(stories.count == 5)
            #expect(Set(stories[0].keys) == ["id", "title", "hint", "image", "url", "read", "favorite"])
            #expect(stories[0]["id"] as? Int == 9_759_201)

            let second = try await newsctl.run(["before", "20230314", "--json", "--base-url", base])
            let again = try second.stdout.jsonObject()
            #expect(again["origin"] as? String == "cache")
            #expect(again["stale"] as? Bool == false)
            #expect((again["stories"] as? [[String: Any]])?.count == 5)
            #expect(server.requestCount("/api/4/news/before/20230314") == 1)
            await server.stop()
        }

        @Test func latestJSONCarriesTheTopStories() async throws {
            let (server, base) = try await started()
            let result = try await NewsctlProcess().run(["latest", "--json", "--base-url", base])
            let object = try result.stdout.jsonObject()
            let top = try #require(object["top_stories"] as? [[String: Any]])
            #expect(top.count == 5)
            #expect(top[0]["image"] as? String == "https://pic2.zhimg.com/v2-banner9759301.jpg?source=8673f162")
            #expect(object["final"] as? Bool == false)
            #expect((object["stories"] as? [[String: Any]])?.count == 6)
            await server.stop()
        }

        @Test func withTheServerGoneLatestIsServedFromTheArchiveAndSaysSo() async throws {
            let (server, base) = try await started()
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["latest", "--base-url", base]).status == 0)
            await server.stop()

            let json = try await newsctl.run(["latest", "--json", "--base-url", base])
            #expect(json.status == 0)
            let object = try json.stdout.jsonObject()
            #expect(object["origin"] as? String == "cache")
            #expect(object["stale"] as? Bool == true)
            #expect(object["stale_reason"] as? String == "offline")
            #expect((object["top_stories"] as? [Any])?.count == 5)

            let text = try await newsctl.run(["latest", "--base-url", base])
            #expect(text.status == 0)
            #expect(text.stdout.split(separator: "\n").last == "离线 · 显示刚刚更新的缓存")
            let english = try await newsctl.run(["latest", "--lang", "en", "--base-url", base])
            #expect(english.stdout.split(separator: "\n").last == "Offline · showing the archive from just now")
        }

        @Test func anUncachedDayWithoutANetworkExits69WithOneLine() async throws {
            let newsctl = try NewsctlProcess()
            // An archive without that day (one with no archive at all is another line).
            #expect(try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot]).status == 0)
            let offline = try await newsctl.run(["before", "20230313", "--offline"])
            #expect(offline.status == 69)
            #expect(offline.stdout.isEmpty)
            #expect(offline.stderr == "newsctl: 离线：本地存档中没有 2023年3月12日\n")

            let unreachable = try await newsctl.run(["before", "20230313", "--base-url", "http://127.0.0.1:9/api/4", "--lang", "en"])
            #expect(unreachable.status == 69)
            #expect(
                unreachable.stderr == "newsctl: Cannot reach Zhihu Daily, and the local archive has no copy of Mar 12, 2023; "
                    + "run newsctl doctor --network to check the network, or read a local copy with --base-url file:///…/api/4\n")
        }

        @Test func aDayTheSourceHasNotPublishedExits69() async throws {
            let (server, base) = try await started()
            // Asked for a day after its latest, the source answers with its latest day.
            server.setReply(.fixture("news/latest"), for: "/api/4/news/before/20230316")
            let result = try await NewsctlProcess().run(["before", "20230316", "--base-url", base])
            #expect(result.status == 69)
            #expect(result.stderr == "newsctl: 2023年3月15日的日报还没有发布\n")
            await server.stop()
        }

        /// A fixture's text with its `date` changed, as a source that got it wrong would send it.
        private func fixture(_ path: String, dated from: String, as date: String) throws -> String {
            let text = try Fixtures.text(path)
            let changed = text.replacingOccurrences(of: "\"\(from)\"", with: "\"\(date)\"")
            #expect(changed != text, "\(path) is dated \(from)")
            return changed
        }

        @Test func aPublishedDayAnsweredWithAnotherDateExits65AndOnlyALaterDayIsNotPublished() async throws {
            let (server, base) = try await started()
            let newsctl = try NewsctlProcess()
            server.setReply(
                .body(status: 200, text: try fixture("news/latest", dated: "20230314", as: "20230425")),
                for: "/api/4/news/latest")
            #expect(try await newsctl.run(["latest", "--base-url", base]).status == 0)  // the archive knows 20230425
            // Now the source's latest page goes back to 20230314, and it answers 20230128 for 20230131.
            server.setReply(.fixture("news/latest"), for: "/api/4/news/latest")
            server.setReply(
                .body(status: 200, text: try fixture("news/before/20230312", dated: "20230311", as: "20230128")),
                for: "/api/4/news/before/20230201")

            let bad = try await newsctl.run(["before", "20230201", "--verbose", "--base-url", base])
            #expect(bad.status == 65)
            #expect(bad.stdout.isEmpty)
            let errorLines = bad.stderr.split(separator: "\n").filter { $0.hasPrefix("newsctl: ") }
            #expect(errorLines.count == 1, "\(bad.stderr)")
            let line = errorLines.first.map(String.init) ?? ""
            #expect(line.hasPrefix("newsctl: 知乎日报返回的 2023年1月31日数据有误 ("), "\(line)")
            #expect(line.contains("asked for 20230131, the source answered with 20230128, although its latest day is 20230425"), "\(line)")

            let plain = try await newsctl.run(["before", "20230201", "--base-url", base])
            #expect(plain.status == 65)
            #expect(plain.stderr == "newsctl: 知乎日报返回的 2023年1月31日数据有误\n")

            // Nothing was written: the archive still holds the one day it had.
            let status = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            #expect(status["days"] as? Int == 1)
            #expect(status["first"] as? String == "20230425")
            #expect(status["last"] as? String == "20230425")

            // A day after the latest day the source has shown is still not published.
            server.setReply(
                .body(status: 200, text: try fixture("news/latest", dated: "20230314", as: "20230425")),
                for: "/api/4/news/before/20230427")
            let later = try await newsctl.run(["before", "20230427", "--base-url", base])
            #expect(later.status == 69)
            #expect(later.stderr == "newsctl: 2023年4月26日的日报还没有发布\n")
            await server.stop()
        }

        @Test(arguments: ["2023-13-01", "20230230", "20130519", "202304", "99999999", "29990101", "abc"])
        func badDatesExit64WithOneLine(_ date: String) async throws {
            let result = try await NewsctlProcess().run(["before", date])
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("newsctl: '\(date)' "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        }

        @Test(arguments: [
            ["latest", "--bogus"], ["before"], ["latest", "--timeout", "0"], ["latest", "--lang", "fr"],
            ["latest", "--offline", "--refresh"], ["latest", "--base-url", "ftp://x"], ["frobnicate"],
        ])
        func badArgumentsExit64WithOneLine(_ arguments: [String]) async throws {
            let result = try await NewsctlProcess().run(arguments)
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("newsctl: "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        }

        @Test func anUnknownOptionPointsToTheCommandsHelp() async throws {
            let result = try await NewsctlProcess().run(["fav", "rm", "1", "--bogus"])
            #expect(result.status == 64)
            #expect(result.stderr == "newsctl: Unknown option '--bogus'; see 'newsctl fav rm --help'\n")
        }

        /// One parser reads every command: a read is the same however its options are written
        /// (`--name value`, `--name=value`, in any order), its errors included.
        @Test func theEverydayReadsAnswerAlikeHoweverTheirOptionsAreWritten() async throws {
            let (server, base) = try await started()
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["before", "20230314", "--base-url", base]).status == 0)
            #expect(try await newsctl.run(["show", "9759301", "--base-url", base]).status == 0)
            await server.stop()
            let forms: [[[String]]] = [
                [["latest", "--offline", "--lang", "en"], ["latest", "--lang=en", "--offline"]],
                [["latest", "--offline", "--json"], ["latest", "--json", "--offline", "--lang=zh"]],
                [["before", "20230314", "--offline", "--lang", "en"], ["before", "--lang=en", "--offline", "20230314"]],
                [["show", "9759301", "--offline"], ["show", "--offline", "9759301", "--lang=zh"]],
                [["search", "春天", "--limit", "5", "--lang", "en"], ["search", "--limit=5", "--lang=en", "春天"]],
                [["show", "0", "--lang", "en"], ["show", "--lang=en", "0"]],
                [["latest", "--timeout", "0", "--lang", "en"], ["latest", "--timeout=0", "--lang=en"]],
            ]
            for form in forms {
                let first = try await newsctl.run(form[0])
                #expect(first.status == 0 ? !first.stdout.isEmpty : !first.stderr.isEmpty, "\(form[0])")
                let second = try await newsctl.run(form[1])
                #expect(second.status == first.status, "\(form)")
                #expect(second.stdout == first.stdout, "\(form)")
                #expect(second.stderr == first.stderr, "\(form)")
            }
        }

        @Test func badDataWithNothingCachedExits65() async throws {
            let (server, base) = try await started()
            server.setReply(.body(status: 200, contentType: "text/html", text: "<html>login</html>"), for: "/api/4/news/latest")
            let result = try await NewsctlProcess().run(["latest", "--base-url", base, "--verbose"])
            #expect(result.status == 65)
            #expect(result.stderr.hasPrefix("newsctl: 知乎日报返回的今日内容数据有误 ("))
            #expect(result.stderr.contains("HTML"))
            await server.stop()
        }

        @Test func anArchiveThatIsNotADatabaseExits74AndIsLeftAlone() async throws {
            let newsctl = try NewsctlProcess()
            let garbage = Data(repeating: 0x41, count: 4_096)
            try garbage.write(to: URL(fileURLWithPath: newsctl.databasePath))
            let result = try await newsctl.run(["latest", "--offline"])
            #expect(result.status == 74)
            #expect(
                result.stderr
                    == "newsctl: 本地存档不是 SQLite 数据库 (\(newsctl.databasePath))"
                    + "；检查 --db 是否指向 newsctl 的存档；若是，运行 newsctl doctor --rebuild --force 重建（原文件保留为备份）\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath)) == garbage)
        }

        @Test func theTimeoutBoundsTheWholeCommand() async throws {
            let (server, base) = try await started()
            server.setReply(.delayed(.seconds(30), .fixture("news/latest")), for: "/api/4/news/latest")
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["latest", "--timeout", "1", "--base-url", base])
            #expect(result.status == 69)
            #expect(
                result.stderr
                    == "newsctl: 无法连接知乎日报，本地也没有缓存今日内容；运行 newsctl doctor --network 检查网络，或用 --base-url file:///…/api/4 读取本地副本\n")
            // Far from the server's 30 s: the 1 s deadline, with room for a loaded machine.
            #expect(.seconds(result.seconds) < TimeBound.process(.seconds(1)), "took \(result.seconds) s")
            #expect(try await newsctl.run(["latest", "--offline"]).status == 69, "nothing was written")
            await server.stop()
        }

        @Test func environmentVariablesStandInForOptions() async throws {
            let (server, base) = try await started()
            let result = try await NewsctlProcess().run(
                ["before", "20230314"], environment: ["NEWSCTL_BASE_URL": base, "NEWSCTL_LANG": "en"])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("Mon, Mar 13, 2023\n"))
            await server.stop()
        }

        @Test func aFileBaseURLReadsALocalCopyOfTheAPI() async throws {
            let result = try await NewsctlProcess().run(["latest", "--json", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(result.status == 0)
            #expect(try result.stdout.jsonObject()["date"] as? String == "20230314")
        }

        @Test func controlCharactersFromTheNetworkNeverReachTheTerminal() async throws {
            let (server, base) = try await started()
            let hostile =
                "\u{1B}]0;pwned\u{07}标题\u{1B}[31m红\u{9B}2J\u{202E}evil\u{0}\u{08}\u{2066}x\u{2069}\u{200F}\u{061C}"
                + "\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{85}\u{1B}P+q\u{1B}\\"
            let body =
                #"{"date":"20230313","stories":[{"id":1,"title":"\#(hostile.jsonEscaped)","hint":"\u001b[2J","url":"u","images":[]}]}"#
            server.setReply(.body(status: 200, text: body), for: "/api/4/news/before/20230314")
            let newsctl = try NewsctlProcess()
            let text = try await newsctl.run(["before", "20230314", "--base-url", base])
            #expect(text.status == 0)
            for forbidden: Unicode.Scalar in [
                "\u{1B}", "\u{07}", "\u{9B}", "\u{202E}", "\u{0}", "\u{08}", "\u{2066}", "\u{2069}",
                "\u{200F}", "\u{061C}", "\u{85}",
            ] {
                #expect(!text.stdout.unicodeScalars.contains(forbidden), "U+\(String(forbidden.value, radix: 16))")
            }
            #expect(text.stdout.contains("标题"))

            let json = try await newsctl.run(["before", "20230314", "--json", "--base-url", base])
            #expect(
                !json.stdout.unicodeScalars.contains {
                    $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
                        || [0x202E, 0x2066, 0x2069, 0x200F, 0x061C].contains($0.value)
                })
            let stories = try #require(try json.stdout.jsonObject()["stories"] as? [[String: Any]])
            // Escaped, not altered; only NEL (U+0085, a line break) is folded like the other line breaks.
            #expect(stories.first?["title"] as? String == hostile.replacingOccurrences(of: "\u{85}", with: " "))
            await server.stop()
        }

        @Test func narrowTerminalsWrapTitlesByDisplayWidth() async throws {
            let (server, base) = try await started()
            let result = try await NewsctlProcess().run(["latest", "--base-url", base], environment: ["COLUMNS": "24"])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= 24 }, "\(lines)")
            // Nothing is lost: the wrapped pieces of a long title are all there.
            #expect(lines.joined().filter { $0 != " " }.contains("没有，是你的汗流进去了"))
            await server.stop()
        }

        @Test(.enabled(if: NewsctlProcess.hasScript, "needs script (util-linux) to give newsctl a pseudo-terminal"))
        func colourOnlyOnATerminalAndNeverWithNoColor() async throws {
            let newsctl = try NewsctlProcess()
            let base = "file://" + Fixtures.apiRoot
            let colour = /\x{1B}\[[0-9;]*m/
            let piped = try await newsctl.run(["latest", "--base-url", base])
            #expect(!piped.stdout.contains("\u{1B}"))
            // `script` gives the command a pseudo-terminal, as a user's shell would.
            let command = "\(NewsctlProcess.binary) latest --offline"
            let onTerminal = try await newsctl.run(["-qec", command, "/dev/null"], executable: NewsctlProcess.script)
            #expect(onTerminal.stdout.contains("\u{1B}[1m"))
            let noColor = try await newsctl.run(
                ["-qec", command, "/dev/null"], environment: ["NO_COLOR": "1"], executable: NewsctlProcess.script)
            #expect(noColor.status == 0)
            #expect(noColor.stdout.contains("热门"))
            #expect(noColor.stdout.firstMatch(of: colour) == nil)
            let flag = try await newsctl.run(["-qec", command + " --no-color", "/dev/null"], executable: NewsctlProcess.script)
            #expect(flag.stdout.firstMatch(of: colour) == nil)
        }
    }
}

private extension String {
    /// The string as a JSON string literal's contents.
    var jsonEscaped: String {
        unicodeScalars.map { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            default:
                return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                    ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }
        }.joined()
    }
}
