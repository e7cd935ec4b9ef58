/// The story detail screen, passive: it shows what the presenter tells it.
@MainActor
public protocol DetailView: AnyObject {
    /// A load or refresh has started.
    func showLoading()
    /// The story, its counters and the user's marks.
    func show(_ detail: DetailViewData)
    /// The story could not be loaded; retry with `didTapRetry()`.
    func showError(_ error: ErrorViewData)
}
