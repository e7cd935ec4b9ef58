#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a page came from and how much to trust its freshness.
public struct Provenance: Equatable, Sendable {
    /// Where a page was read from.
    public enum Origin: String, Sendable {
        /// Fetched from the source during this read (then written and read back).
        case network
        /// Served from the local archive.
        case cache
    }

    /// Why a cached page was served although it may be out of date.
    public enum StaleReason: String, Sendable {
        /// The network could not be reached, or reading was offline by request.
        case offline
        /// The source answered with an HTTP error.
        case serverError = "server_error"
        /// The source answered that it no longer has it (HTTP 404).
        case notFound = "not_found"
        /// The source answered with data that failed validation.
        case badResponse = "bad_response"
        /// A fresh page was fetched but could not be saved (disk full, database locked too long).
        case storageError = "storage_error"
    }

    /// Whether the page came from the network during this read or from the archive.
    public let origin: Origin
    /// When the page was fetched from the source.
    public let fetchedAt: Date
    /// How old the page was at the time of the read.
    public let age: Duration
    /// A final day never changes again; the latest day is partial until the source moves on.
    public let isFinal: Bool
    /// Set when the page is served from the cache although it is not known to be current.
    public let staleReason: StaleReason?

    /// True when `staleReason` is set: the page may be out of date.
    public var isStale: Bool { staleReason != nil }

    /// Creates a provenance; the engine makes these, tests and previews may too.
    public init(origin: Origin, fetchedAt: Date, age: Duration, isFinal: Bool, staleReason: StaleReason?) {
        self.origin = origin
        self.fetchedAt = fetchedAt
        self.age = age
        self.isFinal = isFinal
        self.staleReason = staleReason
    }
}
