import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
@Suite struct NewsListPresenterTests {
    private let view = SpyNewsListView()
    private let navigator = SpyNavigator()

    private func presenter(
        _ interactor: StubNewsListInteractor, start: NewsListPresenter.Start = .latest,
        language: Language = .zh
    ) -> NewsListPresenter {
        NewsListPresenter(
            view: view, interactor: interactor, navigator: navigator, start: start, language: language, clock: Make.clock2023)
    }

    private func item(_ id: Int64, _ title: String = "标题", hint: String = "作者 · 3 分钟阅读") -> StoryItemViewData {
        StoryItemViewData(
            id: id, title: title, hint: hint, image: "https://pic1.zhimg.com/\(id).jpg",
            url: "https://daily.zhihu.com/story/\(id)")
    }

    private let networkSource = SourceViewData(
        origin: "network", fetchedAt: "2023-04-25T08:00:00Z",
        isFinal: false, isStale: false, staleReason: nil)

    @Test func whenTodayLoads_showsLoadingThenTheBannerTodayAndAnUpdatedStatus() async {
        let today = Make.page("20230425", top: [Make.story(9, hint: "作者 / 某人")], isLatest: true, isFinal: false)
        let interactor = StubNewsListInteractor([.success(today)])
        await presenter(interactor).viewDidLoad()

        #expect(interactor.calls == [.latest(.load)])
        #expect(
            view.events == [
                .loading,
                .show(
                    NewsListViewData(
                        topStories: [item(9, hint: "作者 / 某人")],
                        topStoriesTitle: "热门",
                        sections: [
                            NewsSectionViewData(
                                title: "今日热闻 · 4月25日 星期二", date: "20230425", items: [item(1), item(2)], source: networkSource,
                                dayTitle: "4月25日 星期二")
                        ],
                        status: StatusViewData(text: "已更新", isStale: false))),
            ])
    }

    @Test func whenAPastDayLoads_itsTitleIsTheDateAndWeekday() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230420"))])
        await presenter(interactor, start: .day(Day("20230420")!)).viewDidLoad()
        #expect(interactor.calls == [.page(Day("20230420")!, .load)])
        #expect(view.lastList?.sections.map(\.title) == ["4月20日 星期四"])
        #expect(view.lastList?.sections.first?.source.isFinal == true)
    }

    @Test func inEnglish_theDayTitleAndStatusAreEnglish() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230420", origin: .cache, age: .seconds(3 * 3_600)))])
        await presenter(interactor, start: .day(Day("20230420")!), language: .en).viewDidLoad()
        #expect(view.lastList?.sections.first?.title == "Thu, Apr 20")
        #expect(view.lastList?.status == StatusViewData(text: "From the archive · updated 3 hours ago", isStale: false))
    }

    /// An archive whose days are of another year than the clock's: every title says the year,
    /// today's section too, and the day's title the reader's bar shows.
    @Test(arguments: [
        (Language.zh, "今日热闻 · 2023年4月25日 星期二", "2023年4月25日 星期二", "2023年4月24日 星期一"),
        (Language.en, "Today · Tue, Apr 25, 2023", "Tue, Apr 25, 2023", "Mon, Apr 24, 2023"),
    ])
    func daysOfAnotherYearThanTheClocks_areTitledWithTheirYear(
        language: Language, today: String, todayDay: String, dayBefore: String
    ) async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230425", isLatest: true)), .success(Make.page("20230424"))])
        let in2026: Int64 = 1_772_236_800  // 2026-02-28T00:00:00Z
        let presenter = NewsListPresenter(
            view: view, interactor: interactor, navigator: navigator, language: language, clock: FixedClock(unixTime: in2026))
        await presenter.viewDidLoad()
        await presenter.loadMore()
        #expect(view.lastList?.sections.map(\.title) == [today, dayBefore])
        #expect(view.lastList?.sections.map(\.dayTitle) == [todayDay, dayBefore])
    }

    @Test func whenTheDayHasNoStories_showsTheEmptyState() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230420", stories: []))])
        await presenter(interactor, start: .day(Day("20230420")!)).viewDidLoad()
        guard case .empty(let empty)? = view.events.last else {
            Issue.record("expected the empty state, saw \(view.events)")
            return
        }
        #expect(view.events.first == .loading)
        #expect(empty.message == "这一天没有文章")
        #expect(empty.list.sections.map(\.date) == ["20230420"])
    }

    @Test func whenNetworkFails_showsCachedPageWithOfflineStatus() async {
        let cached = Make.page("20230425", isLatest: true, origin: .cache, age: .seconds(2 * 3_600), isFinal: false, stale: .offline)
        await presenter(StubNewsListInteractor([.success(cached)])).viewDidLoad()
        let source = SourceViewData(
            origin: "cache", fetchedAt: "2023-04-25T08:00:00Z", isFinal: false, isStale: true,
            staleReason: "offline")
        #expect(
            view.events == [
                .loading,
                .show(
                    NewsListViewData(
                        topStories: [], topStoriesTitle: "热门",
                        sections: [
                            NewsSectionViewData(
                                title: "今日热闻 · 4月25日 星期二", date: "20230425", items: [item(1), item(2)], source: source,
                                dayTitle: "4月25日 星期二")
                        ],
                        status: StatusViewData(text: "离线 · 显示 2 小时前的缓存", isStale: true))),
            ])
    }

    @Test func whenTheUpdateCannotBeSaved_showsTheCacheAndWarnsOfTheStorageFailure() async {
        let cached = Make.page("20230425", isLatest: true, origin: .cache, age: .seconds(600), isFinal: false, stale: .storageError)
        await presenter(StubNewsListInteractor([.success(cached)])).viewDidLoad()
        #expect(view.lastList?.status == StatusViewData(text: "无法保存新内容 · 显示 10 分钟前的缓存", isStale: true))
        #expect(view.lastList?.warning?.kind == .storage)
        #expect(view.lastList?.warning?.message.hasPrefix("无法写入本地存档") == true)
    }

    @Test func whenTheArchiveIsReadOnly_theWarningSaysSoInsteadOfBlamingTheDisk() async {
        let cached = Make.page("20230425", isLatest: true, origin: .cache, age: .seconds(600), isFinal: false, stale: .storageError)
        await presenter(StubNewsListInteractor([.success(cached)], isArchiveReadOnly: true)).viewDidLoad()
        #expect(view.lastList?.status == StatusViewData(text: "无法保存新内容 · 显示 10 分钟前的缓存", isStale: true))
        #expect(view.lastList?.warning?.kind == .storage)
        #expect(view.lastList?.warning?.message == "本地存档是只读的，无法写入新内容，显示的是之前的缓存")
    }

    @Test func aCurrentPageCarriesNoWarning() async {
        await presenter(StubNewsListInteractor([.success(Make.page("20230425"))])).viewDidLoad()
        #expect(view.lastList != nil)
        #expect(view.lastList?.warning == nil)
    }

    @Test(arguments: [
        (Provenance.StaleReason.serverError, Language.zh, "服务器出错 · 显示 5 分钟前的缓存"),
        (.badResponse, .zh, "数据有误 · 显示 5 分钟前的缓存"),
        (.serverError, .en, "Server error · showing the archive from 5 minutes ago"),
        (.offline, .en, "Offline · showing the archive from 5 minutes ago"),
    ])
    func staleStatusSaysWhy(reason: Provenance.StaleReason, language: Language, expected: String) async {
        let cached = Make.page("20230425", isLatest: true, origin: .cache, age: .seconds(300), isFinal: false, stale: reason)
        await presenter(StubNewsListInteractor([.success(cached)]), language: language).viewDidLoad()
        #expect(view.lastList?.status == StatusViewData(text: expected, isStale: true))
    }

    @Test func whenNothingIsCachedAndTheNetworkFails_showsAnErrorThatRetrySolves() async {
        let interactor = StubNewsListInteractor([.failure(Make.error(.unavailable)), .success(Make.page("20230425", isLatest: true))])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.didTapRetry()

        let error = ErrorViewData(
            kind: .unavailable, message: "无法连接知乎日报，本地也没有缓存今日内容",
            detail: "detail of unavailable", retryTitle: "重试")
        #expect(view.events.count == 4)
        #expect(Array(view.events.prefix(3)) == [.loading, .error(error), .loading])
        #expect(view.lastList?.sections.first?.title == "今日热闻 · 4月25日 星期二")
        #expect(interactor.calls == [.latest(.load), .latest(.load)])
    }

    @Test(arguments: [
        (SyncError.Code.notCached, ErrorKind.notCached, "离线：本地存档中没有 2023年4月20日"),
        (.badResponse, .badData, "知乎日报返回的 2023年4月20日数据有误"),
        (.notFound, .notFound, "知乎日报没有 2023年4月20日（HTTP 404）"),
        (.storage, .storage, "本地数据库出错"),
    ])
    func errorsAreWordedForTheDayAsked(code: SyncError.Code, kind: ErrorKind, message: String) async {
        await presenter(StubNewsListInteractor([.failure(Make.error(code))]), start: .day(Day("20230420")!)).viewDidLoad()
        #expect(
            view.events == [.loading, .error(ErrorViewData(kind: kind, message: message, detail: "detail of \(code)", retryTitle: "重试"))])
    }

    @Test func loadMore_appendsThePreviousDayAsASection() async {
        let interactor = StubNewsListInteractor([
            .success(Make.page("20230425", isLatest: true)), .success(Make.page("20230424", stories: [Make.story(3)])),
        ])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.loadMore()

        #expect(interactor.calls == [.latest(.load), .page(Day("20230424")!, .load)])
        #expect(view.events.count == 4)
        #expect(view.events[2] == .loadingMore)
        #expect(view.lastList?.sections.map(\.title) == ["今日热闻 · 4月25日 星期二", "4月24日 星期一"])
        #expect(view.lastList?.sections.last?.items == [item(3)])
    }

    @Test func whenLoadMoreFails_theListStaysAndTheErrorIsInline() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230425", isLatest: true)), .failure(Make.error(.unavailable))])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.loadMore()
        guard case .loadMoreError(let error)? = view.events.last else {
            Issue.record("expected an inline error, saw \(view.events)")
            return
        }
        #expect(error.message == "无法连接知乎日报，本地也没有缓存 2023年4月24日")
        #expect(view.events.filter { if case .show = $0 { true } else { false } }.count == 1)
    }

    @Test func aLoadAskedForDuringALoad_isIgnored() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230425", isLatest: true))])
        interactor.holdNextCall()
        let presenter = presenter(interactor)
        let first = Task { await presenter.viewDidLoad() }
        while !interactor.isHoldingACall { await Task.yield() }

        await presenter.refresh()
        await presenter.loadMore()
        await presenter.viewDidLoad()
        interactor.release()
        await first.value

        #expect(interactor.calls == [.latest(.load)])
        #expect(view.events.count == 2)
        #expect(view.events.first == .loading)
    }

    @Test func aLoadAskedForDuringLoadMore_isIgnored() async {
        let interactor = StubNewsListInteractor([
            .success(Make.page("20230425", isLatest: true)), .success(Make.page("20230424")),
        ])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        interactor.holdNextCall()
        let more = Task { await presenter.loadMore() }
        while !interactor.isHoldingACall { await Task.yield() }

        await presenter.loadMore()
        await presenter.refresh()
        interactor.release()
        await more.value

        #expect(interactor.calls == [.latest(.load), .page(Day("20230424")!, .load)])
        #expect(view.events.count == 4)  // loading, show, loadingMore, show
        #expect(view.lastList?.sections.count == 2)
    }

    @Test func refresh_asksForARefreshOfTheFirstPage() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20230420")), .success(Make.page("20230420"))])
        let presenter = presenter(interactor, start: .day(Day("20230420")!))
        await presenter.viewDidLoad()
        await presenter.refresh()
        #expect(interactor.calls == [.page(Day("20230420")!, .load), .page(Day("20230420")!, .refresh)])
    }

    @Test func loadMore_stopsAtTheFirstIssue() async {
        let interactor = StubNewsListInteractor([.success(Make.page("20130519"))])
        let presenter = presenter(interactor, start: .day(Day.firstIssue))
        await presenter.viewDidLoad()
        await presenter.loadMore()
        #expect(interactor.calls.count == 1)
        #expect(view.events.count == 2)
    }

    @Test func didSelectStory_goesThroughTheNavigator() {
        presenter(StubNewsListInteractor([])).didSelectStory(id: 9_759_187)
        #expect(navigator.shownStories == [9_759_187])
        #expect(view.events.isEmpty)
    }

    @Test func titlesAreFoldedOntoOneLineAndEmptyAuthorsDropped() async {
        let page = Make.page("20230420", stories: [Make.story(1, "- 第一行\r\n- 第二行 ", hint: " · 25 分钟阅读")])
        await presenter(StubNewsListInteractor([.success(page)]), start: .day(Day("20230420")!)).viewDidLoad()
        #expect(view.lastList?.sections.first?.items.first?.title == "- 第一行 - 第二行")
        #expect(view.lastList?.sections.first?.items.first?.hint == "25 分钟阅读")
    }

    @Test func thePresenterHoldsItsViewWeakly() async {
        var view: SpyNewsListView? = SpyNewsListView()
        weak let released = view
        let presenter = NewsListPresenter(
            view: view!, interactor: StubNewsListInteractor([.success(Make.page("20230420"))]),
            navigator: navigator, start: .day(Day("20230420")!))
        view = nil
        #expect(released == nil)
        await presenter.viewDidLoad()  // a view that went away is simply not updated
    }
}
