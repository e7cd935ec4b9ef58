import SyncEngine

/// The sections' (栏目) use cases.
public protocol SectionsInteractor: Sendable {
    /// The source's columns.
    func sections() async throws(SyncError) -> SectionList
    /// A column's stories, as far back as `reach` asks.
    func section(_ id: Int64, reach: SectionReach) async throws(SyncError) -> SectionPage
}

/// The sections' use cases over a `SyncEngine`.
public struct DefaultSectionsInteractor: SectionsInteractor {
    private let engine: SyncEngine
    private let policy: ReadPolicy

    /// Use cases over `engine`: `mode` decides the read policy (the archive first, the archive
    /// only, or the network first).
    public init(engine: SyncEngine, mode: ReadMode = .standard) {
        self.engine = engine
        switch mode {
        case .standard: policy = .cacheFirst
        case .offline: policy = .cacheOnly
        case .refresh: policy = .networkFirst
        }
    }

    /// Runs `SyncEngine.sections(policy:)`.
    public func sections() async throws(SyncError) -> SectionList {
        try await engine.sections(policy: policy)
    }

    /// Runs `SyncEngine.section(_:reach:policy:)`.
    public func section(_ id: Int64, reach: SectionReach) async throws(SyncError) -> SectionPage {
        try await engine.section(id, reach: reach, policy: policy)
    }
}
