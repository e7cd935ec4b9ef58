import SyncEngine

/// Whether a load was asked for by the user as a refresh.
public enum LoadIntent: Sendable, Equatable {
    /// An ordinary load: the screen's read mode decides.
    case load
    /// The user asked for fresh data: network first.
    case refresh
}

/// How a front wants pages read, set once when the screen is composed.
public enum ReadMode: Sendable, Equatable {
    /// Network first for today, the archive first for past days.
    case standard
    /// The archive only.
    case offline
    /// The network first for every page, ignoring freshness.
    case refresh
}

/// The news list's use cases.
public protocol NewsListInteractor: Sendable {
    /// Today's page with the banner.
    func latest(_ intent: LoadIntent) async throws(SyncError) -> Page
    /// The stories of `day`.
    func page(for day: Day, _ intent: LoadIntent) async throws(SyncError) -> Page
    /// The user's marks (favourite, read) on these stories; stories without marks are left out.
    func marks(for ids: [Int64]) async -> [Int64: StoryMarks]
    /// Keeps the story (收藏, caching its text when the network allows) or stops keeping it.
    func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError)
    /// Caches the story's text so that opening it is instant and works offline; failures are
    /// silent (it is a convenience), and cancelling stops the transfer.
    func prefetch(id: Int64) async
    /// The page as the archive holds it whenever it is written, by this process or another.
    func updates(for request: PageRequest) -> AsyncStream<PageUpdate>
    /// Whether the archive was opened read-only (nothing fetched can be saved).
    var isArchiveReadOnly: Bool { get }
}

extension NewsListInteractor {
    public var isArchiveReadOnly: Bool { false }
}

/// The news list's use cases over a `SyncEngine`.
public struct DefaultNewsListInteractor: NewsListInteractor {
    private let engine: SyncEngine
    private let mode: ReadMode

    /// Use cases over `engine`, reading as `mode` says.
    public init(engine: SyncEngine, mode: ReadMode = .standard) {
        self.engine = engine
        self.mode = mode
    }

    public func latest(_ intent: LoadIntent) async throws(SyncError) -> Page {
        try await engine.latest(policy: policy(intent, standard: .networkFirst))
    }

    public func page(for day: Day, _ intent: LoadIntent) async throws(SyncError) -> Page {
        try await engine.page(for: day, policy: policy(intent, standard: .cacheFirst))
    }

    public func marks(for ids: [Int64]) async -> [Int64: StoryMarks] {
        // Marks decorate the list; an archive that cannot give them must not fail it.
        (try? await engine.marks(for: ids)) ?? [:]
    }

    public func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError) {
        if isFavorite {
            try await engine.addFavorite(id: id, policy: mode == .offline ? .cacheOnly : .cacheFirst)
        } else {
            try await engine.removeFavorite(id: id)
        }
    }

    public var isArchiveReadOnly: Bool { engine.isReadOnly }

    public func prefetch(id: Int64) async {
        guard mode != .offline else { return }
        _ = try? await engine.detail(id: id, policy: .cacheFirst)
    }

    public func updates(for request: PageRequest) -> AsyncStream<PageUpdate> {
        // The screen has read the page already; the stream only follows later writes.
        engine.updates(for: request, policy: .cacheOnly)
    }

    func policy(_ intent: LoadIntent, standard: ReadPolicy) -> ReadPolicy {
        switch (mode, intent) {
        case (.offline, _): return .cacheOnly
        case (.refresh, _), (_, .refresh): return .networkFirst
        case (.standard, .load): return standard
        }
    }
}
