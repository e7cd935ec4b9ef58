import ArgumentParser
import NewsFeature
import SyncEngine

struct Fav: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fav",
        abstract: "Keep stories (收藏): add, remove, list. Favourites outlive the cache.",
        subcommands: [Add.self, Remove.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Keep a story and cache its text for offline reading.")

        @Argument(help: ArgumentHelp("The story's numeric id.", valueName: "id"))
        var id: String

        @OptionGroup var options: GlobalOptions

        func validate() throws { _ = try StoryID.parse(id, words: options.words) }

        func run() async throws {
            let id = try StoryID.parse(id, words: options.words)
            try await FavoritesCommand.run(settings: try options.resolve(), use: .writes) { await $0.didRequestAdd(id: id) }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Stop keeping a story.")

        @Argument(help: ArgumentHelp("The story's numeric id.", valueName: "id"))
        var id: String

        @OptionGroup var options: ArchiveOptions

        func validate() throws { _ = try StoryID.parse(id, words: options.words) }

        func run() async throws {
            let id = try StoryID.parse(id, words: options.words)
            try await FavoritesCommand.run(settings: try options.resolve(), use: .reads) { await $0.didRequestRemove(id: id) }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The stories kept, newest first; offline too.")

        @OptionGroup var options: ArchiveOptions

        func run() async throws {
            try await FavoritesCommand.run(settings: try options.resolve(), use: .reads) { await $0.viewDidLoad() }
        }
    }
}

/// Composes the favourites screen and runs one event on it.
@MainActor
enum FavoritesCommand {
    static func run(settings: Settings, use: Archive.Use, _ event: (FavoritesPresenter) async -> Void) async throws {
        let status = await CommandScreen.run(settings: settings, use: use) {
            FavoritesTerminalView(output: $0, errorLine: $1, json: settings.json, terminal: Terminal.detect(noColor: settings.noColor))
        } _: { view, engine in
            await event(
                FavoritesPresenter(
                    view: view, interactor: DefaultFavoritesInteractor(engine: engine, mode: settings.mode), language: settings.language))
        }
        guard status == 0 else { throw ExitCode(status) }
    }
}
