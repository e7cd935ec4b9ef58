import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
final class SpyStoryPicturesView: StoryPicturesView {
    private(set) var shown: [[StoryPictureViewData]] = []
    private(set) var shownAlone: [StoryPictureViewData] = []
    func showPictures(_ pictures: [StoryPictureViewData]) { shown.append(pictures) }
    func showPicture(_ picture: StoryPictureViewData) { shownAlone.append(picture) }
}

/// Answers at once, but never for `slow` (until the fetch is cancelled).
final class StallingStoryPicturesInteractor: StoryPicturesInteractor {
    private let slow: String

    init(slow: String) {
        self.slow = slow
    }

    func picture(url: String) async throws(SyncError) -> [UInt8] {
        guard url == slow else { return [7] }
        try? await Task.sleep(for: .seconds(3_600))
        throw SyncError.wrapping(CancellationError())
    }
}

/// Bytes or an error per address, and what the archive keeps of some (`kept`); records the
/// addresses whose bytes were asked for.
final class StubStoryPicturesInteractor: StoryPicturesInteractor {
    private let answers: [String: Result<[UInt8], SyncError>]
    private let kept: [String: KeptPicture]
    private let asked = Locked<[String]>([])

    init(_ answers: [String: Result<[UInt8], SyncError>], kept: [String: KeptPicture] = [:]) {
        self.answers = answers
        self.kept = kept
    }

    var calls: [String] { asked.withLock { $0 } }

    func keptPictures(urls: [String]) async throws(SyncError) -> [String: KeptPicture] {
        kept.filter { urls.contains($0.key) }
    }

    func picture(url: String) async throws(SyncError) -> [UInt8] {
        asked.withLock { $0.append(url) }
        guard let answer = answers[url] else { throw SyncError(code: .notCached, message: "no stub for \(url)") }
        return try answer.get()
    }
}

@MainActor
@Suite struct StoryPicturesPresenterTests {
    private let view = SpyStoryPicturesView()

    /// The story's context once its body's presenter has shown `detail`.
    private func shown(_ detail: DetailViewData) -> StoryContext {
        let context = StoryContext(storyID: detail.id)
        context.shown = detail
        return context
    }

    /// The story as the detail presenter words it, so the placeholders are checked against its blocks.
    private func detail(language: Language = .zh) -> DetailViewData {
        let body = """
            <figure><img src="https://p.example/a.jpg"><figcaption>三月的气压图</figcaption></figure>\
            <p>中间</p><figure><img src="https://p.example/b.png"></figure>
            """
        return DetailPresenter.viewData(
            MakeDetail.page(body: body), strings: Strings(language: language), dates: DateFormatting(language: language))
    }

    @Test func thePicturesComeHeadlineFirstWithTheCreditAndEachBodyPictureWithItsCaption_placeholdersAsTheTextShowsThem() async {
        let interactor = StubStoryPicturesInteractor([
            "https://pic1.zhimg.com/h.jpg": .success([1]), "https://p.example/a.jpg": .success([2]),
            "https://p.example/b.png": .success([3]),
        ])
        let detail = detail()
        await StoryPicturesPresenter(context: shown(detail), view: view, interactor: interactor).load()
        // Asked for together, so in any order; shown in the story's.
        #expect(interactor.calls.sorted() == ["https://p.example/a.jpg", "https://p.example/b.png", "https://pic1.zhimg.com/h.jpg"])
        #expect(
            view.shown == [
                [
                    StoryPictureViewData(
                        place: .headline, url: "https://pic1.zhimg.com/h.jpg", placeholder: "[题图]", caption: "图片：Yestone.com",
                        bytes: [1], unavailable: nil, notDrawn: "[题图]（无法显示）"),
                    StoryPictureViewData(
                        place: .body(1), url: "https://p.example/a.jpg", placeholder: "[图片 1：三月的气压图]", caption: "图片 1：三月的气压图",
                        bytes: [2], unavailable: nil, notDrawn: "[图片 1：三月的气压图]（无法显示）"),
                    StoryPictureViewData(
                        place: .body(2), url: "https://p.example/b.png", placeholder: "[图片 2]", caption: "图片 2", bytes: [3],
                        unavailable: nil, notDrawn: "[图片 2]（无法显示）"),
                ]
            ])
        // Each body picture's placeholder is the very text of its block, which is what a view replaces.
        let imageBlocks = detail.blocks.compactMap { block -> String? in
            if case .image(let text) = block { return text }
            return nil
        }
        #expect(imageBlocks == ["[图片 1：三月的气压图]", "[图片 2]"])
    }

    @Test func whenOnePictureStalls_theOthersComeTogetherAtOnce_andTheStalledOneIsGivenUpAsTooSlow() async {
        let view = self.view
        let presenter = StoryPicturesPresenter(
            context: shown(detail()), view: view, interactor: StallingStoryPicturesInteractor(slow: "https://p.example/a.jpg"))
        // Windows with room for a loaded machine: the quick ones answer at once, the slow one never.
        await presenter.load(firstWithin: .seconds(2), givingUpAfter: .seconds(4))
        #expect(view.shown.count == 1)
        #expect(view.shown.first?.map(\.bytes) == [[7], nil, [7]])
        #expect(view.shown.first?.map(\.isPending) == [false, true, false])
        #expect(view.shownAlone.map(\.unavailable) == ["[图片 1：三月的气压图]（加载太慢，已跳过）"])
        #expect(view.shownAlone.map(\.isPending) == [false])
    }

    @Test func whenEveryPictureComesAtOnce_theyAreShownTogetherWithNoneAlone() async {
        let view = self.view
        let presenter = StoryPicturesPresenter(
            context: shown(detail()), view: view, interactor: StallingStoryPicturesInteractor(slow: "none"))
        await presenter.load(firstWithin: .seconds(3_600), givingUpAfter: nil)
        #expect(view.shown.map { $0.map(\.bytes) } == [[[7], [7], [7]]])
        #expect(view.shownAlone.isEmpty)
    }

    @Test func aPictureItCannotGiveSaysWhy_notKeptOffline_orTheFetchFailure_inEitherLanguage() async {
        let refused = SyncError.wrapping(RemoteError(code: .httpStatus, url: "https://p.example/a.jpg", status: 403, message: "HTTP 403"))
        let answers: [String: Result<[UInt8], SyncError>] = [
            "https://pic1.zhimg.com/h.jpg": .failure(SyncError(code: .notCached, message: "not kept")),
            "https://p.example/a.jpg": .failure(refused),
            "https://p.example/b.png": .failure(SyncError(code: .badResponse, message: "HTML, not a picture")),
        ]
        await StoryPicturesPresenter(context: shown(detail()), view: view, interactor: StubStoryPicturesInteractor(answers)).load()
        #expect(view.shown.last?.map(\.bytes) == [nil, nil, nil])
        #expect(
            view.shown.last?.map(\.unavailable) == [
                "[题图]（未保存，离线）", "[图片 1：三月的气压图]（获取失败：HTTP 403）", "[图片 2]（来源给的不是图片）",
            ])

        let english = SpyStoryPicturesView()
        await StoryPicturesPresenter(
            context: shown(detail(language: .en)), view: english, interactor: StubStoryPicturesInteractor(answers), language: .en
        ).load()
        #expect(
            english.shown.last?.map(\.unavailable) == [
                "[Headline image] (not kept, offline)", "[Image 1: 三月的气压图] (could not be fetched: HTTP 403)",
                "[Image 2] (the source sent no picture)",
            ])
        #expect(english.shown.last?.first?.caption == "Image: Yestone.com")
    }

    /// The reader draws only the pictures on screen: those kept come at once with their size and
    /// no bytes read; the bytes are read for the ones it draws, each shown again with them.
    @Test func keptPicturesComeWithoutTheirBytes_whichAreReadOnlyForThoseTheViewDraws() async {
        let kept = KeptPicture(info: PictureInfo(format: .jpeg, width: 690, height: 400), byteCount: 3)
        let interactor = StubStoryPicturesInteractor(
            [
                "https://pic1.zhimg.com/h.jpg": .success([1]), "https://p.example/a.jpg": .success([2, 2, 2]),
                "https://p.example/b.png": .failure(SyncError(code: .notCached, message: "pruned meanwhile")),
            ],
            kept: ["https://p.example/a.jpg": kept, "https://p.example/b.png": kept])
        let presenter = StoryPicturesPresenter(context: shown(detail()), view: view, interactor: interactor)
        await presenter.load(firstWithin: .seconds(3_600), givingUpAfter: nil, keptWithoutBytes: true)
        // Only the one not kept was fetched; the kept ones came with what is kept of them.
        #expect(interactor.calls == ["https://pic1.zhimg.com/h.jpg"])
        let shown = view.shown.last ?? []
        #expect(shown.map(\.bytes) == [[1], nil, nil])
        #expect(shown.map(\.kept) == [nil, kept, kept])
        #expect(shown.map(\.byteCount) == [1, 3, 3])
        #expect(shown.map(\.unavailable) == [nil, nil, nil])

        await presenter.loadBytes(of: Array(shown.dropFirst()))
        #expect(interactor.calls.sorted() == ["https://p.example/a.jpg", "https://p.example/b.png", "https://pic1.zhimg.com/h.jpg"])
        let alone = view.shownAlone.sorted { $0.url < $1.url }
        #expect(alone.map(\.url) == ["https://p.example/a.jpg", "https://p.example/b.png"])
        #expect(alone.map(\.bytes) == [[2, 2, 2], nil])
        #expect(alone.map(\.kept) == [nil, nil])
        #expect(alone.map(\.unavailable) == [nil, "[图片 2]（未保存，离线）"])
        #expect(alone.map(\.placeholder) == shown.dropFirst().map(\.placeholder))
    }

    @Test func thePicturesAreThoseOfTheStoryTheBodysPresenterShowed_throughTheStorysContext() async {
        let body = "<figure><img src=\"https://p.example/a.jpg\"></figure><p>中间</p>"
        let detail = DetailPresenter(
            storyID: 7, view: SpyDetailView(), interactor: StubDetailInteractor([.success(MakeDetail.page(body: body))]),
            navigator: SpyNavigator())
        let interactor = StubStoryPicturesInteractor(["https://p.example/a.jpg": .success([7])])
        let pictures = StoryPicturesPresenter(context: detail.context, view: view, interactor: interactor)
        await pictures.load()
        #expect(view.shown.isEmpty, "nothing before the story is shown")
        await detail.viewDidLoad()
        await pictures.load()
        #expect(interactor.calls.contains("https://p.example/a.jpg"))
        #expect(view.shown.last?.map(\.url) == detail.context.shown?.images.map(\.url))
    }
}
