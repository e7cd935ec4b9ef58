import SyncEngine

/// The archive screen's presentation logic: progress with rate and time left, the sync summary
/// and whether it is complete, the status and prune reports.
@MainActor
public final class ArchivePresenter {
    /// The screen's shared state and parts; this presenter owns it.
    public let context: ArchiveContext
    private let now: () -> ContinuousClock.Instant
    private let clock: any NewsClock
    private var phaseStarted: (phase: SyncProgress.Phase, at: ContinuousClock.Instant)?

    /// Whether the status words the last sync's age ("刚刚"), or only its time: a static copy of
    /// the site is read long after it was written, and an age would change it at every export.
    public var wordsAge = true

    /// Whether the status tells what to run (`newsctl sync --days 7`): a web page's reader runs
    /// no command, so a static copy says only what the archive holds.
    public var wordsCommands = true

    private var view: (any ArchiveView)? { context.view }
    private var strings: ArchiveStrings { context.strings }

    /// Composes the screen: its context, bound to this presenter.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - language: the language of the wording.
    ///   - now: the monotonic time, for rates and time left.
    ///   - clock: the wall clock, for the age of the last sync.
    public init(
        view: any ArchiveView, interactor: any ArchiveInteractor, language: Language = .zh,
        now: @escaping () -> ContinuousClock.Instant = { .now }, clock: any NewsClock = SystemClock()
    ) {
        context = ArchiveContext(view: view, interactor: interactor, language: language)
        self.now = now
        self.clock = clock
        context.bind(presenter: self)
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
            let summary = try await context.interactor.sync(request) { sink.yield($0) }
            sink.finish()
            await drawing.value
            view?.showSyncSummary(summaryViewData(summary, request: request))
        } catch {
            sink.finish()
            await drawing.value
            var viewData = context.errors.viewData(for: error, subject: Strings(language: context.strings.language).subject(nil))
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
                from: context.dates.fullDate(summary.days.lowerBound), to: context.dates.fullDate(summary.days.upperBound),
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

    /// Shows what the archive holds, or the error.
    public func didRequestStatus() async {
        do {
            view?.showStatus(statusViewData(try await context.interactor.status()))
        } catch {
            view?.showError(context.errors.viewData(for: error, subject: ""))
        }
    }

    func statusViewData(_ status: ArchiveStatus) -> ArchiveStatusViewData {
        let coverage = status.coverage
        let gaps = coverage.gaps.map {
            ArchiveStatusViewData.Gap(from: $0.lowerBound.description, to: $0.upperBound.description, days: $0.dayCount)
        }
        let lastSync = status.lastSync.map { DateFormatting.iso8601(unixTime: Int64($0.timeIntervalSince1970.rounded(.down))) }
        let lastSyncAge = status.lastSync.map { date in
            context.dates.age(.seconds(max(0, clock.now().timeIntervalSince1970 - date.timeIntervalSince1970)))
        }
        var lines: [String] = []
        if let first = coverage.first, let last = coverage.last {
            lines.append(strings.span(context.dates.fullDate(first), context.dates.fullDate(last), days: coverage.dayCount))
            lines.append(
                strings.gaps(
                    coverage.gaps.map {
                        ArchiveStatusViewData.Gap(
                            from: context.dates.fullDate($0.lowerBound), to: context.dates.fullDate($0.upperBound), days: $0.dayCount)
                    }))
            if !coverage.partialDays.isEmpty { lines.append(strings.partial(coverage.partialDays.map(context.dates.fullDate))) }
        } else {
            lines.append(status.stories > 0 ? strings.noDays(commands: wordsCommands) : strings.emptyArchive(commands: wordsCommands))
        }
        lines.append(strings.counts(stories: status.stories, details: status.details, favorites: status.favorites))
        lines.append(strings.size(status.databaseBytes))
        // The commonest reason first; ties in the order of their codes, so a run reads the same.
        let reasons = status.pictures.failingReasons
            .map {
                PictureReasonViewData(code: ArchiveStrings.pictureReasonCode($0.key), text: strings.pictureReason($0.key), count: $0.value)
            }
            .sorted { ($1.count, $0.code) < ($0.count, $1.code) }
        var pictures = PicturesStatusViewData(
            kept: status.pictures.kept, bytes: status.pictures.bytes, missing: status.pictures.missing, failing: status.pictures.failing,
            failingReasons: reasons)
        pictures.evicted = status.pictures.evicted
        let anyPictures = pictures != PicturesStatusViewData()
        pictures.budget = status.pictures.budget
        if anyPictures { lines.append(strings.pictures(pictures, commands: wordsCommands)) }
        if !reasons.isEmpty { lines.append(strings.failingPictures(reasons)) }
        let lastSyncTime = status.lastSync.map { context.dates.beijingDateTime(unixTime: Int64($0.timeIntervalSince1970.rounded(.down))) }
        let lastSyncWording =
            wordsAge
            ? lastSyncAge.map { age in lastSyncTime.map { strings.ageAndTime(age, $0) } ?? age } : lastSyncTime.map(strings.beijingTime)
        lines.append(strings.lastSync(lastSyncWording, interrupted: status.lastSyncInterrupted))
        let failing = status.failingStories.map { story in
            FailingStoryViewData(
                id: story.id, title: story.title.map(NewsListPresenter.oneLine), failures: story.failures,
                lastStatus: story.lastStatus, lastFailure: Self.iso8601(story.lastFailure.timeIntervalSince1970),
                nextTry: Self.iso8601(story.nextTry.timeIntervalSince1970))
        }
        if !failing.isEmpty {
            lines.append(strings.failingStories(failing.count, commands: wordsCommands))
            let listed = 20
            for (story, source) in zip(failing, status.failingStories).prefix(listed) {
                let nextTry = context.dates.beijingDateTime(unixTime: Int64(source.nextTry.timeIntervalSince1970.rounded(.down)))
                lines.append(
                    strings.failingStory(
                        id: story.id, title: story.title, status: story.lastStatus, failures: story.failures, nextTry: nextTry))
            }
            if failing.count > listed { lines.append(strings.moreFailingStories(failing.count - listed, commands: wordsCommands)) }
        }
        return ArchiveStatusViewData(
            first: coverage.first?.description, last: coverage.last?.description, days: coverage.dayCount, gaps: gaps,
            partialDays: coverage.partialDays.map(\.description), stories: status.stories, details: status.details,
            favorites: status.favorites, databaseBytes: status.databaseBytes, lastSync: lastSync,
            lastSyncInterrupted: status.lastSync != nil && status.lastSyncInterrupted, lines: lines,
            failingStories: failing, pictures: pictures)
    }

    private static func iso8601(_ unixTime: Double) -> String {
        DateFormatting.iso8601(unixTime: Int64(unixTime.rounded(.down)))
    }

    /// Drops days older than the newest `keepDays` and shows what went, or the error.
    public func didRequestPrune(keepDays: Int) async {
        do {
            let pruned = try await context.interactor.prune(keepDays: keepDays)
            let message =
                pruned.firstKept.map {
                    strings.pruned(
                        days: pruned.daysRemoved, stories: pruned.storiesRemoved, details: pruned.detailsRemoved,
                        firstKept: context.dates.fullDate($0), before: pruned.bytesBefore, after: pruned.bytesAfter)
                } ?? strings.nothingToPrune
            var viewData = PruneViewData(
                firstKept: pruned.firstKept?.description, daysRemoved: pruned.daysRemoved, storiesRemoved: pruned.storiesRemoved,
                detailsRemoved: pruned.detailsRemoved, bytesBefore: pruned.bytesBefore, bytesAfter: pruned.bytesAfter,
                message: message + (pruned.picturesRemoved > 0 ? strings.picturesPruned(pruned.picturesRemoved) : ""))
            viewData.picturesRemoved = pruned.picturesRemoved
            view?.showPruned(viewData)
        } catch {
            view?.showError(context.errors.viewData(for: error, subject: ""))
        }
    }
}
