import SyncEngine

/// The favourites' use cases.
public protocol FavoritesInteractor: Sendable {
    /// The stories the user keeps, newest first.
    func favorites() async throws(SyncError) -> [Favorite]
    /// Adds a favourite, caching its detail for offline reading when the network allows.
    func add(id: Int64) async throws(SyncError) -> Favorite
    /// Whether there was a favourite to remove.
    func remove(id: Int64) async throws(SyncError) -> Bool
}

/// The favourites' use cases over a `SyncEngine`.
public struct DefaultFavoritesInteractor: FavoritesInteractor {
    private let engine: SyncEngine
    private let mode: ReadMode

    /// Use cases over `engine`; `mode` decides how an added story's detail is read.
    public init(engine: SyncEngine, mode: ReadMode = .standard) {
        self.engine = engine
        self.mode = mode
    }

    /// Runs `SyncEngine.favorites()`.
    public func favorites() async throws(SyncError) -> [Favorite] {
        try await engine.favorites()
    }

    public func add(id: Int64) async throws(SyncError) -> Favorite {
        let policy: ReadPolicy
        switch mode {
        case .standard: policy = .cacheFirst
        case .offline: policy = .cacheOnly
        case .refresh: policy = .networkFirst
        }
        return try await engine.addFavorite(id: id, policy: policy)
    }

    public func remove(id: Int64) async throws(SyncError) -> Bool {
        try await engine.removeFavorite(id: id)
    }
}
