/// The network check's screen, passive.
@MainActor
public protocol NetworkDoctorView: AnyObject {
    /// How every base URL answered, and which one the archive prefers; `noneWorks` is set when
    /// none answered with its latest page.
    func show(_ report: NetworkReportViewData)
}
