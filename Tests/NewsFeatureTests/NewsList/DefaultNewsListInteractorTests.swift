import Testing
@testable import NewsFeature
import SyncEngine

@Suite struct DefaultNewsListInteractorTests {
    private func policies(_ mode: ReadMode) throws -> [ReadPolicy] {
        let engine = try SyncEngine(configuration: .init(databasePath: ":memory:"))
        let interactor = DefaultNewsListInteractor(engine: engine, mode: mode)
        return [interactor.policy(.load, standard: .networkFirst), interactor.policy(.load, standard: .cacheFirst),
                interactor.policy(.refresh, standard: .cacheFirst)]
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
