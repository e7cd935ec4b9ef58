import Foundation
import Testing
@testable import NewsFeature
@testable import SyncEngine

@MainActor
/// Records what the sync, status and prune presenters show, in order.
final class SpyArchiveView: SyncView, ArchiveStatusView, PruneView {
    enum Event: Equatable {
        case progress(SyncProgressViewData)
        case summary(SyncSummaryViewData)
        case status(ArchiveStatusViewData)
        case pruned(PruneViewData)
        case error(ErrorViewData)
    }

    private(set) var events: [Event] = []
    func showProgress(_ progress: SyncProgressViewData) { events.append(.progress(progress)) }
    func showSyncSummary(_ summary: SyncSummaryViewData) { events.append(.summary(summary)) }
    func showStatus(_ status: ArchiveStatusViewData) { events.append(.status(status)) }
    func showPruned(_ pruned: PruneViewData) { events.append(.pruned(pruned)) }
    func showError(_ error: ErrorViewData) { events.append(.error(error)) }
}

/// Canned progress, summary and status; a prune that always removes the same.
final class StubArchiveInteractor: ArchiveInteractor {
    let progressSteps = Locked<[SyncProgress]>([])
    let summary = Locked<Result<SyncSummary, SyncError>?>(nil)
    let archiveStatus = Locked<ArchiveStatus?>(nil)

    func sync(_ request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void) async throws(SyncError) -> SyncSummary {
        for step in progressSteps.withLock({ $0 }) { progress(step) }
        guard let result = summary.withLock({ $0 }) else { throw SyncError(code: .unavailable, message: "no summary") }
        return try result.get()
    }

    func status() async throws(SyncError) -> ArchiveStatus {
        guard let status = archiveStatus.withLock({ $0 }) else { throw SyncError(code: .storage, message: "no status") }
        return status
    }

    func prune(keepDays: Int) async throws(SyncError) -> PruneSummary {
        PruneSummary(
            firstKept: Day(year: 2023, month: 4, day: 21)!.adding(days: -(keepDays - 1)), daysRemoved: 3620,
            storiesRemoved: 28_960, detailsRemoved: 100, bytesBefore: 536_870_912, bytesAfter: 5_347_737)
    }
}

let march14 = Day(year: 2023, month: 3, day: 14)!

/// The error of a story the source answers 404 for.
func notFound(_ id: Int64) -> SyncError {
    let url = "http://127.0.0.1/api/4/news/\(id)"
    return SyncError.wrapping(RemoteError(code: .httpStatus, url: url, status: 404, message: "HTTP 404"))
}
