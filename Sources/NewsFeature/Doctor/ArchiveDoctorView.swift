/// The archive's check and rebuild (`newsctl doctor`), passive.
@MainActor
public protocol ArchiveDoctorView: AnyObject {
    /// What the check found; `problem` is set when the archive exists and is not healthy.
    func showHealth(_ health: ArchiveHealthViewData)
    /// What the rebuild did, and whether the new archive is healthy.
    func showRebuilt(_ rebuilt: RebuildViewData)
    /// The rebuild changed nothing: why.
    func showError(_ error: ErrorViewData)
}
