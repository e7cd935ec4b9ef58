import Hummingbird
import Logging
import NIOCore
import NewsWeb
import ServiceLifecycle
import SyncEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `WebSite` over HTTP/1.1 on Hummingbird: every request goes to the site, and the server adds
/// what HTTP alone decides (the security headers on every answer, ETag/Last-Modified and 304s,
/// HEAD, bounded request sizes, 405s, the Origin check of a POST, `/healthz`).
public struct WebServer: Sendable {
    /// The largest request the server reads; a larger one is answered 414, 431 or 413.
    public struct Limits: Sendable {
        /// Bytes of the request target (path and query).
        public var target = 2_048
        /// Bytes of all header fields together.
        public var headers = 8_192
        /// Bytes of a POST's body (a form of a few fields).
        public var body = 4_096
        /// Bytes of a POST's body to the reader API (up to 1,000 item ids in one form).
        public var readerBody = 262_144

        /// The defaults.
        public init() {}
    }

    /// Where the server listens, once it does.
    public struct Listening: Sendable, Equatable {
        /// The address as a URL: `http://127.0.0.1:8080/`, `http://[::1]:8080/`.
        public let url: String
        /// The host it is bound to, as an address (`127.0.0.1`, `0.0.0.0`, `::1`).
        public let host: String
        /// The port, chosen by the system when 0 was asked for.
        public let port: Int
        /// Whether only this machine can reach it (bound to 127.0.0.0/8 or ::1).
        public let isLoopback: Bool
    }

    /// A task the server runs beside itself every `interval`, once at start: the background sync.
    /// It never stops the server; cancelled when the server stops.
    public struct Periodic: Sendable {
        /// The time from the end of one run to the start of the next.
        public let interval: Duration
        /// One run.
        public let run: @Sendable () async -> Void

        /// `run` at start and then every `interval`.
        public init(every interval: Duration, _ run: @escaping @Sendable () async -> Void) {
            self.interval = interval
            self.run = run
        }
    }

    let host: String
    let port: Int
    let limits: Limits
    let logger: Logger

    /// A server for `host` and `port` (0: any free port) that logs a line per request to `logger`
    /// (at `info`).
    public init(host: String, port: Int, limits: Limits = Limits(), logger: Logger) {
        self.host = host
        self.port = port
        self.limits = limits
        self.logger = logger
    }

    /// Listens, calls `onListening`, then serves the site `makeSite` makes for that address until
    /// the task is cancelled or, with `shutdownSignals`, SIGINT or SIGTERM comes: then it stops
    /// accepting, finishes the requests under way, cancels `periodic` and returns. With `caching`,
    /// the site's 200 answers to GET and HEAD are kept and sent again (304 from their entity tag)
    /// while its token and the wall-clock second are the same. Throws when it cannot listen
    /// (``isAddressInUse(_:)`` tells the commonest reason). With `reader`, the Google Reader API is
    /// served at `/api/greader`. With `catalog`, the OPDS catalog is served at `/opds` and its
    /// books at `/edition/`, kept as `editions` says (without, or when its folder cannot be made,
    /// each download is 503).
    public func run(
        shutdownSignals: Bool = false, periodic: Periodic? = nil, caching: ResponseCaching? = nil, reader: ReaderAPI? = nil,
        catalog: OPDSCatalog? = nil, editions: EditionCaching? = nil,
        makeSite: @escaping @Sendable (Listening) -> any WebSite,
        onListening: @escaping @Sendable (Listening) async -> Void = { _ in }
    ) async throws {
        let served = Locked<ServedSite?>(nil)
        let books = editions.flatMap(EditionCache.init)
        if catalog != nil, let editions, books == nil { editions.note(.noFolder(editions.folder)) }
        defer { books?.removeAll() }
        let router = Self.router(
            limits: limits, logger: logger, served: served, cache: caching.map(ResponseCache.init), reader: reader,
            catalog: catalog.map { ($0, books) })
        var quiet = logger
        quiet.logLevel = .critical  // Hummingbird's and ServiceLifecycle's own lines: the request lines are ours.
        let application = Application(
            router: router,
            // An idle connection is closed after a minute: a client that never finishes its
            // request must not hold shutdown, or a descriptor, for ever.
            server: .http1(configuration: .init(idleTimeout: .seconds(60))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                guard let listening = Self.listening(channel.localAddress) else { return }
                let site = makeSite(listening)
                served.withLock { $0 = ServedSite(site: site, origin: ServerOrigin(listening)) }
                await onListening(listening)
            },
            logger: quiet)
        var services: [any Service] = [application]
        if let periodic { services.append(PeriodicService(periodic: periodic)) }
        var configuration = ServiceGroupConfiguration(
            services: services.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0) },
            gracefulShutdownSignals: shutdownSignals ? [.sigterm, .sigint] : [],
            logger: quiet)
        // The requests under way get 10 s to finish, then they are cancelled: shutdown never
        // waits for ever on a client. (ServiceLifecycle takes no signal as both graceful and
        // cancelling, so a second Ctrl-C cannot end them sooner.)
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        let group = ServiceGroup(configuration: configuration)
        try await group.run()
    }

    /// Whether `error` (from ``run(shutdownSignals:periodic:caching:reader:catalog:editions:makeSite:onListening:)``) says another
    /// program already listens on the address.
    public static func isAddressInUse(_ error: any Error) -> Bool {
        if let error = error as? IOError { return error.errnoCode == EADDRINUSE }
        return "\(error)".contains("Address already in use")
    }

    private static func listening(_ address: SocketAddress?) -> Listening? {
        guard let address, let ip = address.ipAddress, let port = address.port else { return nil }
        let url = "http://" + (address.protocol == .inet6 ? "[\(ip)]" : ip) + ":\(port)/"
        return Listening(url: url, host: ip, port: port, isLoopback: isLoopbackAddress(ip))
    }

    /// Whether the IP address `ip` (as SocketAddress writes it) is this machine's own: 127.0.0.0/8,
    /// `::1`, or 127.0.0.0/8 mapped into IPv6.
    static func isLoopbackAddress(_ ip: String) -> Bool {
        ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }
}
