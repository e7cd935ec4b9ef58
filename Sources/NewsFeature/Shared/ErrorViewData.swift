import SyncEngine

/// What kind of failure a screen reports; fronts map it to their own codes.
public enum ErrorKind: String, Sendable, Equatable {
    /// The source is unreachable or failed, and nothing is cached.
    case unavailable
    /// The source answered that it has no such story or day (HTTP 404), and nothing is cached.
    case notFound
    /// Offline, and the archive does not hold the page.
    case notCached
    /// The source sent bad data, and nothing is cached.
    case badData
    /// The day asked for is later than the source's latest day.
    case notPublished
    /// The local database failed.
    case storage
    /// Shown as asked, from the network, but the local archive could not keep it (read-only,
    /// disk full): a warning beside what is shown, not a failure of the command.
    case notSaved
    /// The work was cancelled.
    case cancelled
    /// The user's input cannot be used (an empty search query).
    case invalidInput
    /// The source has no sections (栏目) at all.
    case noSections

    init(_ code: SyncError.Code) {
        switch code {
        case .unavailable: self = .unavailable
        case .notFound: self = .notFound
        case .notCached: self = .notCached
        case .badResponse: self = .badData
        case .notPublished: self = .notPublished
        case .storage: self = .storage
        case .cancelled: self = .cancelled
        case .invalidQuery: self = .invalidInput
        case .noSections: self = .noSections
        }
    }
}

/// An error state with a way to retry.
public struct ErrorViewData: Equatable, Sendable {
    /// What kind of failure it is; fronts map it to their exit codes.
    public let kind: ErrorKind
    /// One short line for the user.
    public let message: String
    /// The technical cause, for a verbose mode.
    public let detail: String
    /// "重试" or "Retry".
    public let retryTitle: String

    /// Each part as given; `kind` is what fronts map to their exit codes.
    public init(kind: ErrorKind, message: String, detail: String, retryTitle: String) {
        self.kind = kind
        self.message = message
        self.detail = detail
        self.retryTitle = retryTitle
    }
}
