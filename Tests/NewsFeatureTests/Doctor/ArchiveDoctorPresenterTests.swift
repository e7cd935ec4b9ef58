import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
final class SpyArchiveDoctorView: ArchiveDoctorView {
    enum Event: Equatable {
        case health(ArchiveHealthViewData)
        case rebuilt(RebuildViewData)
        case error(ErrorViewData)
    }

    private(set) var events: [Event] = []
    func showHealth(_ health: ArchiveHealthViewData) { events.append(.health(health)) }
    func showRebuilt(_ rebuilt: RebuildViewData) { events.append(.rebuilt(rebuilt)) }
    func showError(_ error: ErrorViewData) { events.append(.error(error)) }
}

final class StubArchiveDoctorInteractor: ArchiveDoctorInteractor {
    let health: ArchiveHealth
    let rebuilt: Result<RebuildReport, SyncError>

    init(health: ArchiveHealth, rebuilt: Result<RebuildReport, SyncError> = .failure(SyncError(code: .storage, message: "no rebuild"))) {
        self.health = health
        self.rebuilt = rebuilt
    }

    func check() -> ArchiveHealth { health }
    func rebuild(force: Bool) throws(SyncError) -> RebuildReport { try rebuilt.get() }
}

@MainActor
@Suite struct ArchiveDoctorPresenterTests {
    private let view = SpyArchiveDoctorView()
    private static let path = "/tmp/archive.sqlite"
    private static let healthy = ArchiveHealth(
        exists: true, problems: [], problem: nil, dayCount: 12, userRows: ["read_mark": 3, "favorite": 2])

    private func presenter(_ interactor: StubArchiveDoctorInteractor, _ language: Language = .zh) -> ArchiveDoctorPresenter {
        ArchiveDoctorPresenter(path: Self.path, view: view, interactor: interactor, language: language)
    }

    @Test func aHealthyArchiveIsReportedLineByLine_userTablesInOrder_andNoProblem() {
        presenter(StubArchiveDoctorInteractor(health: Self.healthy)).didRequestCheck()
        guard case .health(let health)? = view.events.last else {
            Issue.record("no report")
            return
        }
        #expect(view.events.count == 1)
        #expect(health.lines == ["存档：/tmp/archive.sqlite", "完整性：正常", "日期：12 天", "收藏 2 篇", "已读标记 3 条"])
        #expect(health.userRows == [NamedCount(name: "favorite", count: 2), NamedCount(name: "read_mark", count: 3)])
        #expect(health.healthy && health.problem == nil)
    }

    @Test func aDamagedArchiveNamesItsProblems_andSaysWhatToRun() {
        let health = ArchiveHealth(
            exists: true, problems: ["row 3 missing from index"], problem: .corrupt, dayCount: nil, userRows: [:])
        presenter(StubArchiveDoctorInteractor(health: health), .en).didRequestCheck()
        guard case .health(let shown)? = view.events.last else {
            Issue.record("no report")
            return
        }
        #expect(shown.lines == ["archive: /tmp/archive.sqlite", "integrity: 1 problem", "  row 3 missing from index"])
        let errors = ErrorPresenter(language: .en)
        #expect(shown.problem == errors.message(for: .corrupt) + " (/tmp/archive.sqlite); " + errors.rebuildAdvice(for: .corrupt))
        #expect(!shown.healthy)
    }

    @Test func aMissingArchiveSaysWhatMakesOne_andIsNoProblem() {
        let missing = ArchiveHealth(exists: false, problems: [], problem: nil, dayCount: nil, userRows: [:])
        presenter(StubArchiveDoctorInteractor(health: missing)).didRequestCheck()
        guard case .health(let shown)? = view.events.last else {
            Issue.record("no report")
            return
        }
        #expect(shown.lines == [ErrorPresenter(language: .zh).noArchive(path: Self.path).message])
        #expect(!shown.exists && shown.problem == nil)
    }

    @Test func aRebuildSaysWhatItKept_andChecksTheNewArchive() {
        var report = RebuildReport(keptRows: ["favorite": 2], unreadableTables: [], backupPath: "/tmp/archive.sqlite.before-rebuild-1")
        report.keptPictures = 4
        report.keptFavoriteTexts = 2
        presenter(StubArchiveDoctorInteractor(health: Self.healthy, rebuilt: .success(report)), .en).didRequestRebuild(force: false)
        guard case .rebuilt(let rebuilt)? = view.events.last else {
            Issue.record("no rebuild")
            return
        }
        #expect(
            rebuilt.lines == [
                "rebuilt /tmp/archive.sqlite: the cache is empty and refills from the network", "kept favourites: 2",
                "kept favourites' texts: 2 (readable offline)", "kept pictures: 4 (the kept ones that pass their check)",
                "the old file is kept at /tmp/archive.sqlite.before-rebuild-1",
            ])
        #expect(rebuilt.healthy && rebuilt.keptPictures == 4 && rebuilt.backup == "/tmp/archive.sqlite.before-rebuild-1")
    }

    @Test func aRebuildThatCannotReadAUserTableChangesNothing_andNamesForce() {
        var error = SyncError(code: .storage, message: "no such table: favorite")
        error.unreadableTables = ["favorite"]
        presenter(StubArchiveDoctorInteractor(health: Self.healthy, rebuilt: .failure(error)), .en).didRequestRebuild(force: false)
        guard case .error(let shown)? = view.events.last else {
            Issue.record("no error")
            return
        }
        #expect(view.events.count == 1, "no report after a rebuild that changed nothing")
        #expect(shown.kind == .storage && shown.detail == "no such table: favorite")
        #expect(shown.message.hasPrefix("Could not read the favourites of the old archive; nothing was changed."))
    }
}
