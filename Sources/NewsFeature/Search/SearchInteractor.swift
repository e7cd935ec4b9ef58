import SyncEngine

/// The search use case: the archive's full-text index, offline always.
public protocol SearchInteractor: Sendable {
    func search(_ query: String, limit: Int) async throws(SyncError) -> [SearchResult]
}

public struct DefaultSearchInteractor: SearchInteractor {
    private let engine: SyncEngine

    public init(engine: SyncEngine) {
        self.engine = engine
    }

    public func search(_ query: String, limit: Int) async throws(SyncError) -> [SearchResult] {
        try await engine.search(query, limit: limit)
    }
}
