import ArgumentParser
import NewsFeature
import SyncEngine

struct Doctor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the archive's integrity (or with --network, the source); with --rebuild, rebuild the cache.",
        discussion: """
            The check changes nothing; it also checks every kept picture's bytes. --rebuild empties the \
            cache tables (they refill from the network) and keeps favourites with their text, read marks \
            and the kept pictures that pass their check; the old file is kept beside the new one. \
            Run it when no other newsctl uses the archive. \
            --network asks every base URL for its latest page at once and says, for each, how name \
            resolution, the connection, TLS and HTTP went and how long each took, and which base URL \
            the archive prefers now; it exits 0 when one works and 69 when none does.
            """)

    @Flag(help: "Check the network instead: every base URL, step by step, each within --timeout.")
    var network = false

    @Flag(help: "Rebuild the archive: empty cache, user tables kept, old file kept as a backup.")
    var rebuild = false

    @Flag(help: "With --rebuild: go on even when a user table cannot be read (its rows stay in the backup only).")
    var force = false

    @OptionGroup var options: SourceCommandOptions

    func validate() throws {
        if network && (rebuild || force) {
            throw ValidationError(options.words.networkWithRebuild)
        }
        if network, options.values.isOffline {
            throw ValidationError(options.words.needsNetwork("--network", offline: options.values.offlineSource))
        }
    }

    func run() async throws {
        let settings = try options.resolve()
        if network {
            let status = await NetworkDoctor(settings: settings).run()
            guard status == 0 else { throw ExitCode(status) }
            return
        }
        let status = await MainActor.run { DoctorCommand(settings: settings).run(rebuild: rebuild, force: force) }
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// `newsctl doctor`: the archive's check (or, with `--rebuild`, its rebuild) composed on a
/// terminal view.
@MainActor
struct DoctorCommand {
    let settings: Settings

    func run(rebuild: Bool, force: Bool) -> Int32 {
        let output = Output()
        let view = ArchiveDoctorTerminalView(
            output: output, errorLine: ErrorLine(output: output, verbose: settings.verbose), json: settings.json)
        let presenter = ArchiveDoctorPresenter(
            path: settings.databasePath, view: view, interactor: DefaultArchiveDoctorInteractor(databasePath: settings.databasePath),
            language: settings.language)
        if rebuild {
            presenter.didRequestRebuild(force: force)
        } else {
            presenter.didRequestCheck()
        }
        return view.exitStatus
    }
}
