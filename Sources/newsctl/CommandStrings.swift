import NewsFeature
import SyncEngine

/// newsctl's own words, per language: its usage errors and doctor's reports (the screens' words
/// are NewsFeature's). ArgumentParser's own messages (an unknown option, a missing argument)
/// stay as it writes them.
struct CommandStrings: Sendable {
    let language: Language

    /// Where a setting came from, named in an error about it: the option, or the environment
    /// variable that stood in for it.
    enum Source: Sendable {
        case option(String)
        case environment(String)

        var name: String {
            switch self {
            case .option(let name), .environment(let name): return name
            }
        }
    }

    /// The language `arguments` (without the program name) and the environment ask for, read
    /// before parsing, for the errors worded before the options are known (`show -1`). A value
    /// that is neither zh nor en counts as not given.
    static func language(arguments: [String]) -> Language {
        var rest = arguments[...]
        while let argument = rest.popFirst(), argument != "--" {
            if argument == "--lang", let value = rest.first, let language = Language(rawValue: value) { return language }
            if argument.hasPrefix("--lang="), let language = Language(rawValue: String(argument.dropFirst(7))) { return language }
        }
        return Environment.value("NEWSCTL_LANG").flatMap(Language.init(rawValue:)) ?? .zh
    }

    /// The Chinese or the English wording, as the language is (every `CommandStrings` file words through it).
    func say(_ zh: String, _ en: String) -> String { language == .zh ? zh : en }

    // MARK: Options and environment

    func badLanguage(_ text: String, from source: Source) -> String {
        say("\(source.name) 只能是 zh 或 en，不能是 '\(text)'", "\(source.name) must be zh or en, not '\(text)'")
    }

    func badTimeout(_ text: String, from source: Source) -> String {
        say(
            "\(source.name) 应为大于 0、不超过 3600 的秒数，不能是 '\(text)'",
            "\(source.name) must be a number of seconds greater than 0 and at most 3600, not '\(text)'")
    }

    func badBaseURL(_ text: String, from source: Source) -> String {
        say(
            "\(source.name) 应为以 http://、https:// 或 file:// 开头的地址（多个用逗号分隔），不能是 '\(text)'",
            "\(source.name) must be http://, https:// or file:// URLs, not '\(text)'")
    }

    /// NEWSCTL_OFFLINE set to something else than 1 or 0 (`yes` would otherwise go online).
    func badOfflineVariable(_ text: String) -> String {
        say("NEWSCTL_OFFLINE 只能是 1 或 0，不能是 '\(text)'", "NEWSCTL_OFFLINE must be 1 or 0, not '\(text)'")
    }

    /// `--offline` (or NEWSCTL_OFFLINE=1) with `--refresh`.
    func offlineAndRefresh(offline: Source) -> String {
        let offline = Self.offlineName(offline)
        return say("\(offline) 与 --refresh 不能同时使用", "\(offline) and --refresh cannot be used together")
    }

    /// `sync` or `doctor --network` asked to run offline.
    func needsNetwork(_ command: String, offline: Source) -> String {
        let offline = Self.offlineName(offline)
        return say("\(command) 需要联网，不能在 \(offline) 下运行", "\(command) needs the network; it cannot run with \(offline)")
    }

    private static func offlineName(_ source: Source) -> String {
        switch source {
        case .option(let name): return name
        case .environment(let name): return name + "=1"
        }
    }

    // MARK: Arguments

    func notAStoryID(_ text: String) -> String {
        say("'\(text)' 不是文章 id；应为正整数，例如 9759301", "'\(text)' is not a story id; expected a positive number such as 9759301")
    }

    func notADay(_ error: DayError) -> String {
        switch error.reason {
        case .malformed:
            return say(
                "'\(error.text)' 不是日期；应为 yyyyMMdd，例如 20230421", "'\(error.text)' is not a date; expected yyyyMMdd, e.g. 20230421")
        case .impossible:
            return say(
                "'\(error.text)' 不是有效的日期；应为 yyyyMMdd，例如 20230421",
                "'\(error.text)' is not a calendar day; expected yyyyMMdd, e.g. 20230421")
        }
    }

    func tooEarly(_ text: String) -> String {
        let first = Day.firstIssue
        return say(
            "'\(text)' 太早：知乎日报第一期是 \(first)，最早可用 'before \(first.adding(days: 1))'",
            "'\(text)' is too early: the first issue is \(first), so the earliest is 'before \(first.adding(days: 1))'")
    }

    func inTheFuture(_ text: String, latest: Day) -> String {
        say("'\(text)' 是未来的日期；最晚可以是 \(latest)", "'\(text)' is in the future; expected a date up to \(latest)")
    }

    func limitOutOfRange(_ limit: Int, _ range: ClosedRange<Int>) -> String {
        say(
            "--limit 应在 \(range.lowerBound) 到 \(range.upperBound) 之间，不能是 \(limit)",
            "--limit must be between \(range.lowerBound) and \(range.upperBound), not \(limit)")
    }

    var longAndShort: String {
        say("--long 与 --short 只能选一个（都不选：两种都显示）", "give --long or --short, not both (neither: both sections)")
    }

    var allWithLong: String {
        say("--all 用于翻完短评；长评只有一页", "--all follows the short comments; the long ones come in one page")
    }

    // MARK: sync and prune

    var daysOrSince: String {
        say("请给出 --days N 或 --since yyyyMMdd（或单独使用 --retry-failed）", "give either --days N or --since yyyyMMdd (or --retry-failed alone)")
    }

    var commentsNeedDetails: String {
        say("--comments 需与 --details 一起使用：sync --details --comments", "--comments comes with --details: sync --details --comments")
    }

    func concurrencyOutOfRange(_ value: some CustomStringConvertible, max: Int) -> String {
        say("--concurrency 应在 1 到 \(max) 之间，不能是 \(value)", "--concurrency must be between 1 and \(max), not \(value)")
    }

    func imageBudgetOutOfRange(_ value: some CustomStringConvertible) -> String {
        say("--image-budget 应是不小于 0 的 MiB 数，不能是 \(value)", "--image-budget must be a number of MiB, 0 or more, not \(value)")
    }

    func imageBudgetNeedsImages() -> String {
        say("--image-budget 需要与 --images 一起使用", "--image-budget needs --images")
    }

    func daysOutOfRange(_ value: some CustomStringConvertible, max: Int) -> String {
        say(
            "--days 应在 1 到 \(max) 之间（自 \(Day.firstIssue) 起的每一天），不能是 \(value)",
            "--days must be between 1 and \(max) (every day since \(Day.firstIssue)), not \(value)")
    }

    func sinceTooEarly(_ text: String) -> String {
        say(
            "--since '\(text)' 早于第一期 \(Day.firstIssue)", "--since '\(text)' is before the first issue, \(Day.firstIssue)")
    }

    func keepDaysTooFew(_ value: Int) -> String {
        say("--keep-days 至少为 1，不能是 \(value)", "--keep-days must be at least 1, not \(value)")
    }

    // MARK: read and doctor

    /// A picture library is missing: the story is shown with its text placeholders.
    func picturesNotDrawn(library: String, package: String) -> String {
        say(
            "未绘制图片：无法使用 \(library)，请安装 \(package)（apt-get install \(package)）",
            "pictures not drawn: \(library) cannot be used; apt-get install \(package)")
    }

    /// `read --verbose`, when the reader quit with its engine still in use (see `windDown`).
    var quitWithEngineInUse: String {
        say("退出时存档仍在使用，已等待 2 秒后退出", "quit with the archive still in use, after waiting 2 s")
    }

    var readNeedsTerminal: String {
        say(
            "read 需要终端作为输入和输出；要打印列表请用 'newsctl latest'",
            "read needs a terminal for its input and output; for a printable list use 'newsctl latest'")
    }

    var networkWithRebuild: String {
        say(
            "--network 检查的是数据源，不能与 --rebuild 或 --force 一起使用",
            "--network checks the source; it cannot be used with --rebuild or --force")
    }
}
