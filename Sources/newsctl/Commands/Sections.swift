import ArgumentParser
import NewsFeature
import SyncEngine

struct Sections: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sections",
        abstract: "List the columns (栏目), such as 瞎扯 (2); read one with `newsctl section <id>`.",
        discussion: """
            The list is served from the archive for a day. A source that answers 404 or 401 has no \
            sections: newsctl says so (exit 69) and does not ask it again for a day (--refresh asks).
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let status = await SectionScreens.list(settings: try options.resolve())
        guard status == 0 else { throw ExitCode(status) }
    }
}

struct SectionStories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "section",
        abstract: "A column's (栏目) stories, newest first, grouped by month, each with its date and id.",
        discussion: """
            The first read keeps one page (about 10 stories); later reads ask the source again after \
            5 minutes, reading only until a story the archive has. --pages N keeps at least N pages; \
            --all reads to the column's first story, and a stopped --all goes on where it stopped. \
            --timeout applies to each page here.
            """)

    @Argument(help: ArgumentHelp("The column's numeric id, as `newsctl sections` lists it (瞎扯 is 2).", valueName: "id"))
    var id: String

    @Flag(help: "Read every page, back to the column's first story.")
    var all = false

    @Option(help: ArgumentHelp("Keep at least this many pages of the column (default 1).", valueName: "n"))
    var pages: Int?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        let words = options.words
        _ = try SectionID.parse(id, words: words)
        if all && pages != nil { throw ValidationError(words.allWithPages) }
        if let pages, pages < 1 { throw ValidationError(words.notAPageCount(pages)) }
    }

    func run() async throws {
        let settings = try options.resolve()
        let id = try SectionID.parse(id, words: options.words)
        let status = await SectionScreens.stories(id, reach: all ? .all : .pages(pages ?? 1), settings: settings)
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// Composes the sections screens for the terminal (the archive only read when offline) and runs
/// them to an exit status.
@MainActor
enum SectionScreens {
    static func list(settings: Settings) async -> Int32 {
        await CommandScreen.run(settings: settings, use: settings.mode == .offline ? .reads : .writes) {
            SectionsTerminalView(output: $0, errorLine: $1, json: settings.json, terminal: Terminal.detect(noColor: settings.noColor))
        } _: { view, engine in
            await SectionsPresenter(
                view: view, interactor: DefaultSectionsInteractor(engine: engine, mode: settings.mode), language: settings.language
            ).viewDidLoad()
        }
    }

    static func stories(_ id: Int64, reach: SectionReach, settings: Settings) async -> Int32 {
        await CommandScreen.run(settings: settings, use: settings.mode == .offline ? .reads : .writes) {
            SectionStoriesTerminalView(output: $0, errorLine: $1, json: settings.json, terminal: Terminal.detect(noColor: settings.noColor))
        } _: { view, engine in
            await SectionStoriesPresenter(
                view: view, interactor: DefaultSectionsInteractor(engine: engine, mode: settings.mode), sectionID: id, reach: reach,
                language: settings.language
            ).viewDidLoad()
        }
    }
}

enum SectionID {
    static func parse(_ text: String, words: CommandStrings) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw ValidationError(words.notASectionID(text)) }
        return id
    }
}
