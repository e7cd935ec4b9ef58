import NewsFeature

/// The everyday reads, `latest`, `before <yyyyMMdd>`, `show <id>` and `search <query>` with the
/// common options, read without ArgumentParser.
///
/// ArgumentParser builds every argument of the command path by reflection, and tries two
/// completion-script pseudo-commands first: half of the instructions of a cold
/// `newsctl latest --offline` (10 of 20 million). Only plain forms are read here; anything else
/// (help, `--name=value`, a repeated or unknown option, a value that fails its check) is left to
/// ArgumentParser, so what it accepts and every message it prints stay as they were; its
/// commands run through `run` too, so both ways run the same code.
enum QuickCommand: Equatable {
    case newsList(NewsListPresenter.Start)
    case story(Int64)
    case search(query: String, limit: Int)

    /// The command and settings `arguments` (without the program name) ask for, or nil when they
    /// are not in a form read here.
    static func parse(_ arguments: [String]) -> (command: QuickCommand, settings: Settings)? {
        guard let name = arguments.first, ["latest", "before", "show", "search"].contains(name) else { return nil }
        var values = OptionValues()
        var limit: Int?
        var positionals: [String] = []
        // An array, not a Set: the first Set<String> of the process costs a quarter of a million
        // instructions making its type at run time, for the handful of options a command has.
        var seen: [String] = []
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            guard !argument.isEmpty else { return nil }
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            guard !seen.contains(argument) else { return nil }
            seen.append(argument)
            // search reads the archive only: the source's options are not its (ArgumentParser says so).
            if name == "search" && ["--offline", "--refresh", "--base-url", "--timeout"].contains(argument) { return nil }
            switch argument {
            case "--offline": values.offline = true
            case "--refresh": values.refresh = true
            case "--json": values.json = true
            case "--no-color": values.noColor = true
            case "--verbose": values.verbose = true
            case "--db", "--base-url", "--timeout", "--lang", "--limit":
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
                switch argument {
                case "--db": values.db = value
                case "--base-url": values.baseURL = value
                case "--lang": values.lang = value
                case "--timeout": values.timeout = value
                default:
                    guard name == "search", let number = Int(value) else { return nil }
                    limit = number
                }
            default: return nil
            }
        }
        guard let settings = try? values.resolve(),
            let command = command(name, positionals, limit: limit, words: CommandStrings(language: settings.language))
        else { return nil }
        return (command, settings)
    }

    /// The command `name` with these positional arguments, checked as the command checks them.
    private static func command(_ name: String, _ positionals: [String], limit: Int?, words: CommandStrings) -> QuickCommand? {
        switch (name, positionals.count) {
        case ("latest", 0):
            return .newsList(.latest)
        case ("before", 1):
            return (try? Before.shownDay(positionals[0], words: words)).map { .newsList(.day($0)) }
        case ("show", 1):
            return (try? StoryID.parse(positionals[0], words: words)).map(QuickCommand.story)
        case ("search", 1):
            let limit = limit ?? Search.defaultLimit
            return Search.limits.contains(limit) ? .search(query: positionals[0], limit: limit) : nil
        default:
            return nil
        }
    }

    /// Runs the command to its exit status, as its ArgumentParser command would.
    @MainActor
    func run(_ settings: Settings) async -> Int32 {
        switch self {
        case .newsList(let start):
            return await NewsListCommand.run(start, settings: settings)
        case .story(let id):
            return await DetailCommand.run(id, settings: settings)
        case .search(let query, let limit):
            return await SearchCommand.run(settings: settings) { await $0.didSearch(query, limit: limit) }
        }
    }
}
