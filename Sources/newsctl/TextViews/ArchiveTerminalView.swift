import NewsFeature
import SyncEngine

/// Sync progress, summaries, status and prune reports as text or JSON.
///
/// The progress bar goes to stderr and only to a terminal, redrawn at most ten times a second;
/// stdout gets one summary line (or one JSON object), so scripts and pipes see no bar.
@MainActor
final class ArchiveTerminalView: TerminalCommandView, SyncView, ArchiveStatusView, PruneView {
    private let path: String
    private var lastDrawn: ContinuousClock.Instant?
    private var barShown = false

    init(output: Output, errorLine: ErrorLine, json: Bool, terminal: Terminal, path: String) {
        self.path = path
        super.init(output: output, errorLine: errorLine, json: json, terminal: terminal)
    }

    func showProgress(_ progress: SyncProgressViewData) {
        guard terminal.stderrIsTerminal else { return }
        let now = ContinuousClock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100), !progress.isFinished { return }
        lastDrawn = now
        let counts = "\(progress.phase) \(progress.done)/\(progress.total)"
        let extras = [progress.rate, progress.remaining, progress.failed > 0 ? "✗ \(progress.failed)" : ""]
            .filter { !$0.isEmpty }.joined(separator: "  ")
        let textWidth = TerminalText.width(of: counts) + TerminalText.width(of: extras) + 4
        let barWidth = max(10, min(40, terminal.width - textWidth - 1))
        let filled = Int((progress.fraction * Double(barWidth)).rounded(.down))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
        output.err("\r\u{1B}[K" + bar + " " + counts + (extras.isEmpty ? "" : "  " + extras))
        barShown = true
    }

    private func clearBar() {
        guard barShown else { return }
        output.err("\r\u{1B}[K")
        barShown = false
    }

    func showSyncSummary(_ summary: SyncSummaryViewData) {
        clearBar()
        if json {
            output.out(
                JSONValue.object([
                    ("from", .string(summary.from)), ("to", .string(summary.to)),
                    ("days_fetched", .int(Int64(summary.daysFetched))), ("days_present", .int(Int64(summary.daysPresent))),
                    ("details_fetched", .int(Int64(summary.detailsFetched))), ("details_present", .int(Int64(summary.detailsPresent))),
                    ("failures", .int(Int64(summary.failures))), ("not_at_source", .int(Int64(summary.notAtSource))),
                    ("skipped", .int(Int64(summary.skipped))),
                    ("failed", .array(summary.failedItems.map(JSONValue.string))),
                    ("details_deferred", .int(Int64(summary.detailsDeferred))),
                    ("details_not_at_source", .int(Int64(summary.detailsNotAtSource))),
                    (
                        "slowed_down",
                        summary.slowedDown.map {
                            .object([
                                ("from", .int(Int64($0.from))), ("to", .int(Int64($0.to))), ("requests", .int(Int64($0.requests))),
                            ])
                        } ?? .null
                    ),
                    (
                        "comments",
                        summary.comments.map {
                            .object([
                                ("stories_fetched", .int(Int64($0.storiesFetched))),
                                ("stories_present", .int(Int64($0.storiesPresent))), ("comments", .int(Int64($0.comments))),
                            ])
                        } ?? .null
                    ),
                    (
                        "pictures",
                        summary.pictures.map {
                            .object([
                                ("fetched", .int(Int64($0.fetched))), ("present", .int(Int64($0.present))),
                                ("deferred", .int(Int64($0.deferred))), ("failed", .int(Int64($0.failed))),
                                ("evicted", .int(Int64($0.evicted))), ("skipped", .int(Int64($0.skipped))),
                            ])
                        } ?? .null
                    ),
                    ("seconds", .double(summary.seconds)),
                ]).serialized() + "\n")
        } else {
            output.out(TerminalText.sanitize(summary.message) + "\n")
        }
        if let problem = summary.problem {
            errorLine.write(problem)
            exitStatus = ExitStatus.forError(problem.kind)
        } else {
            if let notice = summary.notice { errorLine.note(notice) }
            exitStatus = ExitStatus.ok
        }
    }

    func showStatus(_ status: ArchiveStatusViewData) {
        exitStatus = ExitStatus.ok
        guard json else {
            output.out(
                ([TerminalText.sanitize(path)] + status.lines.map(TerminalText.sanitize))
                    .joined(separator: "\n") + "\n")
            return
        }
        output.out(
            JSONValue.object([
                ("path", .string(path)), ("first", .optional(status.first)), ("last", .optional(status.last)),
                ("days", .int(Int64(status.days))),
                (
                    "gaps",
                    .array(
                        status.gaps.map { .object([("from", .string($0.from)), ("to", .string($0.to)), ("days", .int(Int64($0.days)))]) })
                ),
                ("partial_days", .array(status.partialDays.map(JSONValue.string))),
                ("stories", .int(Int64(status.stories))), ("details", .int(Int64(status.details))),
                ("favorites", .int(Int64(status.favorites))), ("database_bytes", .int(status.databaseBytes)),
                ("last_sync", .optional(status.lastSync)), ("last_sync_interrupted", .bool(status.lastSyncInterrupted)),
                (
                    "failing_stories",
                    .array(
                        status.failingStories.map {
                            .object([
                                ("id", .int($0.id)), ("title", .optional($0.title)), ("failures", .int(Int64($0.failures))),
                                ("last_status", .int(Int64($0.lastStatus))), ("last_failure", .string($0.lastFailure)),
                                ("next_try", .string($0.nextTry)),
                            ])
                        })
                ),
                (
                    "pictures",
                    .object([
                        ("kept", .int(Int64(status.pictures.kept))), ("bytes", .int(status.pictures.bytes)),
                        ("missing", .int(Int64(status.pictures.missing))), ("failing", .int(Int64(status.pictures.failing))),
                        ("evicted", .int(Int64(status.pictures.evicted))),
                        ("budget", status.pictures.budget.map { .int($0) } ?? .null),
                        (
                            "failing_reasons",
                            .array(
                                status.pictures.failingReasons.map {
                                    .object([("reason", .string($0.code)), ("text", .string($0.text)), ("count", .int(Int64($0.count)))])
                                })
                        ),
                    ])
                ),
            ]).serialized() + "\n")
    }

    func showPruned(_ pruned: PruneViewData) {
        exitStatus = ExitStatus.ok
        guard json else {
            output.out(TerminalText.sanitize(pruned.message) + "\n")
            return
        }
        output.out(
            JSONValue.object([
                ("first_kept", .optional(pruned.firstKept)), ("days_removed", .int(Int64(pruned.daysRemoved))),
                ("stories_removed", .int(Int64(pruned.storiesRemoved))), ("details_removed", .int(Int64(pruned.detailsRemoved))),
                ("bytes_before", .int(pruned.bytesBefore)), ("bytes_after", .int(pruned.bytesAfter)),
                ("pictures_removed", .int(Int64(pruned.picturesRemoved))),
            ]).serialized() + "\n")
    }

    override func showError(_ error: ErrorViewData) {
        clearBar()
        super.showError(error)
    }
}
