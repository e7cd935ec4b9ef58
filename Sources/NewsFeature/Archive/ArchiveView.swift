/// The sync screen, passive.
@MainActor
public protocol SyncView: AnyObject {
    /// A sync moved on; sent after every item, so a view draws only as often as it likes.
    func showProgress(_ progress: SyncProgressViewData)
    /// A sync ended; `problem` is set when something is left to do.
    func showSyncSummary(_ summary: SyncSummaryViewData)
    /// The sync failed.
    func showError(_ error: ErrorViewData)
}

/// The status screen: what the archive holds, passive.
@MainActor
public protocol ArchiveStatusView: AnyObject {
    /// What the archive holds.
    func showStatus(_ status: ArchiveStatusViewData)
    /// The archive could not be read.
    func showError(_ error: ErrorViewData)
}

/// The prune screen, passive.
@MainActor
public protocol PruneView: AnyObject {
    /// A prune ended.
    func showPruned(_ pruned: PruneViewData)
    /// The prune failed.
    func showError(_ error: ErrorViewData)
}
