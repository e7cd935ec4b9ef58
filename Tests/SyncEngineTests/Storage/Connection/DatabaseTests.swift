import CSQLite
import Foundation
import Testing
@testable import SyncEngine

@Suite struct DatabaseTests {
    @Test func migrationsCreateTheSchemaOnceAndRecordTheirVersion() throws {
        let path = try temporaryDatabasePath()
        do {
            let database = try Database(path: path)
            _ = try Archive(database: database)
            #expect(try Migrations.userVersion(database) == Migrations.steps.count)
            let tables = try database.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") { $0.text(at: 0) }
            #expect(
                tables == [
                    "account", "account_token", "comment", "comment_thread", "day", "day_story", "evicted_picture", "failed_picture",
                    "failed_story", "favorite",
                    "picture",
                    "picture_bytes", "read_mark", "section", "section_state", "section_story", "story", "story_detail", "story_extra",
                    "story_picture",
                    "story_search", "story_search_config", "story_search_data",
                    "story_search_docsize", "story_search_idx", "sync_meta", "top_story",
                ], "no story_search_content: the index keeps no copy of the texts")
            #expect(try database.query("SELECT name FROM sqlite_master WHERE type = 'view'") { $0.text(at: 0) } == ["searchable_story"])
        }
        // Reopening migrates nothing again (a second CREATE TABLE would fail).
        let reopened = try Database(path: path)
        _ = try Archive(database: reopened)
        #expect(try Migrations.userVersion(reopened) == Migrations.steps.count)
    }

    @Test func anArchiveOfTheFirstSchemaIsMigratedWithItsDays() throws {
        let path = try temporaryDatabasePath()
        do {
            let old = try Database(path: path)
            try old.execute(Migrations.steps[0].sql)
            try old.execute("PRAGMA user_version = 1")
            try old.execute("INSERT INTO day (date, fetched_at, is_final) VALUES (20230313, 1, 1)")
        }
        let database = try Database(path: path)
        let store = try Archive(database: database).pages
        #expect(try Migrations.userVersion(database) == Migrations.steps.count)
        #expect(try store.coverage().cachedRanges == [Day("20230313")!...Day("20230313")!])
        #expect(try database.query("SELECT count(*) FROM favorite") { $0.int64(at: 0) } == [0])
    }

    @Test func connectionUsesWALAndForeignKeys() throws {
        let database = try Database(path: try temporaryDatabasePath())
        #expect(try database.query("PRAGMA journal_mode") { $0.text(at: 0) } == ["wal"])
        #expect(try database.query("PRAGMA foreign_keys") { $0.int64(at: 0) } == [1])
    }

    /// Once SQLite is in use the switch is refused and changes nothing: SQLite forbids changing
    /// its configuration then, and other connections of the process rely on it.
    @Test func memoryStatisticsStayOnOnceSQLiteIsInUse() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute("CREATE TABLE t (x TEXT)")
        #expect(SyncEngine.disableSQLiteMemoryStatistics() == false)
        #expect(sqlite3_memory_used() > 0, "memory statistics still count")
        try database.run("INSERT INTO t VALUES (?)", [.text("still works")])
        #expect(try database.query("SELECT x FROM t") { $0.text(at: 0) } == ["still works"])
    }

    @Test func errorsCarryCodeMessageAndSQL() throws {
        let database = try Database(path: try temporaryDatabasePath())
        let error = try #require(throws: DatabaseError.self) {
            try database.run("INSERT INTO nowhere VALUES (1)")
        }
        #expect(error.primaryCode == SQLITE_ERROR)
        #expect(error.message.contains("no such table"))
        #expect(error.sql == "INSERT INTO nowhere VALUES (1)")
    }

    @Test func aFileThatIsNotADatabaseFailsToOpenWithNOTADB() throws {
        let path = try temporaryDatabasePath()
        try Data(String(repeating: "this is not sqlite ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: DatabaseError.self) { try Database(path: path) }
        #expect(error.primaryCode == SQLITE_NOTADB)
        // The file the user had is left as it was.
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("this is not sqlite"))
    }

    @Test func aFolderThatCannotBeCreatedInFailsWithCANTOPEN() throws {
        let error = try #require(throws: DatabaseError.self) {
            try Database(path: "/nonexistent-folder-\(UUID().uuidString)/news.sqlite")
        }
        #expect(error.primaryCode == SQLITE_CANTOPEN)
    }

    @Test func aTransactionThatThrowsLeavesNothingBehind() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute("CREATE TABLE t (x INTEGER NOT NULL)")
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.run("INSERT INTO t VALUES (?)", [.integer(1)])
                throw Abort()
            }
        }
        #expect(try database.query("SELECT count(*) FROM t") { $0.int64(at: 0) } == [0])
        // And the connection is usable afterwards: no transaction was left open.
        try database.transaction { try database.run("INSERT INTO t VALUES (?)", [.integer(2)]) }
        #expect(try database.query("SELECT x FROM t") { $0.int64(at: 0) } == [2])
    }

    @Test func textRoundTripsWithNULAndEmptyStrings() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute("CREATE TABLE t (x TEXT NOT NULL)")
        let values = ["a\u{0}b", "", "中文 \u{1B}[31m"]
        for value in values { try database.run("INSERT INTO t VALUES (?)", [.text(value)]) }
        #expect(try database.query("SELECT x FROM t ORDER BY rowid") { $0.text(at: 0) } == values)
    }

    @Test func bindsSixtyFourBitIdsWithoutTruncation() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute("CREATE TABLE t (x INTEGER)")
        let big: Int64 = 9_007_199_254_740_993
        try database.run("INSERT INTO t VALUES (?)", [.integer(big)])
        #expect(try database.query("SELECT x FROM t") { $0.int64(at: 0) } == [big])
    }
}
