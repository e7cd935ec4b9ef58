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

    // MARK: doctor's report

    func archivePath(_ path: String) -> String { say("存档：\(path)", "archive: \(path)") }

    func integrity(problems: Int) -> String {
        guard problems > 0 else { return say("完整性：正常", "integrity: ok") }
        return say("完整性：\(problems) 个问题", "integrity: \(English.count(problems, "problem"))")
    }

    func dayCount(_ days: Int) -> String { say("日期：\(days) 天", "days: \(days)") }

    /// A user table's rows in user words: "收藏 1 篇", "favourites: 1".
    func userRows(_ table: String, _ count: Int) -> String {
        switch (language, table) {
        case (.zh, "favorite"): return "收藏 \(count) 篇"
        case (.en, "favorite"): return "favourites: \(count)"
        case (.zh, "read_mark"): return "已读标记 \(count) 条"
        case (.en, "read_mark"): return "read marks: \(count)"
        default: return "\(table): \(count)"
        }
    }

    /// A user table as a name in a sentence: "收藏", "favourites".
    func tableName(_ table: String) -> String {
        switch (language, table) {
        case (.zh, "favorite"): return "收藏"
        case (.en, "favorite"): return "favourites"
        case (.zh, "read_mark"): return "已读标记"
        case (.en, "read_mark"): return "read marks"
        case (.zh, "account"): return "账户"
        case (.en, "account"): return "accounts"
        case (.zh, "account_token"): return "账户的登录"
        case (.en, "account_token"): return "accounts' logins"
        default: return table
        }
    }

    func rebuilt(_ path: String) -> String {
        say("已重建 \(path)：缓存已清空，将从网络重新获取", "rebuilt \(path): the cache is empty and refills from the network")
    }

    /// "保留收藏 2 篇", "kept favourites: 2".
    func kept(_ table: String, _ count: Int) -> String {
        say("保留" + userRows(table, count), "kept " + userRows(table, count))
    }

    /// "保留收藏的正文 2 篇（可离线阅读）", "kept favourites' texts: 2 (readable offline)".
    func keptFavoriteTexts(_ count: Int) -> String {
        say("保留收藏的正文 \(count) 篇（可离线阅读）", "kept favourites' texts: \(count) (readable offline)")
    }

    func unreadable(_ table: String) -> String {
        say("无法读取\(tableName(table))；这些记录仍在备份中", "could not read \(tableName(table)); its rows remain in the backup")
    }

    /// `doctor --rebuild` refused because user tables could not be read: `--force` goes on.
    func rebuildNeedsForce(_ tables: [String]) -> String {
        let names = tables.map(tableName)
        return say(
            "无法从旧存档读出\(names.joined(separator: "、"))，未做任何改动；加上 --force 仍然重建（读不出的内容只留在备份文件中）",
            "Could not read the \(Self.englishList(names)) of the old archive; nothing was changed. "
                + "Add --force to rebuild anyway (what could not be read stays in the backup file only)")
    }

    /// "a", "a and b", "a, b and c".
    static func englishList(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    func backupKept(_ path: String) -> String { say("旧文件保留在 \(path)", "the old file is kept at \(path)") }

    // MARK: doctor --network

    func stepName(_ step: HostCheck.StepKind) -> String {
        switch (language, step) {
        case (.zh, .resolve): return "域名解析"
        case (.en, .resolve): return "name resolution"
        case (.zh, .connect): return "连接"
        case (.en, .connect): return "connect"
        case (_, .tls): return "TLS"
        case (_, .http): return "HTTP"
        case (.zh, .page): return "最新一期"
        case (.en, .page): return "latest page"
        }
    }

    /// What a step found, in words; nil where only the transport's own message says it.
    func finding(_ finding: HostCheck.Finding) -> String {
        switch finding {
        case .status(let status): return "HTTP \(status)"
        case .page(let day, let stories): return say("\(day)，\(stories) 篇文章", "\(day), \(English.count(stories, "story"))")
        case .notAPage(let bytes): return say("不是最新一期的内容（\(bytes) 字节）", "not a latest page (\(bytes) bytes)")
        case .certificateForOtherNames(let names, let host):
            let list = names.joined(separator: ", ")
            return say("证书属于 \(list)，而不是 \(host)", "the certificate is for \(list), not \(host)")
        case .noAnswer(let timeout):
            let milliseconds = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
            return say("已连接，但 \(milliseconds) 毫秒内没有应答", "connected, but no answer within \(milliseconds) ms")
        }
    }

    /// A failed step the transport describes in its own (English) words: in Chinese, what
    /// failed first, then those words as the technical cause.
    func failedStep(_ step: HostCheck.StepKind, _ detail: String) -> String {
        guard language == .zh else { return detail }
        let what =
            switch step {
            case .resolve: "无法解析域名"
            case .connect: "无法连接"
            case .tls: "TLS 握手失败"
            case .http: "没有得到 HTTP 应答"
            case .page: "无法读取最新一期"
            }
        return detail.isEmpty ? what : what + "：" + detail
    }

    func works(_ works: Bool) -> String {
        works ? say("可用", "works") : say("不可用", "does not work")
    }

    func stepOutcome(_ succeeded: Bool) -> String {
        succeeded ? say("成功", "ok") : say("失败", "failed")
    }

    func preferred(_ url: String, since: String, until: String) -> String {
        say(
            "优先使用：\(url)（自 \(since) 起，因为之前的地址没有应答）；\(until) 之后重新按给定顺序尝试（北京时间）",
            "preferred: \(url), which answered when an earlier one did not, since \(since); the order given is tried again after \(until) (Beijing time)"
        )
    }

    var noPreference: String {
        say("优先使用：无；按给定顺序尝试各个地址", "preferred: none; the base URLs are tried in the order given")
    }

    /// "1 of 2 base URLs works", "0 of 2 base URLs work", "the base URL does not work";
    /// "2 个地址中 1 个可用", "2 个地址都不可用", "该地址不可用".
    func working(_ working: Int, of count: Int) -> String {
        if count == 1 { return working == 1 ? say("该地址可用", "the base URL works") : say("该地址不可用", "the base URL does not work") }
        switch language {
        case .zh: return working == 0 ? "\(count) 个地址都不可用" : "\(count) 个地址中 \(working) 个可用"
        case .en: return "\(working) of \(count) base URLs \(working == 1 ? "works" : "work")"
        }
    }

    var noneWorks: String {
        say(
            "没有任何地址返回最新一期；见上面的各步结果，或用 --base-url 指定镜像",
            "no base URL answered with its latest page; see the steps above, or use --base-url for a mirror")
    }
}
