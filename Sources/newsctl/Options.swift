import ArgumentParser
import NewsFeature
import SyncEngine

/// A command's options (`CommandOptions`) as plain values: what ArgumentParser parsed.
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
