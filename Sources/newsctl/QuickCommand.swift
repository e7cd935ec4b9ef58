import NewsFeature

/// The everyday reads, `latest` and `before <yyyyMMdd>` with the common options, read without
/// ArgumentParser.
///
/// ArgumentParser builds every argument of the command path by reflection, and tries two
/// completion-script pseudo-commands first: half of the instructions of a cold
/// `newsctl latest --offline` (10 of 20 million). Only plain forms are read here; anything else
/// (help, `--name=value`, a repeated or unknown option, a value that fails its check) is left to
/// ArgumentParser, so what it accepts and every message it prints stay as they were.
enum QuickCommand {
    /// The screen and settings `arguments` (without the program name) ask for, or nil when they
    /// are not in a form read here.
    static func newsList(_ arguments: [String]) -> (start: NewsListPresenter.Start, settings: Settings)? {
        guard let name = arguments.first, name == "latest" || name == "before" else { return nil }
        var values = OptionValues()
        var positionals: [String] = []
        var seen: Set<String> = []
        var rest = arguments.dropFirst()[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            guard seen.insert(argument).inserted else { return nil }
            switch argument {
            case "--offline": values.offline = true
            case "--refresh": values.refresh = true
            case "--json": values.json = true
            case "--no-color": values.noColor = true
            case "--verbose": values.verbose = true
            case "--db", "--base-url", "--timeout", "--lang":
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return nil }
                switch argument {
                case "--db": values.db = value
                case "--base-url": values.baseURL = value
                case "--lang": values.lang = value
                default:
                    guard let seconds = Double(value) else { return nil }
                    values.timeout = seconds
                }
            default: return nil
            }
        }
        guard let settings = try? values.resolve() else { return nil }
        switch (name, positionals.count) {
        case ("latest", 0):
            return (.latest, settings)
        case ("before", 1):
            guard let day = try? Before.shownDay(positionals[0]) else { return nil }
            return (.day(day), settings)
        default:
            return nil
        }
    }
}
