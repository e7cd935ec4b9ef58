import NewsFeature
import SyncEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Says on stderr that the engine is upgrading the archive (`SyncEngine.Configuration
/// .onMigrationProgress`): on a terminal "正在升级本地存档… 42%", one line redrawn in place at
/// most every tenth of a second and erased when the upgrade is over; otherwise one line, once.
/// stdout stays the command's alone.
final class MigrationNotice: Sendable {
    private let output = Output()
    private let isTerminal: Bool
    private let text: String
    /// Microseconds each report waits (tests only).
    private let pause: UInt32?
    private let state = Locked(State())

    private struct State {
        var isShown = false
        var percent = -1
        var drawnAt: ContinuousClock.Instant?
    }

    /// Test-only: `NEWSCTL_TEST_MIGRATION_PAUSE_MS` makes every report wait that long, so that the
    /// tests can see an upgrade of a small archive half-way and kill it there. Not for users.
    static let testPauseVariable = "NEWSCTL_TEST_MIGRATION_PAUSE_MS"

    init(language: Language, isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
        text = language == .zh ? "正在升级本地存档…" : "Upgrading the local archive…"
        pause = Environment.value(Self.testPauseVariable).flatMap { UInt32($0) }.map { $0 * 1_000 }
    }

    func report(_ progress: MigrationProgress) {
        if progress.isFinished {
            clear()
        } else if isTerminal {
            draw(percent: Int(progress.fractionCompleted * 100))
        } else {
            let first = state.withLock { state in
                defer { state.isShown = true }
                return !state.isShown
            }
            if first { output.err("newsctl: \(text)\n") }
        }
        if let pause { usleep(pause) }
    }

    /// Erases the line on a terminal; also when the upgrade failed before it was over.
    func clear() {
        let erase = state.withLock { state in
            defer { state.isShown = false }
            return isTerminal && state.isShown
        }
        if erase { output.err("\r\u{1B}[K") }
    }

    private func draw(percent: Int) {
        let now = ContinuousClock.now
        let due = state.withLock { state in
            guard percent != state.percent else { return false }
            if let drawnAt = state.drawnAt, now - drawnAt < .milliseconds(100) { return false }
            state = State(isShown: true, percent: percent, drawnAt: now)
            return true
        }
        if due { output.err("\r\(text) \(percent)%\u{1B}[K") }
    }
}
