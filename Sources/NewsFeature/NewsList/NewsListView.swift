/// The news list, passive: it shows what the presenter tells it and reports nothing back itself.
@MainActor
public protocol NewsListView: AnyObject {
    /// A first load or a refresh has started.
    func showLoading()
    /// An older day is being loaded below the list.
    func showLoadingMore()
    /// The list with its status line.
    func show(_ list: NewsListViewData)
    /// The page loaded but has no stories.
    func showEmpty(_ empty: EmptyViewData)
    /// The page could not be loaded; `retry` the presenter with `didTapRetry()`.
    func showError(_ error: ErrorViewData)
    /// An older day could not be loaded; the list stays as it was.
    func showLoadMoreError(_ error: ErrorViewData)
    /// Something the user asked for on a story shown (keeping it) failed; the list stays.
    func showActionError(_ error: ErrorViewData)
}
