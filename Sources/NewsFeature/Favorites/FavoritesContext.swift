/// The favourites screen's context: its presenter, view and interactor reached from one place.
/// Made and bound by `FavoritesPresenter.init`; the references back are weak.
@MainActor
public final class FavoritesContext {
    /// The screen's presenter, which owns this context.
    public private(set) weak var presenter: FavoritesPresenter?
    /// The screen's view.
    public private(set) weak var view: (any FavoritesView)?
    /// The screen's use cases.
    public let interactor: any FavoritesInteractor
    /// Where a selected story opens; nil for a front that only prints the list.
    public let navigator: (any Navigator)?
    let strings: Strings
    let errors: ErrorPresenter

    init(view: any FavoritesView, interactor: any FavoritesInteractor, navigator: (any Navigator)?, language: Language) {
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.errors = ErrorPresenter(language: language)
    }

    func bind(presenter: FavoritesPresenter) {
        self.presenter = presenter
    }
}
