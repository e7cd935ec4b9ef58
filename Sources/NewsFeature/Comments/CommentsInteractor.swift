import SyncEngine

/// Everything the comments screen shows of a story: both threads and the counters.
public struct CommentsContent: Sendable, Equatable {
    /// The long comments (长评), newest first.
    public let long: CommentThread
    /// The short comments (短评) read so far, newest first.
    public let short: CommentThread
    /// Likes and comment counts; nil when they are not known.
    public let counters: StoryExtra?
    /// A thread asked for that could not be read while the other could (given empty in its
    /// place); nil when every thread asked for was read.
    public let missing: MissingThread?

    /// Both threads as read, with the counters; `missing` defaults to nil, every thread asked for
    /// read.
    public init(long: CommentThread, short: CommentThread, counters: StoryExtra?, missing: MissingThread? = nil) {
        self.long = long
        self.short = short
        self.counters = counters
        self.missing = missing
    }
}

/// A thread of comments that could not be read, and why.
public struct MissingThread: Sendable, Equatable {
    /// Which thread.
    public let kind: CommentKind
    /// Why it could not be read.
    public let error: SyncError

    /// The thread's kind and the error its reading gave.
    public init(kind: CommentKind, error: SyncError) {
        self.kind = kind
        self.error = error
    }

    /// The same thread, missing for the same kind of reason.
    public static func == (lhs: MissingThread, rhs: MissingThread) -> Bool {
        lhs.kind == rhs.kind && lhs.error.code == rhs.error.code && lhs.error.message == rhs.error.message
    }
}

/// The comments screen's use cases.
public protocol CommentsInteractor: Sendable {
    /// Both threads of the story, with its counters. When one of the threads asked for cannot be
    /// read, the other is given with `missing` saying so; throws when none can be read.
    func load(storyID: Int64, _ intent: LoadIntent) async throws(SyncError) -> CommentsContent
    /// Reads the next, older page of short comments and returns the whole short thread.
    func loadMore(storyID: Int64) async throws(SyncError) -> CommentThread
}

/// The comments screen's use cases over a `SyncEngine`.
public struct DefaultCommentsInteractor: CommentsInteractor {
    private let engine: SyncEngine
    private let mode: ReadMode
    private let kinds: Set<CommentKind>

    /// Use cases over `engine`, reading as `mode` says.
    ///
    /// - Parameters:
    ///   - engine: the archive to read.
    ///   - mode: how to read it (standard, offline, refresh).
    ///   - kinds: the threads to read (a front showing only the long comments need not
    ///   read, or have cached, the short ones); a thread left out is given empty and complete, so
    ///   the screen shows no section and offers no next page for it.
    public init(engine: SyncEngine, mode: ReadMode = .standard, kinds: Set<CommentKind> = Set(CommentKind.allCases)) {
        self.engine = engine
        self.mode = mode
        self.kinds = kinds.isEmpty ? Set(CommentKind.allCases) : kinds  // none asked for: both
    }

    /// Reads the long and the short thread and the counters at once. Comments are never final,
    /// so an ordinary load reads the archive while it is fresh (`.cacheFirst`), a refresh reads
    /// the network first and offline the archive only. Counters that cannot be read are left
    /// out (nil) rather than failing the screen; so is a thread that cannot be read while the
    /// other can (`CommentsContent.missing`). When neither can it throws the long thread's error, or
    /// the short thread's when the long one is only not at the source (a 404).
    public func load(storyID: Int64, _ intent: LoadIntent) async throws(SyncError) -> CommentsContent {
        let policy = Self.policy(mode, intent)
        async let long = kinds.contains(.long) ? thread(storyID, .long, policy) : nil
        async let short = kinds.contains(.short) ? thread(storyID, .short, policy) : nil
        async let counters = try? engine.counters(id: storyID, policy: policy)
        let (longResult, shortResult, countersPage) = await (long, short, counters)
        // A thread not asked for: empty and complete, from where the other came.
        func leftOut(_ kind: CommentKind, like other: CommentThread) -> CommentThread {
            CommentThread(storyID: storyID, kind: kind, comments: [], isComplete: true, provenance: other.provenance)
        }
        let content: CommentsContent
        switch (longResult, shortResult) {
        case (.success(let long)?, .success(let short)?): content = CommentsContent(long: long, short: short, counters: nil)
        case (.success(let long)?, .failure(let error)?):
            content = CommentsContent(
                long: long, short: leftOut(.short, like: long), counters: nil, missing: MissingThread(kind: .short, error: error))
        case (.failure(let error)?, .success(let short)?):
            content = CommentsContent(
                long: leftOut(.long, like: short), short: short, counters: nil, missing: MissingThread(kind: .long, error: error))
        case (.failure(let longError)?, .failure(let shortError)?):
            // What stopped the whole screen: a source that has no long comments (404) but could not
            // be reached for the short ones is unreachable, not "has no such thing".
            throw longError.code == .notFound ? shortError : longError
        case (let long?, nil):
            let thread = try long.get()
            content = CommentsContent(long: thread, short: leftOut(.short, like: thread), counters: nil)
        case (nil, let short?):
            let thread = try short.get()
            content = CommentsContent(long: leftOut(.long, like: thread), short: thread, counters: nil)
        case (nil, nil): preconditionFailure("init keeps at least one kind")
        }
        return CommentsContent(long: content.long, short: content.short, counters: countersPage?.extra, missing: content.missing)
    }

    /// Runs `SyncEngine.moreComments(storyID:kind:)` on the short comments; offline it fails
    /// with `.notCached` without touching the network (the archive's pages are all shown already).
    public func loadMore(storyID: Int64) async throws(SyncError) -> CommentThread {
        try await engine.moreComments(storyID: storyID, kind: .short, offline: mode == .offline)
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
