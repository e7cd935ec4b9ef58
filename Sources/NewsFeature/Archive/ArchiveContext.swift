/// The archive screen's context: its presenter, view and interactor reached from one place.
/// Made and bound by `ArchivePresenter.init`; the references back are weak.
@MainActor
public final class ArchiveContext {
    /// The screen's presenter, which owns this context.
    public private(set) weak var presenter: ArchivePresenter?
    /// The screen's view.
    public private(set) weak var view: (any ArchiveView)?
    /// The screen's use cases.
    public let interactor: any ArchiveInteractor
    let strings: ArchiveStrings
    let dates: DateFormatting
    let errors: ErrorPresenter

    init(view: any ArchiveView, interactor: any ArchiveInteractor, language: Language) {
        self.view = view
        self.interactor = interactor
        self.strings = ArchiveStrings(language: language)
        self.dates = DateFormatting(language: language)
        self.errors = ErrorPresenter(language: language)
    }

    func bind(presenter: ArchivePresenter) {
        self.presenter = presenter
    }
}
