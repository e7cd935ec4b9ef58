import CSQLite
import Testing

@testable import SyncEngine

/// An in-memory connection with the search tokenizer and functions, and an empty table of the
/// index's columns whose `rank` is what `Migrations` sets for `story_search`: what the ranking
/// tests fill with rows of their own. The caller closes it.
enum SearchTableFixture {
    static func open(alsoRunning sql: String = "") throws -> OpaquePointer {
        var opened: OpaquePointer?
        #expect(sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
        let connection = try #require(opened)
        do {
            try SearchTokenizer.register(on: connection)
            try exec(
                connection,
                """
                CREATE VIRTUAL TABLE story_search USING fts5(body, title, hint, tokenize = 'zhihu');
                INSERT INTO story_search (story_search, rank) VALUES ('rank', 'bm25(\(SearchRank.weights))');
                \(sql)
                """)
        } catch {
            sqlite3_close_v2(connection)
            throw error
        }
        return connection
    }

    static func exec(_ connection: OpaquePointer, _ sql: String) throws {
        let code = sqlite3_exec(connection, sql, nil, nil, nil)
        try #require(code == SQLITE_OK, "\(String(cString: sqlite3_errmsg(connection)))")
    }
}
