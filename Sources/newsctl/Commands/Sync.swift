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

    // .unconditional, and text checked here: `--days -3`, `--concurrency abc` or a number too
    // large for an Int are values newsctl words in the user's language, not ArgumentParser's
    // missing or invalid one (in English, with its usage).
    @Option(parsing: .unconditional, help: ArgumentHelp("The last N days, up to the source's latest day.", valueName: "N"))
    var days: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Every day from this date to the latest.", valueName: "yyyyMMdd"))
    var since: String?

    @Option(
        help: ArgumentHelp("Columns (栏目) instead of days, by id, comma-separated (2,1); each is read to its first story.", valueName: "ids")
    )
    var sections: String?

    @Flag(help: "Also fetch each story's text and counts.")
    var details = false

    @Flag(help: "With --details, also fetch every story's long and short comments, every page (resumable).")
    var comments = false

    @Flag(help: "Also fetch every story's pictures into the archive, each once, checked before it is kept (implies --details).")
    var images = false

    @Option(
        name: .customLong("image-budget"), parsing: .unconditional,
        help: ArgumentHelp(
            "With --images, the most the archive's pictures may weigh, in MiB (default 1024), kept by the archive for later syncs; the least recently read go first, never a favourite's.",
            valueName: "MiB"))
    var imageBudget: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Pages fetched at once, 1 to \(SyncRequest.maxConcurrency); the default is polite to the source.", valueName: "K"))
    var concurrency = "2"

    @Flag(
        name: .customLong("retry-failed"),
        help: "Ask again now for the stories whose text the source failed on (newsctl status lists them); alone, only those.")
    var retryFailed = false

    @OptionGroup var options: SourceCommandOptions

    func validate() throws {
        _ = try request()
        if options.values.isOffline {
            throw ValidationError(options.words.needsNetwork("sync", offline: options.values.offlineSource))
        }
    }

    func run() async throws {
        let request = try request()
        let settings = try options.resolve()
        if let sections {
            let status = await SectionSyncCommand.run(
                try SectionIDList.parse(sections, words: options.words), request: request, settings: settings)
            guard status == 0 else { throw ExitCode(status) }
            return
        }
        let status = await ArchiveCommand.run(settings: settings, use: .writes) {
            await SyncPresenter(view: $0, interactor: $1, language: settings.language).didRequestSync(request)
        }
        guard status == 0 else { throw ExitCode(status) }
    }

    private func request() throws -> SyncRequest {
        var request = try spanRequest(words: options.words)
        if images {
            request.includeDetails = true
            request.includeImages = true
        }
        if let imageBudget {
            guard images else { throw ValidationError(options.words.imageBudgetNeedsImages()) }
            // Up to what a byte count in an Int64 holds.
            guard let mebibytes = Int64(imageBudget), (0...(Int64.max >> 20)).contains(mebibytes) else {
                throw ValidationError(options.words.imageBudgetOutOfRange(imageBudget))
            }
            request.pictureBudget = mebibytes << 20
        }
        if comments {
            guard details || images else { throw ValidationError(options.words.commentsNeedDetails) }
            request.includeComments = true
        }
        return request
    }

    private func spanRequest(words: CommandStrings) throws -> SyncRequest {
        guard let concurrency = Int(self.concurrency), (1...SyncRequest.maxConcurrency).contains(concurrency) else {
            throw ValidationError(words.concurrencyOutOfRange(self.concurrency, max: SyncRequest.maxConcurrency))
        }
        if sections != nil {
            guard days == nil && since == nil else { throw ValidationError(words.sectionsWithDays) }
            _ = try SectionIDList.parse(sections ?? "", words: words)
            return SyncRequest(span: .lastDays(1), includeDetails: details, concurrency: concurrency, retryFailed: retryFailed)
        }
        switch (days, since) {
        case (nil, nil) where retryFailed:
            return SyncRequest(span: .lastDays(1), includeDetails: details, concurrency: concurrency, retryFailed: true)
        case (let days?, nil):
            let count = try DayCount.parse(days, words: words)
            return SyncRequest(span: .lastDays(count), includeDetails: details, concurrency: concurrency, retryFailed: retryFailed)
        case (nil, let since?):
            let day: Day
            do { day = try Day.parse(since) } catch { throw ValidationError("--since " + words.notADay(error)) }
            guard day >= Day.firstIssue else {
                throw ValidationError(words.sinceTooEarly(since))
            }
            return SyncRequest(span: .since(day), includeDetails: details, concurrency: concurrency, retryFailed: retryFailed)
        default:
            throw ValidationError(words.daysOrSince)
        }
    }
}

struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "What the archive holds: days, gaps, partial days, stories, details, favourites, size, last sync.",
        discussion: "Reads the archive only; never the network.")

    @OptionGroup var options: ArchiveOptions

    func run() async throws {
        let settings = try options.resolve()
        let status = await ArchiveCommand.run(settings: settings, use: .reads) {
            await ArchiveStatusPresenter(view: $0, interactor: $1, language: settings.language).didRequestStatus()
        }
        guard status == 0 else { throw ExitCode(status) }
    }
}

struct Prune: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Drop days older than the newest N from the archive; favourites and their text are kept.",
        discussion: "Counted back from the source's latest day. The file shrinks afterwards.")

    @Option(
        name: .customLong("keep-days"), parsing: .unconditional,
        help: ArgumentHelp("How many of the newest days to keep.", valueName: "N"))
    var keepDays: Int

    @OptionGroup var options: ArchiveOptions

    func validate() throws {
        guard keepDays >= 1 else { throw ValidationError(options.words.keepDaysTooFew(keepDays)) }
    }

    func run() async throws {
        let keepDays = keepDays
        let settings = try options.resolve()
        let status = await ArchiveCommand.run(settings: settings, use: .reads) {
            await PrunePresenter(view: $0, interactor: $1, language: settings.language).didRequestPrune(keepDays: keepDays)
        }
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// Opens the archive and runs one of its screens (sync, status, prune) on a terminal view: `show`
/// composes the screen's presenter on the view and the archive's use cases and sends its event.
@MainActor
enum ArchiveCommand {
    static func run(
        settings: Settings, use: Archive.Use, _ show: (ArchiveTerminalView, any ArchiveInteractor) async -> Void
    ) async -> Int32 {
        await CommandScreen.run(settings: settings, use: use) {
            ArchiveTerminalView(
                output: $0, errorLine: $1, json: settings.json, terminal: Terminal.detect(noColor: settings.noColor),
                path: settings.databasePath)
        } _: { view, engine in
            await show(view, DefaultArchiveInteractor(engine: engine))
        }
    }
}
