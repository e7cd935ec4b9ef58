import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// `archiveChangeToken()`: moves on every commit to the archive, this engine's or another
/// connection's, and only then.
@Suite struct ChangeTokenTests {
    private func makeEngine(_ path: String, server: LoopbackServer) async throws -> SyncEngine {
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = [await server.baseURL]
        configuration.networkTimeout = TimeBound.requestBudget
        return try SyncEngine(configuration: configuration, clock: TestClock())
    }

    @Test func readsLeaveItAndEveryCommitMovesIt() async throws {
        let server = LoopbackServer()
        try await server.start()
        defer { Task { await server.stop() } }
        let path = try temporaryDatabasePath()
        let engine = try await makeEngine(path, server: server)
        _ = try await engine.latest()
        _ = try await engine.detail(id: 9759301)  // fetched and kept: a write
        let start = try #require(await engine.archiveChangeToken())

        // Reads write nothing: the token stays.
        _ = try await engine.latest(policy: .cacheOnly)
        _ = try await engine.detail(id: 9759301, policy: .cacheOnly)
        _ = try await engine.favorites()
        _ = try await engine.search("春天")
        let afterReads = try #require(await engine.archiveChangeToken())
        #expect(afterReads == start)
        #expect(await engine.archiveChangeToken() == afterReads, "asking twice moves nothing")

        // The engine's own writes: a transaction (a sync) and single statements (marks).
        _ = try await engine.sync(SyncRequest(span: .lastDays(1)))
        let afterSync = try #require(await engine.archiveChangeToken())
        #expect(afterSync != afterReads)
        try await engine.markRead(id: 9759301)
        let afterMark = try #require(await engine.archiveChangeToken())
        #expect(afterMark != afterSync)
        try await engine.addFavorite(id: 9759301, policy: .cacheOnly)
        let afterFavorite = try #require(await engine.archiveChangeToken())
        #expect(afterFavorite != afterMark)

        // Another connection's commit (here a second engine on the same file; another process
        // is the same to SQLite).
        let other = try await makeEngine(path, server: server)
        try await other.removeFavorite(id: 9759301)
        let afterOther = try #require(await engine.archiveChangeToken())
        #expect(afterOther != afterFavorite)
        #expect(try await engine.favorites().isEmpty, "and the change is there to read")
        #expect(await engine.archiveChangeToken() == afterOther)
    }
}
