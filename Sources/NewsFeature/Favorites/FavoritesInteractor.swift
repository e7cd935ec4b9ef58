import SyncEngine

/// The favourites' use cases.
public protocol FavoritesInteractor: Sendable {
    func favorites() async throws(SyncError) -> [Favorite]
    /// Adds a favourite, caching its detail for offline reading when the network allows.
    func add(id: Int64) async throws(SyncError) -> Favorite
    /// Whether there was a favourite to remove.
    func remove(id: Int64) async throws(SyncError) -> Bool
}

public struct DefaultFavoritesInteractor: FavoritesInteractor {
    private let engine: SyncEngine

    public init(engine: SyncEngine) {
        self.engine = engine
    }

    public func favorites() async throws(SyncError) -> [Favorite] {
        try await engine.favorites()
    }

    public func add(id: Int64) async throws(SyncError) -> Favorite {
        try await engine.addFavorite(id: id)
    }

    public func remove(id: Int64) async throws(SyncError) -> Bool {
        try await engine.removeFavorite(id: id)
    }
}
