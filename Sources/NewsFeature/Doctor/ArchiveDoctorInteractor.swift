import SyncEngine

/// The use cases of `newsctl doctor`: the archive's check and its rebuild.
public protocol ArchiveDoctorInteractor: Sendable {
    /// The archive's integrity, its user tables and its kept pictures, changing nothing.
    func check() -> ArchiveHealth
    /// Rebuilds the archive: the cache emptied, the user tables and what they keep carried over.
    /// With `force`, goes on when a user table cannot be read.
    func rebuild(force: Bool) throws(SyncError) -> RebuildReport
}

/// The archive's check and rebuild through `ArchiveMaintenance`, on the file at `databasePath`.
public struct DefaultArchiveDoctorInteractor: ArchiveDoctorInteractor {
    private let databasePath: String

    /// Checks or rebuilds the archive at `databasePath`.
    public init(databasePath: String) {
        self.databasePath = databasePath
    }

    public func check() -> ArchiveHealth {
        ArchiveMaintenance.check(databasePath: databasePath)
    }

    public func rebuild(force: Bool) throws(SyncError) -> RebuildReport {
        try ArchiveMaintenance.rebuild(databasePath: databasePath, force: force)
    }
}
