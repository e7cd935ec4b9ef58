import ArgumentParser
import Dispatch
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

    @OptionGroup var options: ReaderOptions

    @OptionGroup var graphics: GraphicsOption

    func run() async throws {
        let settings = try options.resolve()
        let status = await ReaderCommand.run(settings: settings, graphics: graphics.graphics)
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// Composes the reader on the archive and runs it to an exit status.
@MainActor
enum ReaderCommand {
    static func run(settings: Settings, graphics: GraphicsMode = .auto) async -> Int32 {
        let output = Output()
        guard TerminalSession.isInteractive else {
            output.err("newsctl: " + CommandStrings(language: settings.language).readNeedsTerminal + "\n")
            return ExitStatus.usage
        }
        var engine: SyncEngine
        switch Archive.open(settings, errorLine: ErrorLine(output: output, verbose: settings.verbose), use: .writes) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }
        let status = await runApp(engine: engine, settings: settings, graphics: graphics)
        if await !windDown(&engine), settings.verbose {
            output.err("newsctl: " + CommandStrings(language: settings.language).quitWithEngineInUse + "\n")
        }
        return status
    }

    /// The reader on `engine` until it quits. A function of its own so that the app, which
    /// holds the engine, is gone when it returns: `windDown` waits for the engine's other holders
    /// to let go, and an app kept to the end of `run` would make every quit wait its whole 2 s.
    private static func runApp(engine: SyncEngine, settings: Settings, graphics: GraphicsMode) async -> Int32 {
        let app = ReaderApp(engine: engine, settings: settings)
        // Asked before the reader takes the terminal: a sixel query reads the terminal's answer.
        app.pictureRenderer = graphics.resolveForStdout(useColor: app.color).map(GraphicsMode.renderer(for:))
        return await app.run()
    }

    /// Waits (at most `limit`) until nothing but this command holds the engine. The reader's
    /// screens are closed when it returns, but what they started ends a few turns later: each
    /// presenter goes and cancels its tasks, the engine's page streams end and it stops watching
    /// the archive. Exiting before that would cut it all off with the reader, its screens,
    /// presenters and the engine still in memory, parts of which LeakSanitizer reports as leaks
    /// (the side tables of their weak references, whose pointers Swift keeps
    /// where it does not look, and row arrays inside enum payloads). Typically a few
    /// milliseconds; a transfer that does not stop is not waited for. The engine, released last
    /// on return, then closes the archive. Returns whether the engine was let go within `limit`
    /// (`read --verbose` says when it was not).
    private static func windDown(_ engine: inout SyncEngine, limit: Duration = .seconds(2)) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !isKnownUniquelyReferenced(&engine), ContinuousClock.now < deadline {
            // Not Task.sleep: after Ctrl-C or SIGTERM this task is cancelled, and it must still wait.
            await withCheckedContinuation { resumed in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { resumed.resume() }
            }
        }
        return isKnownUniquelyReferenced(&engine)
    }
}
