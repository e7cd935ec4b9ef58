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
/// engine is released. `init` opens and upgrades the archive on the caller's thread.
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
        /// `SyncRequest.pictureBudget` overrides it for one sync.
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
        /// Called once while the engine opens an archive that an earlier version wrote, just before
        /// it is upgraded in place, with the schema versions from and to. The upgrade runs inside
        /// `init`, once, and can take a while (about 20 s for ten years with details), so a front
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
    /// `daily.zhihu.com/api/4` answers anonymously (reported February to September 2026).
    /// `news-at.zhihu.com` has shown many networks outside mainland China a certificate for other
    /// names since 2022, and since October 2024 has been reported not answering at all; it stays
    /// as a fallback for the networks where it still does.
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
    let store: PageStore
    let details: DetailStore
    let client: ZhihuDailyClient
    let clock: any NewsClock
    let logger: Logger
    private var inFlight: [PageRequest: SharedFetch] = [:]
    /// Streams of `updates(for:)`, by the page they watch. A page with no stream left has no entry.
    private var observers: [PageRequest: [UInt64: Observer]] = [:]
    /// Polls `PRAGMA data_version` while any stream is open (see `watchForChanges`).
    private var changeWatch: Task<Void, Never>?
    /// The data version the watched pages were last read at; nil: read them at the next poll.
    private var seenDataVersion: Int64?
    /// For tests: polls and rereads of the watched pages since the engine opened.
    private(set) var changePolls = 0
    private(set) var changeRereads = 0
    /// For tests: checkpoints the last sync's `WALCheckpointer` ran.
    var lastSyncCheckpoints = 0
    private nonisolated let observerIDs = Atomic<UInt64>(0)
    /// Streams of `pictureUpdates(storyID:)` (SyncEngine+PictureUpdates.swift).
    nonisolated let pictureWatch = PictureWatch()
    /// The thread the engine runs on, its SQLite work included: waiting for another
    /// connection's write lock (up to the 5 s busy timeout) blocks it, never a thread of Swift's
    /// cooperative pool, which has one per core and runs the app's tasks.
    nonisolated let executor: ThreadExecutor

    /// The engine's own thread: its work never runs on, nor blocks, a thread of Swift's
    /// cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// One fetch and the reads waiting on it; it is cancelled when every one of them is.
    private final class SharedFetch: Sendable {
        let task: Task<Void, any Error>
        private let waiters = Locked(0)

        init(task: Task<Void, any Error>) {
            self.task = task
        }

        func join() -> Waiter {
            waiters.withLock { $0 += 1 }
            return Waiter(fetch: self)
        }

        /// One read's place in the queue; leaving twice (cancelled, then done) counts once.
        final class Waiter: Sendable {
            private let fetch: SharedFetch
            private let hasLeft = Locked(false)

            init(fetch: SharedFetch) {
                self.fetch = fetch
            }

            /// Leaves; cancels the fetch when this was the last read waiting and it was cancelled.
            func leave(cancelling: Bool) {
                guard
                    hasLeft.withLock({ left in
                        defer { left = true }; return !left
                    })
                else { return }
                let wasLast = fetch.waiters.withLock {
                    $0 -= 1; return $0 == 0
                }
                if wasLast && cancelling { fetch.task.cancel() }
            }
        }
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
    /// takes one process-wide lock to count itself: about 4% of a sync's CPU time.
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
            let database = try Database(path: configuration.databasePath, readOnly: configuration.readOnly)
            store = try PageStore(
                database: database, willUpgrade: configuration.willUpgradeArchive, progress: configuration.onMigrationProgress)
            details = DetailStore(database: database)
            isReadOnly = database.isReadOnly
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
        let remembered = (try? store.preferredBaseURL()).flatMap { Self.livePreference($0, configuration, clock) }
        client.preference = BaseURLPreference(preferred: remembered.flatMap { configuration.baseURLs.firstIndex(of: $0.url) } ?? 0)
        self.client = client
        self.clock = clock
        self.logger = logger
        // Last: once started, the thread ends only when `deinit` stops it.
        guard let executor = ThreadExecutor() else {
            throw SyncError(code: .storage, message: "cannot start a thread for the archive \(configuration.databasePath)")
        }
        self.executor = executor
    }

    deinit {
        executor.stop()
    }

    /// The base URL the archive prefers now: the one that answered when an earlier one failed,
    /// within `preferredBaseURLLifetime`, and only while it is among the configured ones. Nil
    /// when the base URLs are tried in the order given.
    public func preferredBaseURL() -> PreferredBaseURL? {
        (try? store.preferredBaseURL()).flatMap { Self.livePreference($0, configuration, clock) }
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
            try store.setPreferredBaseURL(configuration.baseURLs[index], since: clock.now().timeIntervalSince1970)
        } catch {
            logger.notice("could not remember the base URL that answered", metadata: ["error": "\(error)"])
        }
    }

    /// Today's page (the source's latest day) with the banner stories.
    public func latest(policy: ReadPolicy = .networkFirst) async throws(SyncError) -> Page {
        try await withDeadline { () async throws(SyncError) -> Page in try await read(.latest, policy: policy) }
    }

    /// The stories of `day`. `page(for: D)` fetches `news/before/(D + 1)` when it must.
    public func page(for day: Day, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> Page {
        try await withDeadline { () async throws(SyncError) -> Page in try await read(.day(day), policy: policy) }
    }

    /// Runs one operation with one network deadline for all its requests (unless an outer
    /// operation has set one already).
    func withDeadline<T>(_ body: () async throws(SyncError) -> T) async throws(SyncError) -> T {
        if ZhihuDailyClient.operationDeadline != nil { return try await body() }
        defer { saveBaseURLPreference() }
        let deadline = ContinuousClock.now.advanced(by: configuration.networkTimeout)
        do {
            return try await ZhihuDailyClient.$operationDeadline.withValue(deadline) { try await body() }
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// The source's latest day as last seen, if the archive has ever fetched it.
    public func latestKnownDay() throws(SyncError) -> Day? {
        do { return try store.latestDay() } catch { throw SyncError.wrapping(error) }
    }

    /// What the archive holds: cached ranges, gaps between them, and partial days.
    public func coverage() throws(SyncError) -> Coverage {
        do { return try store.coverage() } catch { throw SyncError.wrapping(error) }
    }

    /// Fails at once, before any network work, when the archive cannot be written.
    func requireWritable(_ what: String) throws(SyncError) {
        guard isReadOnly else { return }
        throw SyncError.wrapping(
            DatabaseError(
                resultCode: SQLITE_READONLY, message: "the archive \(configuration.databasePath) is read-only: cannot \(what)"))
    }

    // MARK: Reading

    private func read(_ key: PageRequest, policy: ReadPolicy) async throws(SyncError) -> Page {
        do {
            let cached = try load(key)
            if policy == .cacheOnly {
                guard let cached else {
                    throw SyncError(code: .notCached, message: "\(describe(key)) is not in the archive")
                }
                return page(from: cached, origin: .cache, staleReason: isFresh(cached) ? nil : .offline)
            }
            if policy == .cacheFirst, let cached, isFresh(cached) {
                return page(from: cached, origin: .cache, staleReason: nil)
            }
            do {
                try await fetchShared(key)
            } catch let error as RemoteError {
                if error.code == .cancelled { throw CancellationError() }
                guard policy != .networkOnly, error.code != .notPublished, let cached else { throw error }
                logger.notice("serving the cache", metadata: ["page": "\(describe(key))", "error": "\(error)"])
                return page(from: cached, origin: .cache, staleReason: Self.staleReason(for: error))
            } catch let unsaved as UnsavedFetch {
                // The fresh page could not be saved (disk full, locked too long, a read-only
                // archive): what the archive had is intact, so serve it and say why it is not
                // current; with nothing cached, serve what came, marked as not kept.
                guard policy != .networkOnly, let cached = (try? load(key)) ?? cached else {
                    logger.error("showing a fetched page that could not be saved", metadata: ["page": "\(describe(key))"])
                    return unsaved.page
                }
                logger.error("could not save the fetched page", metadata: ["page": "\(describe(key))", "error": "\(unsaved.error)"])
                return page(from: cached, origin: .cache, staleReason: .storageError, alwaysStale: true)
            } catch let error as DatabaseError {
                // The fresh page could not be saved (disk full, locked too long): what the
                // archive had is intact, so serve it and say why it is not current.
                guard policy != .networkOnly, let cached = (try? load(key)) ?? cached else { throw error }
                logger.error("could not save the fetched page", metadata: ["page": "\(describe(key))", "error": "\(error)"])
                return page(from: cached, origin: .cache, staleReason: .storageError, alwaysStale: true)
            }
            guard let fetched = try load(key) else {
                throw SyncError(code: .storage, message: "\(describe(key)) was written but cannot be read back")
            }
            return page(from: fetched, origin: .network, staleReason: nil)
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    private func load(_ key: PageRequest) throws -> StoredPage? {
        switch key {
        case .latest: return try store.readLatest()
        case .day(let day): return try store.readDay(day)
        }
    }

    private func isFresh(_ stored: StoredPage) -> Bool {
        stored.isFinal || age(of: stored) < configuration.partialFreshness
    }

    private func age(of stored: StoredPage) -> Duration {
        age(since: stored.fetchedAt)
    }

    func age(since fetchedAt: Double) -> Duration {
        .seconds(max(0, clock.now().timeIntervalSince1970 - fetchedAt))
    }

    /// A final page is never stale, except when a failure must still be reported (`alwaysStale`).
    private func page(
        from stored: StoredPage, origin: Provenance.Origin,
        staleReason: Provenance.StaleReason?, alwaysStale: Bool = false
    ) -> Page {
        let provenance = Provenance(
            origin: origin, fetchedAt: Date(timeIntervalSince1970: stored.fetchedAt), age: age(of: stored),
            isFinal: stored.isFinal, staleReason: stored.isFinal && !alwaysStale ? nil : staleReason)
        return Page(
            day: stored.day, stories: stored.stories, topStories: stored.topStories,
            isLatest: stored.isLatest, provenance: provenance)
    }

    static func staleReason(for error: RemoteError) -> Provenance.StaleReason {
        if error.isNotFound { return .notFound }
        switch error.code {
        case .unreachable, .cancelled: return .offline
        case .httpStatus: return .serverError
        case .badResponse, .notPublished: return .badResponse
        }
    }

    private func describe(_ key: PageRequest) -> String {
        switch key {
        case .latest: return "today's page"
        case .day(let day): return "the page of \(day)"
        }
    }

    // MARK: Fetching

    /// Fetches and stores `key`, sharing the work with any read of the same page under way.
    /// Cancelling a read cancels the fetch once no other read waits for it.
    func fetchShared(_ key: PageRequest) async throws {
        try Task.checkCancellation()
        let shared: SharedFetch
        // A fetch already cancelled (its last reader gave up) is not joined: it ends as cancelled.
        if let running = inFlight[key], !running.task.isCancelled {
            shared = running
        } else {
            shared = SharedFetch(task: Task { try await self.fetchAndStore(key) })
            inFlight[key] = shared
        }
        let waiter = shared.join()
        defer {
            if inFlight[key] === shared { inFlight[key] = nil }
        }
        try await withTaskCancellationHandler {
            defer { waiter.leave(cancelling: false) }
            try await shared.task.value
        } onCancel: {
            waiter.leave(cancelling: true)
        }
    }

    private func fetchAndStore(_ key: PageRequest) async throws {
        switch key {
        case .latest:
            let remote = try await client.latest()
            if let known = try store.latestDay(), remote.day < known {
                throw RemoteError(
                    code: .badResponse, url: "news/latest",
                    message: "the source's latest day went back from \(known) to \(remote.day)")
            }
            try keeping(remote, isLatest: true, isFinal: false) {
                try store.writeLatest(
                    remote.day, stories: remote.stories, topStories: remote.topStories,
                    fetchedAt: clock.now().timeIntervalSince1970)
            }
            publish([.latest, .day(remote.day)])
            logger.debug("stored the latest page", metadata: ["day": "\(remote.day)", "stories": "\(remote.stories.count)"])
        case .day(let day):
            let remote = try await fetchDay(day)
            let isFinal = try await isFinal(day)
            try keeping(remote, isLatest: false, isFinal: isFinal) {
                try store.writeDay(day, stories: remote.stories, fetchedAt: clock.now().timeIntervalSince1970, isFinal: isFinal)
            }
            publish(try store.latestDay() == day ? [.day(day), .latest] : [.day(day)])
            logger.debug("stored a day", metadata: ["day": "\(day)", "stories": "\(remote.stories.count)"])
        }
    }

    /// A page fetched whose write failed: what came, to show although the archive did not keep it.
    struct UnsavedFetch: Error {
        let error: DatabaseError
        let page: Page
    }

    /// Runs `write`; when it fails, throws `UnsavedFetch` with the fetched page (from the network,
    /// marked `.storageError`).
    private func keeping(_ remote: RemoteDay, isLatest: Bool, isFinal: Bool, _ write: () throws -> Void) throws {
        do {
            try write()
        } catch let error as DatabaseError {
            let provenance = Provenance(
                origin: .network, fetchedAt: clock.now(), age: .zero, isFinal: isFinal, staleReason: .storageError)
            throw UnsavedFetch(
                error: error,
                page: Page(
                    day: remote.day, stories: remote.stories, topStories: remote.topStories, isLatest: isLatest, provenance: provenance))
        }
    }

    /// The day from the source. An earlier answer means "not published yet" only for a day after
    /// the latest day the source has shown; for a day on or before it, the day exists and the
    /// answer is bad data. The archive's latest day settles that without the network; only a
    /// day after it needs the source's latest page, and if that cannot be fetched the answer
    /// stands (the source may well not have published the day).
    private func fetchDay(_ day: Day) async throws -> RemoteDay {
        do {
            return try await client.day(day)
        } catch {
            guard error.code == .notPublished else { throw error }
            if let latest = try store.latestDay(), day <= latest { throw error.publishedDayMisdated(latest: latest) }
            do {
                try await fetchShared(.latest)
            } catch let unsaved as UnsavedFetch {
                if day <= unsaved.page.day { throw error.publishedDayMisdated(latest: unsaved.page.day) }
            } catch let latestError {
                // Unsettled, then: the source's answer stands. Only cancelling ends the read here.
                if latestError is CancellationError || (latestError as? RemoteError)?.code == .cancelled { throw latestError }
                logger.notice("cannot check whether a day is published", metadata: ["day": "\(day)", "error": "\(latestError)"])
            }
            if let latest = try store.latestDay(), day <= latest { throw error.publishedDayMisdated(latest: latest) }
            throw error
        }
    }

    /// A day is final once the source has moved past it, and only the source's latest day says
    /// so (never the device clock). When the archive's latest day does not settle it, the latest
    /// page is fetched too; if that fails, the day stays partial and is completed by a later read.
    private func isFinal(_ day: Day) async throws -> Bool {
        if let latest = try store.latestDay(), day < latest { return true }
        do {
            try await fetchShared(.latest)
        } catch let error as RemoteError {
            logger.notice("cannot tell whether a day is final", metadata: ["day": "\(day)", "error": "\(error)"])
            return false
        } catch let unsaved as UnsavedFetch {
            return day < unsaved.page.day  // Fetched, not kept: its day still settles it.
        }
        return try store.latestDay().map { day < $0 } ?? false
    }

    // MARK: Observing

    /// A stream of one page's updates: the cached page at once (if the archive has it), then the
    /// fetched page when it lands, then every later write of that page by any read of this engine.
    ///
    /// Writes by other connections to the same file (another process's `newsctl sync`, say) are
    /// seen within `Configuration.changePollInterval`: the page is read again and sent (origin
    /// `.cache`) when its content differs from what this stream was last sent, so an unchanged
    /// page is never sent twice. A page removed from the archive sends nothing.
    ///
    /// Failures arrive as `.failed` values; the stream goes on after them and ends only when its
    /// consumer stops iterating (which also cancels a fetch nobody else waits for).
    ///
    /// - Parameters:
    ///   - request: the page to watch: `.latest` or `.day(_:)`.
    ///   - policy: whether to fetch after showing the cache; `nil` means network-first for
    ///     today and cache-first for past days, like the reads.
    public nonisolated func updates(for request: PageRequest, policy: ReadPolicy? = nil) -> AsyncStream<PageUpdate> {
        let (stream, continuation) = AsyncStream<PageUpdate>.makeStream(bufferingPolicy: .bufferingNewest(32))
        let id = observerIDs.add(1, ordering: .relaxed).newValue
        let task = Task { await self.observe(request, id: id, policy: policy ?? request.defaultPolicy, continuation: continuation) }
        continuation.onTermination = { _ in
            task.cancel()
            Task { await self.removeObserver(id, of: request) }
        }
        return stream
    }

    /// One stream of `updates(for:)` and what it was last sent, so that a change another
    /// connection made reaches it only when its page really differs.
    private struct Observer {
        let continuation: AsyncStream<PageUpdate>.Continuation
        /// The stored page last sent (nil: none yet). Ages are not stored, so time alone never
        /// makes a page differ.
        var lastSent: StoredPage?
        /// The last failure of a poll sent to the stream, so a lasting one is reported once.
        var lastPollFailure: String?
    }

    /// Registers the stream, sends the cache, and fetches per `policy`. The stream stays
    /// registered (fed by `publish` and the change watch) until its consumer leaves and
    /// `removeObserver` runs.
    private func observe(
        _ request: PageRequest, id: UInt64, policy: ReadPolicy,
        continuation: AsyncStream<PageUpdate>.Continuation
    ) async {
        // A consumer that already left must not leave an entry behind: its removal may have run.
        guard !Task.isCancelled else { return }
        // Registered, and the data version noted, before the cache is read, with no suspension in
        // between: no write, by this engine or another connection, is missed.
        observers[request, default: [:]][id] = Observer(continuation: continuation)
        watchForChanges()

        var shouldFetch = policy != .cacheOnly
        do {
            let cached = try load(request)
            if let cached {
                observers[request]?[id]?.lastSent = cached
                continuation.yield(.page(page(from: cached, origin: .cache, staleReason: nil)))
                if policy == .cacheFirst && isFresh(cached) { shouldFetch = false }
            } else if policy == .cacheOnly {
                continuation.yield(.failed(SyncError(code: .notCached, message: "\(describe(request)) is not in the archive")))
            }
        } catch {
            continuation.yield(.failed(SyncError.wrapping(error)))
        }
        guard shouldFetch else { return }
        do {
            // A successful write reaches this stream through `publish`.
            try await withDeadline { () async throws(SyncError) in
                do {
                    try await fetchShared(request)
                } catch let unsaved as UnsavedFetch {
                    // Not kept, so `publish` never sends it: this stream shows what came.
                    continuation.yield(.page(unsaved.page))
                } catch {
                    throw SyncError.wrapping(error)
                }
            }
        } catch {
            // Only this stream's own cancellation (its consumer left) ends it quietly.
            if !Task.isCancelled { continuation.yield(.failed(error)) }
        }
    }

    private func removeObserver(_ id: UInt64, of request: PageRequest) {
        observers[request]?[id] = nil
        if observers[request]?.isEmpty == true { observers[request] = nil }
        if observers.isEmpty {
            changeWatch?.cancel()
            changeWatch = nil
            seenDataVersion = nil
        }
    }

    /// Starts polling for other connections' writes, unless it runs already. The first version is
    /// read here, before the caller reads its page, so a write in between is seen by the first poll.
    private func watchForChanges() {
        guard changeWatch == nil else { return }
        seenDataVersion = try? store.database.dataVersion()
        let interval = configuration.changePollInterval
        // Weak: an open stream keeps the engine alive through its own references, not this loop.
        changeWatch = Task { [weak self] in
            while true {
                // Cancelled (the last stream ended) while asleep: the sleep throws and the loop ends.
                do { try await Task.sleep(for: interval) } catch { return }
                guard let engine = self, !Task.isCancelled else { return }
                await engine.pollForChanges()
            }
        }
    }

    /// One poll: `PRAGMA data_version`, and only if it changed, each watched page read again and
    /// sent to the streams whose last page it differs from (origin `.cache`, stale as a cache-only
    /// read would say). A failure is logged, sent once per stream while it lasts, and retried.
    func pollForChanges() {
        guard !observers.isEmpty else { return }
        changePolls += 1
        let version: Int64
        do {
            version = try store.database.dataVersion()
        } catch {
            reportPollFailure(SyncError.wrapping(error), to: Array(observers.keys))
            seenDataVersion = nil
            return
        }
        guard version != seenDataVersion else { return }
        seenDataVersion = version
        changeRereads += 1
        for request in Array(observers.keys) {
            let stored: StoredPage?
            do {
                stored = try load(request)
            } catch {
                reportPollFailure(SyncError.wrapping(error), to: [request])
                seenDataVersion = nil  // Read it again at the next poll.
                continue
            }
            guard let streams = observers[request] else { continue }
            for (id, observer) in streams {
                observers[request]?[id]?.lastPollFailure = nil
                // A page gone from the archive (pruned) sends nothing: what was shown still stands.
                guard let stored, stored != observer.lastSent else { continue }
                observers[request]?[id]?.lastSent = stored
                observer.continuation.yield(
                    .page(
                        page(
                            from: stored, origin: .cache,
                            staleReason: isFresh(stored) ? nil : .offline)))
            }
        }
    }

    private func reportPollFailure(_ error: SyncError, to requests: [PageRequest]) {
        logger.error("could not check the archive for changes", metadata: ["error": "\(error)"])
        for request in requests {
            for (id, observer) in observers[request] ?? [:] where observer.lastPollFailure != error.message {
                observers[request]?[id]?.lastPollFailure = error.message
                observer.continuation.yield(.failed(error))
            }
        }
    }

    /// How many fetches are under way (for tests: an abandoned fetch must end).
    var inFlightCount: Int { inFlight.count }

    /// How many streams are registered (for tests: a stopped stream must not stay).
    var observerCount: Int { observers.values.reduce(0) { $0 + $1.count } }

    /// Whether other connections' writes are being polled for (for tests: only while a stream is open).
    var isWatchingForChanges: Bool { changeWatch != nil }

    /// Sends the pages just written to the streams that watch them.
    func publish(_ requests: [PageRequest]) {
        for request in requests {
            guard let streams = observers[request], !streams.isEmpty,
                let stored = try? load(request)
            else { continue }
            let update = PageUpdate.page(page(from: stored, origin: .network, staleReason: nil))
            for (id, observer) in streams {
                observers[request]?[id]?.lastSent = stored
                observer.continuation.yield(update)
            }
        }
    }
}
