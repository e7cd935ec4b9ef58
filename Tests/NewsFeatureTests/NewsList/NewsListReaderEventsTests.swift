import Testing
@testable import NewsFeature
@testable import SyncEngine

/// The events a reader sends that a one-shot command never does: coming back to the list, the
/// cursor resting on a story, keeping a story, and pages written while they are on screen.
@MainActor
@Suite struct NewsListReaderEventsTests {
    private let view = SpyNewsListView()
    private let navigator = SpyNavigator()

    private func presenter(_ interactor: StubNewsListInteractor, dwell: Duration = .zero) -> NewsListPresenter {
        NewsListPresenter(view: view, interactor: interactor, navigator: navigator, prefetchDwell: dwell)
    }

    /// Waits (with room for a loaded machine) until `condition` holds.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    private func today(_ titles: [String] = ["旧标题", "第二篇"], fetchedAt offset: Double = 0) -> Page {
        let stories = titles.enumerated().map { Make.story(Int64($0.offset + 1), $0.element) }
        return Page(
            day: Day("20230425")!, stories: stories, topStories: [], isLatest: true,
            provenance: Provenance(
                origin: .cache, fetchedAt: Make.fetchedAt.addingTimeInterval(offset),
                age: .zero, isFinal: false, staleReason: nil))
    }

    @Test func backOnTheList_theMarksSetOnTheStoryAreShown() async {
        let interactor = StubNewsListInteractor([.success(today())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        #expect(view.lastList?.sections[0].items[0].isRead == false)
        // The story screen marked story 1 read.
        interactor.storedMarks.withLock { $0[1] = StoryMarks(isFavorite: false, isRead: true) }
        await presenter.viewWillAppear()
        #expect(view.lastList?.sections[0].items[0].isRead == true)
        #expect(interactor.calls == [.latest(.load)])  // No page was read again.
    }

    @Test func togglingAFavourite_keepsThenDropsItAndTheListShowsTheStar() async {
        let interactor = StubNewsListInteractor([.success(today())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.didToggleFavorite(id: 2)
        #expect(view.lastList?.sections[0].items.map(\.isFavorite) == [false, true])
        #expect(view.lastList?.favoriteChange == "已收藏：第二篇")
        await presenter.didToggleFavorite(id: 2)
        #expect(view.lastList?.sections[0].items.map(\.isFavorite) == [false, false])
        #expect(view.lastList?.favoriteChange == "已取消收藏：第二篇", "un-keeping is confirmed like keeping")
        #expect(interactor.favoriteChanges.withLock { $0.map(\.isFavorite) } == [true, false])
    }

    @Test func whenKeepingFails_theListStaysAndTheErrorIsWordedForTheStory() async {
        let interactor = StubNewsListInteractor([.success(today())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        interactor.favoriteFailure.withLock { $0 = Make.error(.storage) }
        let shown = view.events.count
        await presenter.didToggleFavorite(id: 1)
        guard case .actionError(let error)? = view.events.last else {
            Issue.record("expected an action error, saw \(view.events)")
            return
        }
        #expect(view.events.count == shown + 1)
        #expect(error.kind == .storage)
        #expect(view.lastList?.sections[0].items[0].isFavorite == false)
    }

    @Test func theStoryUnderTheCursorIsPrefetchedAfterTheDwell_andMovingOnCancelsIt() async {
        let interactor = StubNewsListInteractor([.success(today())])
        let presenter = presenter(interactor, dwell: .milliseconds(300))
        await presenter.viewDidLoad()
        // The cursor passes 1 and 2 quickly and rests on 3: only 3 is fetched.
        presenter.didHighlightStory(id: 1)
        presenter.didHighlightStory(id: 2)
        presenter.didHighlightStory(id: 3)
        #expect(await eventually { interactor.prefetched.withLock { $0 } == [3] })
        try? await Task.sleep(for: .milliseconds(400))
        #expect(interactor.prefetched.withLock { $0 } == [3])
    }

    @Test func aPrefetchUnderWayIsCancelledWhenTheCursorMovesOnOrTheStoryOpens() async {
        let interactor = StubNewsListInteractor([.success(today())])
        // Long enough that no stall of a loaded machine lets a prefetch end before it is cancelled.
        interactor.prefetchTime.withLock { $0 = .seconds(30) }
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        presenter.didHighlightStory(id: 1)
        #expect(await eventually { interactor.startedPrefetches.withLock { $0 } == [1] })
        presenter.didHighlightStory(id: 2)  // 1 was under way: cancelled, one prefetch at a time.
        #expect(await eventually { interactor.startedPrefetches.withLock { $0 } == [1, 2] })
        presenter.didSelectStory(id: 2)  // Opening it: the story screen reads it itself.
        #expect(await eventually { interactor.cancelledPrefetches.withLock { $0 }.sorted() == [1, 2] })
        #expect(interactor.prefetched.withLock { $0 }.isEmpty)
        #expect(navigator.shownStories == [2])
    }

    @Test func aPageWrittenWhileShown_isShownAgainInPlace() async {
        let interactor = StubNewsListInteractor([.success(today()), .success(Make.page("20230424"))])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.loadMore()
        presenter.startFollowingUpdates()
        #expect(interactor.followedRequests == [.latest, .day(Day("20230424")!)])

        let shown = view.events.count
        // The same page again (the first thing a stream sends) changes nothing on screen.
        interactor.send(today(), for: .latest)
        // Another process wrote today's page with a new title.
        interactor.send(today(["新标题", "第二篇"], fetchedAt: 60), for: .latest)
        #expect(await eventually { view.lastList?.sections.first?.items.first?.title == "新标题" })
        #expect(view.events.count == shown + 1)
        #expect(view.lastList?.sections.map(\.date) == ["20230425", "20230424"])
    }

    @Test func whenTheSourceMovesToANewDay_theNewDayGoesAboveTheOneShown() async {
        let interactor = StubNewsListInteractor([.success(today())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        presenter.startFollowingUpdates()
        interactor.send(Make.page("20230426", isLatest: true, isFinal: false), for: .latest)
        #expect(await eventually { view.lastList?.sections.map(\.date) == ["20230426", "20230425"] })
    }

    @Test func withoutFollowing_noPageIsWatched_andAClosedScreenStopsWatching() async {
        let interactor = StubNewsListInteractor([.success(today())])
        var presenter: NewsListPresenter? = self.presenter(interactor)
        await presenter?.viewDidLoad()
        #expect(interactor.followedRequests.isEmpty)  // A one-shot command watches nothing.
        presenter?.startFollowingUpdates()
        #expect(interactor.followedRequests == [.latest])
        presenter = nil
        #expect(await eventually { interactor.followedRequests.isEmpty })
    }
}
