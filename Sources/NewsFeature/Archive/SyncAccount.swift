import SyncEngine

/// One account of a sync's run, shared by its summary, its line on stderr and its exit status,
/// for the days' sync and the columns' alike. It sorts what the run did not get into:
/// - what failed and a new sync asks for again (`retried`: the only "失败" a summary counts);
/// - what the source answered it does not have (`notAtSource`: a new sync would not bring it);
/// - what was not tried because the network went away (`skipped`);
/// - apart, the pictures not fetched, which are extras: they never make a sync incomplete.
struct SyncAccount {
    /// Days, stories and comment threads that failed and a new sync asks for again.
    let retried: [SyncError]
    /// Days, stories and comment threads the source answered it does not have.
    let notAtSource: [SyncError]
    /// Pictures that failed, and those not tried once their hosts could not be reached.
    let picturesFailed: Int
    let picturesSkipped: Int
    /// Why the run is incomplete (its kind sets the exit status), when it is.
    let problem: ErrorViewData?
    /// What a complete run left out of its pictures, on a line of its own.
    let notice: String?

    /// - Parameter others: failures of the run's own kind beside its items (the columns of a
    ///   columns' sync), sorted as the items' are.
    init(failures: [SyncFailure], others: [SyncError] = [], skipped: Int, picturesSkipped: Int, strings: ArchiveStrings) {
        let core = others + failures.filter { !$0.isPicture }.map(\.error)
        retried = core.filter { $0.code != .notFound }
        notAtSource = core.filter { $0.code == .notFound }
        picturesFailed = failures.count - core.count
        self.picturesSkipped = picturesSkipped
        let picturesNotFetched = picturesFailed + picturesSkipped
        if !retried.isEmpty || skipped > 0 {
            // The first failure says what kind of trouble it was (and so the exit status).
            problem = ErrorViewData(
                kind: retried.first.map { ErrorKind($0.code) } ?? .unavailable,
                message: strings.incomplete(failures: retried.count, skipped: skipped)
                    + strings.picturesAlsoNotFetched(picturesNotFetched),
                detail: retried.first?.message ?? "", retryTitle: "")
            notice = nil
        } else {
            problem = nil
            notice = picturesNotFetched > 0 ? strings.picturesNotFetched(failed: picturesFailed, skipped: picturesSkipped) : nil
        }
    }

    /// All the pictures not fetched.
    var picturesNotFetched: Int { picturesFailed + picturesSkipped }

    /// What the summary says the source lacks: how many, and whether the source is a local copy.
    var notAtSourceNote: (count: Int, localCopy: Bool)? {
        notAtSource.isEmpty ? nil : (notAtSource.count, notAtSource.contains(where: ErrorPresenter.isLocalCopyAnswer))
    }
}

extension SyncFailure {
    /// Whether a picture failed: an extra, counted apart from the days and stories.
    var isPicture: Bool {
        if case .picture = item { return true }
        return false
    }
}
