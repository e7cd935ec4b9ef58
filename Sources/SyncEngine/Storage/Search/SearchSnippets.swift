import CSQLite

/// The FTS5 function `search_snippet(story_search, kind)`: a result's snippets, all three made at
/// its first call for a row, from one reading of the row (`SnippetRow`).
///
/// Kind 0 is FTS5's `snippet(story_search, snippet_column(story_search, 32), …, 32)`, 1 is
/// `snippet(story_search, 2, …, 32)` (the hint) and 2 is
/// `snippet(story_search, snippet_column(story_search, 64), …, 64)`, each byte for byte, with the
/// markers of `SearchText` and `…` as ellipsis: what `SnippetLines` makes a result's snippet of.
enum SearchSnippets {
    static let name = "search_snippet"
    /// The window of a snippet, and the wider one taken when a line of it repeats the title.
    static let tokens: Int32 = 32
    static let wideTokens: Int32 = 64

    private static let marks = SnippetWindow.Marks(
        open: Array(String(SearchText.matchStart).utf8), close: Array(String(SearchText.matchEnd).utf8), ellipsis: Array("…".utf8))

    static let function: fts5_extension_function = { api, fts, context, count, values in
        guard let api = api?.pointee, let values, count == 1, let kind = values[0].map(sqlite3_value_int), (0...2).contains(kind)
        else {
            return sqlite3_result_error(context, "search_snippet(table, 0, 1 or 2)", -1)
        }
        switch SnippetRow.current(api, fts).flatMap(made) {
        case .success(let snippets):
            guard let snippet = snippets[Int(kind)] else { return sqlite3_result_null(context) }
            snippet.withUnsafeBytes { bytes in
                guard let start = bytes.baseAddress else { return sqlite3_result_text(context, "", 0, csqlite_transient()) }
                sqlite3_result_text(context, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), csqlite_transient())
            }
        case .failure(let failure): sqlite3_result_error_code(context, failure.code)
        }
    }

    private static func made(_ row: SnippetRow) -> Result<[[UInt8]?], SnippetRow.Failure> {
        if let made = row.made { return .success(made) }
        let result: Result<[[UInt8]?], SnippetRow.Failure>
        do throws(SnippetRow.Failure) {
            let column = try SnippetColumn.bestColumn(row, tokens: tokens).get()
            let wideColumn = try SnippetColumn.bestColumn(row, tokens: wideTokens).get()
            result = .success([
                try SnippetWindow.snippet(row, column: column, tokens: tokens, marks: marks).get(),
                try SnippetWindow.snippet(row, column: SnippetColumn.preference[0], tokens: tokens, marks: marks).get(),
                try SnippetWindow.snippet(row, column: wideColumn, tokens: wideTokens, marks: marks).get(),
            ])
        } catch {
            result = .failure(error)
        }
        if case .success(let made) = result { row.made = made }
        return result
    }
}
