import ArgumentParser
import NewsFeature
import SyncEngine

/// `newsctl export --site DIR`: the archive as a static web site.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the archive as a static web site: pages, pictures, feed.atom, style.css.",
        discussion:
            "It reads the archive only and asks the source nothing (`sync` fetches). Any web server serves the folder (nginx, `python3 -m http.server`, a static host). Only files whose bytes changed are written again; each by rename, so an interrupted export leaves no half file. With --site-url (the address the folder is served at), the feeds link to the copy's pages and pictures (a story whose text the archive lacks to the source); without, to the source."
    )

    @Option(name: .customLong("site"), help: ArgumentHelp("The folder to write the site into.", valueName: "dir"))
    var site: String

    // .unconditional (and text, checked here): `--days -1` or `--days many` is a value newsctl
    // words in the user's language, not ArgumentParser's missing or invalid one.
    @Option(
        name: .customLong("days"), parsing: .unconditional,
        help: ArgumentHelp("The last N days, up to the newest the archive holds (default 7).", valueName: "N"))
    var days: String?

    @Option(
        name: .customLong("since"), parsing: .unconditional,
        help: ArgumentHelp("Every day from this date to the newest.", valueName: "yyyyMMdd"))
    var since: String?

    @Option(
        name: .customLong("site-url"), parsing: .unconditional,
        help: ArgumentHelp("The copy's absolute address, for the feeds' links and pictures.", valueName: "url"))
    var siteURL: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try window()
        if site.isEmpty { throw ValidationError(options.words.emptySite) }
        _ = try Feed.siteURLArgument(siteURL, words: options.words)
    }

    func run() async throws {
        let settings = try options.resolve()
        // `--name=value`: a folder starting with "-" (`--site=-x`) stays a value for newsctl-site.
        var arguments = ["export", "--site=" + site]
        switch try window() {
        case .since(let day): arguments.append("--since=\(day)")
        case .days(let days): arguments.append("--days=\(days)")
        }
        if let siteURL = try Feed.siteURLArgument(siteURL, words: options.words) { arguments.append(siteURL) }
        throw ExitCode(await SiteHandOver.run(arguments, settings: settings))
    }

    private enum Window {
        case days(Int)
        case since(Day)
    }

    /// The days the copy links: `--days` (7 when neither is given) or `--since`, checked.
    private func window() throws -> Window {
        let words = options.words
        switch (days, since) {
        case (.some, .some): throw ValidationError(words.daysAndSince)
        case (nil, let since?):
            guard let day = try? Day.parse(since) else { throw ValidationError(words.badSince(since)) }
            guard day >= Day.firstIssue else { throw ValidationError(words.sinceTooEarly(since)) }
            return .since(day)
        case (let days, nil): return .days(try days.map { try DayCount.parse($0, words: words) } ?? 7)
        }
    }
}

/// `newsctl feed`: the Atom feed on stdout.
struct Feed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Write the Atom feed of the newest stories to stdout, in full where the archive keeps their text.",
        discussion:
            "The feed a served or exported site has at /feed.atom, from the archive only (`sync` fetches). With --site-url, entries link to that site and its pictures; without, to the source."
    )

    // .unconditional (and text, checked here): `--count -5` or `--days x` is a value newsctl
    // words in the user's language, not ArgumentParser's missing or invalid one.
    @Option(
        name: .customLong("days"), parsing: .unconditional,
        help: ArgumentHelp("Every story of the newest N days the archive holds.", valueName: "N"))
    var days: String?

    @Option(
        name: .customLong("count"), parsing: .unconditional,
        help: ArgumentHelp("Without --days: how many of the newest stories (default 30).", valueName: "N"))
    var count: String?

    @Option(
        name: .customLong("site-url"), parsing: .unconditional,
        help: ArgumentHelp("The site's absolute address, for links and pictures.", valueName: "url"))
    var siteURL: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try siteArguments()
    }

    func run() async throws {
        let settings = try options.resolve()
        throw ExitCode(await SiteHandOver.run(try siteArguments(), settings: settings))
    }

    /// newsctl-site's arguments, each option checked.
    private func siteArguments() throws -> [String] {
        let words = options.words
        let count = try self.count.map { text in
            guard let number = Int(text), number >= 1 else { throw ValidationError(words.badCount(text)) }
            return number
        }
        var arguments = ["feed", "--count=\(count ?? 30)"]
        if let days { arguments.append("--days=\(try DayCount.parse(days, words: words))") }
        if let siteURL = try Self.siteURLArgument(siteURL, words: words) { arguments.append(siteURL) }
        return arguments
    }

    /// `--site-url` of `feed` and `export` as newsctl-site takes it, checked: an http or https address.
    static func siteURLArgument(_ siteURL: String?, words: CommandStrings) throws -> String? {
        guard let siteURL else { return nil }
        guard siteURL.hasPrefix("http://") || siteURL.hasPrefix("https://"), siteURL.count >= 9 else {
            throw ValidationError(words.badSiteURL(siteURL))
        }
        return "--site-url=" + siteURL
    }
}
