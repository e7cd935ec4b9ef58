import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
@Suite struct PrunePresenterTests {
    private let view = SpyArchiveView()
    private let interactor = StubArchiveInteractor()

    @Test func pruneSaysWhatWentAndWhatStays() async {
        let presenter = PrunePresenter(view: view, interactor: interactor)
        await presenter.didRequestPrune(keepDays: 30)
        guard case .pruned(let pruned)? = view.events.last else { Issue.record("no prune"); return }
        #expect(pruned.firstKept == "20230323")
        #expect(pruned.message == "已删除 3620 天、28960 篇文章、100 篇详情；保留 2023年3月23日 起的日子，收藏不受影响；512.0 MB → 5.0 MB")
    }

    @Test func theScreenIsFreedWithItsPresenter() async {
        weak var weakPresenter: PrunePresenter?
        do {
            let presenter = PrunePresenter(view: view, interactor: interactor)
            await presenter.didRequestPrune(keepDays: 30)
            weakPresenter = presenter
        }
        #expect(weakPresenter == nil)
    }
}
