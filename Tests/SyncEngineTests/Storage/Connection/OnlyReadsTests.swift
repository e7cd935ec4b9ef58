import Foundation
import Testing
import TestSupport

@testable import SyncEngine

/// `Configuration.onlyReads` (a cold `newsctl latest --offline`): an up-to-date archive is
/// opened read-only, and anything else the usual way, so an older archive is still upgraded and
/// a missing one still made.
@Suite struct OnlyReadsTests {
    private func engine(_ path: String) throws -> SyncEngine {
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.onlyReads = true
        return try SyncEngine(configuration: configuration, clock: TestClock())
    }

    /// An archive at the current schema holding one day, written and closed.
    private func currentArchive() throws -> String {
        let path = try temporaryDatabasePath()
        let store = try Archive(database: try Database(path: path)).pages
        try store.writeDay(Day("20230313")!, stories: [story(1, "committed")], fetchedAt: 1, isFinal: true)
        return path
    }

    @Test func anUpToDateArchiveIsOpenedReadOnlyAndStillRead() async throws {
        let path = try currentArchive()
        let engine = try engine(path)
        #expect(engine.isReadOnly)
        let page = try await engine.page(for: Day("20230313")!, policy: .cacheOnly)
        #expect(page.stories.map(\.title) == ["committed"])
    }

    @Test func anArchiveAnEarlierVersionWroteIsUpgradedAndOpenedForWriting() async throws {
        let path = try temporaryDatabasePath()
        do {
            let old = try Database(path: path)
            try old.execute(Migrations.steps[0].sql)
            try old.execute("PRAGMA user_version = 1")
            try old.execute("INSERT INTO day (date, fetched_at, is_final) VALUES (20230313, 1, 1)")
        }
        let engine = try engine(path)
        #expect(!engine.isReadOnly)
        #expect(try await engine.coverage().cachedRanges == [Day("20230313")!...Day("20230313")!])
        #expect(try Migrations.userVersion(try Database(path: path)) == Migrations.steps.count)
    }

    @Test func aMissingArchiveIsMadeAsUsual() throws {
        let path = try temporaryDatabasePath()
        let engine = try engine(path)
        #expect(!engine.isReadOnly)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try Migrations.userVersion(try Database(path: path)) == Migrations.steps.count)
    }

    /// Another connection (in a process of its own it would be the same: WAL, the `-shm`) holds
    /// the write lock with a change not yet committed: the read sees what was committed, at once.
    @Test func aReadWhileAnotherConnectionWritesSeesWhatWasCommittedAndDoesNotWait() async throws {
        // The bound below is about the read, not the suite's start (6.1 s once, in a full run).
        try await waitForAnAnsweringPool()
        let path = try currentArchive()
        let writer = try Database(path: path)
        try writer.execute("BEGIN IMMEDIATE")
        try writer.run("UPDATE story SET title = 'uncommitted' WHERE id = 1")
        let start = ContinuousClock.now
        let engine = try engine(path)
        #expect(engine.isReadOnly)
        let page = try await engine.page(for: Day("20230313")!, policy: .cacheOnly)
        #expect(page.stories.map(\.title) == ["committed"])
        #expect(ContinuousClock.now - start < .milliseconds(Int(Database.busyTimeoutMilliseconds)), "waited for the writer")
        try writer.execute("COMMIT")
        #expect(try await engine.page(for: Day("20230313")!, policy: .cacheOnly).stories.map(\.title) == ["uncommitted"])
    }
}
