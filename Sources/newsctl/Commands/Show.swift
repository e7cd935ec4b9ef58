import ArgumentParser
import NewsFeature
import SyncEngine

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Read one story: its text, counts and marks; from the archive when it has it.",
        discussion:
            "A story read once (or kept with `fav add`) reads offline. Reading marks it read (not on a read-only archive, which it still reads)."
    )

    @Argument(help: ArgumentHelp("The story's numeric id, as listed by `latest --json`.", valueName: "id"))
    var id: String

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try StoryID.parse(id, words: options.words)
    }

    func run() async throws {
        let status = await QuickCommand.story(try StoryID.parse(id, words: options.words)).run(try options.resolve())
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// Story ids are positive 64-bit integers.
enum StoryID {
    static func parse(_ text: String, words: CommandStrings) throws -> Int64 {
        guard let id = Int64(text), id > 0 else {
            throw ValidationError(words.notAStoryID(text))
        }
        return id
    }
}

/// Composes the detail screen for the terminal and runs it to an exit status.
@MainActor
enum DetailCommand {
    static func run(_ id: Int64, settings: Settings) async -> Int32 {
        let output = Output()
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        let engine: SyncEngine
        switch Archive.open(settings, errorLine: errorLine, use: .showsNetwork) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }
        let view: any DetailView & CommandView =
            settings.json
            ? JSONDetailView(output: output, errorLine: errorLine)
            : TextDetailView(
                output: output, terminal: Terminal.detect(noColor: settings.noColor), errorLine: errorLine,
                loadingText: settings.language == .zh ? "加载中…" : "Loading…")
        let presenter = DetailPresenter(
            storyID: id, view: view, interactor: DefaultDetailInteractor(engine: engine, mode: settings.mode),
            navigator: TerminalNavigator(output: output), language: settings.language)
        await presenter.viewDidLoad()
        return view.exitStatus
    }
}
