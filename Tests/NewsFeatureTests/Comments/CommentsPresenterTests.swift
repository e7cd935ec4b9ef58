import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

/// Records every command the presenter sends, in order.
@MainActor
final class SpyCommentsView: CommentsView {
    enum Event: Equatable {
        case loading
        case show(CommentsViewData)
        case error(ErrorViewData)
    }

    private(set) var events: [Event] = []

    func showLoading() { events.append(.loading) }
    func show(_ comments: CommentsViewData) { events.append(.show(comments)) }
    func showError(_ error: ErrorViewData) { events.append(.error(error)) }

    var lastComments: CommentsViewData? {
        for event in events.reversed() { if case .show(let comments) = event { return comments } }
        return nil
    }

    /// The footers of the comments shown, in order.
    var footers: [CommentsFooterViewData] {
        events.compactMap { event in
            if case .show(let comments) = event { return comments.footer }
            return nil
        }
    }
}

/// Returns canned results in order and records what it was asked; can hold a call until released.
final class StubCommentsInteractor: CommentsInteractor {
    enum Call: Equatable {
        case load(Int64, LoadIntent)
        case loadMore(Int64)
    }

    private struct State {
        var loads: [Result<CommentsContent, SyncError>]
        var mores: [Result<CommentThread, SyncError>]
        var calls: [Call] = []
        var holdsNextCall = false
        var held: CheckedContinuation<Void, Never>?
    }

    private let state: Locked<State>

    init(_ loads: [Result<CommentsContent, SyncError>], more: [Result<CommentThread, SyncError>] = []) {
        state = Locked(State(loads: loads, mores: more))
    }

    var calls: [Call] { state.withLock { $0.calls } }

    /// The next call, a load or a load-more, waits until `release()`.
    func holdNextCall() { state.withLock { $0.holdsNextCall = true } }

    var isHoldingACall: Bool { state.withLock { $0.held != nil } }

    func release() {
        let held = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.held = nil }
            return state.held
        }
        held?.resume()
    }

    /// Notes the call, and waits for `release()` if it is to be held.
    private func record(_ call: Call) async {
        let holds = state.withLock { state -> Bool in
            state.calls.append(call)
            defer { state.holdsNextCall = false }
            return state.holdsNextCall
        }
        if holds {
            await withCheckedContinuation { continuation in state.withLock { $0.held = continuation } }
        }
    }

    /// A call the test did not script fails the test, and the presenter sees an error.
    private func ranOut(_ what: String) -> SyncError {
        Issue.record("the stub ran out of \(what)")
        return SyncError(code: .cancelled, message: "the stub ran out of \(what)")
    }

    func load(storyID: Int64, _ intent: LoadIntent) async throws(SyncError) -> CommentsContent {
        await record(.load(storyID, intent))
        let result = state.withLock { $0.loads.isEmpty ? nil : $0.loads.removeFirst() }
        guard let result else { throw ranOut("loads") }
        return try result.get()
    }

    func loadMore(storyID: Int64) async throws(SyncError) -> CommentThread {
        await record(.loadMore(storyID))
        let result = state.withLock { $0.mores.isEmpty ? nil : $0.mores.removeFirst() }
        guard let result else { throw ranOut("load-mores") }
        return try result.get()
    }
}

enum MakeComments {
    /// 2026-02-28 14:30 in Beijing (06:30 UTC).
    static let now: Int64 = 1_772_260_200
    static let counters = StoryExtra(popularity: 474, comments: 62, longComments: 2, shortComments: 60)

    static func comment(
        _ id: Int64, author: String? = "作者", content: String = "内容", time: Int64? = now - 300, likes: Int? = 12,
        replyTo: CommentReply? = nil
    ) -> StoryComment {
        StoryComment(id: id, author: author, content: content, time: time, likes: likes, replyTo: replyTo)
    }

    static func thread(
        _ kind: CommentKind, _ comments: [StoryComment], isComplete: Bool, origin: Provenance.Origin = .network,
        age: Duration = .zero, stale: Provenance.StaleReason? = nil
    ) -> CommentThread {
        CommentThread(
            storyID: 7, kind: kind, comments: comments, isComplete: isComplete,
            provenance: Provenance(origin: origin, fetchedAt: Make.fetchedAt, age: age, isFinal: false, staleReason: stale))
    }

    static func content(
        long: [StoryComment] = [comment(101)], short: [StoryComment] = [comment(201), comment(202)], shortComplete: Bool = false,
        counters: StoryExtra? = counters
    ) -> CommentsContent {
        CommentsContent(
            long: thread(.long, long, isComplete: true), short: thread(.short, short, isComplete: shortComplete),
            counters: counters)
    }
}

@MainActor
@Suite struct CommentsPresenterTests {
    private let view = SpyCommentsView()
    private let source = SourceViewData(
        origin: "network", fetchedAt: "2023-04-25T08:00:00Z", isFinal: false, isStale: false, staleReason: nil)

    private func presenter(_ interactor: StubCommentsInteractor, language: Language = .zh) -> CommentsPresenter {
        CommentsPresenter(
            context: StoryContext(storyID: 7), view: view, interactor: interactor, navigator: SpyNavigator(), language: language,
            now: { MakeComments.now })
    }

    private func item(_ id: Int64, author: String = "作者", content: String = "内容", reply: String? = nil) -> CommentViewData {
        CommentViewData(
            id: id, author: author, content: content, likes: 12, likesText: "12 赞", timeText: "5 分钟前",
            unixTime: MakeComments.now - 300, iso8601: "2026-02-28T06:25:00Z", reply: reply)
    }

    @Test func whenTheCommentsLoad_showsLoadingThenLongThenShortWithCountsFromTheCounters() async {
        let interactor = StubCommentsInteractor([.success(MakeComments.content())])
        await presenter(interactor).viewDidLoad()
        #expect(interactor.calls == [.load(7, .load)])
        let expected = CommentsViewData(
            storyID: 7, heading: "评论", title: "62 条评论",
            sections: [
                CommentSectionViewData(kind: .long, title: "长评 2", count: 2, comments: [item(101)]),
                CommentSectionViewData(kind: .short, title: "短评 60", count: 60, comments: [item(201), item(202)]),
            ],
            emptyText: nil, footer: .loadMore, status: StatusViewData(text: "已更新", isStale: false), source: source)
        #expect(view.events == [.loading, .show(expected)])
    }

    @Test func eachCommentIsWorded_authorLikesAndATimeRelativeWhenRecent() async {
        let comments = [
            MakeComments.comment(1, author: "  作者甲\n", content: "\n 第一段\n第二段  ", likes: 12),
            MakeComments.comment(2, author: nil, time: 1_772_168_700, likes: nil),  // yesterday 13:05 in Beijing
            MakeComments.comment(3, author: " ", time: 1_767_196_800, likes: 1),  // 2026-01-01 00:00
            MakeComments.comment(4, time: 1_700_000_000),  // 2023-11-15 06:13 in Beijing
            MakeComments.comment(5, time: nil),
        ]
        await presenter(StubCommentsInteractor([.success(MakeComments.content(long: [], short: comments))])).viewDidLoad()
        let shown = view.lastComments?.sections.first?.comments ?? []
        #expect(shown.map(\.author) == ["作者甲", "匿名用户", "匿名用户", "作者", "作者"])
        #expect(shown.first?.content == "第一段\n第二段")
        #expect(shown.map(\.likes) == [12, 0, 1, 12, 12])
        #expect(shown.map(\.likesText) == ["12 赞", "0 赞", "1 赞", "12 赞", "12 赞"])
        #expect(shown.map(\.timeText) == ["5 分钟前", "昨天 13:05", "1月1日 00:00", "2023年11月15日", ""])
        #expect(shown.map(\.unixTime) == [MakeComments.now - 300, 1_772_168_700, 1_767_196_800, 1_700_000_000, nil])
        #expect(shown[1].iso8601 == "2026-02-27T05:05:00Z")
        #expect(shown[4].iso8601 == nil)
    }

    @Test func aReplyQuotesTheOriginal_orSaysItIsGone() async {
        let comments = [
            MakeComments.comment(
                1, replyTo: CommentReply(id: 9, author: " 原作者 ", content: "原文\n", status: 0, errorMessage: nil)),
            MakeComments.comment(
                2, replyTo: CommentReply(id: 9, author: nil, content: nil, status: 1, errorMessage: "抱歉，原点评已经被删除")),
            MakeComments.comment(3, replyTo: CommentReply(id: nil, author: nil, content: "无主之文", status: 0, errorMessage: nil)),
            MakeComments.comment(
                4, replyTo: CommentReply(id: 9, author: "原作者", content: "原文", status: 1, errorMessage: nil)),
            MakeComments.comment(5),
        ]
        await presenter(StubCommentsInteractor([.success(MakeComments.content(long: comments, short: []))])).viewDidLoad()
        #expect(
            view.lastComments?.sections.first?.comments.map(\.reply) == [
                "//原作者：原文", "抱歉，原点评已经被删除", "原评论已被删除", "原评论已被删除", nil,
            ])
    }

    @Test func withoutCounters_theTitlesCountWhatIsShown() async {
        let interactor = StubCommentsInteractor([.success(MakeComments.content(long: [], counters: nil))])
        await presenter(interactor).viewDidLoad()
        let comments = view.lastComments
        #expect(comments?.title == "评论")
        #expect(comments?.sections.map(\.kind) == [.short])  // no long comments: no section
        #expect(comments?.sections.first?.title == "短评 2")
        #expect(comments?.sections.first?.count == nil)
    }

    @Test func whenThereAreNoComments_saysSoWithoutAFooter() async {
        let content = MakeComments.content(
            long: [], short: [], shortComplete: true,
            counters: StoryExtra(popularity: 3, comments: 0, longComments: 0, shortComments: 0))
        let interactor = StubCommentsInteractor([.success(content)])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        let expected = CommentsViewData(
            storyID: 7, heading: "评论", title: "0 条评论", sections: [], emptyText: "还没有评论", footer: .none,
            status: StatusViewData(text: "已更新", isStale: false), source: source)
        #expect(view.events == [.loading, .show(expected)])
        await presenter.didReachEnd()
        #expect(interactor.calls == [.load(7, .load)])
    }

    @Test func whenTheCommentsFail_showsTheErrorThenRetryLoadsAgain() async {
        let interactor = StubCommentsInteractor([.failure(Make.error(.unavailable)), .success(MakeComments.content())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.didReachEnd()  // nothing loaded: nothing to add to
        #expect(
            view.events == [
                .loading,
                .error(
                    ErrorViewData(
                        kind: .unavailable, message: "无法连接知乎日报，本地也没有缓存文章 7 的评论",
                        detail: "detail of unavailable", retryTitle: "重试")),
            ])
        await presenter.didTapRetry()
        #expect(interactor.calls == [.load(7, .load), .load(7, .load)])
        #expect(view.events.count == 4)
        #expect(view.lastComments?.sections.count == 2)
    }

    @Test func refreshAsksForTheNetwork_andTheStatusSpeaksForTheStaleThenTheOlderThread() async {
        func content(long: Provenance, short: Provenance) -> CommentsContent {
            CommentsContent(
                long: CommentThread(storyID: 7, kind: .long, comments: [MakeComments.comment(1)], isComplete: true, provenance: long),
                short: CommentThread(
                    storyID: 7, kind: .short, comments: [MakeComments.comment(2)], isComplete: false, provenance: short),
                counters: nil)
        }
        func cache(_ seconds: Int64, stale: Provenance.StaleReason? = nil) -> Provenance {
            Provenance(origin: .cache, fetchedAt: Make.fetchedAt, age: .seconds(seconds), isFinal: false, staleReason: stale)
        }
        let network = Provenance(origin: .network, fetchedAt: Make.fetchedAt, age: .zero, isFinal: false, staleReason: nil)
        let interactor = StubCommentsInteractor([
            .success(content(long: cache(600, stale: .offline), short: cache(7_200))),
            .success(content(long: cache(300), short: network)),
        ])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        #expect(view.lastComments?.status == StatusViewData(text: "离线 · 显示 10 分钟前的缓存", isStale: true))
        #expect(view.lastComments?.source.staleReason == "offline")
        await presenter.refresh()
        #expect(interactor.calls == [.load(7, .load), .load(7, .refresh)])
        #expect(view.lastComments?.status == StatusViewData(text: "来自缓存 · 5 分钟前更新", isStale: false))
        #expect(view.lastComments?.source.origin == "cache")
    }

    @Test func reachingTheEnd_loadsOlderShortCommentsUntilThereAreNoMore() async {
        let older = MakeComments.thread(
            .short, [MakeComments.comment(201), MakeComments.comment(202), MakeComments.comment(203)], isComplete: false)
        let complete = MakeComments.thread(.short, older.comments, isComplete: true)
        let interactor = StubCommentsInteractor([.success(MakeComments.content())], more: [.success(older), .success(complete)])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.didReachEnd()
        #expect(view.lastComments?.sections.last?.comments.map(\.id) == [201, 202, 203])
        #expect(view.lastComments?.sections.first?.comments.map(\.id) == [101])  // the long ones stay
        await presenter.didReachEnd()  // an empty page: nothing added, the thread complete
        #expect(view.lastComments?.sections.last?.comments.map(\.id) == [201, 202, 203])
        await presenter.didReachEnd()  // nothing left to load
        #expect(interactor.calls == [.load(7, .load), .loadMore(7), .loadMore(7)])
        #expect(view.events.count == 6)  // loading, then five shows
        #expect(view.footers == [.loadMore, .loadingMore, .loadMore, .loadingMore, .noMore("没有更多评论了")])
    }

    @Test func reachingTheEndDuringALoadOrALoadMore_isIgnored() async {
        let more = MakeComments.thread(.short, [MakeComments.comment(201), MakeComments.comment(203)], isComplete: true)
        let interactor = StubCommentsInteractor([.success(MakeComments.content())], more: [.success(more)])
        let presenter = presenter(interactor)
        await presenter.didReachEnd()  // before the first load
        await presenter.viewDidLoad()
        interactor.holdNextCall()
        let first = Task { await presenter.didReachEnd() }
        while !interactor.isHoldingACall { await Task.yield() }

        await presenter.didReachEnd()
        await presenter.refresh()
        #expect(view.footers == [.loadMore, .loadingMore])
        interactor.release()
        await first.value

        #expect(interactor.calls == [.load(7, .load), .loadMore(7)])
        #expect(view.events.count == 4)  // loading, show, loading more, show
        #expect(view.lastComments?.footer == .noMore("没有更多评论了"))
    }

    @Test func reachingTheEndDuringARefresh_isIgnored() async {
        let interactor = StubCommentsInteractor([.success(MakeComments.content()), .success(MakeComments.content())])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        interactor.holdNextCall()
        let refresh = Task { await presenter.refresh() }
        while !interactor.isHoldingACall { await Task.yield() }

        await presenter.didReachEnd()
        await presenter.viewDidLoad()
        interactor.release()
        await refresh.value

        #expect(interactor.calls == [.load(7, .load), .load(7, .refresh)])
        #expect(view.events.count == 4)  // loading, show, loading, show
        #expect(view.footers == [.loadMore, .loadMore])
    }

    /// One thread could not be read, the other could: the other is shown, and the view data
    /// names the missing one and why, in either language; no "no more comments" under short
    /// comments that were never read, no "no comments yet" when the other thread is empty.
    @Test(arguments: [
        (CommentKind.long, Language.zh, "长评未能加载：无法连接知乎日报"),
        (CommentKind.short, Language.zh, "短评未能加载：无法连接知乎日报"),
        (CommentKind.long, Language.en, "The long comments could not be loaded: cannot reach Zhihu Daily"),
    ])
    func aThreadThatCannotBeRead_isNamed_andTheOtherShown(missing: CommentKind, language: Language, text: String) async {
        let long = missing == .long ? [] : [MakeComments.comment(101)]
        let short = missing == .short ? [] : [MakeComments.comment(201)]
        let content = CommentsContent(
            long: MakeComments.thread(.long, long, isComplete: true),
            short: MakeComments.thread(.short, short, isComplete: true), counters: MakeComments.counters,
            missing: MissingThread(kind: missing, error: Make.error(.unavailable)))
        await presenter(StubCommentsInteractor([.success(content)]), language: language).viewDidLoad()
        let shown = view.lastComments
        #expect(shown?.missing == missing)
        #expect(shown?.missingText == text)
        #expect(shown?.sections.map(\.kind) == [missing == .long ? .short : .long])
        #expect(shown?.emptyText == nil)
        if missing == .short { #expect(shown?.footer == CommentsFooterViewData.none) }
        #expect(!view.events.contains { if case .error = $0 { true } else { false } })
    }

    /// The page that would confirm the end fails after every short comment the counters know of
    /// is shown: nothing is missing, so the thread ends as complete; with fewer shown it fails.
    @Test func aFailedLastPage_afterEveryCountedShortComment_endsTheThread() async {
        let two = StoryExtra(popularity: 1, comments: 3, longComments: 1, shortComments: 2)
        let interactor = StubCommentsInteractor(
            [.success(MakeComments.content(counters: two))], more: [.failure(Make.error(.unavailable))])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        await presenter.didReachEnd()
        #expect(view.lastComments?.footer == .noMore("没有更多评论了"))
        #expect(view.lastComments?.sections.last?.comments.map(\.id) == [201, 202])

        let three = StoryExtra(popularity: 1, comments: 4, longComments: 1, shortComments: 3)
        let short = StubCommentsInteractor(
            [.success(MakeComments.content(counters: three))], more: [.failure(Make.error(.unavailable))])
        let other = self.presenter(short)
        await other.viewDidLoad()
        await other.didReachEnd()
        #expect(view.lastComments?.footer == .failed("加载更多评论失败：无法连接知乎日报", kind: .unavailable))
    }

    @Test func aFailedLoadMore_keepsTheCommentsShownAndSaysSoInTheFooter_thenReachingTheEndTriesAgain() async {
        let more = MakeComments.thread(.short, [MakeComments.comment(201), MakeComments.comment(203)], isComplete: false)
        let interactor = StubCommentsInteractor(
            [.success(MakeComments.content()), .success(MakeComments.content())],
            more: [.failure(Make.error(.unavailable)), .success(more)])
        let presenter = presenter(interactor)
        await presenter.viewDidLoad()
        let loaded = view.lastComments
        await presenter.didReachEnd()
        let failed = view.lastComments
        #expect(failed?.sections == loaded?.sections)
        #expect(failed?.footer == .failed("加载更多评论失败：无法连接知乎日报", kind: .unavailable), "no word of a cache: the comments shown stay")
        #expect(!view.events.contains { if case .error = $0 { true } else { false } })
        await presenter.refresh()  // a fresh load forgets the failure
        #expect(view.lastComments?.footer == .loadMore)
        await presenter.didReachEnd()
        #expect(interactor.calls == [.load(7, .load), .loadMore(7), .load(7, .refresh), .loadMore(7)])
        #expect(view.lastComments?.sections.last?.comments.map(\.id) == [201, 203])
        #expect(view.lastComments?.footer == .loadMore)
    }

    @Test func inEnglish_everythingIsWordedInEnglish() async {
        let comments = [
            MakeComments.comment(
                1, author: nil, time: 1_772_168_700, likes: 1,
                replyTo: CommentReply(id: 9, author: "Ann", content: "Original", status: 0, errorMessage: nil)),
            MakeComments.comment(2, replyTo: CommentReply(id: 9, author: nil, content: nil, status: 1, errorMessage: nil)),
        ]
        let content = MakeComments.content(short: comments, shortComplete: true)
        let interactor = StubCommentsInteractor([.failure(Make.error(.notCached)), .success(content)])
        let presenter = presenter(interactor, language: .en)
        await presenter.viewDidLoad()
        #expect(
            view.events.last
                == .error(
                    ErrorViewData(
                        kind: .notCached, message: "Offline: the local archive has no copy of comments on story 7",
                        detail: "detail of notCached", retryTitle: "Retry")))
        await presenter.didTapRetry()
        let shown = view.lastComments
        #expect(shown?.title == "62 comments")
        #expect(shown?.sections.map(\.title) == ["Long comments (2)", "Short comments (60)"])
        let short = shown?.sections.last?.comments ?? []
        #expect(short.map(\.author) == ["Anonymous", "作者"])
        #expect(short.map(\.likesText) == ["1 like", "12 likes"])
        #expect(short.map(\.timeText) == ["Yesterday 13:05", "5 minutes ago"])
        #expect(short.map(\.reply) == ["//Ann: Original", "The original comment was deleted"])
        #expect(shown?.footer == .noMore("No more comments"))
        #expect(shown?.status.text == "Updated just now")
    }

    @Test func inEnglish_anEmptyScreenAndAFailedLoadMoreAreWordedInEnglish() async {
        let empty = MakeComments.content(long: [], short: [], shortComplete: true, counters: nil)
        await presenter(StubCommentsInteractor([.success(empty)]), language: .en).viewDidLoad()
        #expect(view.lastComments?.title == "Comments")
        #expect(view.lastComments?.emptyText == "No comments yet")

        let interactor = StubCommentsInteractor([.success(MakeComments.content())], more: [.failure(Make.error(.unavailable))])
        let presenter = presenter(interactor, language: .en)
        await presenter.viewDidLoad()
        await presenter.didReachEnd()
        #expect(
            view.lastComments?.footer
                == .failed("Could not load more comments: cannot reach Zhihu Daily", kind: .unavailable))
    }

    @Test(arguments: [
        (Language.zh, "一个题目" as String?, "评论 · 一个题目"), (.en, "A title", "Comments · A title"), (.zh, nil, "评论"),
        (.en, nil, "Comments"),
    ])
    func theHeadingNamesTheStoryByItsContextsTitle(language: Language, title: String?, heading: String) async {
        let presenter = CommentsPresenter(
            context: StoryContext(storyID: 7, title: title), view: view,
            interactor: StubCommentsInteractor([.success(MakeComments.content())]), navigator: SpyNavigator(),
            language: language, now: { MakeComments.now })
        #expect(presenter.heading == heading)  // before the comments arrive
        await presenter.viewDidLoad()
        #expect(view.lastComments?.heading == heading)
    }

    @Test func theTitleTheStoryLoadedReplacesTheListsPreviewInTheHeading() async {
        let navigator = SpyNavigator()
        let detail = DetailPresenter(
            storyID: 7, view: SpyDetailView(), interactor: StubDetailInteractor([.success(MakeDetail.page())]),
            navigator: navigator, preview: StoryPreview(title: "列表里的标题", hint: ""))
        let comments = CommentsPresenter(
            context: detail.context, view: view, interactor: StubCommentsInteractor([.success(MakeComments.content())]),
            navigator: navigator, now: { MakeComments.now })
        #expect(comments.heading == "评论 · 列表里的标题")
        await detail.viewDidLoad()
        #expect(comments.heading == "评论 · 标题 第二行")
        await comments.viewDidLoad()
        #expect(view.lastComments?.heading == "评论 · 标题 第二行")
    }

    @Test func theStoryOpensItsCommentsOnItsOwnContext() async {
        let navigator = SpyContextNavigator()
        let detail = DetailPresenter(
            storyID: 7, view: SpyDetailView(), interactor: StubDetailInteractor([.success(MakeDetail.page())]),
            navigator: navigator, preview: StoryPreview(title: "列表里的标题", hint: ""))
        await detail.viewDidLoad()
        detail.didTapComments()
        #expect(navigator.stories.count == 1)
        #expect(navigator.stories.first === detail.context)
        #expect(navigator.stories.first?.title == "标题 第二行")
        #expect(navigator.stories.first?.commentCount == 60)
    }

    @Test func whenTheScreenGoesAway_itsPresenterAndViewAreReleased() async {
        weak var weakPresenter: CommentsPresenter?
        weak var weakView: SpyCommentsView?
        do {
            let view = SpyCommentsView()
            let presenter = CommentsPresenter(
                context: StoryContext(storyID: 7), view: view,
                interactor: StubCommentsInteractor([.success(MakeComments.content())]),
                navigator: SpyNavigator(), now: { MakeComments.now })
            await presenter.viewDidLoad()
            weakPresenter = presenter
            weakView = view
        }
        #expect(weakPresenter == nil)
        #expect(weakView == nil)
    }
}

@Suite struct DefaultCommentsInteractorTests {
    @Test func commentsAreNeverFinal_soAnOrdinaryLoadReadsTheArchiveWhileItIsFresh() {
        let modes: [ReadMode] = [.standard, .offline, .refresh]
        let policies = modes.map { mode in
            [LoadIntent.load, .refresh].map { DefaultCommentsInteractor.policy(mode, $0) }
        }
        #expect(policies == [[.cacheFirst, .networkFirst], [.cacheOnly, .cacheOnly], [.networkFirst, .networkFirst]])
    }
}

/// Keeps the contexts the comments are opened with.
@MainActor
private final class SpyContextNavigator: Navigator {
    private(set) var stories: [StoryContext] = []
    func showStory(id: Int64) {}
    func showComments(story: StoryContext) { stories.append(story) }
}
