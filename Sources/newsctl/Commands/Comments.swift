import ArgumentParser
import NewsFeature
import SyncEngine

struct Comments: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "comments",
        abstract: "Read a story's comments: the long ones (长评), then the first page of the short ones (短评).",
        discussion: """
            Comments read once read offline; a read is served from the archive for 10 minutes, then \
            asked again (--refresh: now). --all follows the short comments page by page to the end.
            """)

    @Argument(help: ArgumentHelp("The story's numeric id, as listed by `latest --json`.", valueName: "id"))
    var id: String

    @Flag(help: "Only the long comments (长评).")
    var long = false

    @Flag(help: "Only the short comments (短评).")
    var short = false

    @Flag(help: "Every page of the short comments, not only the first (progress on a terminal).")
    var all = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        let words = options.words
        _ = try StoryID.parse(id, words: words)
        if long && short { throw ValidationError(words.longAndShort) }
        if all && long { throw ValidationError(words.allWithLong) }
    }

    func run() async throws {
        let kinds: Set<CommentKind> = long ? [.long] : short ? [.short] : Set(CommentKind.allCases)
        let status = await CommentsCommand.run(
            try StoryID.parse(id, words: options.words), kinds: kinds, all: all, settings: try options.resolve())
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// Composes the comments screen for the terminal and runs it to an exit status.
@MainActor
enum CommentsCommand {
    static func run(_ id: Int64, kinds: Set<CommentKind>, all: Bool, settings: Settings) async -> Int32 {
        await CommandScreen.run(settings: settings, use: .showsNetwork) {
            CommentsTerminalView(
                output: $0, terminal: Terminal.detect(noColor: settings.noColor), errorLine: $1, json: settings.json, kinds: kinds,
                words: CommentsStrings(language: settings.language, storyID: id))
        } _: { view, engine in
            let presenter = CommentsPresenter(
                context: StoryContext(storyID: id), view: view,
                interactor: DefaultCommentsInteractor(engine: engine, mode: settings.mode, kinds: kinds),
                navigator: TerminalNavigator(output: Output()), language: settings.language)
            await presenter.viewDidLoad()
            // --all: the next page until the presenter says there is none (or a page fails).
            while all, view.hasLoaded, view.canLoadMore, !Task.isCancelled {
                let shown = view.shownComments
                await presenter.didReachEnd()
                if view.shownComments == shown && view.canLoadMore { break }  // Nothing moved: do not spin.
            }
            view.finish()
        }
    }
}
