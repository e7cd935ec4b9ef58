/// The search screen's context: its presenter, view and interactor reached from one place.
/// Made and bound by `SearchPresenter.init`; the references back are weak.
@MainActor
public final class SearchContext {
    /// The screen's presenter, which owns this context.
    public private(set) weak var presenter: SearchPresenter?
    /// The screen's view.
    public private(set) weak var view: (any SearchView)?
    /// The screen's use case.
    public let interactor: any SearchInteractor
    /// Where a selected story opens; nil for a front that only prints the results.
    public let navigator: (any Navigator)?
    let strings: Strings
    let dates: DateFormatting
    let errors: ErrorPresenter

    init(view: any SearchView, interactor: any SearchInteractor, navigator: (any Navigator)?, language: Language) {
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
        self.errors = ErrorPresenter(language: language)
    }

    func bind(presenter: SearchPresenter) {
        self.presenter = presenter
    }
}
