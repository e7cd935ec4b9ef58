import Logging
import NewsFeature
import SyncEngine
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Opens the engine on the archive every command shares.
enum Archive {
    /// The transport every command uses: it names newsctl, and trusts the certificate
    /// authorities of `SSL_CERT_FILE` instead of the system's when that is set (a company proxy's).
    static func transport() -> any HTTPTransport {
        SyncEngine.defaultTransport(
            userAgent: Newsctl.userAgent, caBundlePath: Environment.value("SSL_CERT_FILE"))
    }

    struct OpenFailure: Error {
        let status: Int32
    }

    /// What a command does with the archive, which decides whether it may create one.
    enum Use {
        /// Only reads it (status, search, fav list, any `--offline` read): never creates one.
        case reads
        /// Shows what the network gives (latest, before, show, comments): creates one, and when
        /// it cannot, shows the network's answer without keeping it.
        case showsNetwork
        /// Writes to it (sync, fav add, the reader's marks): creates one, or fails.
        case writes
    }

    /// The engine, or the exit status after one line on stderr saying why the archive cannot be used.
    /// `onlyReads`: the command never writes (an `--offline` list), so an up-to-date archive is
    /// opened read-only (`SyncEngine.Configuration.onlyReads`).
    @MainActor
    static func open(_ settings: Settings, errorLine: ErrorLine, use: Use, onlyReads: Bool = false) -> Result<SyncEngine, OpenFailure> {
        let errors = ErrorPresenter(language: settings.language)
        let path = settings.databasePath
        // Nothing a command only reads can come from an archive that is not there, and making
        // one at a mistyped --db would hide the mistake.
        if use == .reads || settings.mode == .offline, !FileManager.default.fileExists(atPath: path) {
            errorLine.write(errors.noArchive(path: path))
            return .failure(OpenFailure(status: ExitStatus.notFound))
        }
        do {
            return .success(try engine(settings, onlyReads: onlyReads))
        } catch {
            let problem = error.databaseError?.problem
            if use == .showsNetwork, problem == .cannotOpen || problem == .readOnly, !FileManager.default.fileExists(atPath: path),
                let transient = try? engine(settings, databasePath: ":memory:")
            {
                // No archive can be made there: the answer is still worth showing, kept nowhere.
                errorLine.write(
                    ErrorViewData(kind: .notSaved, message: errors.archiveNotCreated(path: path), detail: error.message, retryTitle: ""))
                return .success(transient)
            }
            let viewData = errors.openFailure(error, path: path)
            errorLine.write(viewData)
            // A folder where a file must be is the argument's mistake, not the disk's.
            return .failure(OpenFailure(status: problem == .isAFolder ? ExitStatus.usage : ExitStatus.forError(viewData.kind)))
        }
    }

    static func engine(_ settings: Settings, databasePath: String? = nil, onlyReads: Bool = false) throws(SyncError) -> SyncEngine {
        // Up to the last "/".
        let path = settings.databasePath
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        // An archive opened only to read is there already (`open` made sure), and so is its folder.
        if databasePath == nil, !onlyReads, !folder.isEmpty {
            // If this fails, opening the database fails below and says why.
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var logger = Logger(label: "newsctl", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = settings.verbose ? .debug : .critical
        var configuration = SyncEngine.Configuration(databasePath: databasePath ?? settings.databasePath)
        configuration.baseURLs = settings.baseURLs
        configuration.networkTimeout = settings.timeout
        configuration.onlyReads = onlyReads
        // A read that only reads waits for nothing but the engine: on the main actor, where the
        // command runs, it starts no thread and switches none (two hand-overs a call).
        configuration.runsOnMainActor = onlyReads
        let notice = MigrationNotice(language: settings.language)
        configuration.onMigrationProgress = { notice.report($0) }
        defer { notice.clear() }  // An upgrade that failed leaves no half-drawn line.
        return try SyncEngine(configuration: configuration, transport: transport(), logger: logger)
    }
}
