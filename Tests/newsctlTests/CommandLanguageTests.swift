import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// newsctl's own words (usage errors, doctor) in the language asked for, the environment
    /// variables that stand in for options, and the help of each command: the built binary.
    @Suite struct CommandLanguageTests {
        private let fixtures = "file://" + Fixtures.apiRoot

        private func expectUsage(
            _ result: NewsctlProcess.Result, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            #expect(result.status == 64, "\(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
            #expect(result.stderr == "newsctl: " + line + "\n", sourceLocation: sourceLocation)
        }

        @Test func usageErrorsAreInChineseByDefaultAndInEnglishWhenAsked() async throws {
            let newsctl = try NewsctlProcess()
            expectUsage(try await newsctl.run(["sync"]), "请给出 --days N 或 --since yyyyMMdd（或单独使用 --retry-failed）")
            expectUsage(
                try await newsctl.run(["sync", "--lang", "en"]), "give either --days N or --since yyyyMMdd (or --retry-failed alone)")
            expectUsage(
                try await newsctl.run(["sync"], environment: ["NEWSCTL_LANG": "en"]),
                "give either --days N or --since yyyyMMdd (or --retry-failed alone)")
            expectUsage(try await newsctl.run(["before", "2013"]), "'2013' 不是日期；应为 yyyyMMdd，例如 20230421")
            expectUsage(
                try await newsctl.run(["before", "2013", "--lang=en"]), "'2013' is not a date; expected yyyyMMdd, e.g. 20230421")
            expectUsage(try await newsctl.run(["latest", "--lang", "fr"]), "--lang 只能是 zh 或 en，不能是 'fr'")
            expectUsage(try await newsctl.run(["comments", "1", "--long", "--short"]), "--long 与 --short 只能选一个（都不选：两种都显示）")
            expectUsage(try await newsctl.run(["prune", "--keep-days", "0"]), "--keep-days 至少为 1，不能是 0")
            expectUsage(try await newsctl.run(["doctor", "--network", "--rebuild"]), "--network 检查的是数据源，不能与 --rebuild 或 --force 一起使用")
        }

        @Test func aNegativeIdIsNotAStoryID() async throws {
            let newsctl = try NewsctlProcess()
            expectUsage(try await newsctl.run(["show", "-1"]), "'-1' 不是文章 id；应为正整数，例如 9759301")
            expectUsage(
                try await newsctl.run(["fav", "add", "-42", "--lang", "en"]),
                "'-42' is not a story id; expected a positive number such as 9759301")
            expectUsage(try await newsctl.run(["comments", "-7"]), "'-7' 不是文章 id；应为正整数，例如 9759301")
            expectUsage(try await newsctl.run(["before", "-20230421"]), "'-20230421' 不是日期；应为 yyyyMMdd，例如 20230421")
        }

        @Test func theTimeoutErrorSaysWhatIsAllowedAndEchoesWhatWasTyped() async throws {
            let newsctl = try NewsctlProcess()
            expectUsage(
                try await newsctl.run(["latest", "--timeout", "0", "--lang", "en"]),
                "--timeout must be a number of seconds greater than 0 and at most 3600, not '0'")
            expectUsage(try await newsctl.run(["latest", "--timeout", "soon"]), "--timeout 应为大于 0、不超过 3600 的秒数，不能是 'soon'")
            expectUsage(try await newsctl.run(["sync", "--days", "1", "--timeout", "1e9"]), "--timeout 应为大于 0、不超过 3600 的秒数，不能是 '1e9'")
            // A negative number is the option's value, checked as any other, not a missing value.
            expectUsage(try await newsctl.run(["latest", "--timeout", "-1"]), "--timeout 应为大于 0、不超过 3600 的秒数，不能是 '-1'")
            expectUsage(
                try await newsctl.run(["search", "猫", "--limit", "-5", "--lang", "en"]), "--limit must be between 1 and 1000, not -5")
            expectUsage(try await newsctl.run(["prune", "--keep-days", "-1"]), "--keep-days 至少为 1，不能是 -1")
            // sync's other values: not a number, one too large, a date that is an option's shape.
            let huge = "99999999999999999999"
            for value in ["abc", "0", huge] {
                expectUsage(
                    try await newsctl.run(["sync", "--days", "1", "--concurrency", value]),
                    "--concurrency 应在 1 到 16 之间，不能是 \(value)")
                expectUsage(
                    try await newsctl.run([
                        "sync", "--days", "1", "--images", "--image-budget", value == "0" ? "-1" : value, "--lang", "en",
                    ]),
                    "--image-budget must be a number of MiB, 0 or more, not \(value == "0" ? "-1" : value)")
            }
            expectUsage(try await newsctl.run(["sync", "--since", "-1"]), "--since '-1' 不是日期；应为 yyyyMMdd，例如 20230421")
            // Not a number, or one too large for an Int: the same line, not the parser's own.
            for value in ["-3", "abc", huge] {
                let days = try await newsctl.run(["sync", "--days", value, "--lang", "en"])
                #expect(days.status == 64)
                #expect(
                    days.stderr.hasPrefix("newsctl: --days must be between 1 and ") && days.stderr.hasSuffix(", not \(value)\n"),
                    "\(days.stderr)")
            }
        }

        /// export, feed and serve check every value newsctl hands on (a negative number, zero, a
        /// word, a number too large for an Int, one out of range) before anything is opened or
        /// written: one line in the language asked for, exit 64, no usage after it.
        @Test func theSiteCommandsWordEveryBadValueInOneLine() async throws {
            let newsctl = try NewsctlProcess()
            let site = try Fixtures.temporaryFolder() + "/site"
            let huge = "99999999999999999999"
            func expectBad(
                _ arguments: [String], _ line: String, english: String, sourceLocation: SourceLocation = #_sourceLocation
            ) async throws {
                expectUsage(try await newsctl.run(arguments), line, sourceLocation: sourceLocation)
                expectUsage(try await newsctl.run(arguments + ["--lang", "en"]), english, sourceLocation: sourceLocation)
            }
            func expectDays(_ arguments: [String], _ value: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                for (language, start, end) in [
                    ("zh", "newsctl: --days 应在 1 到 ", "（自 20130519 起的每一天），不能是 \(value)\n"),
                    ("en", "newsctl: --days must be between 1 and ", " (every day since 20130519), not \(value)\n"),
                ] {
                    let result = try await newsctl.run(arguments + ["--days", value], environment: ["NEWSCTL_LANG": language])
                    #expect(result.status == 64, "\(arguments) \(value): \(result.stderr)", sourceLocation: sourceLocation)
                    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
                    #expect(
                        result.stderr.hasPrefix(start) && result.stderr.hasSuffix(end) && result.stderr.split(separator: "\n").count == 1,
                        "\(arguments) \(value): \(result.stderr)", sourceLocation: sourceLocation)
                }
            }
            for value in ["-1", "0", "abc", "1.5", huge, "1000000"] {
                try await expectDays(["export", "--site", site], value)
                try await expectDays(["feed"], value)
            }
            for value in ["-1", "2023", "20230231", "abcdefgh"] {
                try await expectBad(
                    ["export", "--site", site, "--since", value], "--since 应为 yyyyMMdd 格式的日期，如 20230421，不能是 '\(value)'",
                    english: "--since must be a yyyyMMdd date such as 20230421, not '\(value)'")
            }
            // As sync's --since: a real date, but before the first issue.
            try await expectBad(
                ["export", "--site", site, "--since", "20130518"], "--since '20130518' 早于第一期 20130519",
                english: "--since '20130518' is before the first issue, 20130519")
            try await expectBad(
                ["export", "--site", site, "--days", "2", "--since", "20230301"], "--days 和 --since 只能用一个",
                english: "--days and --since cannot be used together")
            try await expectBad(["export", "--site", ""], "--site 不能为空", english: "--site cannot be empty")
            for value in ["-5", "0", "abc", huge] {
                try await expectBad(
                    ["feed", "--count", value], "--count 应为不小于 1 的整数，不能是 '\(value)'",
                    english: "--count must be a whole number of at least 1, not '\(value)'")
            }
            for value in ["-x", "ftp://x", "http://"] {
                try await expectBad(
                    ["feed", "--site-url", value], "--site-url 须以 http:// 或 https:// 开头，不能是 '\(value)'",
                    english: "--site-url must start with http:// or https://, not '\(value)'")
            }
            for value in ["-1", "65536", "abc", huge] {
                try await expectBad(
                    ["serve", "--port", value], "--port 应为 0 到 65535 之间的端口号（0 表示任一空闲端口），不能是 '\(value)'",
                    english: "--port must be a port from 0 to 65535 (0: any free one), not '\(value)'")
            }
            for value in ["-5", "0", "4s", "8d", "30x", "abc", huge + "s"] {
                try await expectBad(
                    ["serve", "--sync-every", value], "--sync-every 应为 5 秒到 7 天之间的时长，如 30m、2h、1h30m、90s，不能是 '\(value)'",
                    english: "--sync-every must be a span from 5 seconds to 7 days such as 30m, 2h, 1h30m or 90s, not '\(value)'")
            }
            for value in ["-x", "a b"] {
                try await expectBad(
                    ["serve", "--host", value], "--host 应为一个地址或主机名（如 127.0.0.1、0.0.0.0、::1），不能是 '\(value)'",
                    english: "--host must be an address or host name (127.0.0.1, 0.0.0.0, ::1), not '\(value)'")
            }
            #expect(!FileManager.default.fileExists(atPath: newsctl.databasePath), "no archive made")
            #expect(!FileManager.default.fileExists(atPath: site), "no site written")
        }

        @Test func anEmptyVariableIsAsIfUnset() async throws {
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["latest", "--base-url", fixtures]).status == 0)
            let empty = ["NEWSCTL_BASE_URL": "", "NEWSCTL_LANG": "", "NEWSCTL_TIMEOUT": "", "NEWSCTL_OFFLINE": ""]
            let offline = try await newsctl.run(["latest", "--offline"], environment: empty)
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(offline.stdout.contains("今日热闻"))
            let status = try await newsctl.run(["status"], environment: empty)
            #expect(status.status == 0, "\(status.stderr)")
        }

        @Test func anErrorFromAVariableNamesTheVariable() async throws {
            let newsctl = try NewsctlProcess()
            expectUsage(try await newsctl.run(["latest"], environment: ["NEWSCTL_LANG": "fr"]), "NEWSCTL_LANG 只能是 zh 或 en，不能是 'fr'")
            expectUsage(
                try await newsctl.run(["latest", "--lang", "en"], environment: ["NEWSCTL_BASE_URL": "foo"]),
                "NEWSCTL_BASE_URL must be http://, https:// or file:// URLs, not 'foo'")
            expectUsage(
                try await newsctl.run(["latest"], environment: ["NEWSCTL_TIMEOUT": "0", "NEWSCTL_LANG": "en"]),
                "NEWSCTL_TIMEOUT must be a number of seconds greater than 0 and at most 3600, not '0'")
            expectUsage(
                try await newsctl.run(["latest", "--refresh"], environment: ["NEWSCTL_OFFLINE": "1"]),
                "NEWSCTL_OFFLINE=1 与 --refresh 不能同时使用")
            expectUsage(
                try await newsctl.run(["sync", "--days", "1"], environment: ["NEWSCTL_OFFLINE": "1", "NEWSCTL_LANG": "en"]),
                "sync needs the network; it cannot run with NEWSCTL_OFFLINE=1")
            expectUsage(
                try await newsctl.run(["latest"], environment: ["NEWSCTL_OFFLINE": "yes", "NEWSCTL_LANG": "en"]),
                "NEWSCTL_OFFLINE must be 1 or 0, not 'yes'")
            // The option still wins over the variable, and then it is the option that is named.
            expectUsage(
                try await newsctl.run(["latest", "--base-url", "ftp://x"], environment: ["NEWSCTL_BASE_URL": fixtures]),
                "--base-url 应为以 http://、https:// 或 file:// 开头的地址（多个用逗号分隔），不能是 'ftp://x'")
        }

        @Test func doctorReportsInTheLanguageAskedForWithUserWords() async throws {
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["latest", "--base-url", fixtures]).status == 0)
            #expect(try await newsctl.run(["show", "9759301", "--base-url", fixtures]).status == 0)
            #expect(try await newsctl.run(["fav", "add", "9759301", "--base-url", fixtures]).status == 0)
            let zh = try await newsctl.run(["doctor"])
            #expect(zh.status == 0, "\(zh.stderr)")
            #expect(
                zh.stdout.split(separator: "\n").map(String.init) == [
                    "存档：\(newsctl.databasePath)", "完整性：正常", "日期：1 天", "收藏 1 篇", "已读标记 1 条",
                ])
            let en = try await newsctl.run(["doctor", "--lang", "en"])
            #expect(
                en.stdout.split(separator: "\n").map(String.init) == [
                    "archive: \(newsctl.databasePath)", "integrity: ok", "days: 1", "favourites: 1", "read marks: 1",
                ])
        }

        @Test func doctorNetworkReportsInTheLanguageAskedFor() async throws {
            let refused = try await LoopbackServer.refusedBaseURL()
            let newsctl = try NewsctlProcess()
            let two = try await newsctl.run(["doctor", "--network", "--timeout", "2", "--base-url", "\(fixtures),\(refused)"])
            #expect(two.status == 0, "\(two.stderr)")
            #expect(two.stdout.contains("\(fixtures)  可用\n"), "\(two.stdout)")
            #expect(two.stdout.contains("\(refused)  不可用\n"), "\(two.stdout)")
            #expect(two.stdout.contains("  连接             失败               无法连接："), "\(two.stdout)")
            #expect(two.stdout.contains("  最新一期         成功    ") && two.stdout.contains(" 20230314，6 篇文章\n"), "\(two.stdout)")
            #expect(two.stdout.hasSuffix("优先使用：无；按给定顺序尝试各个地址\n2 个地址中 1 个可用\n"), "\(two.stdout)")

            let one = try await newsctl.run(["doctor", "--network", "--timeout", "2", "--lang", "en", "--base-url", refused])
            #expect(one.status == 69)
            #expect(one.stdout.hasSuffix("\nthe base URL does not work\n"), "\(one.stdout)")
            #expect(
                one.stderr == "newsctl: no base URL answered with its latest page; see the steps above, or use --base-url for a mirror\n")
            let zh = try await newsctl.run(["doctor", "--network", "--timeout", "2", "--base-url", refused])
            #expect(zh.stdout.hasSuffix("\n该地址不可用\n"), "\(zh.stdout)")
            #expect(zh.stderr == "newsctl: 没有任何地址返回最新一期；见上面的各步结果，或用 --base-url 指定镜像\n")
        }

        @Test func todaysIssueIsNotInTheArchiveReadsAsASentence() async throws {
            let newsctl = try NewsctlProcess()
            // An archive that holds a story but no day (with no archive at all, the line says so).
            let story = try await newsctl.run(["show", "9759301", "--base-url", fixtures])
            #expect(story.status == 0, "\(story.stderr)")
            let result = try await newsctl.run(["latest", "--offline", "--lang", "en"])
            #expect(result.status == 69)
            #expect(result.stderr == "newsctl: Offline: the local archive has no copy of today's issue\n")
        }

        @Test func eachCommandOffersOnlyTheOptionsThatApplyToIt() async throws {
            let newsctl = try NewsctlProcess()
            for command in [["status"], ["search", "猫"], ["prune", "--keep-days", "3"], ["fav", "list"], ["fav", "rm", "1"]] {
                for option in [["--refresh"], ["--timeout", "3"], ["--offline"], ["--base-url", fixtures]] {
                    let result = try await newsctl.run(command + option)
                    #expect(result.status == 64, "\(command + option)")
                    #expect(result.stderr.hasPrefix("newsctl: Unknown option '\(option[0])'"), "\(command + option): \(result.stderr)")
                }
                let help = try await newsctl.run(command.prefix(command[0] == "fav" ? 2 : 1) + ["--help"])
                #expect(!help.stdout.contains("--refresh") && !help.stdout.contains("--timeout"), "\(help.stdout)")
            }
            let read = try await newsctl.run(["read", "--json"])
            #expect(read.status == 64)
            #expect(read.stderr.hasPrefix("newsctl: Unknown option '--json'"), "\(read.stderr)")
            for command in ["sync", "doctor"] {
                let help = try await newsctl.run([command, "--help"])
                #expect(!help.stdout.contains("--refresh") && !help.stdout.contains("--offline"), "\(help.stdout)")
                #expect(help.stdout.contains("--timeout"))
            }
        }

        @Test func helpSaysEachDefaultOnceAndTheSourcesHistoryOnlyAtTheTop() async throws {
            let newsctl = try NewsctlProcess()
            let sync = try await newsctl.run(["sync", "--help"]).stdout
            #expect(sync.components(separatedBy: "(default: 2)").count == 2 && !sync.contains("default 2"), "\(sync)")
            let search = try await newsctl.run(["search", "--help"]).stdout
            #expect(search.contains("(default: 20)") && !search.contains("default 20"), "\(search)")
            for command in ["latest", "show", "read", "sync", "doctor", "comments"] {
                let help = try await newsctl.run([command, "--help"]).stdout
                #expect(help.contains("--base-url"), "\(command)")
                #expect(!help.contains("news-at.zhihu.com") && !help.contains("2024"), "\(command): \(help)")
            }
            let top = try await newsctl.run(["--help"]).stdout
            #expect(top.contains("news-at.zhihu.com") && top.contains("October 2024"), "\(top)")
        }
    }
}
