/// Why the engine could not give a page.
public struct SyncError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; what a front maps to its messages and exit codes.
    public enum Code: String, Sendable {
        /// The source could not be reached or answered with an HTTP error, and nothing is cached.
        case unavailable
        /// The source answered that it has no such thing (HTTP 404, or a `file://` base URL's
        /// missing file), and nothing is cached.
        case notFound
        /// A cache-only read of a page the archive does not hold.
        case notCached
        /// The source answered with bad data, and nothing is cached.
        case badResponse
        /// The day asked for is later than the source's latest day.
        case notPublished
        /// The local database failed (corrupt, unwritable, not a database…).
        case storage
        /// The read was cancelled.
        case cancelled
        /// A search query or an argument the engine cannot use (the caller's mistake).
        case invalidQuery
        /// The source has no sections (栏目) at all: it answered `sections` with 404 or 401.
        /// Remembered for a day (`SyncEngine.noSectionsMemory`), so the source is not asked again
        /// and again; a network-first read asks anyway.
        case noSections
    }

    /// The kind of failure.
    public let code: Code
    /// The remote failure behind `.unavailable` and `.badResponse`.
    public let remoteError: RemoteError?
    /// The SQLite failure behind `.storage`.
    public let databaseError: DatabaseError?
    /// What went wrong, in one line.
    public let message: String
    /// For a refused `ArchiveMaintenance.rebuild`: the user tables that could not be read from the
    /// old file (`force` rebuilds without them; their rows stay in the backup). Empty otherwise.
    public internal(set) var unreadableTables: [String] = []
    /// For `.noSections`: the base URL of the source that has none (the first configured), so
    /// a front names what was asked rather than the service it copies. Nil otherwise.
    public internal(set) var baseURL: String?

    init(code: Code, remoteError: RemoteError? = nil, databaseError: DatabaseError? = nil, message: String) {
        self.code = code
        self.remoteError = remoteError
        self.databaseError = databaseError
        self.message = message
    }

    public var description: String { message }

    /// A `.notFound` for the source's latest page: every base URL that has an API answers that
    /// one, so the base URL is most likely wrong (missing its `/api/4`, say).
    public var isLatestPageMissing: Bool {
        code == .notFound && remoteError?.url.hasSuffix("/news/latest") == true
    }

    static func wrapping(_ error: any Error) -> SyncError {
        switch error {
        case let error as SyncError:
            return error
        case let error as RemoteError:
            let code: Code
            switch error.code {
            case _ where error.isNotFound: code = .notFound
            case .unreachable, .httpStatus: code = .unavailable
            case .badResponse: code = .badResponse
            case .notPublished: code = .notPublished
            case .cancelled: code = .cancelled
            }
            return SyncError(code: code, remoteError: error, message: error.description)
        case let error as DatabaseError:
            return SyncError(code: .storage, databaseError: error, message: error.description)
        case let unsaved as SyncEngine.UnsavedFetch:
            return wrapping(unsaved.error)
        case is CancellationError:
            return SyncError(code: .cancelled, message: "cancelled")
        default:
            return SyncError(code: .storage, message: "\(error)")
        }
    }
}
