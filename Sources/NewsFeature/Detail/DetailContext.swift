import SyncEngine

/// The detail screen's context: its presenter, view and interactor, and the story shown, reached
/// from one place. Made and bound by `DetailPresenter.init`; the references back to the
/// presenter and the view are weak, so the screen is released as a whole.
@MainActor
public final class DetailContext {
    /// The screen's presenter, which owns this context.
    public private(set) weak var presenter: DetailPresenter?
    /// The screen's view.
    public private(set) weak var view: (any DetailView)?
    /// The screen's use cases.
    public let interactor: any DetailInteractor
    /// Where the screen's navigation goes.
    public let navigator: any Navigator
    /// The story shown, once loaded.
    public internal(set) var page: DetailPage?
    let storyID: Int64
    let strings: Strings
    let dates: DateFormatting

    init(storyID: Int64, view: any DetailView, interactor: any DetailInteractor, navigator: any Navigator, language: Language) {
        self.storyID = storyID
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
    }

    func bind(presenter: DetailPresenter) {
        self.presenter = presenter
    }
}
