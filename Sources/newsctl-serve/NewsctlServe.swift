import ArgumentParser
import Logging
import NewsFeature
import NewsServer
import NewsWeb
import SyncEngine
#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
    private let systemExit = Glibc.exit
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
    private let systemExit = Darwin.exit
#endif

/// The web server `newsctl serve` hands over to (exec), with the options newsctl has checked and
/// resolved: a program of its own so that `newsctl` never loads SwiftNIO. Its first line on stdout
/// is the address it listens on; then one line per request on stderr. SIGINT or SIGTERM stop it
/// (exit 0) once the requests under way are answered.
@main
struct NewsctlServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "newsctl-serve",
        abstract: "The archive as a web site; run it through `newsctl serve`, which checks the options and hands them on.")

    @Option var host = "127.0.0.1"
    @Option var port = 8080
    @Option var db: String
    @Option(help: "The source's API roots, comma-separated.") var baseURL: String = SyncEngine.defaultBaseURLs.joined(separator: ",")
    @Option(help: "Network deadline of each source request, in milliseconds.") var timeoutMilliseconds = 10_000
    @Option var lang = "zh"
    @Flag var offline = false
    @Option(help: "Seconds between background syncs; none without it.") var syncEvery: Int?
    @Flag var details = false
    @Flag var comments = false
    @Flag var images = false

    /// What `newsctl serve` names itself as in the User-Agent of the background sync.
    static let userAgent = "newsctl-serve/\(SyncEngine.version) (SyncEngine/\(SyncEngine.version))"

    func run() async throws {
        SyncEngine.disableSQLiteMemoryStatistics()
        let language = Language(rawValue: lang) ?? .zh
        let words = ServeStrings(language: language)
        var logger = Logger(label: "newsctl-serve", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .info
        let engine: SyncEngine
        do {
            var configuration = SyncEngine.Configuration(databasePath: db)
            configuration.baseURLs = baseURL.split(separator: ",").map(String.init)
            configuration.networkTimeout = .milliseconds(timeoutMilliseconds)
            var engineLogger = logger
            engineLogger.logLevel = .critical
            engine = try SyncEngine(
                configuration: configuration,
                transport: SyncEngine.defaultTransport(
                    userAgent: Self.userAgent, caBundlePath: getenv("SSL_CERT_FILE").map { String(cString: $0) }),
                logger: engineLogger)
        } catch {
            Self.fail(ErrorPresenter(language: language).openFailure(error, path: db).message, status: 74)
        }
        let options = ArchiveSite.Options(language: language, offline: offline)
        let server = WebServer(host: host, port: port, logger: logger)
        let hasAccounts = ((try? await engine.accounts()) ?? []).isEmpty == false
        do {
            try await server.run(
                shutdownSignals: true, periodic: periodicSync(engine: engine, words: words, logger: logger),
                caching: Self.caching(engine), reader: readerAPI(engine: engine, words: words, logger: logger),
                catalog: OPDSCatalog(engine: engine, language: language), editions: Self.editions(engine, words: words, logger: logger),
                makeSite: { listening in
                    var options = options
                    // A wildcard address is no address to link to: the feed's links stay relative.
                    options.baseURL = listening.host == "0.0.0.0" || listening.host == "::" ? nil : listening.url
                    return ArchiveSite(engine: engine, options: options)
                },
                onListening: { listening in
                    Self.write(listening.url + "\n", to: STDOUT_FILENO)
                    if !listening.isLoopback {
                        Self.write("newsctl serve: " + words.reachable("\(listening.host):\(listening.port)") + "\n", to: STDERR_FILENO)
                        if hasAccounts {
                            Self.write(
                                "newsctl serve: " + words.passwordsInClear("\(listening.host):\(listening.port)") + "\n", to: STDERR_FILENO)
                        }
                    }
                })
        } catch {
            let message =
                WebServer.isAddressInUse(error)
                ? words.addressInUse(host: host, port: port) : words.cannotListen(host: host, port: port, detail: "\(error)")
            Self.fail(message, status: 69)
        }
    }

    /// The Google Reader API at `/api/greader`. What it has to say goes to the log at most once
    /// a minute for each kind of line (an app retrying, or anyone knocking, must not fill the log):
    /// that there is no account and how to add one; a request that failed in the archive.
    private func readerAPI(engine: SyncEngine, words: ServeStrings, logger: Logger) -> ReaderAPI {
        let lastSaid = Locked<[String: Int64]>([:])
        @Sendable func due(_ kind: String) -> Bool {
            let now = Int64(time(nil))
            return lastSaid.withLock { said in
                guard said[kind].map({ now - $0 >= 60 }) ?? true else { return false }
                said[kind] = now
                return true
            }
        }
        return ReaderAPI(engine: engine, language: words.language) { note in
            switch note {
            case .noAccount: if due("no account") { logger.warning("\(words.noAccount)") }
            case .fault(let message): if due("fault") { logger.warning("\(words.readerFault(message))") }
            }
        }
    }

    /// The background sync `--sync-every` asks for: the source's last two days (the latest one
    /// changes through the day), with details, comments and pictures as the flags say.
    private func periodicSync(engine: SyncEngine, words: ServeStrings, logger: Logger) -> WebServer.Periodic? {
        guard let syncEvery else { return nil }
        var request = SyncRequest(span: .lastDays(2), includeDetails: details || images, includeComments: comments, includeImages: images)
        request.includeComments = comments
        let interval = words.interval(seconds: syncEvery)
        let errors = ErrorPresenter(language: words.language)
        return WebServer.Periodic(every: .seconds(syncEvery)) { [request] in
            do throws(SyncError) {
                let summary = try await engine.sync(request) { _ in }
                let seconds = Double(summary.duration.components.seconds) + Double(summary.duration.components.attoseconds) / 1e18
                logger.info("\(words.synced(days: summary.daysFetched, stories: summary.detailsFetched, seconds: seconds))")
            } catch {
                guard !Task.isCancelled else { return }
                logger.warning("\(words.syncFailed(errors.viewData(for: error, subject: "").message, retryIn: interval))")
            }
        }
    }

    /// The pages kept while the archive is unchanged (its change token moves on every write,
    /// ours or another process's) and the second is the same. `NEWSCTL_SERVE_CACHE=0` turns it
    /// off (`bench/serve.py` measures the uncached rendering beside it); `=N` keeps pages for
    /// windows of N seconds (tests, so that only the archive's changes make a page again).
    private static func caching(_ engine: SyncEngine) -> ResponseCaching? {
        var caching = ResponseCaching { await engine.archiveChangeToken() }
        guard let value = getenv("NEWSCTL_SERVE_CACHE").map({ String(cString: $0) }) else { return caching }
        guard let seconds = Int64(value), seconds > 0 else { return nil }
        caching.window = { Int64(time(nil)) / seconds }
        return caching
    }

    /// The catalog's books, kept in `$XDG_CACHE_HOME/newsctl/editions` (`~/.cache/…`, else the
    /// system's temporary folder): never beside the archive, which may be read-only.
    private static func editions(_ engine: SyncEngine, words: ServeStrings, logger: Logger) -> EditionCaching {
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.hasPrefix("/") ? $0 : nil } }
        let cache =
            variable("XDG_CACHE_HOME") ?? variable("HOME").map { $0 + "/.cache" } ?? (variable("TMPDIR") ?? "/tmp") + "/newsctl-\(getuid())"
        var caching = EditionCaching(folder: cache + "/newsctl/editions") { await engine.archiveChangeToken() }
        caching.note = { note in
            switch note {
            case .noFolder(let folder): logger.warning("\(words.noEditionFolder(folder))")
            case .failed(let path, let reason): logger.warning("\(words.editionFailed(path, reason: reason))")
            }
        }
        return caching
    }

    /// Writes `text` at once, unbuffered: the address line must reach a pipe before any request.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var rest = UnsafeRawBufferPointer(bytes)
            while let start = rest.baseAddress, !rest.isEmpty {
                let written = systemWrite(descriptor, start, rest.count)
                guard written > 0 else { return }
                rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            }
        }
    }

    private static func fail(_ message: String, status: Int32) -> Never {
        write("newsctl serve: " + message + "\n", to: STDERR_FILENO)
        systemExit(status)
    }
}
