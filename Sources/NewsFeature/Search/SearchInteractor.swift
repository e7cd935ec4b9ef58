import SyncEngine

/// The search use case: the archive's full-text index, offline always.
public protocol SearchInteractor: Sendable {
    /// Stories matching every word of `query`, best first; see `SyncEngine.search(_:limit:)`.
    func search(_ query: String, limit: Int) async throws(SyncError) -> [SearchResult]
}

/// The search use case over a `SyncEngine`.
public struct DefaultSearchInteractor: SearchInteractor {
    private let engine: SyncEngine

    /// The use case over `engine`.
    public init(engine: SyncEngine) {
        self.engine = engine
    }

    /// Runs `SyncEngine.search(_:limit:)`.
    public func search(_ query: String, limit: Int) async throws(SyncError) -> [SearchResult] {
        try await engine.search(query, limit: limit)
    }
}
