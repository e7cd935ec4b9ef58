import SyncEngine

/// The favourites' presentation logic.
@MainActor
public final class FavoritesPresenter {
    private weak var view: (any FavoritesView)?
    private let interactor: any FavoritesInteractor
    private let navigator: (any Navigator)?
    private let strings: Strings
    private let dates: DateFormatting
    private let errors: ErrorPresenter

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - navigator: opens a story selected in the list; a front that only prints the
    ///     list has none.
    ///   - language: the language of the wording.
    public init(
        view: any FavoritesView, interactor: any FavoritesInteractor, navigator: (any Navigator)? = nil,
        language: Language = .zh
    ) {
        self.view = view
        self.interactor = interactor
        self.navigator = navigator
        self.strings = Strings(language: language)
        self.dates = DateFormatting(language: language)
        self.errors = ErrorPresenter(language: language)
    }

    /// Opens a story of the list.
    public func didSelectStory(id: Int64) {
        navigator?.showStory(id: id)
    }

    /// The screen appeared: shows the favourites, or the error.
    public func viewDidLoad() async {
        do {
            let items = try await interactor.favorites().map { favorite in
                let added = Int64(favorite.addedAt.rounded(.down))
                return FavoriteItemViewData(
                    id: favorite.id, title: NewsListPresenter.oneLine(favorite.title), addedAt: DateFormatting.iso8601(unixTime: added),
                    addedOn: dates.fullDate(Day(containingUnixTime: added)), isRead: favorite.isRead,
                    isAvailableOffline: favorite.isDetailCached)
            }
            view?.show(FavoritesViewData(items: items, emptyMessage: strings.noFavorites))
        } catch {
            view?.showError(errors.viewData(for: error, subject: strings.favoritesSubject))
        }
    }

    /// Keeps the story and shows the change, saying whether it reads offline.
    public func didRequestAdd(id: Int64) async {
        do {
            let favorite = try await interactor.add(id: id)
            view?.showChange(
                FavoriteChangeViewData(
                    id: id, isFavorite: true, changed: true, isAvailableOffline: favorite.isDetailCached,
                    message: strings.favoriteAdded(NewsListPresenter.oneLine(favorite.title), offline: favorite.isDetailCached)))
        } catch {
            view?.showError(errors.viewData(for: error, subject: strings.storySubject(id)))
        }
    }

    /// Stops keeping the story and shows the change.
    public func didRequestRemove(id: Int64) async {
        do {
            let removed = try await interactor.remove(id: id)
            view?.showChange(
                FavoriteChangeViewData(
                    id: id, isFavorite: false, changed: removed, isAvailableOffline: false,
                    message: strings.favoriteRemoved(id, existed: removed)))
        } catch {
            view?.showError(errors.viewData(for: error, subject: strings.storySubject(id)))
        }
    }
}
