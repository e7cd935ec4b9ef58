/// Why an account could not be added, removed or used.
public struct AccountError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure; what a front maps to its messages and exit codes.
    public enum Code: String, Sendable {
        /// The name breaks the rules of `AccountName` (the caller's mistake).
        case badName
        /// An account of that name is there already.
        case exists
        /// No account of that name.
        case notFound
        /// libsodium is missing or failed, so no password can be hashed or checked.
        case noCrypto
        /// The archive failed; `syncError` says how.
        case storage
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, in one line.
    public let message: String
    /// The archive's failure behind `.storage`.
    public let syncError: SyncError?

    init(code: Code, message: String, syncError: SyncError? = nil) {
        self.code = code
        self.message = message
        self.syncError = syncError
    }

    public var description: String { message }

    static func wrapping(_ error: any Error) -> AccountError {
        if let error = error as? AccountError { return error }
        let syncError = SyncError.wrapping(error)
        return AccountError(code: .storage, message: syncError.message, syncError: syncError)
    }
}
