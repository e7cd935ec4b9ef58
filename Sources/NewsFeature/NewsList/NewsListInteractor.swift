import SyncEngine

/// Whether a load was asked for by the user as a refresh.
public enum LoadIntent: Sendable, Equatable {
    case load
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
}

/// The news list's use cases over a `SyncEngine`.
public struct DefaultNewsListInteractor: NewsListInteractor {
    private let engine: SyncEngine
    private let mode: ReadMode

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

    func policy(_ intent: LoadIntent, standard: ReadPolicy) -> ReadPolicy {
        switch (mode, intent) {
        case (.offline, _): return .cacheOnly
        case (.refresh, _), (_, .refresh): return .networkFirst
        case (.standard, .load): return standard
        }
    }
}
