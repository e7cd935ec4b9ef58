/// A running sync.
public struct SyncProgressViewData: Equatable, Sendable {
    /// "日报" while days are fetched, "文章" while details are.
    public let phase: String
    public let done: Int
    public let total: Int
    /// 0…1.
    public let fraction: Double
    /// "42 /秒"; empty until there is a rate to tell.
    public let rate: String
    /// "剩余 0:28"; empty until it can be estimated.
    public let remaining: String
    public let failed: Int
    public let isFinished: Bool

    public init(phase: String, done: Int, total: Int, fraction: Double, rate: String, remaining: String,
                failed: Int, isFinished: Bool) {
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
    public let to: String
    public let daysFetched: Int
    public let daysPresent: Int
    public let detailsFetched: Int
    public let detailsPresent: Int
    public let failures: Int
    /// "20230301: 无法连接知乎日报…" for each failure, at most a few.
    public let failedItems: [String]
    public let skipped: Int
    public let seconds: Double
    /// The one summary line.
    public let message: String
    /// Why the sync is not complete, when it is not; the kind sets the exit status.
    public let problem: ErrorViewData?

    public init(from: String, to: String, daysFetched: Int, daysPresent: Int, detailsFetched: Int, detailsPresent: Int,
                failures: Int, failedItems: [String], skipped: Int, seconds: Double, message: String, problem: ErrorViewData?) {
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
    }
}

/// What the archive holds.
public struct ArchiveStatusViewData: Equatable, Sendable {
    public struct Gap: Equatable, Sendable {
        /// "20230301".
        public let from: String
        public let to: String
        public let days: Int
    }

    /// "20130520", or nil for an empty archive.
    public let first: String?
    public let last: String?
    public let days: Int
    public let gaps: [Gap]
    public let partialDays: [String]
    public let stories: Int
    public let details: Int
    public let favorites: Int
    public let databaseBytes: Int64
    /// "2023-04-25T08:00:00Z", or nil before the first sync.
    public let lastSync: String?
    /// The same, as lines for a person: "日期：…", "缺口：无", "大小：12.4 MB"…
    public let lines: [String]
}

/// What a prune removed.
public struct PruneViewData: Equatable, Sendable {
    public let firstKept: String?
    public let daysRemoved: Int
    public let storiesRemoved: Int
    public let detailsRemoved: Int
    public let bytesBefore: Int64
    public let bytesAfter: Int64
    public let message: String
}
