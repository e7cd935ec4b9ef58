import SyncEngine

/// The comments screen's context: its presenter, view and interactor, and the comments shown,
/// reached from one place. Made and bound by `CommentsPresenter.init`; the references back to
/// the presenter and the view are weak, so the screen is released as a whole.
@MainActor
public final class CommentsContext {
    /// The screen's presenter, which owns this context.
    public private(set) weak var presenter: CommentsPresenter?
    /// The screen's view.
    public private(set) weak var view: (any CommentsView)?
    /// The screen's use cases.
    public let interactor: any CommentsInteractor
    /// Where the screen's navigation goes.
    public let navigator: any Navigator
    /// The comments shown, once loaded; older short comments are added as they are read.
    public internal(set) var content: CommentsContent?
    let storyID: Int64
    let strings: Strings
    let dates: DateFormatting

    init(
        storyID: Int64, view: any CommentsView, interactor: any CommentsInteractor, navigator: any Navigator,
        language: Language
    ) {
        self.storyID = storyID
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
    }

    func bind(presenter: CommentsPresenter) {
        self.presenter = presenter
    }
}
