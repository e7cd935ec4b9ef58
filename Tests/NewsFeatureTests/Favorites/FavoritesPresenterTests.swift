import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
final class SpyFavoritesView: FavoritesView {
    enum Event: Equatable {
        case show(FavoritesViewData)
        case change(FavoriteChangeViewData)
        case error(ErrorViewData)
    }

    private(set) var events: [Event] = []
    func show(_ favorites: FavoritesViewData) { events.append(.show(favorites)) }
    func showChange(_ change: FavoriteChangeViewData) { events.append(.change(change)) }
    func showError(_ error: ErrorViewData) { events.append(.error(error)) }
}

final class StubFavoritesInteractor: FavoritesInteractor {
    let stored = Locked<[Favorite]>([])
    let failure = Locked<SyncError?>(nil)

    func favorites() async throws(SyncError) -> [Favorite] {
        if let failure = failure.withLock({ $0 }) { throw failure }
        return stored.withLock { $0 }
    }

    func add(id: Int64) async throws(SyncError) -> Favorite {
        if let failure = failure.withLock({ $0 }) { throw failure }
        let favorite = Favorite(id: id, title: "标题\r\n\(id)", addedAt: 1_682_409_600, isRead: false, isDetailCached: true)
        stored.withLock { $0.insert(favorite, at: 0) }
        return favorite
    }

    func remove(id: Int64) async throws(SyncError) -> Bool {
        stored.withLock { list in
            defer { list.removeAll { $0.id == id } }
            return list.contains { $0.id == id }
        }
    }
}

@MainActor
@Suite struct FavoritesPresenterTests {
    private let view = SpyFavoritesView()

    @Test func addingThenListingThenRemoving_showsEachOutcome() async {
        let interactor = StubFavoritesInteractor()
        let presenter = FavoritesPresenter(view: view, interactor: interactor)
        await presenter.didRequestAdd(id: 7)
        await presenter.viewDidLoad()
        await presenter.didRequestRemove(id: 7)
        await presenter.didRequestRemove(id: 7)
        await presenter.viewDidLoad()
        #expect(
            view.events == [
                .change(
                    FavoriteChangeViewData(id: 7, isFavorite: true, changed: true, isAvailableOffline: true, message: "已收藏：标题 7（可离线阅读）")),
                .show(
                    FavoritesViewData(
                        items: [
                            FavoriteItemViewData(
                                id: 7, title: "标题 7", addedAt: "2023-04-25T08:00:00Z", addedOn: "2023年4月25日",
                                isRead: false, isAvailableOffline: true)
                        ],
                        emptyMessage: "还没有收藏")),
                .change(FavoriteChangeViewData(id: 7, isFavorite: false, changed: true, isAvailableOffline: false, message: "已取消收藏：文章 7")),
                .change(FavoriteChangeViewData(id: 7, isFavorite: false, changed: false, isAvailableOffline: false, message: "7 不在收藏中")),
                .show(FavoritesViewData(items: [], emptyMessage: "还没有收藏")),
            ])
    }

    @Test func whenTheStoryCannotBeFound_addingShowsTheError() async {
        let interactor = StubFavoritesInteractor()
        interactor.failure.withLock { $0 = Make.error(.notCached) }
        await FavoritesPresenter(view: view, interactor: interactor).didRequestAdd(id: 7)
        #expect(
            view.events == [
                .error(
                    ErrorViewData(
                        kind: .notCached, message: "离线：本地存档中没有文章 7",
                        detail: "detail of notCached", retryTitle: "重试"))
            ])
    }

    @Test func whenTheScreenGoesAway_itsPresenterAndViewAreReleased() async {
        weak var weakPresenter: FavoritesPresenter?
        weak var weakView: SpyFavoritesView?
        do {
            let view = SpyFavoritesView()
            let presenter = FavoritesPresenter(view: view, interactor: StubFavoritesInteractor())
            await presenter.viewDidLoad()
            weakPresenter = presenter
            weakView = view
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
    }
}
