import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// The base URL that answered when an earlier one did not is kept in the archive, so the next
/// process does not pay for the dead host again; after a day the order given is tried again.
@Suite struct PreferredBaseURLTests {
    private static let latestPath = "/api/4/news/latest"

    @Test func theHostThatAnsweredIsPreferredByTheNextEngineForADay() async throws {
        let silent = LoopbackServer()
        try await silent.start()
        silent.setReply(.delayed(.seconds(60), .fixture("news/latest")), for: Self.latestPath)
        let live = LoopbackServer()
        try await live.start()
        let silentBase = await silent.baseURL
        let liveBase = await live.baseURL
        var configuration = SyncEngine.Configuration(databasePath: try temporaryDatabasePath())
        configuration.baseURLs = [silentBase, liveBase]
        // Room for a loaded machine: the working host, once preferred, is first with this budget.
        configuration.firstByteBudget = .seconds(2)
        let clock = TestClock()

        let first = try SyncEngine(configuration: configuration, clock: clock)
        #expect(await first.preferredBaseURL() == nil)
        _ = try await first.latest(policy: .networkOnly)
        #expect(await first.preferredBaseURL()?.url == liveBase)
        #expect(await first.preferredBaseURL()?.since == clock.now())
        #expect(silent.requestCount(Self.latestPath) == 1)

        // A new engine on the same archive, as a new process would open it.
        clock.advance(by: 3_600)
        let second = try SyncEngine(configuration: configuration, clock: clock)
        _ = try await second.latest(policy: .networkOnly)
        #expect(silent.requestCount(Self.latestPath) == 1, "the silent host is not asked again")
        #expect(live.requestCount(Self.latestPath) == 2)

        // A day after it took over, the order given is tried again, and the answer remembered anew.
        clock.advance(by: 86_400 - 3_600 + 1)
        let third = try SyncEngine(configuration: configuration, clock: clock)
        #expect(await third.preferredBaseURL() == nil)
        _ = try await third.latest(policy: .networkOnly)
        #expect(silent.requestCount(Self.latestPath) == 2)
        #expect(await third.preferredBaseURL()?.since == clock.now())

        // Only among the base URLs configured: another list starts from its own first.
        var other = configuration
        other.baseURLs = [liveBase]
        let otherEngine = try SyncEngine(configuration: other, clock: clock)
        #expect(await otherEngine.preferredBaseURL() == nil)
        await silent.stop()
        await live.stop()
    }

    @Test func aReadOnlyArchiveServesAndRemembersNothing() async throws {
        let deadBase = try await LoopbackServer.refusedBaseURL()
        let live = LoopbackServer()
        try await live.start()
        var configuration = SyncEngine.Configuration(databasePath: try temporaryDatabasePath())
        configuration.baseURLs = [deadBase, await live.baseURL]
        // Today's page is in the archive (fetched from the live host alone, so nothing is
        // preferred); then it is opened read-only, with the dead host first.
        var writable = configuration
        writable.baseURLs = [configuration.baseURLs[1]]
        _ = try await SyncEngine(configuration: writable).latest()
        configuration.readOnly = true
        let engine = try SyncEngine(configuration: configuration)
        let page = try await engine.latest(policy: .networkFirst)
        #expect(page.stories.count == 6, "the archive's page is served")
        #expect(page.provenance.staleReason == .storageError, "the fetched one could not be saved")
        #expect(await engine.preferredBaseURL() == nil, "nor the host that answered")
        await live.stop()
    }
}

/// How long a sync leaves a story alone after its detail answered 5xx.
@Suite struct FailedStoryDelayTests {
    @Test func anHourAfterTheFirstFailureDoublingUpToAWeek() {
        let hours = (1...10).map { FailedStoryStore.delay(afterFailures: $0) / 3_600 }
        #expect(hours == [1, 2, 4, 8, 16, 32, 64, 128, 168, 168])
        #expect(FailedStoryStore.delay(afterFailures: 1_000) == 7 * 86_400)
    }
}
