import SyncEngine

/// The detail screen's use cases.
public protocol DetailInteractor: Sendable {
    /// The story, with its counters; reading it marks it read (unless the archive is read-only).
    func load(id: Int64, _ intent: LoadIntent) async throws(SyncError) -> DetailPage
    /// Keeps or drops the story; returns whether it is now a favourite.
    func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError) -> Bool
}

/// The detail screen's use cases over a `SyncEngine`.
public struct DefaultDetailInteractor: DetailInteractor {
    private let engine: SyncEngine
    private let mode: ReadMode

    /// Use cases over `engine`, reading as `mode` says.
    public init(engine: SyncEngine, mode: ReadMode = .standard) {
        self.engine = engine
        self.mode = mode
    }

    public func load(id: Int64, _ intent: LoadIntent) async throws(SyncError) -> DetailPage {
        let policy: ReadPolicy
        switch (mode, intent) {
        case (.offline, _): policy = .cacheOnly
        case (.refresh, _), (_, .refresh): policy = .networkFirst
        case (.standard, .load): policy = .cacheFirst  // a fetched detail is final
        }
        let page = try await engine.detail(id: id, policy: policy)
        // A read-only archive cannot keep the mark: the story is still shown, and shown as the
        // archive holds it (unread, unless a writable run marked it). The read is what was asked.
        guard !engine.isReadOnly else { return page }
        try await engine.markRead(id: id)
        return DetailPage(
            detail: page.detail, provenance: page.provenance, extra: page.extra,
            extraProvenance: page.extraProvenance,
            marks: StoryMarks(isFavorite: page.marks.isFavorite, isRead: true))
    }

    public func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError) -> Bool {
        if isFavorite {
            try await engine.addFavorite(id: id)
        } else {
            try await engine.removeFavorite(id: id)
        }
        return isFavorite
    }
}
