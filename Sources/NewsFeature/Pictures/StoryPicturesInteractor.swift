import SyncEngine

/// The use case "a story's pictures for drawing": each picture's bytes, from the archive or the
/// network as the read mode allows.
public protocol StoryPicturesInteractor: Sendable {
    /// The bytes of the picture at `url`, checked as a picture by the engine.
    func picture(url: String) async throws(SyncError) -> [UInt8]

    /// What the archive keeps of each picture at `urls`, by address, without their bytes (those
    /// it does not keep are left out).
    func keptPictures(urls: [String]) async throws(SyncError) -> [String: KeptPicture]
}

extension StoryPicturesInteractor {
    /// One that cannot tell what is kept says nothing is: every picture's bytes are then read.
    public func keptPictures(urls: [String]) async throws(SyncError) -> [String: KeptPicture] { [:] }
}

/// A story's pictures over a `SyncEngine`: offline from the archive only; otherwise the archive
/// first and the network for a picture it lacks (which the engine then keeps, so the story's
/// pictures read offline next time).
public struct DefaultStoryPicturesInteractor: StoryPicturesInteractor {
    private let engine: SyncEngine
    private let mode: ReadMode

    /// Pictures over `engine`, read as `mode` says.
    public init(engine: SyncEngine, mode: ReadMode = .standard) {
        self.engine = engine
        self.mode = mode
    }

    public func picture(url: String) async throws(SyncError) -> [UInt8] {
        // A picture never changes: even --refresh takes a kept one rather than fetch it again.
        let policy: ReadPolicy = mode == .offline ? .cacheOnly : .cacheFirst
        return try await engine.picture(url: url, policy: policy).bytes
    }

    public func keptPictures(urls: [String]) async throws(SyncError) -> [String: KeptPicture] {
        try await engine.keptPictures(urls: urls)
    }
}
