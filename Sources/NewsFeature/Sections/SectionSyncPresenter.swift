import SyncEngine

/// The use case of `sync --sections`.
public protocol SectionSyncInteractor: Sendable {
    /// Brings the columns, and what `request` asks of their stories, into the archive.
    func syncSections(_ ids: [Int64], request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError)
        -> SectionSyncSummary
}

/// `SyncEngine.syncSections` as the interactor.
public struct DefaultSectionSyncInteractor: SectionSyncInteractor {
    private let engine: SyncEngine

    /// The use case over `engine`.
    public init(engine: SyncEngine) {
        self.engine = engine
    }

    /// Runs `SyncEngine.syncSections(_:request:progress:)`.
    public func syncSections(_ ids: [Int64], request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void)
        async throws(SyncError)
        -> SectionSyncSummary
    {
        try await engine.syncSections(ids, request: request, progress: progress)
    }
}

/// A sync of columns, passive.
@MainActor
public protocol SectionSyncView: AnyObject {
    /// How far the sync has got.
    func showProgress(_ progress: SyncProgressViewData)
    /// What the sync did.
    func showSummary(_ summary: SectionSyncSummaryViewData)
    /// The sync could not run (or was interrupted).
    func showError(_ error: ErrorViewData)
}

/// What a sync of columns did.
public struct SectionSyncSummaryViewData: Equatable, Sendable {
    /// The columns asked for.
    public let sections: [Int64]
    /// Stories the columns list in the archive now.
    public let stories: Int
    /// Pages read from the source.
    public let pagesFetched: Int
    /// Stories whose detail or counters were fetched, and those already there.
    public let detailsFetched: Int
    /// Stories whose detail and counters the archive had already.
    public let detailsPresent: Int
    /// Comments brought in.
    public let commentsFetched: Int
    /// Pictures fetched.
    public let picturesFetched: Int
    /// "栏目 77：知乎日报没有栏目 77（HTTP 404）", "文章 9759302：…" for each failure.
    public let failedItems: [String]
    /// The summary, with the failures on lines of their own.
    public let message: String
    /// Why the sync is not complete, when it is not; the kind sets the exit status.
    public let problem: ErrorViewData?
    /// What a complete sync left out of its pictures, on a line of its own (stderr).
    public let notice: String?

    /// Each count as given; `problem` nil for a complete sync, `notice` (defaulting to nil) what it
    /// left out.
    public init(
        sections: [Int64], stories: Int, pagesFetched: Int, detailsFetched: Int, detailsPresent: Int, commentsFetched: Int,
        picturesFetched: Int, failedItems: [String], message: String, problem: ErrorViewData?, notice: String? = nil
    ) {
        self.sections = sections
        self.stories = stories
        self.pagesFetched = pagesFetched
        self.detailsFetched = detailsFetched
        self.detailsPresent = detailsPresent
        self.commentsFetched = commentsFetched
        self.picturesFetched = picturesFetched
        self.failedItems = failedItems
        self.message = message
        self.problem = problem
        self.notice = notice
    }
}

/// The presentation logic of `sync --sections`.
@MainActor
public final class SectionSyncPresenter {
    private weak var view: (any SectionSyncView)?
    private let interactor: any SectionSyncInteractor
    private let strings: Strings
    private let archiveStrings: ArchiveStrings
    private let errors: ErrorPresenter

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the sync.
    ///   - language: the language of the wording.
    public init(view: any SectionSyncView, interactor: any SectionSyncInteractor, language: Language = .zh) {
        self.view = view
        self.interactor = interactor
        strings = Strings(language: language)
        archiveStrings = ArchiveStrings(language: language)
        errors = ErrorPresenter(language: language)
    }

    /// Runs the sync, showing its progress, then what it did or why it could not.
    public func didRequestSync(_ ids: [Int64], request: SyncRequest) async {
        let (updates, sink) = AsyncStream<SyncProgress>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let drawing = Task { @MainActor [weak self] in
            for await progress in updates { self?.didProgress(progress) }
        }
        defer { drawing.cancel() }
        do {
            let summary = try await interactor.syncSections(ids, request: request) { sink.yield($0) }
            sink.finish()
            await drawing.value
            view?.showSummary(viewData(summary))
        } catch {
            sink.finish()
            await drawing.value
            var viewData = errors.viewData(for: error, subject: strings.sectionsSubject)
            if viewData.kind == .cancelled {
                viewData = ErrorViewData(
                    kind: viewData.kind, message: archiveStrings.syncInterrupted, detail: viewData.detail, retryTitle: viewData.retryTitle)
            }
            view?.showError(viewData)
        }
    }

    private func didProgress(_ progress: SyncProgress) {
        view?.showProgress(
            SyncProgressViewData(
                phase: archiveStrings.phase(progress.phase), done: progress.done, total: progress.total,
                fraction: progress.total == 0 ? 1 : Double(progress.done) / Double(progress.total), rate: "", remaining: "",
                failed: progress.failed, isFinished: progress.done >= progress.total))
    }

    private func viewData(_ summary: SectionSyncSummary) -> SectionSyncSummaryViewData {
        let sectionLines = summary.sectionFailures.map { failure in
            strings.sectionSubject(failure.id) + (strings.language == .zh ? "：" : ": ")
                + errors.viewData(for: failure.error, subject: strings.sectionSubject(failure.id)).message
        }
        let itemLines = summary.failures.map { failure in
            archiveStrings.failedItem(
                failure.item, ErrorKind(failure.error.code), httpStatus: ErrorPresenter.answeredStatus(failure.error),
                pictureReason: failure.pictureReason, localCopy: ErrorPresenter.isLocalCopyAnswer(failure.error))
        }
        let failed = sectionLines + itemLines
        // The days' account, with the columns' own failures among the rest: a column that failed
        // is asked for again; one asked for by id that the source lacks is the sync's problem
        // (exit 66) when nothing else is, and its line then says what pictures were not fetched.
        let account = SyncAccount(
            failures: summary.failures, others: summary.sectionFailures.map(\.error), skipped: summary.skipped,
            picturesSkipped: summary.picturesSkipped, strings: archiveStrings)
        var problem = account.problem
        var notice = account.notice
        if problem == nil, let first = summary.sectionFailures.first(where: { $0.error.code == .notFound }) {
            let lacking = errors.viewData(for: first.error, subject: strings.sectionSubject(first.id))
            problem = ErrorViewData(
                kind: lacking.kind, message: lacking.message + archiveStrings.picturesAlsoNotFetched(account.picturesNotFetched),
                detail: lacking.detail, retryTitle: lacking.retryTitle)
            notice = nil
        }
        let seconds = summary.duration / .seconds(1)
        return SectionSyncSummaryViewData(
            sections: summary.sections, stories: summary.stories, pagesFetched: summary.pagesFetched,
            detailsFetched: summary.detailsFetched, detailsPresent: summary.detailsPresent, commentsFetched: summary.commentsFetched,
            picturesFetched: summary.picturesFetched, failedItems: failed,
            message: strings.sectionSyncSummary(
                sections: summary.sections, stories: summary.stories, pages: summary.pagesFetched,
                details: (summary.detailsFetched, summary.detailsPresent), comments: summary.commentsFetched,
                pictures: (summary.picturesFetched, account.picturesNotFetched),
                failures: account.retried.count, notAtSource: account.notAtSourceNote, seconds: seconds)
                + archiveStrings.failedList(failed),
            problem: problem, notice: notice)
    }
}
