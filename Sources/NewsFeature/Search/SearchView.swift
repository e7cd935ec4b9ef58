/// The search screen, passive.
@MainActor
public protocol SearchView: AnyObject {
    /// The results, best first (possibly none).
    func show(_ results: SearchViewData)
    /// The search failed (a query with nothing to search for, a local failure).
    func showError(_ error: ErrorViewData)
}
