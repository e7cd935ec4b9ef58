#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `SyncEngine.sync(_:progress:)` should bring into the archive.
public struct SyncRequest: Sendable, Equatable {
    /// Which days: the last `n` up to the source's latest day, or every day since one.
    public enum Span: Sendable, Equatable {
        /// The last `n` days, the source's latest day included.
        case lastDays(Int)
        /// Every day from this one (or the first issue, if later) to the source's latest day.
        case since(Day)
    }

    /// The most transfers a sync runs at once, whatever is asked.
    public static let maxConcurrency = 16

    /// Which days to bring in.
    public var span: Span
    /// Also fetch each story's detail and counters where the archive lacks them.
    public var includeDetails: Bool
    /// Transfers at once, 1 to `maxConcurrency`; 2 is polite to the source.
    public var concurrency: Int
    /// Ask again now for the stories whose detail answered 5xx (`ArchiveStatus.failingStories`),
    /// on any day, instead of leaving each alone until its next try.
    public var retryFailed: Bool
    /// Also fetch every story's long and short comments, every page, where the archive has not
    /// read them to the end (with details; a thread read in part goes on from its last comment).
    public var includeComments: Bool
    /// Also fetch the pictures of the span's stories the archive lacks (their thumbnails,
    /// banners, headline and numbered body pictures; with details, which name the last two),
    /// each once, every answer checked by `PictureCheck` before it is kept.
    public var includeImages: Bool
    /// The most bytes the archive's pictures may weigh after this sync; nil for the engine's
    /// `Configuration.pictureBudget`. The archive remembers it: later syncs (and `status`) keep
    /// to it until another sync names one.
    public var pictureBudget: Int64?

    /// A request for `span`; details and pictures off and two transfers at once unless asked.
    public init(
        span: Span, includeDetails: Bool = false, concurrency: Int = 2, retryFailed: Bool = false, includeComments: Bool = false,
        includeImages: Bool = false
    ) {
        self.includeImages = includeImages
        self.span = span
        self.includeDetails = includeDetails
        self.concurrency = concurrency
        self.retryFailed = retryFailed
        self.includeComments = includeComments
    }
}

/// How far a sync has come; sent after every item.
public struct SyncProgress: Sendable, Equatable {
    /// What a sync is doing.
    public enum Phase: Sendable, Equatable {
        /// Fetching days' story lists.
        case days
        /// Fetching stories' details and counters.
        case details
        /// Fetching stories' long and short comments.
        case comments
        /// Fetching stories' pictures.
        case pictures
        /// Reading columns' (栏目) pages (`SyncEngine.syncSections`): one item per column.
        case sections
    }

    /// The phase this progress is about.
    public let phase: Phase
    /// Items finished in this phase, failed ones included.
    public let done: Int
    /// Items this phase has to do (what the archive already had is not counted).
    public let total: Int
    /// Items of this phase that failed so far.
    public let failed: Int

    /// How far a phase has got: `done` of its `total` items, the `failed` ones included.
    public init(phase: Phase, done: Int, total: Int, failed: Int) {
        self.phase = phase
        self.done = done
        self.total = total
        self.failed = failed
    }
}

/// One day or story a sync could not fetch; running the sync again retries it, except what the
/// source answered it does not have (`SyncError.Code.notFound`), which is not resumable.
public struct SyncFailure: Sendable {
    /// What failed: a day's list or a story's detail or counters.
    public enum Item: Sendable, Equatable {
        /// The story list of a day.
        case day(Day)
        /// The detail or counters of a story, by id.
        case story(Int64)
        /// The comments of a story, by id; what came before the failure is kept.
        case comments(Int64)
        /// A picture, by its key (`PictureKey.value`): the answer failed or was refused
        /// (`SyncError.message` says why); the next sync asks again after the back-off that
        /// failing stories get.
        case picture(String)
    }

    /// The day or story that failed.
    public let item: Item
    /// Why it failed: always a remote failure (a local one ends the sync and is thrown).
    public let error: SyncError
}

/// What a sync did.
public struct SyncSummary: Sendable {
    /// The days the sync covered, oldest to newest (the newest is the source's latest day).
    public let days: ClosedRange<Day>
    /// Days fetched, the source's latest day included.
    public let daysFetched: Int
    /// Complete days the archive already had, which were not fetched again.
    public let daysPresent: Int
    /// Stories whose detail or counters were fetched.
    public let detailsFetched: Int
    /// Stories whose detail and counters the archive already had.
    public let detailsPresent: Int
    /// Every day and story that failed; running the sync again retries them, except those the
    /// source does not have (`.notFound`: a story's is left alone for a month).
    public let failures: [SyncFailure]
    /// Days, stories and comment threads not tried because the network went away (the sync gave
    /// up early); a later run does them. Pictures not tried are `picturesSkipped`.
    public let skipped: Int
    /// How long the sync took.
    public let duration: Duration
    /// Stories not asked for because their detail answered 5xx recently (each is left alone for
    /// a while after its last failure); `SyncRequest.retryFailed` asks for them anyway.
    public internal(set) var detailsDeferred = 0
    /// Stories not asked for because the source answered 404 for their detail within the last
    /// month (it does not have them); `SyncRequest.retryFailed` asks for them anyway.
    public internal(set) var detailsNotAtSource = 0
    /// When the source asked to slow down (429, or a 403 saying the requests were too frequent),
    /// the concurrency the sync went on with; nil when it was not asked.
    public internal(set) var slowedDown: SyncSlowDown?
    /// Stories whose comments this sync read to the end (`SyncRequest.includeComments`), or, for a
    /// thread longer than a sync reads of one story (1,000 short comments), as far as that.
    public internal(set) var commentStoriesFetched = 0
    /// Comments this sync brought in.
    public internal(set) var commentsFetched = 0
    /// Stories whose comments the archive had already read to the end.
    public internal(set) var commentStoriesPresent = 0
    /// Pictures this sync fetched and kept (`SyncRequest.includeImages`).
    public internal(set) var picturesFetched = 0
    /// Pictures of the span the archive already had.
    public internal(set) var picturesPresent = 0
    /// Pictures not asked for because they failed recently (each is left alone for a while after
    /// its last failure, as a failing story is); `SyncRequest.retryFailed` asks for them anyway.
    public internal(set) var picturesDeferred = 0
    /// Pictures evicted to keep within the picture budget, least recently read first. Later
    /// syncs do not fetch them again; `SyncEngine.picture(url:policy:)` does.
    public internal(set) var picturesEvicted = 0
    /// Pictures not tried because their hosts could not be reached (the picture phase gave up
    /// early after a run of failures to connect); a later sync asks for them again. Pictures
    /// are extras: the days and stories are synced whatever these count.
    public internal(set) var picturesSkipped = 0
}

/// A sync that lowered its concurrency because the source asked it to.
public struct SyncSlowDown: Sendable, Equatable {
    /// Transfers at once before the first request to slow down.
    public let from: Int
    /// Transfers at once for the rest of the run.
    public let to: Int
    /// How many answers asked to slow down.
    public let requests: Int

    /// A slow-down as a sync reports it; tests make these too.
    public init(from: Int, to: Int, requests: Int) {
        self.from = from
        self.to = to
        self.requests = requests
    }
}

/// A story whose detail answered 5xx or 404, which syncs leave alone until `nextTry`.
public struct FailingStory: Sendable, Equatable {
    /// The story's id.
    public let id: Int64
    /// Its title, when the archive knows it.
    public let title: String?
    /// 5xx or 404 answers in a row.
    public let failures: Int
    /// The HTTP status of the last one.
    public let lastStatus: Int
    /// When it last failed.
    public let lastFailure: Date
    /// When a sync asks for it again (after a 5xx an hour after the first failure, doubling, up to
    /// a week; after a 404 a month later).
    public let nextTry: Date

    /// A failing story as the archive reports it; tests make these too.
    public init(id: Int64, title: String?, failures: Int, lastStatus: Int, lastFailure: Date, nextTry: Date) {
        self.id = id
        self.title = title
        self.failures = failures
        self.lastStatus = lastStatus
        self.lastFailure = lastFailure
        self.nextTry = nextTry
    }
}

/// What the archive holds, for `status`.
public struct ArchiveStatus: Sendable {
    /// Which days are cached, the gaps between them, and the partial days.
    public let coverage: Coverage
    /// Stories in the archive.
    public let stories: Int
    /// Story details in the archive.
    public let details: Int
    /// Stories the user keeps.
    public let favorites: Int
    /// The database file and its write-ahead log.
    public let databaseBytes: Int64
    /// When a sync last finished, or was interrupted; nil if none ever did.
    public let lastSync: Date?
    /// Whether that sync was interrupted (Ctrl-C) before it finished: what it fetched is kept.
    public internal(set) var lastSyncInterrupted = false
    /// Stories whose detail answered 5xx or 404, the next to be tried first.
    public internal(set) var failingStories: [FailingStory] = []
    /// The pictures the archive keeps, lacks and failed to get.
    public internal(set) var pictures = PictureCounts()
}

/// The archive's pictures, for `status`: counted without reading a picture's bytes.
public struct PictureCounts: Sendable, Equatable {
    /// Pictures kept.
    public var kept = 0
    /// Their bytes in all.
    public var bytes: Int64 = 0
    /// Pictures the archive's stories use that it does not keep, failing ones included: only
    /// those a sync with pictures (`SyncRequest.includeImages`) listed, so a story synced without
    /// pictures lacks none, and not those the budget evicted (`evicted`).
    public var missing = 0
    /// Pictures the stories use that the budget evicted; syncs leave them alone, a read fetches one.
    public var evicted = 0
    /// Pictures whose last fetch failed or was refused; a sync asks for each again after a while.
    public var failing = 0
    /// The failing pictures by why their last fetch failed (their counts add up to `failing`).
    public var failingReasons: [PictureFailureReason: Int] = [:]
    /// The budget in force, in bytes (`SyncEngine.pictureBudget()`); nil where not reported.
    public var budget: Int64?

    /// Counts as the archive reports them; tests make these too.
    public init(kept: Int = 0, bytes: Int64 = 0, missing: Int = 0, failing: Int = 0) {
        self.kept = kept
        self.bytes = bytes
        self.missing = missing
        self.failing = failing
    }
}

/// What `prune(keepDays:)` removed.
public struct PruneSummary: Sendable {
    /// The oldest day kept; nil when the archive holds no days.
    public let firstKept: Day?
    /// Days dropped.
    public let daysRemoved: Int
    /// Stories dropped with them.
    public let storiesRemoved: Int
    /// Story details dropped (favourites' details stay).
    public let detailsRemoved: Int
    /// The database file and its write-ahead log before the prune.
    public let bytesBefore: Int64
    /// The same after the prune and compaction.
    public let bytesAfter: Int64
    /// Pictures dropped: those no kept day's story, banner or favourite uses any more.
    public internal(set) var picturesRemoved = 0
}

/// The base URL an archive prefers for now (`SyncEngine.preferredBaseURL()`): it answered when
/// an earlier one in the configured order did not.
public struct PreferredBaseURL: Sendable, Equatable {
    /// The API root tried first.
    public let url: String
    /// When it took over.
    public let since: Date
    /// When the configured order is tried again.
    public let until: Date
}
