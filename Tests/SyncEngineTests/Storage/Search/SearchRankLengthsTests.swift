import CSQLite
import Testing

@testable import SyncEngine

/// `search_rank` reads each ranked row's length from the index's docsize table through one BLOB
/// handle per query (`SearchRank.RowLengths`) instead of FTS5's lookup statement per row, and a
/// row it cannot read goes to FTS5, which answers as `bm25` does.
@Suite struct SearchRankLengthsTests {
    private static let byBM25 = "SELECT rowid, rank FROM story_search WHERE story_search MATCH ?1 ORDER BY rank"
    private static let bySearchRank = """
        SELECT rowid, rank FROM story_search WHERE story_search MATCH ?1 AND rank MATCH 'search_rank(\(SearchRank.weights))'
        ORDER BY rank
        """

    /// Rows of different lengths in every column; "春" in all of them.
    private func table(rows: Int) throws -> OpaquePointer {
        let connection = try SearchTableFixture.open(alsoRunning: "BEGIN;")
        for id in 1...rows {
            // Up to 300 tokens: lengths of one and two varint bytes.
            let body = String(repeating: "风花", count: id % 150) + "春"
            try exec(connection, "INSERT INTO story_search (rowid, body, title, hint) VALUES (\(id), '\(body)', '春\(id)', '\(id % 7) 云')")
        }
        try exec(connection, "COMMIT")
        return connection
    }

    private func exec(_ connection: OpaquePointer, _ sql: String) throws { try SearchTableFixture.exec(connection, sql) }

    /// Each result's rowid and score in order, or the error's code.
    private func ranked(_ connection: OpaquePointer, _ sql: String, _ query: String) throws -> Result<[Int64: Double], RankError> {
        var statement: OpaquePointer?
        try #require(sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, query, -1, csqlite_transient())
        var rows: [Int64: Double] = [:]
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            rows[sqlite3_column_int64(statement, 0)] = sqlite3_column_double(statement, 1)
            code = sqlite3_step(statement)
        }
        return code == SQLITE_DONE ? .success(rows) : .failure(RankError(code: code & 0xFF))
    }

    private struct RankError: Error, Equatable { let code: Int32 }

    /// Statements SQLite ran while `body` ran, FTS5's own among them.
    private func statements(on connection: OpaquePointer, during body: () throws -> Void) rethrows -> [String] {
        final class Box { var sql: [String] = [] }
        let box = Box()
        sqlite3_trace_v2(
            connection, UInt32(SQLITE_TRACE_STMT),
            { _, context, statement, _ in
                if let context, let statement, let text = sqlite3_sql(OpaquePointer(statement)) {
                    Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().sql.append(String(cString: text))
                }
                return 0
            }, Unmanaged.passUnretained(box).toOpaque())
        defer { sqlite3_trace_v2(connection, 0, nil, nil) }
        try body()
        return box.sql
    }

    @Test func rankingReadsNoLookupStatementPerRow() throws {
        let connection = try table(rows: 400)
        defer { sqlite3_close_v2(connection) }
        var found = 0
        let run = try statements(on: connection) {
            found = try ranked(connection, Self.bySearchRank, "\"春\"").get().count
        }
        #expect(found == 400)
        let lookups = run.filter { $0.contains("_docsize") }
        // A query's first length read is checked against FTS5's (a lookup or two, by how FTS5
        // runs the sorted query), never one per row.
        #expect(lookups.count <= 2, "lookups of a row's length for 400 ranked rows")
        // The trace sees FTS5's lookups: bm25 makes one for every row.
        let byBM25 = try statements(on: connection) { _ = try ranked(connection, Self.byBM25, "\"春\"").get() }
        #expect(byBM25.filter { $0.contains("_docsize") }.count >= 400)
    }

    @Test func anotherFTS5TablesLengthsAreItsOwn() throws {
        // `search_rank` is there for every FTS5 table of the connection; the lengths it reads
        // directly are `story_search`'s, so on another table it must find that out and ask FTS5.
        let connection = try table(rows: 50)
        defer { sqlite3_close_v2(connection) }
        try exec(
            connection,
            """
            CREATE VIRTUAL TABLE other_search USING fts5(body, title, hint, tokenize = 'zhihu');
            INSERT INTO other_search (other_search, rank) VALUES ('rank', 'bm25(\(SearchRank.weights))');
            """)
        for id in 1...50 {
            let body = String(repeating: "云", count: id) + " 春"
            try exec(connection, "INSERT INTO other_search (rowid, body, title, hint) VALUES (\(id), '\(body)', '春', '')")
        }
        // Two phrases: search_rank's scores are then bm25's to the bit (one phrase: its order only).
        let query = "\"春\" \"云\""
        let expected = try ranked(connection, "SELECT rowid, rank FROM other_search WHERE other_search MATCH ?1 ORDER BY rank", query).get()
        #expect(expected.count == 50)
        let bySearchRank = """
            SELECT rowid, rank FROM other_search WHERE other_search MATCH ?1 AND rank MATCH 'search_rank(\(SearchRank.weights))'
            ORDER BY rank
            """
        #expect(try ranked(connection, bySearchRank, query).get() == expected)
    }

    @Test func theLengthsAreFTS5sSoScoresOfSeveralPhrasesAreBM25s() throws {
        let connection = try table(rows: 400)
        defer { sqlite3_close_v2(connection) }
        for query in ["\"春\" \"风\"", "\"春\" \"云\"", "\"花\" \"3\""] {
            let expected = try ranked(connection, Self.byBM25, query).get()
            #expect(expected.count > 40)
            #expect(try ranked(connection, Self.bySearchRank, query).get() == expected, "\(query)")
        }
    }

    /// A docsize row this does not read (damaged, missing, or a length of 2^28 tokens, which
    /// FTS5 reads): FTS5's answer, the same for bm25 and `search_rank`.
    @Test func aRowWhoseLengthThisDoesNotReadIsAnsweredByFTS5() throws {
        for (damage, isCorrupt) in [
            ("UPDATE story_search_docsize SET sz = x'05' WHERE id = 120", true),
            ("UPDATE story_search_docsize SET sz = x'0501020304' WHERE id = 120", true),
            ("DELETE FROM story_search_docsize WHERE id = 120", true),
            ("UPDATE story_search_docsize SET sz = x'81808080000101' WHERE id = 120", false),
        ] {
            let connection = try table(rows: 200)
            defer { sqlite3_close_v2(connection) }
            try exec(connection, damage)
            let expected = try ranked(connection, Self.byBM25, "\"春\" \"风\"")
            if isCorrupt {
                #expect(expected == .failure(RankError(code: SQLITE_CORRUPT)), "\(damage)")
            } else {
                #expect((try? expected.get())?.count ?? 0 > 100, "\(damage)")
            }
            #expect(try ranked(connection, Self.bySearchRank, "\"春\" \"风\"") == expected, "\(damage)")
        }
    }

    @Test func varintsAreReadAsSQLiteWritesThem() {
        #expect(SearchRank.RowLengths.varint([0x05], at: 0, count: 1)! == (5, 1))
        #expect(SearchRank.RowLengths.varint([0x81, 0x00], at: 0, count: 2)! == (128, 2))
        #expect(SearchRank.RowLengths.varint([0x00, 0xFF, 0xFF, 0xFF, 0x7F], at: 1, count: 5)! == ((1 << 28) - 1, 4))
        #expect(SearchRank.RowLengths.varint([0x81], at: 0, count: 1) == nil, "cut short")
        #expect(SearchRank.RowLengths.varint([0x81, 0x81, 0x81, 0x81, 0x01], at: 0, count: 5) == nil, "2^28 and above: FTS5's")
    }
}
