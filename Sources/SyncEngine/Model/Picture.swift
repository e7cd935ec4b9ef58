#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A picture's bytes as the archive keeps them (or as they just came, checked), with where they
/// came from (`SyncEngine.picture(url:policy:)`).
public struct Picture: Sendable {
    /// Which picture: its canonical address.
    public let key: PictureKey
    /// Its format (from the magic bytes) and size in pixels.
    public let info: PictureInfo
    /// The bytes, as fetched: they passed `PictureCheck`; decode them under its pixel cap.
    public let bytes: [UInt8]
    /// Network or archive, when fetched, and why stale if it is (pictures never change:
    /// `isFinal` is always true).
    public let provenance: Provenance
}

/// What the archive keeps of a picture, without its bytes (`SyncEngine.keptPictures(urls:)`):
/// enough to lay it out and to know it again, for a view that reads the bytes only to draw it.
public struct KeptPicture: Sendable, Equatable {
    /// Its format and size in pixels, as `PictureCheck` found them when it was kept.
    public let info: PictureInfo
    /// How many bytes it is.
    public let byteCount: Int

    /// Made by the engine; public for tests and embedders.
    public init(info: PictureInfo, byteCount: Int) {
        self.info = info
        self.byteCount = byteCount
    }
}

/// A picture a story uses and what the archive has of it (`SyncEngine.pictures(storyID:)`).
public struct StoryPicture: Sendable, Equatable {
    /// Where the story shows it.
    public enum Place: Sendable, Equatable {
        /// The thumbnail of the story in a day's list.
        case thumbnail
        /// The large picture of the story as a top story (the banner).
        case banner
        /// The detail's headline picture.
        case headline
        /// The body's picture `[图片 N]`, by its N.
        case body(Int)
    }

    /// What the archive has of it.
    public enum State: Sendable, Equatable {
        /// Kept: `picture(url:policy:)` with `.cacheOnly` returns it.
        case kept
        /// Not kept yet (a sync with pictures, or a read, fetches it).
        case missing
        /// Its last fetch failed or was refused, for this reason (the engine's words; a front
        /// words `StoryPicture.failureReason`); a later sync asks again.
        case failed(String)
    }

    /// Where the story shows it.
    public let place: Place
    /// Which picture; its `value` is also the address to fetch it by.
    public let key: PictureKey
    /// What the archive has of it.
    public let state: State
    /// Why its last fetch failed, when `state` is `.failed`: for a front to word in its language.
    public internal(set) var failureReason: PictureFailureReason?
}
