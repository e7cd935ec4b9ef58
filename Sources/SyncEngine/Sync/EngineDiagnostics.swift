/// What an engine counts of its own work, for tests to observe (`SyncEngine.diagnostics`); no
/// behaviour depends on it.
struct EngineDiagnostics {
    /// Polls of `PRAGMA data_version` while a stream of `updates(for:)` was open.
    var changePolls = 0
    /// Rereads of the watched pages after another connection wrote.
    var changeRereads = 0
    /// Checkpoints the last sync's `WALCheckpointer` ran.
    var lastSyncCheckpoints = 0
}
