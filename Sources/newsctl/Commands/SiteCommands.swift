import ArgumentParser
import NewsFeature
import SyncEngine

/// `newsctl export --site DIR`: the archive as a static web site; `newsctl export --epub FILE`:
/// an EPUB book of days, a section or the favourites.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the archive as a static web site (--site) or an EPUB book for e-readers (--epub).",
        discussion:
            "It reads the archive only and asks the source nothing (`sync` fetches). --site DIR writes pages, pictures, feed.atom and style.css, for any web server (nginx, `python3 -m http.server`, a static host); only files whose bytes changed are written again, each by rename, so an interrupted export leaves no half file. With --site-url (the address the folder is served at), the feeds link to the copy's pages and pictures (a story whose text the archive lacks to the source); without, to the source. --epub FILE writes an EPUB 3 book of the newest day the archive holds, or of --day, --days, --since [--until], --section or --favorites: a page per story with its pictures inside, a page per day listing its stories (one the archive has no text for with its hint). The same edition of the same archive is the same bytes; the file is replaced only once the whole book is written."
    )

    @Option(name: .customLong("site"), help: ArgumentHelp("The folder to write the site into.", valueName: "dir"))
    var site: String?

    @Option(name: .customLong("epub"), help: ArgumentHelp("The EPUB file to write.", valueName: "file"))
    var epub: String?

    // .unconditional (and text, checked here): `--days -1` or `--days many` is a value newsctl
    // words in the user's language, not ArgumentParser's missing or invalid one.
    @Option(
        name: .customLong("days"), parsing: .unconditional,
        help: ArgumentHelp("The last N days, up to the newest the archive holds (a site: 7 by default; a book: 1).", valueName: "N"))
    var days: String?

    @Option(
        name: .customLong("since"), parsing: .unconditional,
        help: ArgumentHelp("Every day from this date to the newest (or to --until).", valueName: "yyyyMMdd"))
    var since: String?

    @Option(
        name: .customLong("until"), parsing: .unconditional,
        help: ArgumentHelp("With --epub and --since: the last day of the book.", valueName: "yyyyMMdd"))
    var until: String?

    @Option(name: .customLong("day"), parsing: .unconditional, help: ArgumentHelp("With --epub: one day.", valueName: "yyyyMMdd"))
    var day: String?

    @Option(
        name: .customLong("section"), parsing: .unconditional,
        help: ArgumentHelp("With --epub: a section's stories the archive holds (`newsctl sections` lists them).", valueName: "id"))
    var section: String?

    @Flag(name: .customLong("favorites"), help: "With --epub: the favourites.")
    var favorites = false

    @Flag(name: .customLong("comments"), help: "With --epub: each story's comments the archive keeps, long then short, after it.")
    var comments = false

    @Flag(name: .customLong("no-pictures"), help: "With --epub: no pictures inside the book, only their captions.")
    var noPictures = false

    @Option(
        name: .customLong("site-url"), parsing: .unconditional,
        help: ArgumentHelp("The copy's absolute address, for the feeds' links and pictures.", valueName: "url"))
    var siteURL: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try siteArguments()
    }

    func run() async throws {
        let settings = try options.resolve()
        throw ExitCode(await SiteHandOver.run(try siteArguments(), settings: settings))
    }

    /// newsctl-site's arguments, each option checked: `--name=value` throughout, so a value
    /// starting with "-" (`--site=-x`) stays a value.
    private func siteArguments() throws -> [String] {
        let words = options.words
        switch (site, epub) {
        case (nil, nil): throw ValidationError(words.siteOrEpub)
        case (.some, .some): throw ValidationError(words.siteAndEpub)
        case (let site?, nil):
            if site.isEmpty { throw ValidationError(words.emptySite) }
            for (name, given) in [
                ("--day", day != nil), ("--until", until != nil), ("--section", section != nil), ("--favorites", favorites),
                ("--comments", comments), ("--no-pictures", noPictures),
            ] where given {
                throw ValidationError(words.epubOnly(name))
            }
            var arguments = ["export", "--site=" + site]
            switch try window() {
            case .since(let day): arguments.append("--since=\(day)")
            case .days(let days): arguments.append("--days=\(days ?? 7)")
            }
            if let siteURL = try Feed.siteURLArgument(siteURL, words: words) { arguments.append(siteURL) }
            return arguments
        case (nil, let epub?):
            if epub.isEmpty { throw ValidationError(words.emptyEpub) }
            if siteURL != nil { throw ValidationError(words.siteOnly("--site-url")) }
            var arguments = ["epub", "--path=" + epub] + (try epubScope())
            if comments { arguments.append("--comments") }
            if noPictures { arguments.append("--no-pictures") }
            return arguments
        }
    }

    /// The book's stories: one of --day, --days, --since [--until], --section, --favorites; the
    /// newest day the archive holds when none is given.
    private func epubScope() throws -> [String] {
        let words = options.words
        let given = [day != nil, days != nil || since != nil, section != nil, favorites].filter { $0 }.count
        guard given <= 1 else { throw ValidationError(words.oneEditionScope) }
        if until != nil, since == nil { throw ValidationError(words.untilNeedsSince) }
        if let day {
            return [
                "--since=\(try Self.date(day, option: "--day", words: words))",
                "--until=\(try Self.date(day, option: "--day", words: words))",
            ]
        }
        if let section {
            guard let id = Int64(section), id > 0 else { throw ValidationError(words.notASectionID(section)) }
            return ["--section=\(id)"]
        }
        if favorites { return ["--favorites"] }
        switch try window() {
        case .days(let days): return ["--days=\(days ?? 1)"]
        case .since(let first):
            guard let until else { return ["--since=\(first)"] }
            let last = try Self.date(until, option: "--until", words: words)
            guard last >= first else { throw ValidationError(words.untilBeforeSince) }
            return ["--since=\(first)", "--until=\(last)"]
        }
    }

    private enum Window {
        case days(Int?)
        case since(Day)
    }

    /// The days: `--days` (nil when neither is given) or `--since`, checked.
    private func window() throws -> Window {
        let words = options.words
        switch (days, since) {
        case (.some, .some): throw ValidationError(words.daysAndSince)
        case (nil, let since?): return .since(try Self.date(since, option: "--since", words: words))
        case (let days, nil): return .days(try days.map { try DayCount.parse($0, words: words) })
        }
    }

    /// A date option's day, checked: a yyyyMMdd date not before the first issue.
    private static func date(_ text: String, option: String, words: CommandStrings) throws -> Day {
        guard let day = try? Day.parse(text) else { throw ValidationError(words.badDateOption(option, text)) }
        guard day >= Day.firstIssue else { throw ValidationError(words.dateTooEarly(option, text)) }
        return day
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
