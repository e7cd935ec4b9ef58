/// A running sync.
public struct SyncProgressViewData: Equatable, Sendable {
    /// "日报" while days are fetched, "文章" while details are.
    public let phase: String
    /// Items finished in this phase, failed ones included.
    public let done: Int
    /// Items this phase has to do.
    public let total: Int
    /// 0…1.
    public let fraction: Double
    /// "42 /秒"; empty until there is a rate to tell.
    public let rate: String
    /// "剩余 0:28"; empty until it can be estimated.
    public let remaining: String
    /// Items of this phase that failed so far.
    public let failed: Int
    /// True once every item of the phase is done.
    public let isFinished: Bool

    /// A snapshot of a running sync, each value as given: `fraction` is not worked out from `done`
    /// and `total`.
    public init(
        phase: String, done: Int, total: Int, fraction: Double, rate: String, remaining: String,
        failed: Int, isFinished: Bool
    ) {
        self.phase = phase
        self.done = done
        self.total = total
        self.fraction = fraction
        self.rate = rate
        self.remaining = remaining
        self.failed = failed
        self.isFinished = isFinished
    }
}

/// What a sync did.
public struct SyncSummaryViewData: Equatable, Sendable {
    /// "20230422".
    public let from: String
    /// The newest day covered, "20230422".
    public let to: String
    /// Days fetched.
    public let daysFetched: Int
    /// Complete days the archive already had.
    public let daysPresent: Int
    /// Stories whose detail or counters were fetched.
    public let detailsFetched: Int
    /// Stories whose detail and counters the archive already had.
    public let detailsPresent: Int
    /// Days, stories and comment threads that failed and a new sync asks again.
    public let failures: Int
    /// Days, stories and comment threads the source (or the local copy) answered it does not
    /// have: a new sync would not bring them.
    public let notAtSource: Int
    /// "文章 9759302：来源没有（HTTP 404）" for each item not fetched (failed, not at the
    /// source, pictures), all of them.
    public let failedItems: [String]
    /// Days, stories and comment threads not tried because the network went away.
    public let skipped: Int
    /// How long the sync took.
    public let seconds: Double
    /// The one summary line.
    public let message: String
    /// Why the sync is not complete, when it is not; the kind sets the exit status.
    public let problem: ErrorViewData?
    /// A complete sync's word about what it could not bring (pictures not fetched); nil when
    /// there is nothing to say or there is a `problem`. It does not change the exit status.
    public let notice: String?
    /// Stories left alone because their detail answered 5xx recently.
    public let detailsDeferred: Int
    /// Stories left alone because the source answered 404 for their detail within the month.
    public let detailsNotAtSource: Int
    /// What happened to the pictures, when the sync fetched them.
    public let pictures: PicturesSyncViewData?
    /// When the source asked to slow down: the transfers at once before and after.
    public let slowedDown: SlowDownViewData?
    /// What a sync with comments brought in; nil when it was not asked for them.
    public let comments: CommentsSyncViewData?

    /// Each value as given; what a sync may not have to report (`notice`, `notAtSource`,
    /// `detailsDeferred`, `detailsNotAtSource`, `slowedDown`, `comments`, `pictures`) defaults to
    /// nil or 0.
    public init(
        from: String, to: String, daysFetched: Int, daysPresent: Int, detailsFetched: Int, detailsPresent: Int,
        failures: Int, failedItems: [String], skipped: Int, seconds: Double, message: String, problem: ErrorViewData?,
        notice: String? = nil, notAtSource: Int = 0, detailsDeferred: Int = 0, detailsNotAtSource: Int = 0,
        slowedDown: SlowDownViewData? = nil,
        comments: CommentsSyncViewData? = nil, pictures: PicturesSyncViewData? = nil
    ) {
        self.comments = comments
        self.pictures = pictures
        self.detailsDeferred = detailsDeferred
        self.detailsNotAtSource = detailsNotAtSource
        self.slowedDown = slowedDown
        self.from = from
        self.to = to
        self.daysFetched = daysFetched
        self.daysPresent = daysPresent
        self.detailsFetched = detailsFetched
        self.detailsPresent = detailsPresent
        self.failures = failures
        self.failedItems = failedItems
        self.skipped = skipped
        self.seconds = seconds
        self.message = message
        self.problem = problem
        self.notice = notice
        self.notAtSource = notAtSource
    }
}

/// What the archive holds.
public struct ArchiveStatusViewData: Equatable, Sendable {
    /// A run of days missing between cached ones.
    public struct Gap: Equatable, Sendable {
        /// "20230301".
        public let from: String
        /// The last missing day, "20230305".
        public let to: String
        /// How many days are missing.
        public let days: Int
    }

    /// "20130520", or nil for an empty archive.
    public let first: String?
    /// The newest cached day, or nil for an empty archive.
    public let last: String?
    /// Cached days.
    public let days: Int
    /// Runs of missing days between the first and the last.
    public let gaps: [Gap]
    /// Cached days that are still partial, "20230422".
    public let partialDays: [String]
    /// Stories in the archive.
    public let stories: Int
    /// Story details in the archive.
    public let details: Int
    /// Stories the user keeps.
    public let favorites: Int
    /// The database file and its write-ahead log, in bytes.
    public let databaseBytes: Int64
    /// "2023-04-25T08:00:00Z", or nil before the first sync.
    public let lastSync: String?
    /// Whether that sync was interrupted before it finished (what it fetched is kept).
    public let lastSyncInterrupted: Bool
    /// The same, as lines for a person: "日期：…", "缺口：无", "大小：12.4 MB"…
    public let lines: [String]
    /// Stories whose detail answered 5xx, the next to be tried first.
    public let failingStories: [FailingStoryViewData]
    /// The pictures kept (and their bytes), missing and failing.
    public let pictures: PicturesStatusViewData
}

/// A sync that lowered its concurrency because the source asked it to.
public struct SlowDownViewData: Equatable, Sendable {
    /// Transfers at once before.
    public let from: Int
    /// Transfers at once for the rest of the run.
    public let to: Int
    /// How many answers asked to slow down.
    public let requests: Int

    /// The concurrency before (`from`) and after (`to`) the slow-down, and how many answers asked
    /// for it.
    public init(from: Int, to: Int, requests: Int) {
        self.from = from
        self.to = to
        self.requests = requests
    }
}

/// A story whose detail answered 5xx, for `status`.
public struct FailingStoryViewData: Equatable, Sendable {
    /// The story's id.
    public let id: Int64
    /// Its title, when known.
    public let title: String?
    /// 5xx answers in a row.
    public let failures: Int
    /// The HTTP status of the last one.
    public let lastStatus: Int
    /// RFC 3339, UTC.
    public let lastFailure: String
    /// RFC 3339, UTC: when a sync asks for it again.
    public let nextTry: String
}

/// What a prune removed.
public struct PruneViewData: Equatable, Sendable {
    /// The oldest day kept, "20230323"; nil when the archive holds no days.
    public let firstKept: String?
    /// Days dropped.
    public let daysRemoved: Int
    /// Stories dropped with them.
    public let storiesRemoved: Int
    /// Story details dropped.
    public let detailsRemoved: Int
    /// The archive's size before, in bytes.
    public let bytesBefore: Int64
    /// The archive's size after, in bytes.
    public let bytesAfter: Int64
    /// Pictures dropped with the days (those a kept day or favourite uses stay).
    public var picturesRemoved = 0
    /// The one line for a person.
    public let message: String
}

/// What a sync with pictures did with them.
public struct PicturesSyncViewData: Equatable, Sendable {
    /// Pictures fetched and kept.
    public let fetched: Int
    /// Pictures the archive already had.
    public let present: Int
    /// Pictures not asked for: they failed recently and wait for their next try.
    public let deferred: Int
    /// Pictures that failed or were refused (named in `SyncSummaryViewData.failedItems`).
    public let failed: Int
    /// Pictures evicted to keep within the picture budget.
    public let evicted: Int
    /// Pictures not tried because their hosts could not be reached.
    public let skipped: Int

    /// Each count as given; `evicted` and `skipped` default to 0.
    public init(fetched: Int, present: Int, deferred: Int, failed: Int, evicted: Int = 0, skipped: Int = 0) {
        self.skipped = skipped
        self.fetched = fetched
        self.present = present
        self.deferred = deferred
        self.failed = failed
        self.evicted = evicted
    }
}

/// The archive's pictures, for `status`.
public struct PicturesStatusViewData: Equatable, Sendable {
    /// Pictures kept.
    public var kept = 0
    /// Their bytes in all.
    public var bytes: Int64 = 0
    /// Pictures the stories use that the archive does not keep (failing ones included), as far
    /// as a sync with pictures listed them; not those the budget evicted.
    public var missing = 0
    /// Pictures the budget evicted.
    public var evicted = 0
    /// Pictures whose last fetch failed or was refused.
    public var failing = 0
    /// The failing pictures by reason, the commonest first.
    public var failingReasons: [PictureReasonViewData] = []
    /// The budget in force, in bytes; nil when the archive did not say.
    public var budget: Int64?

    /// Every count defaults to 0 and `failingReasons` to none, so `PicturesStatusViewData()` is an
    /// archive without pictures; `budget` is set apart.
    public init(kept: Int = 0, bytes: Int64 = 0, missing: Int = 0, failing: Int = 0, failingReasons: [PictureReasonViewData] = []) {
        self.kept = kept
        self.bytes = bytes
        self.missing = missing
        self.failing = failing
        self.failingReasons = failingReasons
    }
}

/// What a sync with comments brought in.
public struct CommentsSyncViewData: Equatable, Sendable {
    /// Stories whose comments were read to the end by this sync.
    public let storiesFetched: Int
    /// Stories whose comments the archive had already read to the end.
    public let storiesPresent: Int
    /// Comments brought in.
    public let comments: Int

    /// The stories read to the end by this sync and before it, and the comments brought in.
    public init(storiesFetched: Int, storiesPresent: Int, comments: Int) {
        self.storiesFetched = storiesFetched
        self.storiesPresent = storiesPresent
        self.comments = comments
    }
}

/// How many failing pictures failed for one reason, for `status`.
public struct PictureReasonViewData: Equatable, Sendable {
    /// A stable name for scripts: "http_404", "not_a_picture", "too_large", "too_many_pixels"…
    public let code: String
    /// The reason in the chosen language: "图片不存在（HTTP 404）".
    public let text: String
    /// Failing pictures whose last fetch failed for it.
    public let count: Int

    /// One reason as its stable `code` and its worded `text`, with how many pictures failed for it.
    public init(code: String, text: String, count: Int) {
        self.code = code
        self.text = text
        self.count = count
    }
}
