import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
final class SpySearchView: SearchView {
    enum Event: Equatable {
        case show(SearchViewData)
        case error(ErrorViewData)
    }

    private(set) var events: [Event] = []
    func show(_ results: SearchViewData) { events.append(.show(results)) }
    func showError(_ error: ErrorViewData) { events.append(.error(error)) }
}

final class StubSearchInteractor: SearchInteractor {
    let results = Locked<Result<[SearchResult], SyncError>>(.success([]))
    let queries = Locked<[String]>([])

    func search(_ query: String, limit: Int) async throws(SyncError) -> [SearchResult] {
        queries.withLock { $0.append("\(query)|\(limit)") }
        return try results.withLock { $0 }.get()
    }
}

@MainActor
@Suite struct SearchPresenterTests {
    private let view = SpySearchView()
    private let interactor = StubSearchInteractor()

    /// The text's `**strong**` marks never reach a snippet, even around or across a match, so
    /// no asterisk can be taken for a match's marking; an unpaired one is the text's own.
    @Test func snippetsLeaveOutTheTextsStrongMarks() {
        let parts: [SearchResult.SnippetPart] = [
            .init(text: "…**第一，", isMatch: false), .init(text: "冷暖空气", isMatch: true),
            .init(text: "交替频繁。**冬季 2 ** 3", isMatch: false),
        ]
        #expect(
            SearchPresenter.oneLine(parts) == [
                .init(text: "…第一，", isMatch: false), .init(text: "冷暖空气", isMatch: true),
                .init(text: "交替频繁。冬季 2 ** 3", isMatch: false),
            ])
        // Marks whose partners the snippet's cut left out (a real one, story 9064596's).
        #expect(
            SearchPresenter.oneLine([
                .init(text: "…watch?v=xgHrfycNstU** **同时以上", isMatch: false), .init(text: "介绍", isMatch: true),
                .init(text: "的研究…", isMatch: false),
            ]) == [
                .init(text: "…watch?v=xgHrfycNstU 同时以上", isMatch: false), .init(text: "介绍", isMatch: true),
                .init(text: "的研究…", isMatch: false),
            ])
        #expect(
            SearchPresenter.oneLine([.init(text: "版型剪裁", isMatch: true), .init(text: "不同**…", isMatch: false)]) == [
                .init(text: "版型剪裁", isMatch: true), .init(text: "不同…", isMatch: false),
            ])
        // A mark inside a match, paired with one outside it.
        #expect(
            SearchPresenter.oneLine([.init(text: "a **b", isMatch: false), .init(text: "c** d", isMatch: true)]) == [
                .init(text: "a b", isMatch: false), .init(text: "c d", isMatch: true),
            ])
    }

    /// `<em>`'s `*…*` marks are left out too (the fixture story 9759301's `<em>对流</em>`); a
    /// lone asterisk between spaces is the text's own.
    @Test func snippetsLeaveOutTheTextsEmphasisMarks() {
        #expect(
            SearchPresenter.oneLine([
                .init(text: "…第二，", isMatch: false), .init(text: "地面升温", isMatch: true),
                .init(text: "快，*对流*旺盛。2 * 3", isMatch: false),
            ]) == [
                .init(text: "…第二，", isMatch: false), .init(text: "地面升温", isMatch: true),
                .init(text: "快，对流旺盛。2 * 3", isMatch: false),
            ])
    }

    @Test func resultsAreOnOneLineWithTheirDateAndMarkedMatches() async {
        interactor.results.withLock {
            $0 = .success([
                SearchResult(
                    id: 7, title: "猫为什么\r\n喜欢推东西", day: Day(year: 2023, month: 3, day: 13),
                    snippet: [
                        .init(text: "…为什么", isMatch: false), .init(text: "猫", isMatch: true), .init(text: "\n\n 喜欢  推", isMatch: false),
                        .init(text: "", isMatch: true),
                    ])
            ])
        }
        let presenter = SearchPresenter(view: view, interactor: interactor)
        await presenter.didSearch("猫", limit: 5)
        #expect(interactor.queries.withLock { $0 } == ["猫|5"])
        #expect(
            view.events == [
                .show(
                    SearchViewData(
                        query: "猫",
                        items: [
                            SearchItemViewData(
                                id: 7, title: "猫为什么 喜欢推东西", dateText: "2023年3月13日", date: "20230313",
                                snippet: [
                                    .init(text: "…为什么", isMatch: false), .init(text: "猫", isMatch: true),
                                    .init(text: " 喜欢 推", isMatch: false),
                                ])
                        ],
                        emptyMessage: "没有找到与“猫”有关的文章"))
            ])
    }

    @Test func aStoryKnownOnlyByItsDetailHasNoDate() async {
        interactor.results.withLock { $0 = .success([SearchResult(id: 8, title: "t", day: nil, snippet: [])]) }
        let presenter = SearchPresenter(view: view, interactor: interactor, language: .en)
        await presenter.didSearch("t")
        guard case .show(let data)? = view.events.first else { Issue.record("no results shown"); return }
        #expect(data.items.first?.dateText == "")
        #expect(data.items.first?.date == nil)
        #expect(data.emptyMessage == "No stories match “t”")
    }

    @Test func aQueryWithNothingToSearchIsTheUsersMistake() async {
        interactor.results.withLock { $0 = .failure(SyncError(code: .invalidQuery, message: "no letters")) }
        let presenter = SearchPresenter(view: view, interactor: interactor)
        await presenter.didSearch("！？")
        #expect(
            view.events == [
                .error(
                    ErrorViewData(
                        kind: .invalidInput, message: "搜索词需要含有文字或数字，且不超过 200 个字符",
                        detail: "no letters", retryTitle: "重试"))
            ])
    }

    @Test func theScreenIsFreedWithItsPresenter() async {
        weak var weakPresenter: SearchPresenter?
        do {
            let presenter = SearchPresenter(view: view, interactor: interactor)
            weakPresenter = presenter
        }
        #expect(weakPresenter == nil)
    }
}
