import SyncEngine

/// The sync screen's presentation logic: progress with rate and time left, the sync summary and
/// whether it is complete.
@MainActor
public final class SyncPresenter {
    private weak var view: (any SyncView)?
    private let interactor: any ArchiveInteractor
    private let shared: ArchivePresentation
    private let now: () -> ContinuousClock.Instant
    private var phaseStarted: (phase: SyncProgress.Phase, at: ContinuousClock.Instant)?
    private var strings: ArchiveStrings { shared.strings }

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - language: the language of the wording.
    ///   - now: the monotonic time, for rates and time left.
    public init(
        view: any SyncView, interactor: any ArchiveInteractor, language: Language = .zh,
        now: @escaping () -> ContinuousClock.Instant = { .now }
    ) {
        self.view = view
        self.interactor = interactor
        self.shared = ArchivePresentation(language: language)
        self.now = now
    }

    /// Runs a sync, showing progress as it goes, then its summary (or the error that stopped it).
    public func didRequestSync(_ request: SyncRequest) async {
        // Progress arrives on the engine; the newest is enough to draw.
        let (updates, sink) = AsyncStream<SyncProgress>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let drawing = Task { @MainActor [weak self] in
            for await progress in updates { self?.didProgress(progress) }
        }
        defer { drawing.cancel() }
        do {
            let summary = try await interactor.sync(request) { sink.yield($0) }
            sink.finish()
            await drawing.value
            view?.showSyncSummary(summaryViewData(summary, request: request))
        } catch {
            sink.finish()
            await drawing.value
            var viewData = shared.errors.viewData(for: error, subject: Strings(language: strings.language).subject(nil))
            if viewData.kind == .cancelled {
                // Not only "cancelled": what it fetched is kept, and the next sync goes on from there.
                viewData = ErrorViewData(
                    kind: viewData.kind, message: strings.syncInterrupted, detail: viewData.detail, retryTitle: viewData.retryTitle)
            }
            view?.showError(viewData)
        }
    }

    /// One step of a sync (called for each progress report).
    func didProgress(_ progress: SyncProgress) {
        let time = now()
        if phaseStarted?.phase != progress.phase { phaseStarted = (progress.phase, time) }
        let elapsed = phaseStarted.map { (time - $0.at) / .seconds(1) } ?? 0
        let perSecond = elapsed >= 0.5 && progress.done > 0 ? Double(progress.done) / elapsed : nil
        let remaining = perSecond.map { Int((Double(progress.total - progress.done) / $0).rounded(.up)) }
        view?.showProgress(
            SyncProgressViewData(
                phase: strings.phase(progress.phase), done: progress.done, total: progress.total,
                fraction: progress.total == 0 ? 1 : Double(progress.done) / Double(progress.total),
                rate: perSecond.map(strings.rate) ?? "", remaining: remaining.map { strings.remaining(seconds: $0) } ?? "",
                failed: progress.failed, isFinished: progress.done >= progress.total))
    }

    func summaryViewData(_ summary: SyncSummary, request: SyncRequest) -> SyncSummaryViewData {
        let account = SyncAccount(
            failures: summary.failures, skipped: summary.skipped, picturesSkipped: summary.picturesSkipped, strings: strings)
        // Days, then stories, then comment threads, each in order: the same run lists the same way.
        func order(_ item: SyncFailure.Item) -> (Int, Int64) {
            switch item {
            case .day(let day): return (0, day.dayNumber)
            case .story(let id): return (1, id)
            case .comments(let id): return (2, id)
            case .picture: return (3, 0)
            }
        }
        // Pictures come last, in the order the sync met their failures.
        func rank(_ entry: (offset: Int, element: SyncFailure)) -> (Int, Int64, Int) {
            let (kind, id) = order(entry.element.item)
            return (kind, id, entry.offset)
        }
        let failedItems = summary.failures.enumerated().sorted { rank($0) < rank($1) }.map(\.element).map { failure in
            strings.failedItem(
                failure.item, ErrorKind(failure.error.code), httpStatus: ErrorPresenter.answeredStatus(failure.error),
                pictureReason: failure.pictureReason, localCopy: ErrorPresenter.isLocalCopyAnswer(failure.error))
        }
        let seconds = summary.duration / .seconds(1)
        let comments =
            request.includeComments
            ? CommentsSyncViewData(
                storiesFetched: summary.commentStoriesFetched, storiesPresent: summary.commentStoriesPresent,
                comments: summary.commentsFetched)
            : nil
        let pictures =
            request.includeImages
            ? PicturesSyncViewData(
                fetched: summary.picturesFetched, present: summary.picturesPresent, deferred: summary.picturesDeferred,
                failed: account.picturesFailed, evicted: summary.picturesEvicted, skipped: summary.picturesSkipped)
            : nil
        return SyncSummaryViewData(
            from: summary.days.lowerBound.description, to: summary.days.upperBound.description,
            daysFetched: summary.daysFetched, daysPresent: summary.daysPresent,
            detailsFetched: summary.detailsFetched, detailsPresent: summary.detailsPresent,
            failures: account.retried.count, failedItems: failedItems, skipped: summary.skipped, seconds: seconds,
            message: strings.syncSummary(
                from: shared.dates.fullDate(summary.days.lowerBound), to: shared.dates.fullDate(summary.days.upperBound),
                daysFetched: summary.daysFetched, daysPresent: summary.daysPresent,
                details: request.includeDetails || request.includeImages || request.retryFailed
                    ? (summary.detailsFetched, summary.detailsPresent) : nil,
                failures: account.retried.count, notAtSource: account.notAtSourceNote, seconds: seconds)
                + strings.summaryNotes(
                    deferred: summary.detailsDeferred, notAtSource: summary.detailsNotAtSource, slowedDown: summary.slowedDown,
                    comments: comments)
                + (pictures.map(strings.picturesNote) ?? "")
                + strings.failedList(failedItems),
            problem: account.problem, notice: account.notice, notAtSource: account.notAtSource.count,
            detailsDeferred: summary.detailsDeferred,
            detailsNotAtSource: summary.detailsNotAtSource,
            slowedDown: summary.slowedDown.map { SlowDownViewData(from: $0.from, to: $0.to, requests: $0.requests) },
            comments: comments, pictures: pictures)
    }
}
