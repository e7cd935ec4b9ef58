import Testing
@testable import NewsFeature
import SyncEngine
import TestSupport

@Suite struct DefaultNewsListInteractorTests {
    private func policies(_ mode: ReadMode) throws -> [ReadPolicy] {
        let engine = try SyncEngine(configuration: .init(databasePath: ":memory:"))
        let interactor = DefaultNewsListInteractor(engine: engine, mode: mode)
        return [
            interactor.policy(.load, standard: .networkFirst), interactor.policy(.load, standard: .cacheFirst),
            interactor.policy(.refresh, standard: .cacheFirst),
        ]
    }

    @Test func standardReadsTodayFromTheNetworkAndPastDaysFromTheArchive() throws {
        #expect(try policies(.standard) == [.networkFirst, .cacheFirst, .networkFirst])
    }

    @Test func offlineNeverAsksTheNetwork() throws {
        #expect(try policies(.offline) == [.cacheOnly, .cacheOnly, .cacheOnly])
    }

    @Test func refreshAsksTheNetworkFirstForEverything() throws {
        #expect(try policies(.refresh) == [.networkFirst, .networkFirst, .networkFirst])
    }
}

/// The default interactor over a real engine, reading the fixtures through a file:// API root.
@Suite struct DefaultNewsListInteractorOverAnEngineTests {
    @Test func readsThroughTheEngineInEachMode() async throws {
        var configuration = SyncEngine.Configuration(databasePath: try Fixtures.temporaryFolder() + "/news.sqlite")
        configuration.baseURLs = ["file://" + Fixtures.apiRoot]
        let engine = try SyncEngine(configuration: configuration)
        let offline = DefaultNewsListInteractor(engine: engine, mode: .offline)
        let standard = DefaultNewsListInteractor(engine: engine, mode: .standard)

        await #expect(throws: SyncError.self) { try await offline.latest(.load) }
        let today = try await standard.latest(.load)
        #expect(today.provenance.origin == .network)
        #expect(today.topStories.count == 5)
        let cached = try await offline.latest(.load)
        #expect(cached.provenance.origin == .cache)
        #expect(cached.stories == today.stories)
        let yesterday = try await standard.page(for: today.day.adding(days: -1), .load)
        #expect(yesterday.stories.count == 5)
        #expect(try await standard.page(for: yesterday.day, .load).provenance.origin == .cache)
    }
}
