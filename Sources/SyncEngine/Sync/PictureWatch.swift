import Synchronization

/// One event of `SyncEngine.pictureUpdates(storyID:)`.
public enum StoryPicturesUpdate: Sendable, Equatable {
    /// The story's pictures and what the archive has of each, as `SyncEngine.pictures(storyID:)`
    /// lists them: at once, then each time that list changes.
    case pictures([StoryPicture])
    /// Reading the list failed. The stream goes on: a list sent before still stands.
    case failed(SyncError)

    /// The same list, or failures of the same code and message.
    public static func == (lhs: StoryPicturesUpdate, rhs: StoryPicturesUpdate) -> Bool {
        switch (lhs, rhs) {
        case (.pictures(let left), .pictures(let right)): return left == right
        case (.failed(let left), .failed(let right)): return left.code == right.code && left.message == right.message
        default: return false
        }
    }
}

/// The streams of `SyncEngine.pictureUpdates(storyID:)`, by story, with what each was last sent,
/// and the poll that sees other connections' writes while any stream is open. The engine owns
/// one; only the engine's own (actor-isolated) code changes it, the lock makes it `Sendable`.
final class PictureWatch: Sendable {
    struct Observer {
        let continuation: AsyncStream<StoryPicturesUpdate>.Continuation
        /// The list last sent (nil: none yet), so that an unchanged list is never sent twice.
        var lastSent: [StoryPicture]?
        /// The last failure sent, so that a lasting one is sent once.
        var lastFailure: String?
    }

    struct State {
        var observers: [Int64: [UInt64: Observer]] = [:]
        var poll: Task<Void, Never>?
        /// `PRAGMA data_version` when the watched lists were last read; nil: read them at the next poll.
        var seenDataVersion: Int64?
    }

    let state = Locked(State())
    private let ids = Atomic<UInt64>(0)

    /// A new stream's id.
    func nextID() -> UInt64 { ids.add(1, ordering: .relaxed).newValue }

    /// Whether any stream is open (nothing to read or poll otherwise).
    var isEmpty: Bool { state.withLock { $0.observers.isEmpty } }

    /// The stories watched now.
    var stories: [Int64] { state.withLock { Array($0.observers.keys) } }
}
