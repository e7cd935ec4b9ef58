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

/// Prints the archive's health or rebuilds it, as text or JSON.
@MainActor
struct DoctorCommand {
    let settings: Settings
    private let output = Output()
    private var words: CommandStrings { CommandStrings(language: settings.language) }

    init(settings: Settings) {
        self.settings = settings
    }

    func run(rebuild: Bool, force: Bool) -> Int32 {
        let path = settings.databasePath
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        guard rebuild else { return report(ArchiveMaintenance.check(databasePath: path), errorLine: errorLine) }
        do {
            let result = try ArchiveMaintenance.rebuild(databasePath: path, force: force)
            let health = ArchiveMaintenance.check(databasePath: path)
            if settings.json {
                output.out(
                    JSONValue.object([
                        ("path", .string(path)), ("rebuilt", .bool(true)), ("healthy", .bool(health.isHealthy)),
                        ("kept_rows", .object(result.keptRows.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) })),
                        ("unreadable_tables", .array(result.unreadableTables.map(JSONValue.string))),
                        ("kept_favorite_texts", .int(Int64(result.keptFavoriteTexts))),
                        ("kept_pictures", .int(Int64(result.keptPictures))),
                        ("backup", .optional(result.backupPath)),
                    ]).serialized() + "\n")
            } else {
                var text = words.rebuilt(TerminalText.sanitize(path)) + "\n"
                for (table, count) in result.keptRows.sorted(by: { $0.key < $1.key }) { text += words.kept(table, count) + "\n" }
                for table in result.unreadableTables { text += words.unreadable(table) + "\n" }
                text += words.keptFavoriteTexts(result.keptFavoriteTexts) + "\n"
                text += words.keptPictures(result.keptPictures) + "\n"
                if let backup = result.backupPath { text += words.backupKept(TerminalText.sanitize(backup)) + "\n" }
                output.out(text)
            }
            return health.isHealthy ? ExitStatus.ok : ExitStatus.ioError
        } catch {
            let errors = ErrorPresenter(language: settings.language)
            let viewData = errors.viewData(for: error, subject: "")
            if !error.unreadableTables.isEmpty {
                // What could not be read, that nothing changed, and that --force goes on.
                errorLine.write(
                    ErrorViewData(
                        kind: .storage, message: words.rebuildNeedsForce(error.unreadableTables), detail: error.message, retryTitle: ""))
                return ExitStatus.ioError
            }
            // The technical cause says what failed and that nothing changed; the words leave out
            // the advice to run this very command.
            let words = error.databaseError.map { errors.message(for: $0.problem) } ?? viewData.message
            errorLine.write(
                ErrorViewData(
                    kind: viewData.kind, message: words + ": " + (error.databaseError?.message ?? error.message),
                    detail: viewData.detail, retryTitle: viewData.retryTitle))
            return ExitStatus.ioError
        }
    }

    /// The budget syncs keep the pictures within until one names another (`--image-budget`).
    private static let defaultPictureBudget = SyncEngine.Configuration(databasePath: "").pictureBudget

    /// The budget in force: the one a sync named, which the archive remembers, else the default.
    private func budget(_ pictures: PictureHealth) -> Int64 { pictures.budget ?? Self.defaultPictureBudget }

    private func pictureJSON(_ pictures: PictureHealth) -> JSONValue {
        .object([
            ("kept", .int(Int64(pictures.kept))), ("bytes", .int(pictures.bytes)), ("budget", .int(budget(pictures))),
            ("damaged_count", .int(Int64(pictures.damagedCount))),
            (
                "damaged",
                .array(
                    pictures.damaged.map {
                        .object([
                            ("key", .string($0.key)), ("text", .string(String(words.damagedPicture($0).trimmingPrefix("  ")))),
                            ("reason", .string($0.reason)),
                        ])
                    })
            ),
            ("orphans", .int(Int64(pictures.orphans))),
        ])
    }

    private func report(_ health: ArchiveHealth, errorLine: ErrorLine) -> Int32 {
        let path = settings.databasePath
        if settings.json {
            output.out(
                JSONValue.object([
                    ("path", .string(path)), ("exists", .bool(health.exists)), ("healthy", .bool(health.isHealthy)),
                    ("problems", .array(health.problems.map(JSONValue.string))),
                    ("days", health.dayCount.map { .int(Int64($0)) } ?? .null),
                    ("user_rows", .object(health.userRows.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) })),
                    ("pictures", health.pictures.map(pictureJSON) ?? .null),
                ]).serialized() + "\n")
        } else if !health.exists {
            // Reading commands refuse a missing archive (exit 66), so doctor names what makes one.
            output.out(TerminalText.sanitize(ErrorPresenter(language: settings.language).noArchive(path: path).message) + "\n")
        } else {
            var text = words.archivePath(TerminalText.sanitize(path)) + "\n"
            let damaged = health.pictures?.damagedCount ?? 0
            text += words.integrity(problems: health.problems.count + damaged) + "\n"
            for problem in health.problems { text += "  " + TerminalText.sanitize(problem) + "\n" }
            for picture in health.pictures?.damaged ?? [] { text += TerminalText.sanitize(words.damagedPicture(picture)) + "\n" }
            if let listed = health.pictures?.damaged.count, damaged > listed { text += words.moreDamagedPictures(damaged - listed) + "\n" }
            if let days = health.dayCount { text += words.dayCount(days) + "\n" }
            for (table, count) in health.userRows.sorted(by: { $0.key < $1.key }) { text += words.userRows(table, count) + "\n" }
            if let pictures = health.pictures, pictures.kept > 0 {
                text += words.pictureHealth(pictures, budget: budget(pictures)) + "\n"
            }
            output.out(text)
        }
        guard health.exists, !health.isHealthy else { return ExitStatus.ok }
        let language = settings.language
        let errors = ErrorPresenter(language: language)
        let problem = health.problem ?? .corrupt
        let advice = (language == .zh ? "；" : "; ") + errors.rebuildAdvice(for: problem)
        output.err("newsctl: " + TerminalText.sanitize(errors.message(for: problem) + " (" + path + ")" + advice) + "\n")
        return ExitStatus.ioError
    }
}
