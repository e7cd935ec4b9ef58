import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
@Suite struct HomeContextTests {
    @Test func whenTheScreenGoesAway_itsPresenterViewContextAndSubPresentersAreReleased() async {
        weak var weakPresenter: NewsListPresenter?
        weak var weakView: SpyNewsListView?
        weak var weakContext: HomeContext?
        weak var weakBanner: TopStoriesPresenter?
        weak var weakList: StoryListPresenter?
        weak var weakStatus: StatusLinePresenter?
        do {
            let view = SpyNewsListView()
            let presenter = NewsListPresenter(
                view: view, interactor: StubNewsListInteractor([.success(Make.page("20230425", top: [Make.story(9)], isLatest: true))]),
                navigator: SpyNavigator())
            await presenter.viewDidLoad()
            #expect(view.lastList?.topStories.count == 1)
            weakPresenter = presenter
            weakView = view
            weakContext = presenter.context
            weakBanner = presenter.context.banner
            weakList = presenter.context.list
            weakStatus = presenter.context.statusLine
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
        #expect(weakContext == nil)
        #expect(weakBanner == nil)
        #expect(weakList == nil)
        #expect(weakStatus == nil)
    }

    @Test func aBannerTapOpensTheStoryThroughTheContext() async {
        let view = SpyNewsListView()
        let navigator = SpyNavigator()
        let presenter = NewsListPresenter(
            view: view,
            interactor: StubNewsListInteractor([.success(Make.page("20230425", top: [Make.story(9), Make.story(8)], isLatest: true))]),
            navigator: navigator)
        await presenter.viewDidLoad()
        presenter.context.banner.didSelectItem(at: 1)
        presenter.context.banner.didSelectItem(at: 7)  // out of range: ignored
        #expect(navigator.shownStories == [8])
    }

    @Test func listAndBannerItemsCarryTheUsersMarks() async {
        let view = SpyNewsListView()
        let interactor = StubNewsListInteractor([.success(Make.page("20230425", top: [Make.story(1)], isLatest: true))])
        interactor.storedMarks.withLock {
            $0 = [1: StoryMarks(isFavorite: true, isRead: false), 2: StoryMarks(isFavorite: false, isRead: true)]
        }
        await NewsListPresenter(view: view, interactor: interactor, navigator: SpyNavigator()).viewDidLoad()
        let items = view.lastList?.sections.first?.items ?? []
        #expect(items.map(\.isFavorite) == [true, false])
        #expect(items.map(\.isRead) == [false, true])
        #expect(view.lastList?.topStories.first?.isFavorite == true)
    }
}
