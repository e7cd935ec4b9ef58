import ArgumentParser

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

    // .unconditional: `--timeout -1` is a value newsctl checks and words, not a missing one.
    @Option(
        parsing: .unconditional,
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

/// `--graphics`: only for the commands that show a story (show, read).
struct GraphicsOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How to draw a story's pictures; auto draws them only on a terminal, in the protocol it speaks.",
            valueName: "mode"))
    var graphics: GraphicsMode = .auto
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
