import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
final class SpySectionsView: SectionsView, SectionStoriesView {
    enum Event: Equatable {
        case list(SectionsViewData)
        case stories(SectionStoriesViewData)
        case error(ErrorViewData)
    }

    private(set) var events: [Event] = []
    func show(_ sections: SectionsViewData) { events.append(.list(sections)) }
    func show(_ section: SectionStoriesViewData) { events.append(.stories(section)) }
    func showError(_ error: ErrorViewData) { events.append(.error(error)) }
}

final class StubSectionsInteractor: SectionsInteractor {
    let list = Locked<SectionList?>(nil)
    let page = Locked<SectionPage?>(nil)
    let failure = Locked<SyncError?>(nil)
    let reaches = Locked<[SectionReach]>([])

    func sections() async throws(SyncError) -> SectionList {
        if let failure = failure.withLock({ $0 }) { throw failure }
        guard let list = list.withLock({ $0 }) else { throw SyncError(code: .notCached, message: "none") }
        return list
    }

    func section(_ id: Int64, reach: SectionReach) async throws(SyncError) -> SectionPage {
        reaches.withLock { $0.append(reach) }
        if let failure = failure.withLock({ $0 }) { throw failure }
        guard let page = page.withLock({ $0 }) else { throw SyncError(code: .notCached, message: "none") }
        return page
    }
}

@MainActor
@Suite struct SectionsPresenterTests {
    private let view = SpySectionsView()
    private static let fetchedAt = Date(timeIntervalSince1970: 1_692_057_600)  // 2023-08-15T00:00:00Z

    private static func provenance(_ origin: Provenance.Origin, stale: Provenance.StaleReason? = nil, age: Duration = .zero) -> Provenance {
        Provenance(origin: origin, fetchedAt: fetchedAt, age: age, isFinal: false, staleReason: stale)
    }

    private static func entry(_ id: Int64, _ day: String, _ title: String = "瞎扯 · 如何正确地吐槽") -> SectionStory {
        SectionStory(
            story: Story(
                id: id, title: title, hint: "", imageURL: nil, url: "https://daily.zhihu.com/story/\(id)", gaPrefix: "", imageHue: "",
                type: 0),
            day: Day(day) ?? .firstIssue)
    }

    @Test func theList_showsEachColumnOnOneLineWithWhereItCameFrom() async {
        let interactor = StubSectionsInteractor()
        interactor.list.withLock {
            $0 = SectionList(
                sections: [
                    Section(id: 1, name: "深夜惊奇", description: "看别人的经历，\r\n理解自己的生活", thumbnailURL: nil),
                    Section(id: 2, name: "瞎扯", description: "", thumbnailURL: nil),
                ], provenance: Self.provenance(.cache, stale: .offline, age: .seconds(7_200)))
        }
        await SectionsPresenter(view: view, interactor: interactor).viewDidLoad()
        #expect(
            view.events == [
                .list(
                    SectionsViewData(
                        items: [
                            SectionItemViewData(id: 1, name: "深夜惊奇", description: "看别人的经历， 理解自己的生活"),
                            SectionItemViewData(id: 2, name: "瞎扯", description: ""),
                        ], emptyMessage: "知乎日报没有列出栏目", status: "离线 · 显示 2 小时前的缓存", origin: "cache",
                        fetchedAt: "2023-08-15T00:00:00Z", staleReason: "offline"))
            ])
    }

    @Test func aSourceWithoutSections_showsOneErrorOfItsOwnKind() async {
        let interactor = StubSectionsInteractor()
        interactor.failure.withLock { $0 = SyncError(code: .noSections, message: "the source has no sections") }
        await SectionsPresenter(view: view, interactor: interactor, language: .en).viewDidLoad()
        #expect(
            view.events == [
                .error(
                    ErrorViewData(
                        kind: .noSections, message: "This source has no sections (it answered sections with 404 or 401)",
                        detail: "the source has no sections", retryTitle: "Retry"))
            ])
    }

    /// What was asked is named: the base URL's host, or the local copy, never the service it copies.
    @Test func aSourceWithoutSections_isNamedByWhatWasAsked() async {
        let cases: [(String, Language, String)] = [
            ("http://127.0.0.1:8080/api/4", .zh, "127.0.0.1:8080 没有栏目（它对 sections 的回答是 404 或 401）"),
            ("https://user:secret@news.example/api/4", .en, "news.example has no sections (it answered sections with 404 or 401)"),
            ("file:///tmp/api/api/4", .zh, "本地副本（--base-url file://…）没有栏目（其中没有 sections）"),
            ("file:///tmp/api/api/4", .en, "The local copy (--base-url file://…) has no sections (it holds no sections file)"),
        ]
        for (baseURL, language, message) in cases {
            let view = SpySectionsView()
            let interactor = StubSectionsInteractor()
            var error = SyncError(code: .noSections, message: "the source has no sections")
            error.baseURL = baseURL
            interactor.failure.withLock { [error] in $0 = error }
            await SectionsPresenter(view: view, interactor: interactor, language: language).viewDidLoad()
            guard case .error(let shown)? = view.events.last else { Issue.record("no error: \(view.events)"); continue }
            #expect(shown.kind == .noSections)
            #expect(shown.message == message)
        }
    }

    @Test func aColumn_groupsItsStoriesByMonthNewestFirstWithTheirDates() async {
        let interactor = StubSectionsInteractor()
        interactor.page.withLock {
            $0 = SectionPage(
                sectionID: 2, name: "瞎扯",
                stories: [
                    Self.entry(9_762_815, "20230815"), Self.entry(9_762_790, "20230801"), Self.entry(9_760_001, "20230731", "标题\r\n两行"),
                ],
                isComplete: false, pagesFetched: 1, provenance: Self.provenance(.network))
        }
        let presenter = SectionStoriesPresenter(view: view, interactor: interactor, sectionID: 2, reach: .pages(1))
        await presenter.viewDidLoad()
        let story = { (id: Int64, date: String, key: String, title: String) in
            SectionStoryItemViewData(
                id: id, title: title, date: date, dateKey: key, imageURL: nil, url: "https://daily.zhihu.com/story/\(id)")
        }
        #expect(
            view.events == [
                .stories(
                    SectionStoriesViewData(
                        id: 2, title: "瞎扯",
                        months: [
                            SectionMonthViewData(
                                title: "2023年8月",
                                stories: [
                                    story(9_762_815, "8月15日", "20230815", "瞎扯 · 如何正确地吐槽"),
                                    story(9_762_790, "8月1日", "20230801", "瞎扯 · 如何正确地吐槽"),
                                ]),
                            SectionMonthViewData(title: "2023年7月", stories: [story(9_760_001, "7月31日", "20230731", "标题 两行")]),
                        ], emptyMessage: "这个栏目还没有文章", extent: "本地有 3 篇 · 更早的还没有读取", status: "已更新", isComplete: false,
                        pagesFetched: 1, origin: "network", fetchedAt: "2023-08-15T00:00:00Z", staleReason: nil,
                        moreTitle: "到底后加载更早的文章…"))
            ])

        await presenter.didReachEnd()
        #expect(interactor.reaches.withLock { $0 } == [.pages(1), .pages(2)], "the end of the list asks one page more")
    }

    @Test func theEndOfAColumnHeldFurtherThanAsked_asksOneMoreThanTheArchiveHolds() async {
        let interactor = StubSectionsInteractor()
        // An earlier `newsctl section 2 --pages 5`: the first screen (one page asked) shows five.
        interactor.page.withLock {
            $0 = SectionPage(
                sectionID: 2, name: "瞎扯", stories: [Self.entry(9_762_815, "20230815")], isComplete: false, pagesFetched: 0,
                pagesHeld: 5, provenance: Self.provenance(.cache))
        }
        let presenter = SectionStoriesPresenter(view: view, interactor: interactor, sectionID: 2, reach: .pages(1))
        await presenter.viewDidLoad()
        await presenter.didReachEnd()
        #expect(interactor.reaches.withLock { $0 } == [.pages(1), .pages(6)], "not .pages(2), which the archive holds already")
    }

    @Test func aColumnWithoutAName_isTitledByItsIdInEnglishToo() async {
        let interactor = StubSectionsInteractor()
        interactor.page.withLock {
            $0 = SectionPage(
                sectionID: 19, name: "", stories: [], isComplete: true, pagesFetched: 0,
                provenance: Self.provenance(.cache, age: .seconds(120)))
        }
        await SectionStoriesPresenter(view: view, interactor: interactor, sectionID: 19, language: .en).viewDidLoad()
        guard case .stories(let shown) = view.events.first else {
            Issue.record("\(view.events)")
            return
        }
        #expect(shown.title == "Section 19" && shown.months.isEmpty && shown.emptyMessage == "No stories in this section yet")
        #expect(shown.name == "", "--json gives the source's (missing) name, not a worded title")
        #expect(shown.extent == "0 stories · back to the first" && shown.status == "From the archive · updated 2 minutes ago")
    }

    @Test func aColumnTheSourceLacks_isNamedInTheError() async {
        let interactor = StubSectionsInteractor()
        interactor.failure.withLock {
            $0 = SyncError(
                code: .notFound, remoteError: RemoteError(code: .httpStatus, url: "x", status: 404, message: "HTTP 404"),
                message: "HTTP 404")
        }
        await SectionStoriesPresenter(view: view, interactor: interactor, sectionID: 77).viewDidLoad()
        guard case .error(let error) = view.events.first else {
            Issue.record("\(view.events)")
            return
        }
        #expect(error.kind == .notFound && error.message == "知乎日报没有栏目 77（HTTP 404）")
    }
}
