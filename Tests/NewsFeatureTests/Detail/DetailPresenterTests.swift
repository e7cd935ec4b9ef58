import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
final class SpyDetailView: DetailView {
    enum Event: Equatable {
        case loading
        case show(DetailViewData)
        case error(ErrorViewData)
        case preview(StoryPreview)
    }

    private(set) var events: [Event] = []

    func showPreview(_ preview: StoryPreview) { events.append(.preview(preview)) }

    func showLoading() { events.append(.loading) }
    func show(_ detail: DetailViewData) { events.append(.show(detail)) }
    func showError(_ error: ErrorViewData) { events.append(.error(error)) }

    var lastDetail: DetailViewData? {
        for event in events.reversed() { if case .show(let detail) = event { return detail } }
        return nil
    }
}

final class StubDetailInteractor: DetailInteractor {
    enum Call: Equatable {
        case load(Int64, LoadIntent)
        case setFavorite(Int64, Bool)
    }

    private let state: Locked<(results: [Result<DetailPage, SyncError>], calls: [Call])>

    init(_ results: [Result<DetailPage, SyncError>]) {
        state = Locked((results, []))
    }

    var calls: [Call] { state.withLock { $0.calls } }

    func load(id: Int64, _ intent: LoadIntent) async throws(SyncError) -> DetailPage {
        let result = state.withLock { state -> Result<DetailPage, SyncError>? in
            state.calls.append(.load(id, intent))
            return state.results.isEmpty ? nil : state.results.removeFirst()
        }
        guard let result else { preconditionFailure("the stub ran out of results") }
        return try result.get()
    }

    func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError) -> Bool {
        state.withLock { $0.calls.append(.setFavorite(id, isFavorite)) }
        return isFavorite
    }
}

enum MakeDetail {
    static let body = """
        <div class="question"><h2 class="question-title">问题？</h2><div class="answer">\
        <div class="meta"><span class="author">作者，</span><span class="bio">简介</span></div>\
        <div class="content"><p>第一段 <a href="https://a.example/x">链接</a></p><ul><li>一</li></ul>\
        <figure><img src="https://pic1.zhimg.com/x.jpg"><figcaption>图注</figcaption></figure></div></div>\
        <div class="view-more"><a href="http://www.zhihu.com/question/1">查看知乎讨论</a></div></div>
        """

    static func page(
        id: Int64 = 7, body: String? = body,
        extra: StoryExtra? = StoryExtra(popularity: 474, comments: 60, longComments: 0, shortComments: 60),
        origin: Provenance.Origin = .network, marks: StoryMarks = StoryMarks(isFavorite: false, isRead: true),
        publishTime: Int64? = nil
    ) -> DetailPage {
        let provenance = Provenance(origin: origin, fetchedAt: Make.fetchedAt, age: .zero, isFinal: true, staleReason: nil)
        return DetailPage(
            detail: StoryDetail(
                id: id, title: "标题\r\n第二行", bodyHTML: body, image: "https://pic1.zhimg.com/h.jpg",
                imageSource: body == nil ? nil : "Yestone.com", shareURL: "http://daily.zhihu.com/story/\(id)",
                url: "https://daily.zhihu.com/story/\(id)", type: body == nil ? 1 : 0, sectionName: nil, publishTime: publishTime),
            provenance: provenance, extra: extra, extraProvenance: extra == nil ? nil : provenance, marks: marks)
    }
}

@MainActor
@Suite struct DetailPresenterTests {
    private let view = SpyDetailView()

    private func presenter(_ interactor: StubDetailInteractor, language: Language = .zh) -> DetailPresenter {
        DetailPresenter(storyID: 7, view: view, interactor: interactor, navigator: SpyNavigator(), language: language)
    }

    @Test func whenTheStoryLoads_showsLoadingThenTheBodyAsBlocksWithCountsAndMarks() async {
        let interactor = StubDetailInteractor([.success(MakeDetail.page())])
        await presenter(interactor).viewDidLoad()
        #expect(interactor.calls == [.load(7, .load)])
        let source = SourceViewData(origin: "network", fetchedAt: "2023-04-25T08:00:00Z", isFinal: true, isStale: false, staleReason: nil)
        let expected = DetailViewData(
            id: 7, title: "标题 第二行", image: "https://pic1.zhimg.com/h.jpg", imageSource: "Yestone.com", imageCredit: "图片：Yestone.com",
            blocks: [
                .heading("问题？"), .byline("作者，简介"), .paragraph("第一段 链接[1]"), .listItem(marker: "•", text: "一"),
                .image("[图片 1：图注]"), .link("查看知乎讨论 [2]"),
            ],
            references: ["[1] https://a.example/x", "[2] http://www.zhihu.com/question/1"],
            bodyText: ReadableText(html: MakeDetail.body).plainText, isOffSite: false,
            shareURL: "http://daily.zhihu.com/story/7", url: "https://daily.zhihu.com/story/7",
            counts: CountsViewData(
                popularity: 474, comments: 60, longComments: 0, shortComments: 60, text: "474 赞 · 60 条评论", isStale: false),
            isFavorite: false, isRead: true, marksText: "", source: source, status: StatusViewData(text: "已更新", isStale: false),
            images: [
                ImageViewData(
                    number: nil, url: "https://pic1.zhimg.com/h.jpg", caption: "Yestone.com", label: "题图 · Yestone.com",
                    reference: "[题图] https://pic1.zhimg.com/h.jpg"),
                ImageViewData(
                    number: 1, url: "https://pic1.zhimg.com/x.jpg", caption: "图注", label: "图片 1：图注",
                    reference: "[图片 1] https://pic1.zhimg.com/x.jpg"),
            ],
            // For fronts that link: pictures by number, links with their addresses.
            body: [
                .heading("问题？"), .byline("作者，简介"), .paragraph("第一段 链接[1]"), .listItem(marker: "•", text: "一"),
                .image(number: 1, text: "[图片 1：图注]"), .link(text: "查看知乎讨论", url: "http://www.zhihu.com/question/1"),
            ],
            referenceURLs: ["https://a.example/x", "http://www.zhihu.com/question/1"])
        #expect(view.events == [.loading, .show(expected)])
    }

    @Test func imagesAreNumberedAsInTheText_afterTheHeadlineImageWithItsCredit_inEitherLanguage() async {
        let body = """
            <p><img src="https://p.example/a.jpg" alt="气压"></p><p><img src="data:image/gif;base64,R0lG" alt="占位"></p>            <figure><img src="https://p.example/b.jpg"></figure>
            """
        await presenter(StubDetailInteractor([.success(MakeDetail.page(body: body))]), language: .en).viewDidLoad()
        let detail = view.lastDetail
        #expect(detail?.blocks == [.image("[Image 1: 气压]"), .image("[Image: 占位]"), .image("[Image 2]")])
        #expect(detail?.images.map(\.label) == ["Headline image · Yestone.com", "Image 1: 气压", "Image 2"])
        #expect(detail?.images.map(\.number) == [nil, 1, 2])
        #expect(
            detail?.images.map(\.reference) == [
                "[Headline image] https://pic1.zhimg.com/h.jpg", "[Image 1] https://p.example/a.jpg", "[Image 2] https://p.example/b.jpg",
            ])
        #expect(detail?.images.map(\.caption) == ["Yestone.com", "气压", nil])
    }

    @Test func iListsTheImagesOnceTheStoryIsShown_andNotBefore() async {
        let navigator = SpyNavigator()
        let interactor = StubDetailInteractor([.success(MakeDetail.page())])
        let presenter = DetailPresenter(storyID: 7, view: view, interactor: interactor, navigator: navigator)
        presenter.didTapImages()
        #expect(navigator.shownImages.isEmpty)
        await presenter.viewDidLoad()
        presenter.didTapImages()
        #expect(navigator.shownImages.count == 1)
        #expect(navigator.shownImages.first?.storyID == 7)
        #expect(navigator.shownImages.first?.images == view.lastDetail?.images)
        #expect(navigator.shownImages.first?.images.map(\.label) == ["题图 · Yestone.com", "图片 1：图注"])
    }

    @Test func aPublishTimeIsShownAsTheDateAndTimeInBeijing() async {
        // 1772233260 is 2026-02-27 23:01 UTC, 2026-02-28 07:01 in Beijing (story 9787903).
        await presenter(StubDetailInteractor([.success(MakeDetail.page(publishTime: 1_772_233_260))])).viewDidLoad()
        #expect(
            view.lastDetail?.published
                == PublishedViewData(unixTime: 1_772_233_260, iso8601: "2026-02-28T07:01:00+08:00", text: "发布于 2026年2月28日 07:01（北京时间）"))
        await presenter(StubDetailInteractor([.success(MakeDetail.page(publishTime: 1_772_233_260))]), language: .en).viewDidLoad()
        #expect(view.lastDetail?.published?.text == "Published Feb 28, 2026, 07:01 Beijing time")
        // Just before midnight UTC is already the next morning in Beijing; a story without a time shows none.
        await presenter(StubDetailInteractor([.success(MakeDetail.page(publishTime: 1_767_225_540))])).viewDidLoad()
        #expect(view.lastDetail?.published?.iso8601 == "2026-01-01T07:59:00+08:00")
        await presenter(StubDetailInteractor([.success(MakeDetail.page())])).viewDidLoad()
        #expect(view.lastDetail?.published == nil)
    }

    @Test func anOffSiteStory_saysWhereToReadIt() async {
        await presenter(StubDetailInteractor([.success(MakeDetail.page(body: nil, extra: nil))]), language: .en).viewDidLoad()
        let detail = view.lastDetail
        #expect(detail?.isOffSite == true)
        #expect(detail?.blocks.isEmpty == true)
        #expect(detail?.bodyText == "This story is published off-site; read it at https://daily.zhihu.com/story/7")
        #expect(detail?.counts == nil)
        #expect(detail?.imageCredit == nil)
    }

    @Test func whenTheStoryFails_showsTheErrorThenRetryLoadsAgain() async {
        let interactor = StubDetailInteractor([.failure(Make.error(.unavailable)), .success(MakeDetail.page())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        #expect(
            view.events == [
                .loading,
                .error(
                    ErrorViewData(
                        kind: .unavailable, message: "无法连接知乎日报，本地也没有缓存文章 7",
                        detail: "detail of unavailable", retryTitle: "重试")),
            ])
        await presenter.didTapRetry()
        #expect(interactor.calls == [.load(7, .load), .load(7, .load)])
        #expect(view.events.count == 4)
        #expect(view.lastDetail?.id == 7)
    }

    @Test func refreshAsksForTheNetwork() async {
        let interactor = StubDetailInteractor([.success(MakeDetail.page(origin: .cache)), .success(MakeDetail.page())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        #expect(view.lastDetail?.status.text.hasPrefix("来自缓存") == true)
        await presenter.refresh()
        #expect(interactor.calls == [.load(7, .load), .load(7, .refresh)])
        #expect(view.lastDetail?.status.text == "已更新")
    }

    @Test func tappingFavourite_keepsTheStoryAndShowsTheMark() async {
        let interactor = StubDetailInteractor([.success(MakeDetail.page())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.didTapFavorite()
        #expect(interactor.calls == [.load(7, .load), .setFavorite(7, true)])
        #expect(view.lastDetail?.isFavorite == true)
        #expect(view.lastDetail?.marksText == "★ 已收藏")
        await presenter.didTapFavorite()
        #expect(interactor.calls.last == .setFavorite(7, false))
        #expect(view.lastDetail?.isFavorite == false)
    }

    /// Either way `f` goes, the render after it confirms it, "已取消收藏" as much as "已收藏";
    /// no other render does.
    @Test func tappingFavourite_isConfirmedBothWays_onceEach() async {
        let interactor = StubDetailInteractor([.success(MakeDetail.page()), .success(MakeDetail.page())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        #expect(view.lastDetail?.favoriteChange == nil)
        await presenter.didTapFavorite()
        #expect(view.lastDetail?.favoriteChange == "已收藏：标题 第二行")
        await presenter.didTapFavorite()
        #expect(view.lastDetail?.favoriteChange == "已取消收藏：标题 第二行")
        await presenter.refresh()
        #expect(view.lastDetail?.favoriteChange == nil)
    }

    @Test func tappingComments_opensThemWithTheirNumberOnceTheCountersAreKnown() async {
        let navigator = SpyNavigator()
        let presenter = DetailPresenter(
            storyID: 7, view: view, interactor: StubDetailInteractor([.success(MakeDetail.page())]), navigator: navigator)
        presenter.didTapComments()  // before the story loads: no count yet
        await presenter.viewDidLoad()
        presenter.didTapComments()
        #expect(navigator.shownComments.map(\.storyID) == [7, 7])
        #expect(navigator.shownComments.map(\.count) == [nil, 60])
        #expect(navigator.shownStories.isEmpty)
    }

    @Test func whenTheScreenGoesAway_itsPresenterAndViewAreReleased() async {
        weak var weakPresenter: DetailPresenter?
        weak var weakView: SpyDetailView?
        do {
            let view = SpyDetailView()
            let presenter = DetailPresenter(
                storyID: 7, view: view, interactor: StubDetailInteractor([.success(MakeDetail.page())]),
                navigator: SpyNavigator())
            await presenter.viewDidLoad()
            weakPresenter = presenter
            weakView = view
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
    }
}

@MainActor
@Suite struct DetailPreviewTests {
    private let view = SpyDetailView()

    @Test func whatTheListShowedComesFirst_thenTheLoadAndTheStory() async {
        let preview = StoryPreview(title: "列表里的标题", hint: "作者 · 3 分钟阅读")
        let presenter = DetailPresenter(
            storyID: 7, view: view, interactor: StubDetailInteractor([.success(MakeDetail.page())]), navigator: SpyNavigator(),
            preview: preview)
        await presenter.viewDidLoad()
        #expect(view.events.count == 3)
        #expect(view.events.first == .preview(preview))
        #expect(view.events[1] == .loading)
        #expect(view.lastDetail?.title == "标题 第二行")
    }

    @Test func aFailureAfterThePreviewIsReported_andARetryDoesNotShowThePreviewAgain() async {
        let preview = StoryPreview(title: "列表里的标题", hint: "")
        let interactor = StubDetailInteractor([.failure(Make.error(.unavailable)), .success(MakeDetail.page())])
        let presenter = DetailPresenter(storyID: 7, view: view, interactor: interactor, navigator: SpyNavigator(), preview: preview)
        await presenter.viewDidLoad()
        await presenter.didTapRetry()
        #expect(view.events.count == 5)
        #expect(view.events.prefix(2) == [.preview(preview), .loading])
        guard case .error = view.events[2] else {
            Issue.record("expected the error, got \(view.events)")
            return
        }
        #expect(view.events[3] == .loading)
        #expect(view.lastDetail != nil)
    }

    @Test func withoutAPreview_theScreenStartsWithTheLoad() async {
        let presenter = DetailPresenter(
            storyID: 7, view: view, interactor: StubDetailInteractor([.success(MakeDetail.page())]), navigator: SpyNavigator())
        await presenter.viewDidLoad()
        #expect(view.events.first == .loading)
    }
}
