import Testing
@testable import NewsFeature
@testable import SyncEngine

/// A list shorter than its screen, a story opened from the list, and the day each section is.
@MainActor
@Suite struct NewsListFillTests {
    private let view = SpyNewsListView()
    private let navigator = SpyNavigator()

    private func presenter(_ interactor: StubNewsListInteractor) -> NewsListPresenter {
        NewsListPresenter(view: view, interactor: interactor, navigator: navigator, clock: Make.clock2023)
    }

    private func days(_ first: Int, count: Int) -> [Result<Page, SyncError>] {
        (0..<count).map { .success(Make.page(String(20_230_425 - first - $0))) }
    }

    @Test func roomBelowTheListLoadsAtMostThreeDaysPerFill_andARefreshRenewsThem() async {
        let interactor = StubNewsListInteractor(
            [.success(Make.page("20230425", isLatest: true))] + days(1, count: 3)
                + [.success(Make.page("20230425", isLatest: true))] + days(1, count: 1))
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        for _ in 0..<5 { await presenter.viewHasRoomBelowTheList() }
        #expect(
            interactor.calls == [
                .latest(.load), .page(Day("20230424")!, .load), .page(Day("20230423")!, .load), .page(Day("20230422")!, .load),
            ])
        #expect(view.lastList?.sections.map(\.date) == ["20230425", "20230424", "20230423", "20230422"])

        // A refresh shows today alone again, and may fill anew.
        await presenter.refresh()
        await presenter.viewHasRoomBelowTheList()
        #expect(interactor.calls.suffix(2) == [.latest(.refresh), .page(Day("20230424")!, .load)])
    }

    @Test func aFillStopsAtAFailure_untilTheUserRetries() async {
        let interactor = StubNewsListInteractor([
            .success(Make.page("20230425", isLatest: true)), .failure(Make.error(.unavailable)),
            .success(Make.page("20230424")), .success(Make.page("20230423")),
        ])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.viewHasRoomBelowTheList()
        await presenter.viewHasRoomBelowTheList()
        #expect(interactor.calls == [.latest(.load), .page(Day("20230424")!, .load)])
        guard case .loadMoreError = view.events.last else {
            Issue.record("expected the load-more error, got \(view.events)")
            return
        }

        await presenter.didTapRetry()
        await presenter.viewHasRoomBelowTheList()
        #expect(interactor.calls.count == 4)
        #expect(view.lastList?.sections.map(\.date) == ["20230425", "20230424", "20230423"])
    }

    @Test func beforeTheFirstPage_thereIsNothingToFill() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230425", isLatest: true))])
        await presenter(interactor).viewHasRoomBelowTheList()
        #expect(interactor.calls.isEmpty)
        #expect(view.events.isEmpty)
    }

    @Test func aStoryOpensWithItsTitleAndHintAsTheListShowsThem() async {
        let today = Make.page(
            "20230425", stories: [Make.story(1, "第一行\r\n第二行", hint: " · 25 分钟阅读")],
            top: [Make.story(9, hint: "作者 / 某人")], isLatest: true)
        let presenter = presenter(StubNewsListInteractor([.success(today)]))
        await presenter.viewDidLoad()
        presenter.didSelectStory(id: 1)
        presenter.didSelectStory(id: 9)
        presenter.didSelectStory(id: 404)  // Not in the list: opened without a preview.
        #expect(navigator.shownStories == [1, 9, 404])
        #expect(
            navigator.shownPreviews == [
                1: StoryPreview(title: "第一行 第二行", hint: "25 分钟阅读"), 9: StoryPreview(title: "标题", hint: "作者 / 某人"),
            ])
    }

    @Test func everySectionNamesItsDay_todayToo() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230425", isLatest: true)), .success(Make.page("20230424"))])
        let presenter = NewsListPresenter(
            view: view, interactor: interactor, navigator: navigator, language: .en, clock: Make.clock2023)
        await presenter.viewDidLoad()
        await presenter.loadMore()
        #expect(view.lastList?.sections.map(\.title) == ["Today · Tue, Apr 25", "Mon, Apr 24"])
        #expect(view.lastList?.sections.map(\.dayTitle) == ["Tue, Apr 25", "Mon, Apr 24"])
    }
}
