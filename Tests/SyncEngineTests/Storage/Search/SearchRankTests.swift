import CSQLite
import Testing
import TestSupport

@testable import SyncEngine

/// `search_rank` against FTS5's `bm25` with the index's weights: the same results in the same
/// order for random queries of one word and of several, the same scores where there are several
/// phrases, and for one word, one reading of the index instead of two.
@Suite struct SearchRankTests {
    /// A connection with the tokenizer and functions, and a table of the index's columns whose
    /// `rank` is what `Migrations` sets for `story_search`.
    private func table(rows: Int, bodyTokens: ClosedRange<Int> = 0...400, seed: UInt64) throws -> OpaquePointer {
        let connection = try SearchTableFixture.open(alsoRunning: "CREATE TABLE day_story (story_id INTEGER, date INTEGER);")
        var random = SplitMix(seed: seed)
        let words = ["春", "风", "花", "雪", "月", "山", "水", "云", "的", "是", "Swift", "vr", "猫", "狗", "咖啡", "Café", "研究"]
        func text(_ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }.joined(
                separator: ["", " ", "，", "。"].randomElement(using: &random) ?? "")
        }
        try exec(connection, "BEGIN")
        for id in 1...rows {
            let values = [text(bodyTokens), text(1...12), text(0...20)].map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }
            try exec(connection, "INSERT INTO story_search (rowid, body, title, hint) VALUES (\(id), \(values.joined(separator: ", ")))")
        }
        try exec(connection, "COMMIT")
        return connection
    }

    private func exec(_ connection: OpaquePointer, _ sql: String) throws { try SearchTableFixture.exec(connection, sql) }

    /// Each result's rowid and score, in order.
    private func ranked(_ connection: OpaquePointer, _ sql: String, _ query: String) throws -> [(Int64, Double)] {
        var statement: OpaquePointer?
        try #require(sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, query, -1, csqlite_transient())
        var rows: [(Int64, Double)] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append((sqlite3_column_int64(statement, 0), sqlite3_column_double(statement, 1)))
        }
        return rows
    }

    private static let byBM25 = "SELECT rowid, rank FROM story_search WHERE story_search MATCH ?1 ORDER BY rank"
    private static let bySearchRank = """
        SELECT rowid, rank FROM story_search WHERE story_search MATCH ?1 AND rank MATCH 'search_rank(\(SearchRank.weights))'
        ORDER BY rank
        """
    /// The search itself (ids, snippets and days), with no limit to speak of.
    private static let search = SearchIndex.searchSQL.replacingOccurrences(of: "?2", with: "100000")
    /// The search's ranking alone: its conditions after the query's, and its order.
    /// Nil if the search's SQL no longer has the shape this reads (then the tests fail, rather
    /// than compare bm25 with itself).
    private static let searchRanking: String? = {
        let sql = SearchIndex.searchSQL
        let conditions = sql.range(of: "MATCH ?1").flatMap { match in
            sql.range(of: "ORDER BY").map { String(sql[match.upperBound..<$0.lowerBound]) }
        }
        return conditions.map { "SELECT rowid, rank FROM story_search WHERE story_search MATCH ?1\($0)ORDER BY rank" }
    }()

    @Test func theOrderIsBM25sForQueriesOfOneWordAndOfSeveral() async throws {
        // Seconds of work in a debug build: on a thread of its own (`offThePool`).
        let (compared, severalPhrases) = try await offThePool { () throws -> (Int, Int) in
            let connection = try table(rows: 600, seed: 5)
            defer { sqlite3_close_v2(connection) }
            var random = SplitMix(seed: 23)
            let terms = ["春", "风", "花雪", "月", "山水", "云", "的", "是", "Swift", "vr", "猫", "咖啡", "研究", "春风", "水 云"]
            var compared = 0
            var severalPhrases = 0
            for round in 0..<150 {
                let query = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    "\"" + (terms.randomElement(using: &random) ?? "") + "\""
                }.joined(separator: " ")
                let expected = try ranked(connection, Self.byBM25, query)
                let got = try ranked(connection, Self.bySearchRank, query)
                // The search's own conditions every time; the whole search (a snippet for every
                // row, most of this test's time under the sanitizers) for one query in ten.
                let search = round % 10 == 0 ? Self.search : try #require(Self.searchRanking)
                #expect(try ranked(connection, search, query).map(\.0) == expected.map(\.0), "\(query)")
                #expect(got.map(\.0) == expected.map(\.0), "\(query)")
                if query.filter({ $0 == "\"" }).count > 2 {
                    // Several phrases: the scores are bm25's, to the bit.
                    #expect(got.map(\.1) == expected.map(\.1), "\(query)")
                    severalPhrases += 1
                }
                compared += expected.count
            }
            return (compared, severalPhrases)
        }
        #expect(compared > 10_000, "enough ranked rows to mean something: \(compared)")
        #expect(severalPhrases > 40)
    }

    @Test func aOneWordSearchReadsTheIndexOnce() async throws {
        // Long bodies, so that reading the words' lists of positions is most of a search's reads.
        let (bm25, searchRank) = try await offThePool { () throws -> (Int32, Int32) in
            let connection = try table(rows: 40, bodyTokens: 20_000...30_000, seed: 9)
            defer { sqlite3_close_v2(connection) }
            func pagesRead(_ sql: String) throws -> Int32 {
                var current: Int32 = 0
                var highest: Int32 = 0
                sqlite3_db_status(connection, SQLITE_DBSTATUS_CACHE_HIT, &current, &highest, 1)
                sqlite3_db_status(connection, SQLITE_DBSTATUS_CACHE_MISS, &current, &highest, 1)
                #expect(try ranked(connection, sql, "\"春风\"").count == 40)
                var hits: Int32 = 0
                var misses: Int32 = 0
                sqlite3_db_status(connection, SQLITE_DBSTATUS_CACHE_HIT, &hits, &highest, 1)
                sqlite3_db_status(connection, SQLITE_DBSTATUS_CACHE_MISS, &misses, &highest, 1)
                return hits + misses
            }
            return (try pagesRead(Self.byBM25), try pagesRead(try #require(Self.searchRanking)))
        }
        // bm25 counts the phrase's rows in a pass of its own before ranking them.
        #expect(Double(searchRank) < 0.75 * Double(bm25), "pages read: search_rank \(searchRank), bm25 \(bm25)")
    }
}
