/// The favourites screen's context: its presenter, view and interactor reached from one place.
/// Made and bound by `FavoritesPresenter.init`; the references back are weak.
@MainActor
public final class FavoritesContext {
    public private(set) weak var presenter: FavoritesPresenter?
    public private(set) weak var view: (any FavoritesView)?
    public let interactor: any FavoritesInteractor
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
