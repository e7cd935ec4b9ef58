#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `SyncEngine.sync(_:progress:)` should bring into the archive.
public struct SyncRequest: Sendable, Equatable {
    /// Which days: the last `n` up to the source's latest day, or every day since one.
    public enum Span: Sendable, Equatable {
        case lastDays(Int)
        case since(Day)
    }

    /// The most transfers a sync runs at once, whatever is asked.
    public static let maxConcurrency = 16

    public var span: Span
    /// Also fetch each story's detail and counters where the archive lacks them.
    public var includeDetails: Bool
    /// Transfers at once, 1 to `maxConcurrency`; 2 is polite to the source.
    public var concurrency: Int

    public init(span: Span, includeDetails: Bool = false, concurrency: Int = 2) {
        self.span = span
        self.includeDetails = includeDetails
        self.concurrency = concurrency
    }
}

/// How far a sync has come; sent after every item.
public struct SyncProgress: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case days
        case details
    }

    public let phase: Phase
    /// Items finished in this phase, failed ones included.
    public let done: Int
    /// Items this phase has to do (what the archive already had is not counted).
    public let total: Int
    public let failed: Int

    public init(phase: Phase, done: Int, total: Int, failed: Int) {
        self.phase = phase
        self.done = done
        self.total = total
        self.failed = failed
    }
}

/// One day or story a sync could not fetch; running the sync again retries it.
public struct SyncFailure: Sendable {
    public enum Item: Sendable, Equatable {
        case day(Day)
        case story(Int64)
    }

    public let item: Item
    public let error: SyncError
}

/// What a sync did.
public struct SyncSummary: Sendable {
    /// The days the sync covered, oldest to newest (the newest is the source's latest day).
    public let days: ClosedRange<Day>
    public let daysFetched: Int
    /// Complete days the archive already had, which were not fetched again.
    public let daysPresent: Int
    public let detailsFetched: Int
    /// Stories whose detail and counters the archive already had.
    public let detailsPresent: Int
    public let failures: [SyncFailure]
    /// Items not tried because the network went away (the sync gave up early); a later run does them.
    public let skipped: Int
    public let duration: Duration
}

/// What the archive holds, for `status`.
public struct ArchiveStatus: Sendable {
    public let coverage: Coverage
    public let stories: Int
    public let details: Int
    public let favorites: Int
    /// The database file and its write-ahead log.
    public let databaseBytes: Int64
    /// When a sync last finished; nil if none ever did.
    public let lastSync: Date?
}

/// What `prune(keepDays:)` removed.
public struct PruneSummary: Sendable {
    /// The oldest day kept; nil when the archive holds no days.
    public let firstKept: Day?
    public let daysRemoved: Int
    public let storiesRemoved: Int
    public let detailsRemoved: Int
    public let bytesBefore: Int64
    public let bytesAfter: Int64
}
