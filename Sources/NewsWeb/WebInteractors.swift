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
