/// The archive screen (sync, status, prune), passive.
@MainActor
public protocol ArchiveView: AnyObject {
    /// A sync moved on; sent after every item, so a view draws only as often as it likes.
    func showProgress(_ progress: SyncProgressViewData)
    /// A sync ended; `problem` is set when something is left to do.
    func showSyncSummary(_ summary: SyncSummaryViewData)
    func showStatus(_ status: ArchiveStatusViewData)
    func showPruned(_ pruned: PruneViewData)
    func showError(_ error: ErrorViewData)
}
