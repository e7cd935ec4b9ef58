import SyncEngine

/// The archive's use cases: bring days in, say what is held, drop old days.
public protocol ArchiveInteractor: Sendable {
    /// Brings the request's days (and details, if asked) into the archive; see `SyncEngine.sync(_:progress:)`.
    func sync(_ request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncSummary
    /// What the archive holds.
    func status() async throws(SyncError) -> ArchiveStatus
    /// Drops days older than the newest `keepDays`; favourites stay.
    func prune(keepDays: Int) async throws(SyncError) -> PruneSummary
}

/// The archive's use cases over a `SyncEngine`.
public struct DefaultArchiveInteractor: ArchiveInteractor {
    private let engine: SyncEngine

    /// Use cases over `engine`.
    public init(engine: SyncEngine) {
        self.engine = engine
    }

    /// Runs `SyncEngine.sync(_:progress:)`.
    public func sync(_ request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncSummary {
        try await engine.sync(request, progress: progress)
    }

    /// Runs `SyncEngine.status()`.
    public func status() async throws(SyncError) -> ArchiveStatus {
        try await engine.status()
    }

    /// Runs `SyncEngine.prune(keepDays:)`.
    public func prune(keepDays: Int) async throws(SyncError) -> PruneSummary {
        try await engine.prune(keepDays: keepDays)
    }
}
