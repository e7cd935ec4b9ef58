import NewsFeature
import SyncEngine

/// A story for a page: as the detail screen reads it, but a GET changes nothing, so reading it
/// does not mark it read.
struct WebDetailInteractor: DetailInteractor {
    let engine: SyncEngine
    let offline: Bool

    func load(id: Int64, _ intent: LoadIntent) async throws(SyncError) -> DetailPage {
        try await engine.detail(id: id, policy: offline ? .cacheOnly : .cacheFirst)
    }

    func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError) -> Bool {
        try await DefaultDetailInteractor(engine: engine, mode: offline ? .offline : .standard).setFavorite(id: id, isFavorite)
    }
}

/// The pictures a page shows from the archive: only those it holds (the others are linked to
/// their source or captioned), so a page never waits on a picture's download.
struct ArchivedPicturesInteractor: StoryPicturesInteractor {
    let engine: SyncEngine

    func picture(url: String) async throws(SyncError) -> [UInt8] {
        try await engine.picture(url: url, policy: .cacheOnly).bytes
    }
}

/// Home and the days for a page: as the news list reads them, but today's page too is taken
/// from the archive while it is fresh (five minutes by default), so a served home page does not
/// ask the source at every request.
struct WebNewsListInteractor: NewsListInteractor {
    let engine: SyncEngine
    let offline: Bool

    private var list: DefaultNewsListInteractor { DefaultNewsListInteractor(engine: engine, mode: offline ? .offline : .standard) }

    func latest(_ intent: LoadIntent) async throws(SyncError) -> Page {
        try await engine.latest(policy: offline ? .cacheOnly : .cacheFirst)
    }

    func page(for day: Day, _ intent: LoadIntent) async throws(SyncError) -> Page {
        try await list.page(for: day, intent)
    }

    /// Whether the archive holds `day`, without asking the source.
    func holds(_ day: Day) async -> Bool { (try? await engine.page(for: day, policy: .cacheOnly)) != nil }

    /// The newest day the archive holds before `day` and not before `first`, without asking the
    /// source: a static copy's "earlier" link steps over a gap to it.
    func heldDay(before day: Day, notBefore first: Day) async -> Day? {
        guard let coverage = try? await engine.coverage() else { return nil }
        let previous = day.adding(days: -1)
        let held = coverage.cachedRanges.reversed().lazy.compactMap { range in
            range.lowerBound <= previous ? min(range.upperBound, previous) : nil
        }.first
        return held.flatMap { $0 >= first ? $0 : nil }
    }

    func marks(for ids: [Int64]) async -> [Int64: StoryMarks] { await list.marks(for: ids) }

    func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError) { try await list.setFavorite(id: id, isFavorite) }

    func prefetch(id: Int64) async {}

    func updates(for request: PageRequest) -> AsyncStream<PageUpdate> { list.updates(for: request) }
}
