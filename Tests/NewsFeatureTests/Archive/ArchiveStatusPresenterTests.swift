import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
@Suite struct ArchiveStatusPresenterTests {
    private let view = SpyArchiveView()
    private let interactor = StubArchiveInteractor()

    @Test func statusSaysTheFailingPicturesAreAmongTheMissing() async {
        var status = ArchiveStatus(
            coverage: Coverage(days: [march14], partialDays: [], latestKnownDay: march14), stories: 6, details: 5, favorites: 0,
            databaseBytes: 4_096, lastSync: nil)
        status.pictures = PictureCounts(kept: 3, bytes: 2_048, missing: 4, failing: 1)
        let done = status
        interactor.archiveStatus.withLock { $0 = done }
        await ArchiveStatusPresenter(view: view, interactor: interactor, language: .zh).didRequestStatus()
        await ArchiveStatusPresenter(view: view, interactor: interactor, language: .en).didRequestStatus()
        let lines = view.events.compactMap { event -> [String]? in
            if case .status(let shown) = event { return shown.lines.filter { $0.hasPrefix("图片") || $0.hasPrefix("Pictures") } }
            return nil
        }
        #expect(
            lines == [
                ["图片：已存 3 张（2.0 KB），缺 4 张（sync --images 列出而未存的，其中 1 张获取失败）"],
                ["Pictures: 3 kept (2.0 KB), 4 missing (listed by a sync with --images, not kept; 1 of them failing)"],
            ])
    }

    @Test func statusCountsFailingPicturesByReason_commonestFirst() async {
        var status = ArchiveStatus(
            coverage: Coverage(days: [march14], partialDays: [], latestKnownDay: march14), stories: 6, details: 5, favorites: 0,
            databaseBytes: 4_096, lastSync: nil)
        status.pictures = PictureCounts(kept: 3, bytes: 2_048, missing: 4, failing: 4)
        status.pictures.failingReasons = [.httpStatus(404): 1, .refused(.notAPicture): 2, .httpStatus(403): 1]
        let done = status
        interactor.archiveStatus.withLock { $0 = done }
        await ArchiveStatusPresenter(view: view, interactor: interactor, language: .zh).didRequestStatus()
        guard case .status(let chinese)? = view.events.last else { Issue.record("no status"); return }
        #expect(
            chinese.pictures.failingReasons == [
                PictureReasonViewData(code: "not_a_picture", text: "收到的不是图片（可能是防盗链页面）", count: 2),
                PictureReasonViewData(code: "http_403", text: "图片服务器拒绝访问（HTTP 403）", count: 1),
                PictureReasonViewData(code: "http_404", text: "图片不存在（HTTP 404）", count: 1),
            ])
        #expect(
            chinese.lines.contains("获取失败的图片：收到的不是图片（可能是防盗链页面）2 张；图片服务器拒绝访问（HTTP 403）1 张；图片不存在（HTTP 404）1 张"),
            "\(chinese.lines)")
        await ArchiveStatusPresenter(view: view, interactor: interactor, language: .en).didRequestStatus()
        guard case .status(let english)? = view.events.last else { Issue.record("no status"); return }
        #expect(
            english.lines.contains(
                "Failing pictures: not a picture (likely a web page served in its place): 2; refused by the picture's host (HTTP 403): 1; "
                    + "no such picture (HTTP 404): 1"), "\(english.lines)")
    }

    @Test func statusNamesAStoryTheSourceDoesNotHave() async {
        interactor.archiveStatus.withLock {
            $0 = ArchiveStatus(
                coverage: Coverage(days: [march14], partialDays: [], latestKnownDay: march14), stories: 6, details: 5,
                favorites: 0, databaseBytes: 4_096, lastSync: nil,
                failingStories: [
                    FailingStory(
                        id: 9_787_342, title: nil, failures: 1, lastStatus: 404,
                        lastFailure: Date(timeIntervalSince1970: 1_678_780_800), nextTry: Date(timeIntervalSince1970: 1_681_372_800))
                ])
        }
        await ArchiveStatusPresenter(view: view, interactor: interactor, language: .en).didRequestStatus()
        guard case .status(let status)? = view.events.last else { Issue.record("no status"); return }
        #expect(status.lines.last == "  9787342: not at the source (HTTP 404), next try Apr 13, 2023, 16:00 Beijing time")
    }

    /// A status lists the first 20 failing stories and says how many more it left out.
    @Test func statusSaysHowManyFailingStoriesItLeftOut() async {
        interactor.archiveStatus.withLock {
            $0 = ArchiveStatus(
                coverage: Coverage(days: [march14], partialDays: [], latestKnownDay: march14), stories: 29, details: 0,
                favorites: 0, databaseBytes: 4_096, lastSync: nil,
                failingStories: (1...29).map { id in
                    FailingStory(
                        id: Int64(id), title: nil, failures: 1, lastStatus: 404,
                        lastFailure: Date(timeIntervalSince1970: 1_678_780_800), nextTry: Date(timeIntervalSince1970: 1_681_372_800))
                })
        }
        await ArchiveStatusPresenter(view: view, interactor: interactor, language: .zh).didRequestStatus()
        guard case .status(let status)? = view.events.last else { Issue.record("no status"); return }
        #expect(status.lines.filter { $0.contains("：来源没有（HTTP 404）") }.count == 20)
        #expect(status.lines.last == "  ……另有 9 篇（--json 列出全部）")
        #expect(status.failingStories.count == 29, "--json lists all")
    }

    @Test func statusListsTheStoriesTheSourceFailsOnWithTheirNextTry() async {
        interactor.archiveStatus.withLock {
            $0 = ArchiveStatus(
                coverage: Coverage(days: [march14], partialDays: [], latestKnownDay: march14), stories: 6, details: 5,
                favorites: 0, databaseBytes: 4_096, lastSync: nil,
                failingStories: [
                    FailingStory(
                        id: 9_787_342, title: "标题\r\n两行", failures: 3, lastStatus: 500,
                        lastFailure: Date(timeIntervalSince1970: 1_678_780_800), nextTry: Date(timeIntervalSince1970: 1_678_795_200))
                ])
        }
        await ArchiveStatusPresenter(view: view, interactor: interactor).didRequestStatus()
        guard case .status(let status)? = view.events.last else { Issue.record("no status"); return }
        #expect(
            status.failingStories == [
                FailingStoryViewData(
                    id: 9_787_342, title: "标题 两行", failures: 3, lastStatus: 500, lastFailure: "2023-03-14T08:00:00Z",
                    nextTry: "2023-03-14T12:00:00Z")
            ])
        #expect(
            Array(status.lines.suffix(2)) == [
                "取不到正文的文章：1 篇，同步到下次重试的时间才再取（newsctl sync --retry-failed 立即重试）",
                "  9787342 标题 两行：HTTP 500，连续 3 次，下次 2023年3月14日 20:00（北京时间）",
            ])
    }

    @Test func statusListsGapsPartialDaysSizeAndTheLastSync() async {
        let coverage = Coverage(
            days: [march14.adding(days: -9), march14.adding(days: -8), march14.adding(days: -5), march14],
            partialDays: [march14], latestKnownDay: march14)
        let clock = FixedClock(Date(timeIntervalSince1970: 1_678_780_800))  // 2023-03-14T08:00:00Z
        interactor.archiveStatus.withLock {
            $0 = ArchiveStatus(
                coverage: coverage, stories: 30, details: 2, favorites: 1, databaseBytes: 1_572_864,
                lastSync: Date(timeIntervalSince1970: 1_678_773_600))
        }
        let presenter = ArchiveStatusPresenter(view: view, interactor: interactor, clock: clock)
        await presenter.didRequestStatus()
        guard case .status(let status)? = view.events.last else { Issue.record("no status"); return }
        #expect(status.gaps == [.init(from: "20230307", to: "20230308", days: 2), .init(from: "20230310", to: "20230313", days: 4)])
        #expect(status.days == 4)
        #expect(status.first == "20230305" && status.last == "20230314")
        #expect(status.partialDays == ["20230314"])
        #expect(status.lastSync == "2023-03-14T06:00:00Z")
        #expect(
            status.lines == [
                "日期：2023年3月5日 至 2023年3月14日，共 4 天",
                "缺口：2 处，共 6 天（2023年3月7日–2023年3月8日、2023年3月10日–2023年3月13日）",
                "未完成：2023年3月14日（仍会更新）",
                "文章：30，详情：2，收藏：1",
                "大小：1.5 MB",
                "上次同步：2 小时前（2023年3月14日 14:00，北京时间）",
            ])
    }

    @Test func anEmptyArchiveSaysSo() async {
        interactor.archiveStatus.withLock {
            $0 = ArchiveStatus(
                coverage: Coverage(days: [], partialDays: [], latestKnownDay: nil), stories: 0, details: 0,
                favorites: 0, databaseBytes: 4_096, lastSync: nil)
        }
        let presenter = ArchiveStatusPresenter(view: view, interactor: interactor, language: .en)
        await presenter.didRequestStatus()
        guard case .status(let status)? = view.events.last else { Issue.record("no status"); return }
        #expect(
            status.lines == [
                "The archive is empty; run newsctl sync --days 7 to download the last 7 days", "Stories: 0, details: 0, favourites: 0",
                "Size: 4.0 KB", "Last sync: never",
            ])
        #expect(status.first == nil && status.gaps.isEmpty && status.lastSync == nil)
    }

    @Test func theScreenIsFreedWithItsPresenter() async {
        weak var weakPresenter: ArchiveStatusPresenter?
        do {
            let presenter = ArchiveStatusPresenter(view: view, interactor: interactor)
            await presenter.didRequestStatus()
            weakPresenter = presenter
        }
        #expect(weakPresenter == nil)
    }
}
