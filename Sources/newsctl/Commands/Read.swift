import ArgumentParser
import NewsFeature
import SyncEngine

struct Read: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Read in a full-screen reader: today, earlier days as you scroll, stories, favourites, search.",
        discussion: """
            Works offline from the archive; a page on screen updates in place when the archive \
            changes (also from a `newsctl sync` in another terminal). The story under the cursor is \
            fetched in the background, so opening it is instant and it stays readable offline.

            Keys:
            \(ReaderKeys.helpText)
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let settings = try options.resolve()
        let status = await ReaderCommand.run(settings: settings)
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// Composes the reader on the archive and runs it to an exit status.
@MainActor
enum ReaderCommand {
    static func run(settings: Settings) async -> Int32 {
        let output = Output()
        guard TerminalSession.isInteractive else {
            output.err("newsctl: read needs a terminal for its input and output; for a printable list use 'newsctl latest'\n")
            return ExitStatus.usage
        }
        guard !settings.json else {
            output.err("newsctl: read draws on the terminal and has no --json; use 'newsctl latest --json'\n")
            return ExitStatus.usage
        }
        let engine: SyncEngine
        switch Archive.open(settings, errorLine: ErrorLine(output: output, verbose: settings.verbose)) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }
        return await ReaderApp(engine: engine, settings: settings).run()
    }
}
