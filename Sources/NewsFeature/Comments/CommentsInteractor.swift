import SyncEngine

/// Everything the comments screen shows of a story: both threads and the counters.
public struct CommentsContent: Sendable, Equatable {
    /// The long comments (长评), newest first.
    public let long: CommentThread
    /// The short comments (短评) read so far, newest first.
    public let short: CommentThread
    /// Likes and comment counts; nil when they are not known.
    public let counters: StoryExtra?

    /// Creates the content; the interactor makes these, tests may too.
    public init(long: CommentThread, short: CommentThread, counters: StoryExtra?) {
        self.long = long
        self.short = short
        self.counters = counters
    }
}

/// The comments screen's use cases.
public protocol CommentsInteractor: Sendable {
    /// Both threads of the story, with its counters; throws when either thread cannot be read.
    func load(storyID: Int64, _ intent: LoadIntent) async throws(SyncError) -> CommentsContent
    /// Reads the next, older page of short comments and returns the whole short thread.
    func loadMore(storyID: Int64) async throws(SyncError) -> CommentThread
}

/// The comments screen's use cases over a `SyncEngine`.
public struct DefaultCommentsInteractor: CommentsInteractor {
    private let engine: SyncEngine
    private let mode: ReadMode

    /// Use cases over `engine`, reading as `mode` says.
    public init(engine: SyncEngine, mode: ReadMode = .standard) {
        self.engine = engine
        self.mode = mode
    }

    /// Reads the long and the short thread and the counters at once. Comments are never final,
    /// so an ordinary load reads the archive while it is fresh (`.cacheFirst`), a refresh reads
    /// the network first and offline the archive only. Counters that cannot be read are left
    /// out (nil) rather than failing the screen.
    public func load(storyID: Int64, _ intent: LoadIntent) async throws(SyncError) -> CommentsContent {
        let policy = Self.policy(mode, intent)
        async let long = thread(storyID, .long, policy)
        async let short = thread(storyID, .short, policy)
        async let counters = try? engine.counters(id: storyID, policy: policy)
        let (longResult, shortResult, countersPage) = await (long, short, counters)
        return CommentsContent(long: try longResult.get(), short: try shortResult.get(), counters: countersPage?.extra)
    }

    /// Runs `SyncEngine.moreComments(storyID:kind:)` on the short comments.
    public func loadMore(storyID: Int64) async throws(SyncError) -> CommentThread {
        try await engine.moreComments(storyID: storyID, kind: .short)
    }

    static func policy(_ mode: ReadMode, _ intent: LoadIntent) -> ReadPolicy {
        switch (mode, intent) {
        case (.offline, _): return .cacheOnly
        case (.refresh, _), (_, .refresh): return .networkFirst
        case (.standard, .load): return .cacheFirst  // comments are never final
        }
    }

    /// One thread as a result, so the two reads can run together and keep their typed error.
    private func thread(_ storyID: Int64, _ kind: CommentKind, _ policy: ReadPolicy) async -> Result<CommentThread, SyncError> {
        do {
            return .success(try await engine.comments(storyID: storyID, kind: kind, policy: policy))
        } catch {
            return .failure(error)
        }
    }
}
