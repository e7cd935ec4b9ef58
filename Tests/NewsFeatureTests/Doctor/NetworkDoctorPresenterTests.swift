import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
final class SpyNetworkDoctorView: NetworkDoctorView {
    private(set) var reports: [NetworkReportViewData] = []
    func show(_ report: NetworkReportViewData) { reports.append(report) }
}

struct StubNetworkDoctorInteractor: NetworkDoctorInteractor {
    let checks: [HostCheck]
    var preferred: PreferredBaseURL? = nil

    func check() async -> [HostCheck] { checks }
    func preferredBaseURL() async -> PreferredBaseURL? { preferred }
}

@MainActor
@Suite struct NetworkDoctorPresenterTests {
    private let view = SpyNetworkDoctorView()
    private static let april21 = Day(year: 2023, month: 4, day: 21)!

    private static let working = HostCheck(
        baseURL: "https://news-at.zhihu.com/api/4",
        steps: [
            HostCheck.Step(kind: .resolve, succeeded: true, duration: .microseconds(4_240), detail: "1.2.3.4"),
            HostCheck.Step(kind: .http, succeeded: true, duration: .milliseconds(120), detail: "HTTP 200", finding: .status(200)),
            HostCheck.Step(kind: .page, succeeded: true, duration: nil, detail: "20230421, 3 stories", finding: .page(april21, stories: 3)),
        ],
        latestDay: april21, storyCount: 3, certificateNames: nil)

    private static let failing = HostCheck(
        baseURL: "https://mirror.example/api/4",
        steps: [HostCheck.Step(kind: .connect, succeeded: false, duration: .milliseconds(2), detail: "Connection refused")],
        latestDay: nil, storyCount: nil, certificateNames: nil)

    private func report(_ interactor: StubNetworkDoctorInteractor, _ language: Language = .zh) async -> NetworkReportViewData? {
        await NetworkDoctorPresenter(view: view, interactor: interactor, language: language).didRequestCheck()
        return view.reports.last
    }

    @Test func eachStepIsWordedWithItsTime_andAFailedStepSaysWhatFailedFirst() async {
        guard let report = await report(StubNetworkDoctorInteractor(checks: [Self.working, Self.failing])) else {
            Issue.record("no report")
            return
        }
        #expect(view.reports.count == 1)
        #expect(report.hosts.map(\.worksText) == ["可用", "不可用"])
        #expect(report.hosts[0].steps.map(\.name) == ["域名解析", "HTTP", "最新一期"])
        #expect(report.hosts[0].steps.map(\.time) == ["4.2 ms", "120 ms", ""])
        #expect(report.hosts[0].steps.map(\.milliseconds) == [4.2, 120, nil])
        #expect(report.hosts[0].steps.map(\.text) == ["1.2.3.4", "HTTP 200", "20230421，3 篇文章"])
        #expect(report.hosts[1].steps.map(\.text) == ["无法连接：Connection refused"])
        #expect(report.hosts[1].steps.map(\.outcome) == ["失败"])
        #expect(report.hosts[0].latestDate == "20230421" && report.hosts[0].stories == 3)
        #expect(report.working == 1 && report.workingText == "2 个地址中 1 个可用")
        #expect(report.noneWorks == nil)
        #expect(report.preferred == nil && report.preferredText == "优先使用：无；按给定顺序尝试各个地址")
    }

    @Test func thePreferenceIsWordedInBeijingTime_andGivenInUTCForMachines() async {
        let since = Date(timeIntervalSince1970: 1_682_035_200)  // 2023-04-21T00:00:00Z, 08:00 in Beijing
        let until = since.addingTimeInterval(3_600)
        let interactor = StubNetworkDoctorInteractor(
            checks: [Self.working], preferred: PreferredBaseURL(url: "https://mirror.example/api/4", since: since, until: until))
        guard let report = await report(interactor, .en) else {
            Issue.record("no report")
            return
        }
        #expect(
            report.preferred
                == NetworkReportViewData.Preferred(
                    url: "https://mirror.example/api/4", since: "2023-04-21T00:00:00Z", until: "2023-04-21T01:00:00Z"))
        let dates = DateFormatting(language: .en)
        #expect(
            report.preferredText
                == "preferred: https://mirror.example/api/4, which answered when an earlier one did not, since "
                + dates.beijingDateTime(unixTime: 1_682_035_200) + "; the order given is tried again after "
                + dates.beijingDateTime(unixTime: 1_682_038_800) + " (Beijing time)")
        #expect(report.workingText == "the base URL works")
    }

    @Test func whenNoBaseURLWorks_theReportSaysWhatToDo() async {
        guard let report = await report(StubNetworkDoctorInteractor(checks: [Self.failing, Self.failing]), .en) else {
            Issue.record("no report")
            return
        }
        #expect(report.working == 0 && report.workingText == "0 of 2 base URLs work")
        #expect(report.noneWorks == "no base URL answered with its latest page; see the steps above, or use --base-url for a mirror")
        #expect(report.hosts.map(\.worksText) == ["does not work", "does not work"])
        #expect(report.hosts[0].steps.map(\.text) == ["Connection refused"], "English keeps the transport's own words")
    }

    @Test func theViewIsHeldWeakly() async {
        weak var weakView: SpyNetworkDoctorView?
        let presenter: NetworkDoctorPresenter
        do {
            let view = SpyNetworkDoctorView()
            weakView = view
            presenter = NetworkDoctorPresenter(view: view, interactor: StubNetworkDoctorInteractor(checks: []))
        }
        #expect(weakView == nil)
        await presenter.didRequestCheck()
    }
}
