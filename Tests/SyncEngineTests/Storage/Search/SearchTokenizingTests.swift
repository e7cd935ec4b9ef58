import CSQLite
import Synchronization
import Testing
import TestSupport

@testable import SyncEngine

/// A search reads each result's hint and body once for its snippets: FTS5's own `snippet`
/// tokenized the column twice per call, three calls per result, besides `snippet_column`'s pass.
/// Counted with a tokenizer that stands in for `zhihu` and counts the passes auxiliary functions
/// ask for (`FTS5_TOKENIZE_AUX`), running the search's own SQL.
@Suite struct SearchTokenizingTests {
    @Test func aSearchTokenizesEachResultsHintAndBodyOncePerResult() throws {
        var opened: OpaquePointer?
        #expect(sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
        let connection = try #require(opened)
        defer { sqlite3_close_v2(connection) }
        try SearchTokenizer.register(on: connection)
        try #require(CountingTokenizer.register(on: connection))
        #expect(
            sqlite3_exec(
                connection,
                """
                CREATE VIRTUAL TABLE story_search USING fts5(body, title, hint, tokenize = 'zhihu');
                CREATE TABLE day_story (story_id INTEGER, date INTEGER);
                """, nil, nil, nil) == SQLITE_OK)
        for id in 1...30 {
            let body = "开头 " + String(repeating: "春风又绿江南岸，明月何时照我还。", count: id) + " Swift. 结尾"
            let sql = "INSERT INTO story_search (rowid, body, title, hint) VALUES (\(id), '\(body)', '标题 \(id)', '作者 · 春')"
            #expect(sqlite3_exec(connection, sql, nil, nil, nil) == SQLITE_OK)
        }
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(connection, SearchIndex.searchSQL, -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, "\"春\" \"明 月\"", -1, csqlite_transient())
        sqlite3_bind_int64(statement, 2, 20)
        CountingTokenizer.passes.withLock { $0 = 0 }
        var rows = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            rows += 1
            #expect(sqlite3_column_text(statement, 2) != nil)
        }
        #expect(rows == 20)
        let passes = CountingTokenizer.passes.withLock { $0 }
        #expect(passes == 2 * rows, "hint and body once per result, not \(passes) passes for \(rows) results")

        // A match at a long body's start: its tokens past a wide window (64) after the match are not read.
        sqlite3_reset(statement)
        sqlite3_bind_text(statement, 1, "\"作 者\" 开头", -1, csqlite_transient())
        CountingTokenizer.tokens.withLock { $0 = 0 }
        rows = 0
        while sqlite3_step(statement) == SQLITE_ROW { rows += 1 }
        #expect(rows == 20)
        let tokens = CountingTokenizer.tokens.withLock { $0 }
        #expect(tokens <= rows * (4 + 66), "the hint's 4 tokens and at most 66 of the body's, not \(tokens) for \(rows) results")
    }
}

/// `zhihu` as registered before, counting the passes auxiliary functions ask for.
private enum CountingTokenizer {
    static let passes = Mutex(0)
    static let tokens = Mutex(0)
    nonisolated(unsafe) static var inner = fts5_tokenizer()
    nonisolated(unsafe) static var innerUserData: UnsafeMutableRawPointer?

    static func register(on connection: OpaquePointer) -> Bool {
        guard let api = SearchTokenizer.fts5API(connection),
            api.pointee.xFindTokenizer(api, SearchTokenizer.name, &innerUserData, &inner) == SQLITE_OK
        else { return false }
        var counting = fts5_tokenizer(
            xCreate: { _, arguments, count, output in
                CountingTokenizer.inner.xCreate?(CountingTokenizer.innerUserData, arguments, count, output) ?? SQLITE_ERROR
            },
            xDelete: { CountingTokenizer.inner.xDelete?($0) },
            xTokenize: { handle, context, flags, text, length, emit in
                guard flags & FTS5_TOKENIZE_AUX != 0, let emit else {
                    return CountingTokenizer.inner.xTokenize?(handle, context, flags, text, length, emit) ?? SQLITE_ERROR
                }
                CountingTokenizer.passes.withLock { $0 += 1 }
                var relay = Relay(context: context, emit: emit)
                return withUnsafeMutablePointer(to: &relay) { relay in
                    CountingTokenizer.inner.xTokenize?(handle, relay, flags, text, length) { relay, flags, token, count, start, end in
                        CountingTokenizer.tokens.withLock { $0 += 1 }
                        guard let relay = relay?.assumingMemoryBound(to: Relay.self).pointee else { return SQLITE_MISUSE }
                        return relay.emit(relay.context, flags, token, count, start, end)
                    } ?? SQLITE_ERROR
                }
            })
        return api.pointee.xCreateTokenizer(api, SearchTokenizer.name, nil, &counting, nil) == SQLITE_OK
    }

    private struct Relay {
        let context: UnsafeMutableRawPointer?
        let emit: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32
    }
}
