/// newsctl's words for `export` and `feed`.
extension CommandStrings {
    var daysAndSince: String { say("--days 和 --since 只能用一个", "--days and --since cannot be used together") }

    func badSince(_ text: String) -> String {
        say("--since 应为 yyyyMMdd 格式的日期，如 20230421，不能是 '\(text)'", "--since must be a yyyyMMdd date such as 20230421, not '\(text)'")
    }

    var emptySite: String { say("--site 不能为空", "--site cannot be empty") }

    func badCount(_ text: String) -> String {
        say("--count 应为不小于 1 的整数，不能是 '\(text)'", "--count must be a whole number of at least 1, not '\(text)'")
    }

    func badSiteURL(_ text: String) -> String {
        say("--site-url 须以 http:// 或 https:// 开头，不能是 '\(text)'", "--site-url must start with http:// or https://, not '\(text)'")
    }
}
