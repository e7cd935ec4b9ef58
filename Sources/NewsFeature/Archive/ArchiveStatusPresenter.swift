import SyncEngine

/// The status screen's presentation logic: what the archive holds, its gaps, its pictures and the
/// stories that keep failing, worded line by line.
@MainActor
public final class ArchiveStatusPresenter {
    private weak var view: (any ArchiveStatusView)?
    private let interactor: any ArchiveInteractor
    private let shared: ArchivePresentation
    private let clock: any NewsClock
    private var strings: ArchiveStrings { shared.strings }

    /// Whether the status words the last sync's age ("刚刚"), or only its time: a static copy of
    /// the site is read long after it was written, and an age would change it at every export.
    public var wordsAge = true

    /// Whether the status tells what to run (`newsctl sync --days 7`): a web page's reader runs
    /// no command, so a static copy says only what the archive holds.
    public var wordsCommands = true

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - language: the language of the wording.
    ///   - clock: the wall clock, for the age of the last sync.
    public init(
        view: any ArchiveStatusView, interactor: any ArchiveInteractor, language: Language = .zh, clock: any NewsClock = SystemClock()
    ) {
        self.view = view
        self.interactor = interactor
        self.shared = ArchivePresentation(language: language)
        self.clock = clock
    }

    /// Shows what the archive holds, or the error.
    public func didRequestStatus() async {
        do {
            view?.showStatus(statusViewData(try await interactor.status()))
        } catch {
            view?.showError(shared.errors.viewData(for: error, subject: ""))
        }
    }

    func statusViewData(_ status: ArchiveStatus) -> ArchiveStatusViewData {
        let coverage = status.coverage
        let gaps = coverage.gaps.map {
            ArchiveStatusViewData.Gap(from: $0.lowerBound.description, to: $0.upperBound.description, days: $0.dayCount)
        }
        let lastSync = status.lastSync.map { DateFormatting.iso8601(unixTime: Int64($0.timeIntervalSince1970.rounded(.down))) }
        let lastSyncAge = status.lastSync.map { date in
            shared.dates.age(.seconds(max(0, clock.now().timeIntervalSince1970 - date.timeIntervalSince1970)))
        }
        var lines: [String] = []
        if let first = coverage.first, let last = coverage.last {
            lines.append(strings.span(shared.dates.fullDate(first), shared.dates.fullDate(last), days: coverage.dayCount))
            lines.append(
                strings.gaps(
                    coverage.gaps.map {
                        ArchiveStatusViewData.Gap(
                            from: shared.dates.fullDate($0.lowerBound), to: shared.dates.fullDate($0.upperBound), days: $0.dayCount)
                    }))
            if !coverage.partialDays.isEmpty { lines.append(strings.partial(coverage.partialDays.map(shared.dates.fullDate))) }
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
        let lastSyncTime = status.lastSync.map { shared.dates.beijingDateTime(unixTime: Int64($0.timeIntervalSince1970.rounded(.down))) }
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
                let nextTry = shared.dates.beijingDateTime(unixTime: Int64(source.nextTry.timeIntervalSince1970.rounded(.down)))
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
}
