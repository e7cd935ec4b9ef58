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

    /// The engine, or the exit status after one line on stderr saying why the archive cannot be used.
    @MainActor
    static func open(_ settings: Settings, errorLine: ErrorLine) -> Result<SyncEngine, OpenFailure> {
        do {
            return .success(try engine(settings))
        } catch {
            let viewData = ErrorPresenter(language: settings.language).viewData(for: error, subject: "")
            errorLine.write(
                ErrorViewData(
                    kind: viewData.kind, message: viewData.message + " (" + settings.databasePath + ")",
                    detail: viewData.detail, retryTitle: viewData.retryTitle))
            return .failure(OpenFailure(status: ExitStatus.forError(viewData.kind)))
        }
    }

    static func engine(_ settings: Settings) throws(SyncError) -> SyncEngine {
        let folder = String(settings.databasePath.reversed().drop { $0 != "/" }.reversed())
        if !folder.isEmpty {
            // If this fails, opening the database fails below and says why.
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        var logger = Logger(label: "newsctl", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = settings.verbose ? .debug : .critical
        var configuration = SyncEngine.Configuration(databasePath: settings.databasePath)
        configuration.baseURLs = settings.baseURLs
        configuration.networkTimeout = settings.timeout
        let notice = MigrationNotice(language: settings.language)
        configuration.onMigrationProgress = { notice.report($0) }
        defer { notice.clear() }  // An upgrade that failed leaves no half-drawn line.
        return try SyncEngine(configuration: configuration, transport: transport(), logger: logger)
    }
}
