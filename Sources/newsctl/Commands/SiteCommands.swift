import ArgumentParser
import NewsFeature
import SyncEngine

/// `newsctl export --site DIR`: the archive as a static web site.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the archive as a static web site: pages, pictures, feed.atom, style.css.",
        discussion:
            "Any web server serves the folder (nginx, `python3 -m http.server`, a static host). Only files whose bytes changed are written again; each by rename, so an interrupted export leaves no half file. With --site-url (the address the folder is served at), the feeds link to the copy's pages and pictures, and carry only stories the copy has; without, to the source."
    )

    @Option(name: .customLong("site"), help: ArgumentHelp("The folder to write the site into.", valueName: "dir"))
    var site: String

    @Option(
        name: .customLong("days"), help: ArgumentHelp("The last N days, up to the newest the archive holds (default 7).", valueName: "N"))
    var days: Int?

    @Option(name: .customLong("since"), help: ArgumentHelp("Every day from this date to the newest.", valueName: "yyyyMMdd"))
    var since: String?

    @Option(
        name: .customLong("site-url"),
        help: ArgumentHelp("The copy's absolute address, for the feeds' links and pictures.", valueName: "url"))
    var siteURL: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        let zh = options.words.language == .zh
        if days != nil, since != nil { throw ValidationError(zh ? "--days 和 --since 只能用一个" : "--days and --since cannot be used together") }
        if let days, days < 1 { throw ValidationError(zh ? "--days 至少为 1" : "--days must be at least 1") }
        if let since, since.count != 8 || Day(since) == nil {
            throw ValidationError(zh ? "不是 yyyyMMdd 格式的日期：\(since)" : "not a yyyyMMdd date: \(since)")
        }
        if site.isEmpty { throw ValidationError(zh ? "--site 不能为空" : "--site cannot be empty") }
        try Feed.checkSiteURL(siteURL, zh: zh)
    }

    func run() async throws {
        let settings = try options.resolve()
        var arguments = ["export", "--site", site]
        if let since { arguments += ["--since", since] } else { arguments += ["--days", String(days ?? 7)] }
        if let siteURL { arguments += ["--site-url", siteURL] }
        throw ExitCode(await SiteHandOver.run(arguments, settings: settings))
    }
}

/// `newsctl feed`: the Atom feed on stdout.
struct Feed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Write the Atom feed of the newest stories, in full, to stdout.",
        discussion:
            "The feed a served or exported site has at /feed.atom. With --site-url, entries link to that site and its pictures; without, to the source."
    )

    @Option(name: .customLong("days"), help: ArgumentHelp("Every story of the newest N days the archive holds.", valueName: "N"))
    var days: Int?

    @Option(name: .customLong("count"), help: ArgumentHelp("Without --days: how many of the newest stories.", valueName: "N"))
    var count: Int = 30

    @Option(name: .customLong("site-url"), help: ArgumentHelp("The site's absolute address, for links and pictures.", valueName: "url"))
    var siteURL: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        let zh = options.words.language == .zh
        if count < 1 { throw ValidationError(zh ? "--count 至少为 1" : "--count must be at least 1") }
        if let days, days < 1 { throw ValidationError(zh ? "--days 至少为 1" : "--days must be at least 1") }
        try Self.checkSiteURL(siteURL, zh: zh)
    }

    /// `--site-url` of `feed` and `export`: an http or https address.
    static func checkSiteURL(_ siteURL: String?, zh: Bool) throws {
        if let siteURL, !(siteURL.hasPrefix("http://") || siteURL.hasPrefix("https://")) || siteURL.count < 9 {
            throw ValidationError(
                zh ? "--site-url 须以 http:// 或 https:// 开头：\(siteURL)" : "--site-url must start with http:// or https://: \(siteURL)")
        }
    }

    func run() async throws {
        let settings = try options.resolve()
        var arguments = ["feed", "--count", String(count)]
        if let days { arguments += ["--days", String(days)] }
        if let siteURL { arguments += ["--site-url", siteURL] }
        throw ExitCode(await SiteHandOver.run(arguments, settings: settings))
    }
}
