import ArgumentParser
import NewsFeature
import SyncEngine

struct Search: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Find stories in the archive by title, hint and text; offline.",
        discussion: """
            Words separated by spaces must all match; Chinese matches as written, one character or \
            more ("猫", "咖啡", "魔兽世界"). The query is plain text: quotes, AND, OR and * are searched for. \
            Stories are searchable by their text once read, kept, or synced with --details.
            """)

    @Argument(help: ArgumentHelp("What to look for.", valueName: "query"))
    var query: String

    static let defaultLimit = 20
    static let limits = 1...1_000

    @Option(parsing: .unconditional, help: ArgumentHelp("At most N results, 1 to 1000.", valueName: "N"))
    var limit = Search.defaultLimit

    @OptionGroup var options: ArchiveOptions

    func validate() throws {
        guard Self.limits.contains(limit) else { throw ValidationError(options.words.limitOutOfRange(limit, Self.limits)) }
    }

    func run() async throws {
        try await runOnMainActor()
    }

    @MainActor
    func runOnMainActor() async throws {
        let status = await SearchCommand.run(settings: try options.resolve()) { await $0.didSearch(query, limit: limit) }
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// Composes the search screen and runs one query on it.
@MainActor
enum SearchCommand {
    static func run(settings: Settings, _ event: (SearchPresenter) async -> Void) async -> Int32 {
        await CommandScreen.run(settings: settings, use: .reads) {
            SearchTerminalView(output: $0, errorLine: $1, json: settings.json, terminal: Terminal.detect(noColor: settings.noColor))
        } _: { view, engine in
            await event(SearchPresenter(view: view, interactor: DefaultSearchInteractor(engine: engine), language: settings.language))
        }
    }
}
