import ArgumentParser
import NewsFeature
import SyncEngine

/// Options every command takes, after the subcommand. Each also reads an environment variable.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The archive file (env NEWSCTL_DB).",
            discussion: "Default: $XDG_DATA_HOME/newsctl/news.sqlite, or ~/.local/share/newsctl/news.sqlite."),
        completion: .file())
    var db: String?

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp(
            "API root including the version (env NEWSCTL_BASE_URL); several, comma-separated, are tried in order.",
            discussion:
                "Default: https://daily.zhihu.com/api/4, which answers in 2026, then https://news-at.zhihu.com/api/4, "
                + "which has shown many networks a certificate for other names since 2022 and was reported dead in October 2024. "
                + "The one that last answered is tried first for a day. A file:// root reads a local copy of the API."
        ))
    var baseURL: String?

    @Flag(help: "Read the local archive only; never the network (env NEWSCTL_OFFLINE=1).")
    var offline = false

    @Flag(help: "Fetch from the network first, ignoring freshness.")
    var refresh = false

    @Option(help: "Total deadline in seconds for the command's network work (env NEWSCTL_TIMEOUT; default 10).")
    var timeout: Double?

    @Flag(help: "Print machine-readable JSON on stdout.")
    var json = false

    @Option(help: "Presentation language: zh or en (env NEWSCTL_LANG; default zh).")
    var lang: String?

    @Flag(name: .customLong("no-color"), help: "No colour (also NO_COLOR); colour is only ever used on a terminal.")
    var noColor = false

    @Flag(help: "Add the technical cause to error messages.")
    var verbose = false

    mutating func validate() throws {
        _ = try resolve()
    }

    /// The options with environment variables and defaults applied, checked.
    func resolve() throws -> Settings {
        try values.resolve()
    }

    /// The options as given, before environment and defaults.
    var values: OptionValues {
        OptionValues(
            db: db, baseURL: baseURL, offline: offline, refresh: refresh, timeout: timeout, json: json, lang: lang,
            noColor: noColor, verbose: verbose)
    }
}

/// `GlobalOptions` as plain values: what ArgumentParser parsed, or what `QuickCommand` read.
struct OptionValues: Equatable {
    var db: String?
    var baseURL: String?
    var offline = false
    var refresh = false
    var timeout: Double?
    var json = false
    var lang: String?
    var noColor = false
    var verbose = false

    /// The options with environment variables and defaults applied, checked.
    func resolve() throws -> Settings {
        let languageText = lang ?? Environment.value("NEWSCTL_LANG") ?? "zh"
        guard let language = Language(rawValue: languageText) else {
            throw ValidationError("--lang must be zh or en, not '\(languageText)'")
        }
        let timeoutText = timeout.map { String($0) } ?? Environment.value("NEWSCTL_TIMEOUT")
        let seconds =
            try timeoutText.map { text -> Double in
                guard let value = Double(text), value.isFinite, value > 0, value <= 3_600 else {
                    throw ValidationError("--timeout must be a number of seconds between 0 and 3600, not '\(text)'")
                }
                return value
            } ?? 10
        let baseURLs =
            try (baseURL ?? Environment.value("NEWSCTL_BASE_URL")).map(Self.parseBaseURLs)
            ?? SyncEngine.defaultBaseURLs
        let offline = self.offline || Environment.value("NEWSCTL_OFFLINE") == "1"
        if offline && refresh {
            throw ValidationError("--offline and --refresh cannot be used together")
        }
        return Settings(
            databasePath: db ?? Environment.value("NEWSCTL_DB") ?? Self.defaultDatabasePath(),
            baseURLs: baseURLs,
            timeout: .milliseconds(Int64((seconds * 1_000).rounded(.up))),
            mode: offline ? .offline : (refresh ? .refresh : .standard),
            json: json, language: language, noColor: noColor, verbose: verbose)
    }

    private static func parseBaseURLs(_ text: String) throws -> [String] {
        let urls = text.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }
        guard !urls.isEmpty,
            urls.allSatisfy({ url in
                ["http://", "https://", "file://"].contains { url.hasPrefix($0) && url.count > $0.count }
            })
        else {
            throw ValidationError("--base-url must be http://, https:// or file:// URLs, not '\(text)'")
        }
        return urls
    }

    private static func defaultDatabasePath() -> String {
        let dataHome =
            Environment.value("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 }
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
