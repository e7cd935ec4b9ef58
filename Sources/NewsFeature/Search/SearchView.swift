/// The search screen, passive.
@MainActor
public protocol SearchView: AnyObject {
    /// The results, best first (possibly none).
    func show(_ results: SearchViewData)
    func showError(_ error: ErrorViewData)
}
