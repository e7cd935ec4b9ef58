/// An account as `SyncEngine.accounts()` lists it; never its password or tokens.
public struct AccountSummary: Sendable, Equatable {
    /// The name it logs in with.
    public let name: String
    /// When it was added, in Unix seconds.
    public let createdAt: Double
    /// How many logins it has that have not ended.
    public let tokenCount: Int
}
