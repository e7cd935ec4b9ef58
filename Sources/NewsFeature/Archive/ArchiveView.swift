/// The archive screen (sync, status, prune), passive.
@MainActor
public protocol ArchiveView: AnyObject {
    /// A sync moved on; sent after every item, so a view draws only as often as it likes.
    func showProgress(_ progress: SyncProgressViewData)
    /// A sync ended; `problem` is set when something is left to do.
    func showSyncSummary(_ summary: SyncSummaryViewData)
    /// What the archive holds.
    func showStatus(_ status: ArchiveStatusViewData)
    /// A prune ended.
    func showPruned(_ pruned: PruneViewData)
    /// A sync, status or prune failed.
    func showError(_ error: ErrorViewData)
}
