/// A value that moves whenever the archive's content may have changed: a commit by this engine
/// or by any other connection or process on the same file. Equal tokens mean nothing was written
/// in between, so whatever was computed from the archive under one token still holds under an
/// equal one (see ``SyncEngine/archiveChangeToken()``).
public struct ArchiveChangeToken: Hashable, Sendable {
    /// SQLite's `PRAGMA data_version` of the engine's connection: moves on other connections' commits.
    let otherCommits: Int64
    /// The engine's own committed transactions: its `data_version` does not count them.
    let ownCommits: Int64
    /// Rows the engine's connection has changed, catching a write outside a transaction.
    let ownChanges: Int64
}

extension SyncEngine {
    /// The archive's change token now, nil when the archive cannot be read (then nothing can be
    /// known unchanged). Cheap: one `PRAGMA data_version` on the engine's connection, no file
    /// read beyond SQLite's shared-memory header, so a server can ask it on every request and
    /// drop what it has cached from the archive when it moves. Exact, not a timeout: it moves
    /// on every write this engine commits (a sync, a favourite, a kept picture) and on every
    /// commit of another connection or process (`newsctl sync`, `newsctl fav add`); it does
    /// not move while nothing is written.
    public func archiveChangeToken() -> ArchiveChangeToken? {
        let database = archive.database
        guard let version = try? database.dataVersion() else { return nil }
        return ArchiveChangeToken(
            otherCommits: version, ownCommits: database.committedTransactions, ownChanges: database.totalChanges)
    }
}
