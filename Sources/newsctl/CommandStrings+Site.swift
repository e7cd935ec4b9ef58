import SyncEngine

/// newsctl's words for `export` and `feed`.
extension CommandStrings {
    var daysAndSince: String { say("--days 和 --since 只能用一个", "--days and --since cannot be used together") }

    func badDateOption(_ option: String, _ text: String) -> String {
        say("\(option) 应为 yyyyMMdd 格式的日期，如 20230421，不能是 '\(text)'", "\(option) must be a yyyyMMdd date such as 20230421, not '\(text)'")
    }

    func dateTooEarly(_ option: String, _ text: String) -> String {
        say("\(option) '\(text)' 早于第一期 \(Day.firstIssue)", "\(option) '\(text)' is before the first issue, \(Day.firstIssue)")
    }

    var siteOrEpub: String {
        say("请给出 --site 目录（网站）或 --epub 文件（电子书）", "give --site DIR (a web site) or --epub FILE (a book)")
    }

    var siteAndEpub: String { say("--site 和 --epub 只能用一个", "--site and --epub cannot be used together") }

    var emptyEpub: String { say("--epub 不能为空", "--epub cannot be empty") }

    func epubOnly(_ option: String) -> String { say("\(option) 只用于 --epub", "\(option) is for --epub only") }

    func siteOnly(_ option: String) -> String { say("\(option) 只用于 --site", "\(option) is for --site only") }

    var oneEditionScope: String {
        say(
            "--day、--days/--since、--section 和 --favorites 只能用一个", "use only one of --day, --days/--since, --section and --favorites")
    }

    var untilNeedsSince: String { say("--until 需要与 --since 一起使用", "--until needs --since") }

    var untilBeforeSince: String { say("--until 不能早于 --since", "--until cannot be before --since") }

    var emptySite: String { say("--site 不能为空", "--site cannot be empty") }

    func badCount(_ text: String) -> String {
        say("--count 应为不小于 1 的整数，不能是 '\(text)'", "--count must be a whole number of at least 1, not '\(text)'")
    }

    func badSiteURL(_ text: String) -> String {
        say("--site-url 须以 http:// 或 https:// 开头，不能是 '\(text)'", "--site-url must start with http:// or https://, not '\(text)'")
    }
}
