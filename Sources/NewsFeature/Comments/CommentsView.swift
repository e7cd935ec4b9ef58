/// The comments screen, passive: it shows what the presenter tells it.
@MainActor
public protocol CommentsView: AnyObject {
    /// A load or refresh has started.
    func showLoading()
    /// The comments, long then short; loading older ones shows here too, in the footer.
    func show(_ comments: CommentsViewData)
    /// The comments could not be loaded; retry with `didTapRetry()`.
    func showError(_ error: ErrorViewData)
}
