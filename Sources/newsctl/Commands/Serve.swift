import ArgumentParser
import NewsFeature
import SyncEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the archive to browsers and feed readers (home, days, stories, comments, search, favourites, /feed.atom).",
        discussion: """
            Prints the address it listens on as its first line, then one line per request on stderr; \
            Ctrl-C or SIGTERM stops it. Only this machine can reach it unless --host says otherwise. \
            Reader apps sync with it through the Google Reader API at /api/greader; add an account for \
            them to log in with (newsctl account add). E-reader apps (KOReader, Calibre, Moon+ Reader) browse \
            the EPUB editions in the OPDS catalog at /opds: a book of each day, section and the favourites, \
            made from the archive on first download and kept in $XDG_CACHE_HOME/newsctl/editions while \
            the archive is unchanged. The server is the program newsctl-serve, built beside newsctl (swift build --product newsctl-serve).
            """)

    // .unconditional, as --port and --sync-every: `--host -x` is a value newsctl checks and words.
    @Option(
        parsing: .unconditional, help: ArgumentHelp("The address to listen on; 0.0.0.0 opens it to the network.", valueName: "address"))
    var host = "127.0.0.1"

    // .unconditional: `--port -1` is a value newsctl checks and words, not a missing one.
    @Option(parsing: .unconditional, help: ArgumentHelp("The port; 0 for any free one (default 8080).", valueName: "port"))
    var port: String?

    @Option(
        name: .customLong("sync-every"), parsing: .unconditional,
        help: ArgumentHelp(
            "Sync the source's last two days in the background at start and then this often: 30m, 2h, 1h30m.", valueName: "span"))
    var syncEvery: String?

    @Flag(help: "With --sync-every, also fetch each story's text and counts.")
    var details = false

    @Flag(help: "With --sync-every and --details, also fetch every story's comments.")
    var comments = false

    @Flag(help: "With --sync-every, also fetch every story's pictures (implies --details).")
    var images = false

    @Flag(help: "Serve the archive only; never ask the source (env NEWSCTL_OFFLINE=1).")
    var offline = false

    @OptionGroup var local: LocalOptions
    @OptionGroup var source: SourceOptions

    private var values: OptionValues {
        var values = local.values.with(source)
        values.offline = offline
        return values
    }

    private var words: CommandStrings { CommandStrings(language: values.wordingLanguage) }

    func validate() throws {
        _ = try serverArguments(values.resolve())
    }

    func run() async throws {
        let settings = try values.resolve()
        let arguments = try serverArguments(settings)
        // The archive is opened (and upgraded, with its notice) here, where every failure has its
        // line and exit status; the server opens it again.
        let errorLine = ErrorLine(output: Output(), verbose: settings.verbose)
        let use: Archive.Use = settings.mode == .offline ? .reads : .writes
        if case .failure(let failure) = await Archive.open(settings, errorLine: errorLine, use: use) {
            throw ExitCode(failure.status)
        }
        throw ExitCode(ServerHandOver.exec(arguments, words: words))
    }

    /// The arguments newsctl-serve gets: every setting resolved and checked here.
    private func serverArguments(_ settings: Settings) throws -> [String] {
        let words = self.words
        guard !host.isEmpty, !host.hasPrefix("-"), host.utf8.count <= 253,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) })
        else { throw ValidationError(words.badHost(host)) }
        let portNumber = try port.map { text in
            guard let number = Int(text), (0...65_535).contains(number) else { throw ValidationError(words.badPort(text)) }
            return number
        }
        // `--name=value`: a value starting with "-" (a file named -x.sqlite) is a value, not an option.
        var arguments = ["--host=" + host, "--port=" + String(portNumber ?? 8080), "--db=" + settings.databasePath]
        arguments += ["--base-url=" + settings.baseURLs.joined(separator: ","), "--lang=" + settings.language.rawValue]
        arguments += [
            "--timeout-milliseconds",
            String(settings.timeout.components.seconds * 1_000 + settings.timeout.components.attoseconds / 1_000_000_000_000_000),
        ]
        if settings.mode == .offline { arguments.append("--offline") }
        guard let syncEvery else {
            if let flag = [("--details", details), ("--comments", comments), ("--images", images)].first(where: { $0.1 })?.0 {
                throw ValidationError(words.fetchFlagsNeedSyncEvery(flag))
            }
            return arguments
        }
        guard let seconds = Self.seconds(syncEvery), (5...7 * 86_400).contains(seconds) else {
            throw ValidationError(words.badSyncInterval(syncEvery))
        }
        if settings.mode == .offline {
            throw ValidationError(words.needsNetwork("serve --sync-every", offline: values.offlineSource))
        }
        if comments, !details, !images { throw ValidationError(words.serveCommentsNeedDetails) }
        arguments += ["--sync-every", String(seconds)]
        for (flag, on) in [("--details", details || images), ("--comments", comments), ("--images", images)] where on {
            arguments.append(flag)
        }
        return arguments
    }

    /// Seconds in a span such as `30m`, `2h`, `1h30m`, `90s`; nil when it is not one.
    static func seconds(_ text: String) -> Int? {
        var total = 0
        var number: Int?
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                number = (number ?? 0) * 10 + digit
                guard number ?? 0 <= 1_000_000 else { return nil }
                continue
            }
            guard let value = number, let unit = ["s": 1, "m": 60, "h": 3_600, "d": 86_400][character] else { return nil }
            total += value * unit
            number = nil
        }
        guard number == nil, !text.isEmpty else { return nil }
        return total
    }
}
