/// The favourites screen, passive.
@MainActor
public protocol FavoritesView: AnyObject {
    /// The favourites, newest first (possibly none).
    func show(_ favorites: FavoritesViewData)
    /// A favourite was added or removed.
    func showChange(_ change: FavoriteChangeViewData)
    func showError(_ error: ErrorViewData)
}
