import ArgumentParser
import NewsFeature
import SyncEngine

struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Download days (and with --details, their stories) into the archive for offline reading.",
        discussion: """
            Fetches only what the archive lacks, newest day first. Interrupt it and run it again: \
            it goes on from where it stopped. --timeout applies to each page here, not to the whole sync.
            """)

    @Option(help: ArgumentHelp("The last N days, up to the source's latest day.", valueName: "N"))
    var days: Int?

    @Option(help: ArgumentHelp("Every day from this date to the latest.", valueName: "yyyyMMdd"))
    var since: String?

    @Flag(help: "Also fetch each story's text and counts.")
    var details = false

    @Flag(help: "With --details, also fetch every story's long and short comments, every page (resumable).")
    var comments = false

    @Option(
        help: ArgumentHelp("Pages fetched at once, 1 to \(SyncRequest.maxConcurrency) (default 2, polite to the source).", valueName: "K"))
    var concurrency = 2

    @Flag(
        name: .customLong("retry-failed"),
        help: "Ask again now for the stories whose text the source failed on (newsctl status lists them); alone, only those.")
    var retryFailed = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try request()
        if try options.resolve().mode == .offline {
            throw ValidationError("sync needs the network; it cannot run with --offline")
        }
    }

    func run() async throws {
        let request = try request()
        let settings = try options.resolve()
        let status = await ArchiveCommand.run(settings: settings, use: .writes) { await $0.didRequestSync(request) }
        guard status == 0 else { throw ExitCode(status) }
    }

    private func request() throws -> SyncRequest {
        var request = try spanRequest()
        if comments {
            guard details else { throw ValidationError("--comments comes with --details: sync --details --comments") }
            request.includeComments = true
        }
        return request
    }

    private func spanRequest() throws -> SyncRequest {
        guard (1...SyncRequest.maxConcurrency).contains(concurrency) else {
            throw ValidationError("--concurrency must be between 1 and \(SyncRequest.maxConcurrency), not \(concurrency)")
        }
        switch (days, since) {
        case (nil, nil) where retryFailed:
            return SyncRequest(span: .lastDays(1), includeDetails: details, concurrency: concurrency, retryFailed: true)
        case (let days?, nil):
            let maxDays =
                Int(Day(containingUnixTime: Int64(SystemClock().now().timeIntervalSince1970)).dayNumber - Day.firstIssue.dayNumber) + 2
            guard (1...maxDays).contains(days) else {
                throw ValidationError("--days must be between 1 and \(maxDays) (every day since \(Day.firstIssue)), not \(days)")
            }
            return SyncRequest(span: .lastDays(days), includeDetails: details, concurrency: concurrency, retryFailed: retryFailed)
        case (nil, let since?):
            let day: Day
            do { day = try Day.parse(since) } catch { throw ValidationError(error.description) }
            guard day >= Day.firstIssue else {
                throw ValidationError("--since '\(since)' is before the first issue, \(Day.firstIssue)")
            }
            return SyncRequest(span: .since(day), includeDetails: details, concurrency: concurrency, retryFailed: retryFailed)
        default:
            throw ValidationError("give either --days N or --since yyyyMMdd (or --retry-failed alone)")
        }
    }
}

struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "What the archive holds: days, gaps, partial days, stories, details, favourites, size, last sync.",
        discussion: "Reads the archive only; never the network.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let status = await ArchiveCommand.run(settings: try options.resolve(), use: .reads) { await $0.didRequestStatus() }
        guard status == 0 else { throw ExitCode(status) }
    }
}

struct Prune: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Drop days older than the newest N from the archive; favourites and their text are kept.",
        discussion: "Counted back from the source's latest day. The file shrinks afterwards.")

    @Option(name: .customLong("keep-days"), help: ArgumentHelp("How many of the newest days to keep.", valueName: "N"))
    var keepDays: Int

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        guard keepDays >= 1 else { throw ValidationError("--keep-days must be at least 1, not \(keepDays)") }
    }

    func run() async throws {
        let keepDays = keepDays
        let status = await ArchiveCommand.run(settings: try options.resolve(), use: .reads) { await $0.didRequestPrune(keepDays: keepDays) }
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// Composes the archive screen and runs one event on it.
@MainActor
enum ArchiveCommand {
    static func run(settings: Settings, use: Archive.Use, _ event: (ArchivePresenter) async -> Void) async -> Int32 {
        let output = Output()
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        let engine: SyncEngine
        switch Archive.open(settings, errorLine: errorLine, use: use) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }
        let view = ArchiveTerminalView(
            output: output, errorLine: errorLine, json: settings.json,
            terminal: Terminal.detect(noColor: settings.noColor), path: settings.databasePath)
        await event(ArchivePresenter(view: view, interactor: DefaultArchiveInteractor(engine: engine), language: settings.language))
        return view.exitStatus
    }
}
