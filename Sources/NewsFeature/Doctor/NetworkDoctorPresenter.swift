import SyncEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The network check's presentation logic: each base URL's steps in words with their times,
/// the archive's preference with its times in Beijing time, and whether any base URL works.
@MainActor
public final class NetworkDoctorPresenter {
    private weak var view: (any NetworkDoctorView)?
    private let interactor: any NetworkDoctorInteractor
    private let strings: DoctorStrings
    private let dates: DateFormatting

    /// Composes the screen.
    ///
    /// - Parameters:
    ///   - view: the screen's view, held weakly.
    ///   - interactor: the screen's use cases.
    ///   - language: the language of the wording.
    public init(view: any NetworkDoctorView, interactor: any NetworkDoctorInteractor, language: Language = .zh) {
        self.view = view
        self.interactor = interactor
        self.strings = DoctorStrings(language: language)
        self.dates = DateFormatting(language: language)
    }

    /// Checks every base URL and reads the archive's preference, then shows both.
    public func didRequestCheck() async {
        let checks = await interactor.check()
        let preferred = await interactor.preferredBaseURL()
        view?.show(viewData(checks, preferred))
    }

    func viewData(_ checks: [HostCheck], _ preferred: PreferredBaseURL?) -> NetworkReportViewData {
        let working = checks.filter(\.works).count
        return NetworkReportViewData(
            hosts: checks.map(host), preferred: preferred.map(preferredViewData),
            preferredText: preferred.map {
                strings.preferred($0.url, since: beijingTime($0.since), until: beijingTime($0.until))
            } ?? strings.noPreference,
            working: working, workingText: strings.working(working, of: checks.count),
            noneWorks: working == 0 ? strings.noneWorks : nil)
    }

    private func host(_ check: HostCheck) -> NetworkReportViewData.Host {
        NetworkReportViewData.Host(
            baseURL: check.baseURL, works: check.works, worksText: strings.works(check.works),
            steps: check.steps.map(step), latestDate: check.latestDay?.description, stories: check.storyCount,
            certificateNames: check.certificateNames)
    }

    private func step(_ step: HostCheck.Step) -> NetworkReportViewData.Step {
        let milliseconds = step.duration.map(Self.milliseconds)
        return NetworkReportViewData.Step(
            kind: step.kind.rawValue, name: strings.stepName(step.kind), succeeded: step.succeeded,
            outcome: strings.stepOutcome(step.succeeded), milliseconds: milliseconds,
            time: milliseconds.map { $0 < 10 ? "\($0) ms" : "\(Int($0.rounded())) ms" } ?? "", detail: step.detail,
            text: step.finding.map(strings.finding) ?? (step.succeeded ? step.detail : strings.failedStep(step.kind, step.detail)))
    }

    private func preferredViewData(_ preferred: PreferredBaseURL) -> NetworkReportViewData.Preferred {
        NetworkReportViewData.Preferred(url: preferred.url, since: Self.iso8601(preferred.since), until: Self.iso8601(preferred.until))
    }

    /// Milliseconds to one decimal.
    private static func milliseconds(_ duration: Duration) -> Double {
        ((Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15) * 10).rounded() / 10
    }

    /// As `status` words its times: the source's clock, Beijing, not raw UTC.
    private func beijingTime(_ date: Date) -> String {
        dates.beijingDateTime(unixTime: Self.unixTime(date))
    }

    private static func iso8601(_ date: Date) -> String {
        DateFormatting.iso8601(unixTime: unixTime(date))
    }

    private static func unixTime(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }
}
