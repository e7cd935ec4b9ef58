// The engine's configuration, state and opening. Its work is split by concern: +DayReads (latest
// and day pages by read policy, with their provenance), +DayFetches (one shared fetch per page,
// validated and stored), +Updates (`updates(for:)` and the watch for other processes' writes),
// +Details, +UserData (favourites, read marks), +Comments, +Pictures, +PictureReads, +Sync,
// +Archive.

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import CSQLite
import Logging
import Synchronization

/// The offline-first archive of Zhihu Daily: every read is served from SQLite, and the network
/// fills and refreshes it.
///
/// ```swift
/// let engine = try SyncEngine(configuration: .init(databasePath: "news.sqlite"))
/// let today = try await engine.latest()
/// let earlier = try await engine.page(for: today.day.adding(days: -1))
/// let titles = earlier.stories.map(\.title) // earlier.provenance says where they came from
/// ```
///
/// Each engine runs on a thread of its own, not on Swift's cooperative pool (one thread per
/// core, shared with the app): while another process holds the archive's write lock, a write
/// waits for it (up to 5 s) on that thread, and the app's tasks go on. The thread ends when the
/// engine is released (`Configuration.runsOnMainActor` runs it on the main actor instead).
/// `init` opens and upgrades the archive on the caller's thread.
public actor SyncEngine {
    /// Where the archive lives, which API roots to use, and the engine's timings.
    public struct Configuration: Sendable {
        /// The SQLite file; created with its folder's permission if missing.
        public var databasePath: String
        /// API roots including the version, tried in order.
        public var baseURLs: [String] = SyncEngine.defaultBaseURLs
        /// How long a partial page (today's) counts as fresh for cache-first reads.
        public var partialFreshness: Duration = .seconds(300)
        /// The deadline for fetching one page, fallbacks and retries included.
        public var networkTimeout: Duration = .seconds(10)
        /// How long a base URL that is not the last one to try may take to send the first byte of
        /// its answer (at most half the time left) before the next is tried: a host that accepts
        /// the connection and never answers costs this, not the whole deadline.
        public var firstByteBudget: Duration = .seconds(4)
        /// How long the archive keeps preferring a base URL that answered when an earlier one
        /// failed. Then the order given is tried again, in case the earlier host is back.
        public var preferredBaseURLLifetime: Duration = .seconds(86_400)
        /// How transient network failures are retried within that deadline.
        public var retryPolicy = RetryPolicy()
        /// How long a story's like and comment counts count as fresh.
        public var extraFreshness: Duration = .seconds(600)
        /// How long a thread of comments read from the source counts as fresh for cache-first
        /// reads: comments keep coming, so a short while.
        public var commentFreshness: Duration = .seconds(600)
        /// The most bytes the archive's pictures may weigh (default 1 GiB): past it, a sync with
        /// pictures evicts the least recently read first, never a favourite's.
        /// A budget a sync names (`SyncRequest.pictureBudget`) replaces it in that archive for
        /// good: the archive remembers it (`pictureBudget()`).
        public var pictureBudget: Int64 = 1 << 30
        /// How often, while a stream of `updates(for:)` is open, the engine asks SQLite whether
        /// another connection (another process, say `newsctl sync`) has written to the archive.
        /// Each check is one `PRAGMA data_version`; the watched pages are read again only when it
        /// changed. Nothing is polled while no stream is open.
        public var changePollInterval: Duration = .milliseconds(500)
        /// Opens the archive read-only even when it could be written (a viewer that must never
        /// change it). An archive the process cannot write is opened read-only anyway; see
        /// `SyncEngine.isReadOnly`.
        public var readOnly = false
        /// For a program that only reads (`newsctl latest --offline`): an archive at the current
        /// schema is opened read-only, so it takes no write lock and checkpoints nothing at close
        /// (SQLite may leave an empty `-wal` and a `-shm` beside it, which the next writer tidies
        /// up); an archive an earlier version wrote is opened read-write
        /// and upgraded as usual. Reads see what other processes have committed; every write fails
        /// as with `readOnly` (`SyncEngine.isReadOnly` says which way it was opened).
        public var onlyReads = false
        /// Runs the engine's work on the main actor instead of on a thread of its own, for a
        /// program whose main actor only waits for the engine (a command-line read such as
        /// `newsctl latest --offline`): no thread is started, and a call from the main actor
        /// switches no thread. A wait for another process's write lock (up to the 5 s busy
        /// timeout) then blocks the main actor: an app with a user interface keeps the default.
        public var runsOnMainActor = false
        /// Called once while the engine opens an archive that an earlier version wrote, just before
        /// it is upgraded in place, with the schema versions from and to. The upgrade runs inside
        /// `init`, once, and can take a while on a large archive with details, so a front
        /// end can say so first (`onMigrationProgress` says how far it has got). Not called for a
        /// new archive or one that is up to date.
        public var willUpgradeArchive: (@Sendable (_ fromVersion: Int, _ toVersion: Int) -> Void)?
        /// Called while the engine upgrades an archive that an earlier version wrote, on the
        /// thread that runs `init`: first with a `fractionCompleted` of 0, again at every further
        /// percent, and last with 1 (`isFinished`) when the upgrade is over (an upgrade that fails
        /// makes `init` throw instead), so a front end can show how far it has got. The upgrade is
        /// one transaction: if it fails or the process dies half-way, the archive stays as it
        /// was, and the next open starts over (and reports from 0 again).
        /// Not called for a new archive or one that is up to date. Keep it quick: the upgrade
        /// waits for it.
        public var onMigrationProgress: (@Sendable (MigrationProgress) -> Void)?
        /// How a sync groups what it fetches into transactions (tests make them small).
        var syncBatches = SyncEngine.SyncBatches()

        /// The defaults for everything but the archive's path.
        public init(databasePath: String) {
            self.databasePath = databasePath
        }
    }

    /// `daily.zhihu.com` first, then `news-at.zhihu.com`.
    ///
    /// `daily.zhihu.com/api/4` answers anonymously. `news-at.zhihu.com` shows many networks outside
    /// mainland China a certificate for other names, or does not answer them at all; it stays as a
    /// fallback for the networks where it still does.
    public static let defaultBaseURLs = ["https://daily.zhihu.com/api/4", "https://news-at.zhihu.com/api/4"]

    /// This library's version, as its default User-Agent gives it.
    public static let version = "0.3.0"

    let configuration: Configuration
    /// Whether the archive was opened read-only because this process cannot write it (the file
    /// or its folder is read-only). Reads work as usual (an outdated schema cannot be migrated,
    /// so opening such an archive fails with `.needsUpgrade`); every write fails with a
    /// `.storage` error whose problem is `.readOnly`: `sync`, `prune`, favourites and read marks
    /// before they start, a fetched page or story when it is saved (a page read then serves the
    /// archive's copy as `storageError`).
    public nonisolated let isReadOnly: Bool
    /// The archive's connection and its stores.
    let archive: Archive
    let client: ZhihuDailyClient
    let clock: any NewsClock
    let logger: Logger
    var inFlight: [PageRequest: SharedFetch] = [:]
    /// Streams of `updates(for:)`, by the page they watch. A page with no stream left has no entry.
    var observers: [PageRequest: [UInt64: Observer]] = [:]
    /// Polls `PRAGMA data_version` while any stream is open (see `watchForChanges`).
    var changeWatch: Task<Void, Never>?
    /// The data version the watched pages were last read at; nil: read them at the next poll.
    var seenDataVersion: Int64?
    /// What the engine counts of its own work, for tests.
    var diagnostics = EngineDiagnostics()
    nonisolated let observerIDs = Atomic<UInt64>(0)
    /// Streams of `pictureUpdates(storyID:)` (SyncEngine+PictureUpdates.swift).
    nonisolated let pictureWatch = PictureWatch()
    /// The thread the engine runs on, its SQLite work included: waiting for another
    /// connection's write lock (up to the 5 s busy timeout) blocks it, never a thread of Swift's
    /// cooperative pool, which has one per core and runs the app's tasks. Nil when the engine
    /// runs on the main actor (`Configuration.runsOnMainActor`).
    nonisolated let executor: ThreadExecutor?

    /// The engine's own thread (or the main actor, `Configuration.runsOnMainActor`): its work
    /// never runs on, nor blocks, a thread of Swift's cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor?.asUnownedSerialExecutor() ?? MainActor.sharedUnownedExecutor
    }

    /// The transport an engine uses unless given one: libcurl where it is the transport (Linux by
    /// default), URLSession elsewhere.
    ///
    /// - Parameters:
    ///   - userAgent: the `User-Agent` to send, naming the program; nil: SyncEngine's own.
    ///   - caBundlePath: a PEM file of certificate authorities to trust instead of the system's
    ///     (libcurl only; URLSession uses the system's).
    public static func defaultTransport(userAgent: String? = nil, caBundlePath: String? = nil) -> any HTTPTransport {
        #if canImport(CCurl)
            var options = CurlTransport.Options()
            options.caBundlePath = caBundlePath
        #else
            var options = URLSessionTransport.Options()
        #endif
        if let userAgent { options.userAgent = userAgent }
        #if canImport(CCurl)
            return CurlTransport(options: options)
        #else
            return URLSessionTransport(options: options)
        #endif
    }

    /// Turns off SQLite's memory statistics for the whole process, for a program that owns its
    /// process, as `newsctl` does. With them on (SQLite's default), every allocation SQLite makes
    /// takes one process-wide lock to count itself, a share of a sync's CPU (bench/RESULTS.md).
    ///
    /// Call it before anything in the process uses SQLite, on one thread; later it changes
    /// nothing and returns false. It is process-wide: `sqlite3_memory_used`, the soft and hard
    /// heap limits and `sqlite3_status64` stop working for every SQLite user in the process, so
    /// an app that relies on them, or shares its process with code that might, should not call it.
    @discardableResult
    public static func disableSQLiteMemoryStatistics() -> Bool {
        Database.disableMemoryStatistics()
    }

    /// Opens (and migrates) the archive. Nothing touches the network until a read needs it.
    ///
    /// - Parameters:
    ///   - configuration: the archive's path, the API roots and the engine's timings.
    ///   - transport: how to reach the source; unless an embedder has its own, `CurlTransport` where
    ///     libcurl is the transport (Linux), `URLSessionTransport` elsewhere (Apple platforms, or
    ///     a Linux build with `SYNCENGINE_TRANSPORT=urlsession`).
    ///   - clock: the wall clock for fetched-at times and ages.
    ///   - logger: where the engine says what it does; silent by default.
    public init(
        configuration: Configuration,
        transport: any HTTPTransport = SyncEngine.defaultTransport(),
        clock: any NewsClock = SystemClock(),
        logger: Logger = Logger(label: "SyncEngine", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(SyncError) {
        do {
            archive = try Archive(
                path: configuration.databasePath, readOnly: configuration.readOnly, onlyReads: configuration.onlyReads,
                willUpgrade: configuration.willUpgradeArchive, progress: configuration.onMigrationProgress)
            isReadOnly = archive.database.isReadOnly
        } catch {
            throw SyncError.wrapping(error)
        }
        self.configuration = configuration
        var client = ZhihuDailyClient(
            baseURLs: configuration.baseURLs, transport: transport,
            timeout: configuration.networkTimeout, retryPolicy: configuration.retryPolicy,
            logger: logger, now: { clock.now().timeIntervalSince1970 })
        client.firstByteBudget = configuration.firstByteBudget
        // A preference the archive cannot give (unreadable) is no reason to fail: the order given stands.
        let remembered = (try? archive.meta.preferredBaseURL()).flatMap { Self.livePreference($0, configuration, clock) }
        client.preference = BaseURLPreference(preferred: remembered.flatMap { configuration.baseURLs.firstIndex(of: $0.url) } ?? 0)
        self.client = client
        self.clock = clock
        self.logger = logger
        if configuration.runsOnMainActor {
            executor = nil
            return
        }
        // Last: once started, the thread ends only when `deinit` stops it.
        guard let executor = ThreadExecutor() else {
            throw SyncError(code: .storage, message: "cannot start a thread for the archive \(configuration.databasePath)")
        }
        self.executor = executor
    }

    deinit {
        executor?.stop()
    }

    /// The base URL the archive prefers now: the one that answered when an earlier one failed,
    /// within `preferredBaseURLLifetime`, and only while it is among the configured ones. Nil
    /// when the base URLs are tried in the order given.
    public func preferredBaseURL() -> PreferredBaseURL? {
        (try? archive.meta.preferredBaseURL()).flatMap { Self.livePreference($0, configuration, clock) }
    }

    private static func livePreference(
        _ stored: (url: String, since: Double), _ configuration: Configuration, _ clock: any NewsClock
    ) -> PreferredBaseURL? {
        let lifetime = Double(configuration.preferredBaseURLLifetime.components.seconds)
        guard configuration.baseURLs.contains(stored.url), configuration.baseURLs.first != stored.url,
            clock.now().timeIntervalSince1970 - stored.since < lifetime
        else { return nil }
        return PreferredBaseURL(
            url: stored.url, since: Date(timeIntervalSince1970: stored.since),
            until: Date(timeIntervalSince1970: stored.since + lifetime))
    }

    /// Keeps the base URL that answered in the archive when it changed, for the next process.
    /// Best effort: an archive that cannot be written just does not remember it.
    func saveBaseURLPreference() {
        guard let index = client.preference.takeChange(), !isReadOnly, configuration.baseURLs.indices.contains(index) else { return }
        do {
            try archive.meta.setPreferredBaseURL(configuration.baseURLs[index], since: clock.now().timeIntervalSince1970)
        } catch {
            logger.notice("could not remember the base URL that answered", metadata: ["error": "\(error)"])
        }
    }

    /// Runs one operation with one network deadline for all its requests (unless an outer
    /// operation has set one already).
    func withDeadline<T>(_ body: () async throws(SyncError) -> T) async throws(SyncError) -> T {
        if Fetcher.operationDeadline != nil { return try await body() }
        defer { saveBaseURLPreference() }
        let deadline = ContinuousClock.now.advanced(by: configuration.networkTimeout)
        do {
            return try await Fetcher.$operationDeadline.withValue(deadline) { try await body() }
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// The source's latest day as last seen, if the archive has ever fetched it.
    public func latestKnownDay() throws(SyncError) -> Day? {
        do { return try archive.meta.latestDay() } catch { throw SyncError.wrapping(error) }
    }

    /// What the archive holds: cached ranges, gaps between them, and partial days.
    public func coverage() throws(SyncError) -> Coverage {
        do { return try archive.pages.coverage() } catch { throw SyncError.wrapping(error) }
    }

    /// Fails at once, before any network work, when the archive cannot be written.
    func requireWritable(_ what: String) throws(SyncError) {
        guard isReadOnly else { return }
        throw SyncError.wrapping(
            DatabaseError(
                resultCode: SQLITE_READONLY, message: "the archive \(configuration.databasePath) is read-only: cannot \(what)"))
    }
}
