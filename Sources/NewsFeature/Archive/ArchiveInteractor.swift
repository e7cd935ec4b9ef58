import SyncEngine

/// The archive's use cases: bring days in, say what is held, drop old days.
public protocol ArchiveInteractor: Sendable {
    func sync(_ request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncSummary
    func status() async throws(SyncError) -> ArchiveStatus
    func prune(keepDays: Int) async throws(SyncError) -> PruneSummary
}

public struct DefaultArchiveInteractor: ArchiveInteractor {
    private let engine: SyncEngine

    public init(engine: SyncEngine) {
        self.engine = engine
    }

    public func sync(_ request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncSummary {
        try await engine.sync(request, progress: progress)
    }

    public func status() async throws(SyncError) -> ArchiveStatus {
        try await engine.status()
    }

    public func prune(keepDays: Int) async throws(SyncError) -> PruneSummary {
        try await engine.prune(keepDays: keepDays)
    }
}
