import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// An archive opened read-only (`Configuration.readOnly`; the same connection a process gets for
/// a file or folder it cannot write): reads work, writes fail as `.readOnly`, and nothing changes.
/// The tests run as root, which ignores file permissions; `newsctl`'s end-to-end tests cover the
/// permission cases as `nobody`.
@Suite struct ReadOnlyEngineTests {
    private struct Harness {
        let server: LoopbackServer
        let path: String
    }

    /// An archive holding today's page, story 9759301's detail (read) and it as a favourite.
    private func filledArchive() async throws -> Harness {
        let server = LoopbackServer()
        try await server.start()
        let path = try temporaryDatabasePath()
        let engine = try await engine(path, server: server, readOnly: false)
        _ = try await engine.latest()
        try await engine.addFavorite(id: 9759301)
        try await engine.markRead(id: 9759301)
        return Harness(server: server, path: path)
    }

    private func engine(_ path: String, server: LoopbackServer, readOnly: Bool) async throws -> SyncEngine {
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = [await server.baseURL]
        configuration.networkTimeout = TimeBound.requestBudget
        configuration.readOnly = readOnly
        return try SyncEngine(configuration: configuration, clock: TestClock())
    }

    private func files(_ path: String) throws -> [Data] {
        try [path, path + "-wal"].map {
            FileManager.default.fileExists(atPath: $0) ? try Data(contentsOf: URL(fileURLWithPath: $0)) : Data()
        }
    }

    private func expectReadOnly(_ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("a write on a read-only archive succeeded")
        } catch let error as SyncError {
            #expect(error.code == .storage)
            #expect(error.databaseError?.problem == .readOnly, "\(error)")
        } catch {
            Issue.record("not a SyncError: \(error)")
        }
    }

    @Test func readsWorkAndEveryWriteFailsAsReadOnly() async throws {
        let h = try await filledArchive()
        let before = try files(h.path)
        let engine = try await engine(h.path, server: h.server, readOnly: true)
        #expect(engine.isReadOnly)

        #expect(try await engine.latest(policy: .cacheOnly).stories.count == 6)
        #expect(try await engine.detail(id: 9759301, policy: .cacheOnly).marks == StoryMarks(isFavorite: true, isRead: true))
        #expect(try await engine.favorites().map(\.id) == [9759301])
        #expect(try await !engine.search("春天").isEmpty)
        #expect(try await engine.status().coverage.last == Day("20230314"))

        let requestsBefore = h.server.requestedPaths.count
        await expectReadOnly { try await engine.markRead(id: 9759201) }
        await expectReadOnly { _ = try await engine.addFavorite(id: 9759201) }
        await expectReadOnly { _ = try await engine.removeFavorite(id: 9759301) }
        await expectReadOnly { _ = try await engine.sync(SyncRequest(span: .lastDays(2))) }
        await expectReadOnly { _ = try await engine.prune(keepDays: 1) }
        #expect(h.server.requestedPaths.count == requestsBefore, "refused before any network work")
        #expect(try files(h.path) == before)
    }

    @Test func aFetchedPageThatCannotBeSavedServesTheArchiveAsStorageError() async throws {
        let h = try await filledArchive()
        let engine = try await engine(h.path, server: h.server, readOnly: true)
        let changed = try Fixtures.text("news/latest").replacingOccurrences(of: "为什么春天的风总是特别大？", with: "改过的标题")
        h.server.setReply(.body(status: 200, text: changed), for: "/api/4/news/latest")
        let before = try files(h.path)

        let page = try await engine.latest()
        #expect(h.server.requestCount("/api/4/news/latest") == 2, "fetched, as a network-first read does")
        #expect(page.provenance.origin == .cache)
        #expect(page.provenance.staleReason == .storageError)
        #expect(page.stories.first?.title == "为什么春天的风总是特别大？", "the archive's page, not the unsaved one")
        #expect(try files(h.path) == before)
    }

    @Test func anOutdatedArchiveCannotBeMigratedReadOnly() async throws {
        let h = try await filledArchive()
        let database = try Database(path: h.path)
        // As an older newsctl left it: at schema 3, before compact text storage and failed stories.
        try database.execute(Fixtures.backToSchemaThree)
        do {
            _ = try await engine(h.path, server: h.server, readOnly: true)
            Issue.record("an outdated archive opened read-only")
        } catch let error as SyncError {
            #expect(error.code == .storage)
            #expect(error.databaseError?.problem == .needsUpgrade)
            #expect(error.message.contains("upgraded by a run that can write it"))
        }
        #expect(try Migrations.userVersion(database) == 3, "nothing migrated")
        // A writable run upgrades it; read-only then opens.
        _ = try await engine(h.path, server: h.server, readOnly: false)
        #expect(try await !engine(h.path, server: h.server, readOnly: true).search("春天").isEmpty)
    }

    @Test func aMissingArchiveIsNotCreatedReadOnly() async throws {
        let server = LoopbackServer()
        let path = try temporaryDatabasePath()
        do {
            _ = try await engine(path, server: server, readOnly: true)
            Issue.record("a missing archive opened read-only")
        } catch let error as SyncError {
            #expect(error.code == .storage)
            #expect(error.databaseError?.problem == .cannotOpen)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func uriPathsEscapeWhatSQLiteWouldReadAsQueryOrFragment() {
        #expect(Database.uriEscaped("/tmp/a b/news?#%.sqlite") == "/tmp/a%20b/news%3F%23%25.sqlite")
        #expect(Database.uriEscaped("/归档/news.sqlite") == "/%E5%BD%92%E6%A1%A3/news.sqlite")
    }
}
