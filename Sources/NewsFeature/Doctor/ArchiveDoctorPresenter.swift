import SyncEngine

/// The presentation logic of `newsctl doctor`: the archive's check and its rebuild as reports,
/// and the wording of what is wrong and what to run.
@MainActor
public final class ArchiveDoctorPresenter {
    private weak var view: (any ArchiveDoctorView)?
    private let interactor: any ArchiveDoctorInteractor
    private let path: String
    private let strings: DoctorStrings
    private let errors: ErrorPresenter

    /// The budget syncs keep the pictures within until one names another (`--image-budget`).
    private static let defaultPictureBudget = SyncEngine.Configuration(databasePath: "").pictureBudget

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - path: the archive's file, as the report names it.
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - language: the language of the wording.
    public init(path: String, view: any ArchiveDoctorView, interactor: any ArchiveDoctorInteractor, language: Language = .zh) {
        self.path = path
        self.view = view
        self.interactor = interactor
        self.strings = DoctorStrings(language: language)
        self.errors = ErrorPresenter(language: language)
    }

    /// Checks the archive, changing nothing, and shows what the check found.
    public func didRequestCheck() {
        view?.showHealth(healthViewData(interactor.check()))
    }

    /// Rebuilds the archive and shows what the rebuild did, or why it changed nothing.
    public func didRequestRebuild(force: Bool) {
        let report: RebuildReport
        do {
            report = try interactor.rebuild(force: force)
        } catch {
            view?.showError(errorViewData(error))
            return
        }
        view?.showRebuilt(rebuildViewData(report, health: interactor.check()))
    }

    func healthViewData(_ health: ArchiveHealth) -> ArchiveHealthViewData {
        let userRows = health.userRows.sorted { $0.key < $1.key }.map { NamedCount(name: $0.key, count: $0.value) }
        let pictures = health.pictures.map { pictures in
            ArchiveHealthViewData.Pictures(
                kept: pictures.kept, bytes: pictures.bytes, budget: pictures.budget ?? Self.defaultPictureBudget,
                damagedCount: pictures.damagedCount,
                damaged: pictures.damaged.map {
                    .init(key: $0.key, text: String(strings.damagedPicture($0).trimmingPrefix("  ")), reason: $0.reason)
                },
                orphans: pictures.orphans)
        }
        var lines: [String] = []
        if !health.exists {
            // Reading commands refuse a missing archive (exit 66), so doctor names what makes one.
            lines.append(errors.noArchive(path: path).message)
        } else {
            let damaged = health.pictures?.damagedCount ?? 0
            lines.append(strings.archivePath(path))
            lines.append(strings.integrity(problems: health.problems.count + damaged))
            lines += health.problems.map { "  " + $0 }
            lines += health.pictures?.damaged.map(strings.damagedPicture) ?? []
            if let listed = health.pictures?.damaged.count, damaged > listed { lines.append(strings.moreDamagedPictures(damaged - listed)) }
            if let days = health.dayCount { lines.append(strings.dayCount(days)) }
            lines += userRows.map { strings.userRows($0.name, $0.count) }
            if let kept = health.pictures, let shown = pictures, kept.kept > 0 {
                lines.append(strings.pictureHealth(kept, budget: shown.budget))
            }
        }
        var problem: String?
        if health.exists, !health.isHealthy {
            let cause = health.problem ?? .corrupt
            let advice = (strings.language == .zh ? "；" : "; ") + errors.rebuildAdvice(for: cause)
            problem = errors.message(for: cause) + " (" + path + ")" + advice
        }
        return ArchiveHealthViewData(
            path: path, exists: health.exists, healthy: health.isHealthy, problems: health.problems, days: health.dayCount,
            userRows: userRows, pictures: pictures, lines: lines, problem: problem)
    }

    func rebuildViewData(_ report: RebuildReport, health: ArchiveHealth) -> RebuildViewData {
        let kept = report.keptRows.sorted { $0.key < $1.key }.map { NamedCount(name: $0.key, count: $0.value) }
        var lines = [strings.rebuilt(path)]
        lines += kept.map { strings.kept($0.name, $0.count) }
        lines += report.unreadableTables.map(strings.unreadable)
        lines.append(strings.keptFavoriteTexts(report.keptFavoriteTexts))
        lines.append(strings.keptPictures(report.keptPictures))
        if let backup = report.backupPath { lines.append(strings.backupKept(backup)) }
        return RebuildViewData(
            path: path, healthy: health.isHealthy, keptRows: kept, unreadableTables: report.unreadableTables,
            keptFavoriteTexts: report.keptFavoriteTexts, keptPictures: report.keptPictures, backup: report.backupPath, lines: lines)
    }

    private func errorViewData(_ error: SyncError) -> ErrorViewData {
        if !error.unreadableTables.isEmpty {
            // What could not be read, that nothing changed, and that --force goes on.
            return ErrorViewData(
                kind: .storage, message: strings.rebuildNeedsForce(error.unreadableTables), detail: error.message, retryTitle: "")
        }
        // The technical cause says what failed and that nothing changed; the words leave out the
        // advice to run this very command.
        let viewData = errors.viewData(for: error, subject: "")
        let words = error.databaseError.map { errors.message(for: $0.problem) } ?? viewData.message
        return ErrorViewData(
            kind: viewData.kind, message: words + ": " + (error.databaseError?.message ?? error.message), detail: viewData.detail,
            retryTitle: viewData.retryTitle)
    }
}
