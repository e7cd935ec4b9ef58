import ArgumentParser
import NewsFeature
import SyncEngine

/// The options of the commands that read the source and print a page: every option there is.
/// Each also reads an environment variable.
struct GlobalOptions: CommandOptions {
    @OptionGroup var local: LocalOptions
    @OptionGroup var source: SourceOptions
    @OptionGroup var freshness: FreshnessOptions
    @OptionGroup var output: JSONOption

    var values: OptionValues { local.values.with(source).with(freshness).with(output) }
}

/// The reader's options: it reads the source, and draws on the terminal (no --json).
struct ReaderOptions: CommandOptions {
    @OptionGroup var local: LocalOptions
    @OptionGroup var source: SourceOptions
    @OptionGroup var freshness: FreshnessOptions

    var values: OptionValues { local.values.with(source).with(freshness) }
}

/// The options of the commands that only read or change the archive (status, search, prune,
/// fav rm and fav list).
struct ArchiveOptions: CommandOptions {
    @OptionGroup var local: LocalOptions
    @OptionGroup var output: JSONOption

    var values: OptionValues { local.values.with(output) }
}

/// The options of the commands that ask the source for everything anew (sync, doctor): no
/// --refresh, and no --offline (NEWSCTL_OFFLINE=1 is refused where the network is needed).
struct SourceCommandOptions: CommandOptions {
    @OptionGroup var local: LocalOptions
    @OptionGroup var source: SourceOptions
    @OptionGroup var output: JSONOption

    var values: OptionValues { local.values.with(source).with(output) }
}

/// A command's option group: what it parsed, checked and resolved the same way everywhere.
protocol CommandOptions: ParsableArguments {
    /// The options as given, before environment and defaults.
    var values: OptionValues { get }
}

extension CommandOptions {
    mutating func validate() throws {
        _ = try resolve()
    }

    /// The options with environment variables and defaults applied, checked.
    func resolve() throws -> Settings {
        try values.resolve()
    }

    /// newsctl's words in the language asked for (zh when what was asked is not a language).
    var words: CommandStrings { CommandStrings(language: values.wordingLanguage) }
}

/// The archive, the language, colour and detail of errors: what every command takes.
struct LocalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The archive file (env NEWSCTL_DB).",
            discussion: "Default: $XDG_DATA_HOME/newsctl/news.sqlite, or ~/.local/share/newsctl/news.sqlite."),
        completion: .file())
    var db: String?

    @Option(help: "Presentation language: zh or en (env NEWSCTL_LANG; default zh).")
    var lang: String?

    @Flag(name: .customLong("no-color"), help: "No colour (also NO_COLOR); colour is only ever used on a terminal.")
    var noColor = false

    @Flag(help: "Add the technical cause to error messages.")
    var verbose = false

    var values: OptionValues { OptionValues(db: db, lang: lang, noColor: noColor, verbose: verbose) }
}

/// Where the source is and how long to wait for it.
struct SourceOptions: ParsableArguments {
    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "API root including /api/4 (env NEWSCTL_BASE_URL); several, comma-separated, are tried in order. "
                + "A file:// root reads a local copy (see `newsctl --help`).",
            valueName: "url"))
    var baseURL: String?

    @Option(
        help: ArgumentHelp(
            "Total deadline in seconds for the command's network work (env NEWSCTL_TIMEOUT; default 10).", valueName: "seconds"))
    var timeout: String?
}

/// `--offline` and `--refresh`: only for commands that serve what the archive has when it is fresh.
struct FreshnessOptions: ParsableArguments {
    @Flag(help: "Read the local archive only; never the network (env NEWSCTL_OFFLINE=1).")
    var offline = false

    @Flag(help: "Fetch from the network first, ignoring freshness.")
    var refresh = false
}

/// `--json`: only for commands that print a result.
struct JSONOption: ParsableArguments {
    @Flag(help: "Print machine-readable JSON on stdout.")
    var json = false
}

extension OptionValues {
    func with(_ source: SourceOptions) -> OptionValues {
        var values = self
        values.baseURL = source.baseURL
        values.timeout = source.timeout
        return values
    }

    func with(_ options: FreshnessOptions) -> OptionValues {
        var values = self
        values.offline = options.offline
        values.refresh = options.refresh
        return values
    }

    func with(_ option: JSONOption) -> OptionValues {
        var values = self
        values.json = option.json
        return values
    }
}

/// `GlobalOptions` as plain values: what ArgumentParser parsed, or what `QuickCommand` read.
struct OptionValues: Equatable {
    var db: String?
    var baseURL: String?
    var offline = false
    var refresh = false
    var timeout: String?
    var json = false
    var lang: String?
    var noColor = false
    var verbose = false

    /// The options with environment variables and defaults applied, checked. An error names
    /// the option, or the environment variable that stood in for it.
    func resolve() throws -> Settings {
        let words = CommandStrings(language: wordingLanguage)
        let (languageText, languageSource) = Self.given(lang, "--lang", "NEWSCTL_LANG")
        guard let language = Language(rawValue: languageText ?? "zh") else {
            throw ValidationError(words.badLanguage(languageText ?? "", from: languageSource))
        }
        let (timeoutText, timeoutSource) = Self.given(timeout, "--timeout", "NEWSCTL_TIMEOUT")
        let seconds =
            try timeoutText.map { text -> Double in
                guard let value = Double(text), value.isFinite, value > 0, value <= 3_600 else {
                    throw ValidationError(words.badTimeout(text, from: timeoutSource))
                }
                return value
            } ?? 10
        let (baseURLText, baseURLSource) = Self.given(baseURL, "--base-url", "NEWSCTL_BASE_URL")
        let baseURLs =
            try baseURLText.map { text in
                guard let urls = Self.parseBaseURLs(text) else { throw ValidationError(words.badBaseURL(text, from: baseURLSource)) }
                return urls
            } ?? SyncEngine.defaultBaseURLs
        if let flag = Environment.value("NEWSCTL_OFFLINE"), !["0", "1"].contains(flag) {
            throw ValidationError(words.badOfflineVariable(flag))
        }
        if isOffline && refresh {
            throw ValidationError(words.offlineAndRefresh(offline: offlineSource))
        }
        return Settings(
            databasePath: db ?? Environment.value("NEWSCTL_DB") ?? Self.defaultDatabasePath(),
            baseURLs: baseURLs,
            timeout: .milliseconds(Int64((seconds * 1_000).rounded(.up))),
            mode: isOffline ? .offline : (refresh ? .refresh : .standard),
            json: json, language: language, noColor: noColor, verbose: verbose)
    }

    /// Offline by `--offline` or NEWSCTL_OFFLINE=1.
    var isOffline: Bool { offline || Environment.value("NEWSCTL_OFFLINE") == "1" }

    /// Which of the two asked to be offline, for an error that names it.
    var offlineSource: CommandStrings.Source {
        offline ? .option("--offline") : .environment("NEWSCTL_OFFLINE")
    }

    /// The language to word errors in: the one asked for, or zh when that is not a language.
    var wordingLanguage: Language {
        Self.given(lang, "--lang", "NEWSCTL_LANG").text.flatMap(Language.init(rawValue:)) ?? .zh
    }

    /// The option's value, else its environment variable's, and which of them gave it.
    private static func given(
        _ option: String?, _ name: String, _ variable: String
    ) -> (text: String?, source: CommandStrings.Source) {
        if let option { return (option, .option(name)) }
        return (Environment.value(variable), .environment(variable))
    }

    /// The comma-separated URLs, or nil when one is not http://, https:// or file://.
    private static func parseBaseURLs(_ text: String) -> [String]? {
        let urls = text.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }
        guard !urls.isEmpty,
            urls.allSatisfy({ url in
                ["http://", "https://", "file://"].contains { url.hasPrefix($0) && url.count > $0.count }
            })
        else { return nil }
        return urls
    }

    private static func defaultDatabasePath() -> String {
        let dataHome =
            Environment.value("XDG_DATA_HOME")
            ?? (Environment.value("HOME") ?? ".") + "/.local/share"
        return dataHome + "/newsctl/news.sqlite"
    }
}

/// What a command runs with, resolved from options, environment and defaults.
struct Settings: Sendable, Equatable {
    let databasePath: String
    let baseURLs: [String]
    let timeout: Duration
    let mode: ReadMode
    let json: Bool
    let language: Language
    let noColor: Bool
    let verbose: Bool
}
