/// The favourites screen, passive.
@MainActor
public protocol FavoritesView: AnyObject {
    /// The favourites, newest first (possibly none).
    func show(_ favorites: FavoritesViewData)
    /// A favourite was added or removed.
    func showChange(_ change: FavoriteChangeViewData)
    /// Loading, adding or removing failed.
    func showError(_ error: ErrorViewData)
}
