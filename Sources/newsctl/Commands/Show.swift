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

    @OptionGroup var graphics: GraphicsOption

    func validate() throws {
        _ = try StoryID.parse(id, words: options.words)
    }

    func run() async throws {
        let id = try StoryID.parse(id, words: options.words)
        let status = await DetailCommand.run(id, settings: try options.resolve(), graphics: graphics.graphics)
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
    /// - Parameter graphics: how to draw the story's pictures; `auto` draws none when stdout is
    ///   not a terminal, and then the pictures are not even looked up.
    static func run(_ id: Int64, settings: Settings, graphics: GraphicsMode = .auto) async -> Int32 {
        let output = Output()
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        let engine: SyncEngine
        switch Archive.open(settings, errorLine: errorLine, use: .showsNetwork) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }
        let terminal = Terminal.detect(noColor: settings.noColor)
        let pictureProtocol = settings.json ? nil : graphics.resolveForStdout(useColor: terminal.useColor)
        let drawer = pictureProtocol.map { StoryPictureDrawer(renderer: GraphicsMode.renderer(for: $0)) }
        let text = TextDetailView(
            output: output, terminal: terminal, errorLine: errorLine,
            loadingText: settings.language == .zh ? "加载中…" : "Loading…", drawer: drawer,
            words: CommandStrings(language: settings.language))
        let view: any DetailView & CommandView = settings.json ? JSONDetailView(output: output, errorLine: errorLine) : text
        let presenter = DetailPresenter(
            storyID: id, view: view, interactor: DefaultDetailInteractor(engine: engine, mode: settings.mode),
            navigator: TerminalNavigator(output: output), language: settings.language)
        await presenter.viewDidLoad()
        if let detail = text.awaitingPictures {
            let pictures = StoryPicturesPresenter(
                view: text, interactor: DefaultStoryPicturesInteractor(engine: engine, mode: settings.mode),
                language: settings.language)
            await pictures.load(detail)
            await text.printWithPictures()
        }
        return view.exitStatus
    }
}
