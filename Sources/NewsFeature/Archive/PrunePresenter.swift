import SyncEngine

/// The prune screen's presentation logic: what went and what stays.
@MainActor
public final class PrunePresenter {
    private weak var view: (any PruneView)?
    private let interactor: any ArchiveInteractor
    private let shared: ArchivePresentation
    private var strings: ArchiveStrings { shared.strings }

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - language: the language of the wording.
    public init(view: any PruneView, interactor: any ArchiveInteractor, language: Language = .zh) {
        self.view = view
        self.interactor = interactor
        self.shared = ArchivePresentation(language: language)
    }

    /// Drops days older than the newest `keepDays` and shows what went, or the error.
    public func didRequestPrune(keepDays: Int) async {
        do {
            let pruned = try await interactor.prune(keepDays: keepDays)
            let message =
                pruned.firstKept.map {
                    strings.pruned(
                        days: pruned.daysRemoved, stories: pruned.storiesRemoved, details: pruned.detailsRemoved,
                        firstKept: shared.dates.fullDate($0), before: pruned.bytesBefore, after: pruned.bytesAfter)
                } ?? strings.nothingToPrune
            var viewData = PruneViewData(
                firstKept: pruned.firstKept?.description, daysRemoved: pruned.daysRemoved, storiesRemoved: pruned.storiesRemoved,
                detailsRemoved: pruned.detailsRemoved, bytesBefore: pruned.bytesBefore, bytesAfter: pruned.bytesAfter,
                message: message + (pruned.picturesRemoved > 0 ? strings.picturesPruned(pruned.picturesRemoved) : ""))
            viewData.picturesRemoved = pruned.picturesRemoved
            view?.showPruned(viewData)
        } catch {
            view?.showError(shared.errors.viewData(for: error, subject: ""))
        }
    }
}
