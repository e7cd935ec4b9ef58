import ArgumentParser
import Glibc
import NewsFeature
import SyncEngine

struct Show: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Read one story: its text, counts and marks; from the archive when it has it.",
        discussion:
            "A story read once (or kept with `fav add`) reads offline. Reading marks it read (not on a read-only archive, which it still reads). "
            + "On a terminal the text comes at once; pictures not yet kept follow it as they arrive, and one not there within 3 seconds is left as its placeholder."
    )

    @Argument(help: ArgumentHelp("The story's numeric id, as listed by `latest --json`.", valueName: "id"))
    var id: String

    @OptionGroup var options: GlobalOptions

    @OptionGroup var graphics: GraphicsOption

    func validate() throws {
        _ = try StoryID.parse(id, words: options.words)
    }

    func run() async throws {
        try await runOnMainActor()
    }

    @MainActor
    func runOnMainActor() async throws {
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
        // Someone reads a terminal as it fills; a pipe gets the story whole, as it always has.
        let picturesFollow = isatty(STDOUT_FILENO) == 1
        let view = DetailTerminalView(
            output: output, terminal: terminal, errorLine: errorLine,
            loadingText: settings.language == .zh ? "加载中…" : "Loading…", drawer: drawer,
            words: CommandStrings(language: settings.language), picturesFollow: picturesFollow, json: settings.json)
        let presenter = DetailPresenter(
            storyID: id, view: view, interactor: DefaultDetailInteractor(engine: engine, mode: settings.mode),
            navigator: TerminalNavigator(output: output), language: settings.language)
        await presenter.viewDidLoad()
        if view.awaitingPictures != nil {
            let pictures = StoryPicturesPresenter(
                context: presenter.context, view: view, interactor: DefaultStoryPicturesInteractor(engine: engine, mode: settings.mode),
                language: settings.language)
            if picturesFollow {
                await pictures.load(firstWithin: firstPictures, givingUpAfter: lastPictures)
                await view.finishPrinting()
            } else {
                await pictures.load()
                await view.printWithPictures()
            }
        }
        return view.exitStatus
    }

    /// On a terminal, how long the text waits for its pictures: the ones the archive keeps come
    /// well within it and are drawn in place; the others follow the text.
    static let firstPictures = Duration.milliseconds(250)
    /// On a terminal, how long a story's pictures are waited for in all; a picture not there by
    /// then is left as its placeholder, saying it was too slow.
    static let lastPictures = Duration.seconds(3)
}
