import ArgumentParser
import SyncEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@main
struct Newsctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "newsctl",
        abstract: "Zhihu Daily from a local archive, refreshed from the network when it can be.",
        discussion: """
            The source (--base-url, env NEWSCTL_BASE_URL) is by default https://daily.zhihu.com/api/4, \
            then https://news-at.zhihu.com/api/4, silent since October 2024; the one that last answered is tried \
            first for a day (newsctl doctor --network shows which). A file:// root reads a local copy \
            of the API: the repository ships one made of real responses, \
            --base-url file://$PWD/Tests/Fixtures/captures/api/4 in its folder.

            Exit status:
            0    done (a page the network failed to refresh is shown, marked stale)
            64   bad arguments or date, or read without a terminal
            65   bad data from the source
            66   no such story, day or comments; or no archive for a read-only command
            69   the network or the source failing, and nothing in the archive
            70   internal error
            74   the archive damaged, read-only or full (the line says what to run)
            130  interrupted (143: terminated)

            Environment (an option wins over its variable; an empty one is unset):
            NEWSCTL_DB         --db; default $XDG_DATA_HOME/newsctl/news.sqlite
            NEWSCTL_BASE_URL   --base-url, comma-separated roots tried in order
            NEWSCTL_LANG       --lang zh|en
            NEWSCTL_TIMEOUT    --timeout, in seconds
            NEWSCTL_OFFLINE=1  --offline
            NO_COLOR           --no-color
            SSL_CERT_FILE      certificate authorities (PEM) to trust, not the system's
            """,
        version: Newsctl.version,
        subcommands: [
            Read.self, Latest.self, Before.self, Show.self, Comments.self, Sections.self, SectionStories.self, Fav.self, Sync.self,
            Status.self, Search.self, Prune.self,
            Serve.self, Account.self, Doctor.self, DrawPicture.self, Export.self, Feed.self,
        ])

    /// newsctl's version, in `--version` and the User-Agent it sends.
    static let version = "0.3.0"

    /// Names newsctl and its version to the source, then the library and transport it goes through.
    static let userAgent = "newsctl/\(version) (SyncEngine/\(SyncEngine.version))"

    /// Runs the command in a task that Ctrl-C cancels, then exits with its status.
    /// On the main actor, as the command task it starts (which inherits it) and the views: a
    /// command that stays there never wakes a thread of Swift's pool, whose start and hand-overs
    /// cost a cold `latest --offline` more than its own work on a busy machine.
    @MainActor
    static func main() async {
        // newsctl owns its process and reads no SQLite memory figures: each SQLite allocation
        // is spared a process-wide lock. First, while nothing else can be using SQLite.
        SyncEngine.disableSQLiteMemoryStatistics()
        Interrupt.catchEarly()
        // Started at once on this thread, not queued on the main actor: a command that never
        // waits for another thread (`latest --offline`, whose engine runs on the main actor)
        // ends the process before `main` waits, so libdispatch never hands the main actor over
        // to a thread of its own (one thread started, and every step of the command run there).
        // `Task.immediate` came with Swift 6.2; the package builds with 6.1 too, queued as before.
        let command: Task<Void, Never>
        #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                // A closure written here, not a function value: converting one to the task's
                // operation makes a thunk that, unoptimized, hops to Swift's pool first.
                command = Task.immediate { @MainActor in await runToExit() }
            } else {
                command = Task { await runToExit() }
            }
        #else
            command = Task { await runToExit() }
        #endif
        // The command waits for something: from here on a signal cancels it from a dispatch source.
        Interrupt.install()
        Interrupt.cancels(command)
        await command.value  // Never returns: the command ends the process.
    }

    /// Runs the command and ends the process with its status, on the main actor. `main` waiting
    /// for the task's value would resume on Swift's pool first (two threads started to hand one
    /// exit back).
    @MainActor
    private static func runToExit() async {
        let status = await runCommand()
        #if canImport(Glibc)
            Glibc.exit(status)
        #else
            Darwin.exit(status)
        #endif
    }

    /// Parses and runs, turning every failure into one line on stderr and a sysexits code.
    /// On the main actor, where `main` starts it and the commands' views run: a hop to Swift's
    /// pool and back costs two thread wake-ups.
    @MainActor
    private static func runCommand() async -> Int32 {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            if let mainActorCommand = command as? any MainActorCommand {
                try await mainActorCommand.runOnMainActor()
            } else if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch let exitCode as ExitCode {
            return exitCode.rawValue
        } catch {
            let code = exitCode(for: error)
            guard code != .success else { exit(withError: error) }  // --help and friends print in full.
            if let message = negativePositional(arguments) {
                Output.write("newsctl: " + message + "\n", to: STDERR_FILENO)
                return ExitStatus.usage
            }
            var message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            if message.hasPrefix("Error: ") { message = String(message.dropFirst(7)) }
            // The parser's own errors (unknown or missing options) say where the accepted form is.
            // ArgumentParser's error types are its own (internal): its errors are told from
            // newsctl's by their wording.
            let parserErrors = [
                "Unknown option", "Missing expected argument", "Unexpected argument", "Missing value",
                "The value", "Unknown command", "Value to be set",
            ]
            if parserErrors.contains(where: message.hasPrefix) {
                message += "; see '\(helpCommand()) --help'"
            }
            Output.write("newsctl: " + message + "\n", to: STDERR_FILENO)
            return code.rawValue
        }
    }

    /// Why a negative number given where a story id or a date goes (`show -1`) is not one, once
    /// ArgumentParser has refused the arguments: it reads `-1` as an option and says only that
    /// the id is missing.
    static func negativePositional(_ arguments: [String]) -> String? {
        let command = arguments.prefix(2).joined(separator: " ")
        let takesID = ["show", "comments", "fav add", "fav rm"].contains { command == $0 || command.hasPrefix($0 + " ") }
        guard takesID || arguments.first == "before" else { return nil }
        let valueOptions: Set = ["--db", "--base-url", "--timeout", "--lang"]
        for (index, argument) in arguments.enumerated().dropFirst() {
            if argument == "--" { break }
            guard argument.count > 1, argument.hasPrefix("-"), argument.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) else {
                continue
            }
            guard !valueOptions.contains(arguments[index - 1]) else { continue }
            let words = CommandStrings(language: CommandStrings.language(arguments: arguments))
            guard !takesID else { return words.notAStoryID(argument) }
            do {
                _ = try Day.parse(argument)
            } catch {
                return words.notADay(error)
            }
        }
        return nil
    }

    /// "newsctl latest", "newsctl fav add", or "newsctl": the command the arguments name.
    private static func helpCommand() -> String {
        var words = ["newsctl"]
        var command: any ParsableCommand.Type = Newsctl.self
        for argument in CommandLine.arguments.dropFirst() {
            guard let next = command.configuration.subcommands.first(where: { $0._commandName == argument }) else { break }
            words.append(argument)
            command = next
        }
        return words.joined(separator: " ")
    }
}
