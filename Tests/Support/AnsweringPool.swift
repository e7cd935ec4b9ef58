/// Returns once 20 short tasks on Swift's pool end within 0.2 s, or after a minute of trying.
///
/// In a full run's first seconds hundreds of tests start at once and the pool answers nothing for
/// seconds (4-10 s in CI), so a test that bounds the time of its own work waits for this first:
/// its bound is then about that work, not about the suite's start.
public func waitForAnAnsweringPool() async throws {
    let giveUp = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < giveUp {
        let start = ContinuousClock.now
        let probes = (0..<20).map { _ in Task.detached { try await Task.sleep(for: .milliseconds(1)) } }
        for probe in probes { try await probe.value }
        if ContinuousClock.now - start < .milliseconds(200) { return }
        try await Task.sleep(for: .milliseconds(100))
    }
}
