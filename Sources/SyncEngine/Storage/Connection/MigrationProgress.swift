/// How far an upgrade of an archive that an earlier version wrote has got, as
/// `SyncEngine.Configuration.onMigrationProgress` hears it.
public struct MigrationProgress: Sendable, Equatable {
    /// The schema version the archive had.
    public let fromVersion: Int
    /// The schema version it is upgraded to.
    public let toVersion: Int
    /// The share of the work done: 0 when the upgrade starts, 1 when it is over.
    public let fractionCompleted: Double

    /// Whether the upgrade is over (committed, and the freed space given back): the last report.
    public var isFinished: Bool { fractionCompleted >= 1 }

    /// A report of `fractionCompleted` (clamped to 0...1) of the upgrade from one version to another.
    public init(fromVersion: Int, toVersion: Int, fractionCompleted: Double) {
        self.fromVersion = fromVersion
        self.toVersion = toVersion
        self.fractionCompleted = min(max(fractionCompleted, 0), 1)
    }
}

/// Counts one migration's work, in units its steps estimate beforehand (`Migrations.Step.work`),
/// and reports the fraction done: at the start, at every further percent, and at the end.
///
/// Used synchronously by the migration that made it, on one thread.
final class MigrationMeter {
    private let total: Int
    private let report: ((Double) -> Void)?
    private var done = 0
    private var lastReported = -1.0

    /// A meter that reports nothing: a new archive is made, not upgraded.
    static var silent: MigrationMeter { MigrationMeter(total: 1, report: nil) }

    init(total: Int, report: ((Double) -> Void)?) {
        self.total = max(total, 1)
        self.report = report
    }

    /// Says that the migration has started (0).
    func start() {
        send(0)
    }

    /// Counts `units` more done. An estimate that fell short stops short of 1: only `finish` says 1.
    func advance(by units: Int = 1) {
        done += units
        let fraction = min(Double(done) / Double(total), 0.99)
        if fraction - lastReported >= 0.01 { send(fraction) }
    }

    /// Says that the migration is over (1), once.
    func finish() {
        if lastReported < 1 { send(1) }
    }

    private func send(_ fraction: Double) {
        lastReported = fraction
        report?(fraction)
    }
}
