import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The FTS5 function `search_rank(story_search, weight…)`: what orders search results, in the
/// order FTS5's `bm25(story_search, weight…)` (SQLite 3.40's `fts5Bm25Function`) gives them,
/// without its first pass when the query is one phrase.
///
/// `bm25` multiplies each phrase's share of a row's score by the phrase's inverse document
/// frequency, and before the first row it counts the rows each phrase matches: a second full
/// evaluation of the query. With one phrase, that factor is the same positive number for every
/// row, so leaving it out orders the rows as `bm25` does (only two scores within a rounding step
/// of each other could fall in another order); every search of one word is one phrase. With more
/// phrases the factors weigh them against each other, and they are computed as `bm25` does.
enum SearchRank {
    static let name = "search_rank"

    /// The index's rank weights, in its columns' order (body, title, hint), as `Migrations` sets
    /// them for `rank`.
    static let weights = "1.0, 10.0, 3.0"

    private static let k1 = 1.2
    private static let b = 0.75

    /// What a query's first row works out for the rows after it (`bm25`'s `Fts5Bm25Data`).
    private final class QueryData {
        let averageLength: Double
        let inverseFrequencies: [Double]
        let lengths: RowLengths

        init(averageLength: Double, inverseFrequencies: [Double], lengths: RowLengths) {
            self.averageLength = averageLength
            self.inverseFrequencies = inverseFrequencies
            self.lengths = lengths
        }
    }

    static let function: fts5_extension_function = { api, fts, context, count, values in
        guard let api = api?.pointee, let fts else { return sqlite3_result_error(context, "search_rank(table, weight…)", -1) }
        let data: QueryData
        switch queryData(api, fts, connection: sqlite3_context_db_handle(context)) {
        case .success(let found): data = found
        case .failure(let failure): return sqlite3_result_error_code(context, failure.code)
        }
        let weights = (0..<Int(count)).map { sqlite3_value_double(values?[$0]) }
        var frequencies = [Double](repeating: 0, count: data.inverseFrequencies.count)
        var instances: Int32 = 0
        var code = api.xInstCount(fts, &instances)
        var index: Int32 = 0
        while code == SQLITE_OK, index < instances {
            var phrase: Int32 = 0
            var column: Int32 = 0
            var offset: Int32 = 0
            code = api.xInst(fts, index, &phrase, &column, &offset)
            if code == SQLITE_OK { frequencies[Int(phrase)] += weights.count > Int(column) ? weights[Int(column)] : 1.0 }
            index += 1
        }
        var tokens: Int32 = 0
        if code == SQLITE_OK {
            if let length = data.lengths.length(of: api.xRowid(fts), columns: Int(api.xColumnCount(fts))) {
                tokens = length
                if !data.lengths.isChecked {
                    // The first length read so is checked against FTS5's: `search_rank` on another
                    // FTS5 table (whose lengths are not in `story_search_docsize`) never reads them.
                    code = api.xColumnSize(fts, -1, &tokens)
                    if code == SQLITE_OK { data.lengths.checked(against: tokens, read: length) }
                }
            } else {
                code = api.xColumnSize(fts, -1, &tokens)
            }
        }
        guard code == SQLITE_OK else { return sqlite3_result_error_code(context, code) }
        let length = Double(tokens)
        var score = 0.0
        for (phrase, frequency) in frequencies.enumerated() {
            score +=
                data.inverseFrequencies[phrase]
                * ((frequency * (k1 + 1.0)) / (frequency + k1 * (1 - b + b * length / data.averageLength)))
        }
        sqlite3_result_double(context, -1.0 * score)
    }

    /// The query's average row length and each phrase's factor, worked out at its first row and
    /// kept with the query (FTS5's aux data).
    private static func queryData(_ api: Fts5ExtensionApi, _ fts: OpaquePointer, connection: OpaquePointer?) -> Result<
        QueryData, SnippetRow.Failure
    > {
        if let kept = api.xGetAuxdata(fts, 0) { return .success(Unmanaged<QueryData>.fromOpaque(kept).takeUnretainedValue()) }
        var rows: Int64 = 0
        var tokens: Int64 = 0
        var code = api.xRowCount(fts, &rows)
        if code == SQLITE_OK { code = api.xColumnTotalSize(fts, -1, &tokens) }
        let phrases = Int(api.xPhraseCount(fts))
        var factors = [Double](repeating: 1.0, count: phrases)
        if phrases > 1 {
            for phrase in 0..<phrases where code == SQLITE_OK {
                var hits: Int64 = 0
                code = api.xQueryPhrase(fts, Int32(phrase), &hits) { _, _, counter in
                    counter?.assumingMemoryBound(to: Int64.self).pointee += 1
                    return SQLITE_OK
                }
                // As bm25: log((N - n + 0.5) / (n + 0.5)), and a phrase in more than half the
                // rows still counts a little.
                let factor = log((Double(rows) - Double(hits) + 0.5) / (Double(hits) + 0.5))
                factors[phrase] = factor <= 0.0 ? 1e-6 : factor
            }
        }
        guard code == SQLITE_OK else { return .failure(SnippetRow.Failure(code: code)) }
        let data = QueryData(
            averageLength: Double(tokens) / Double(rows), inverseFrequencies: factors, lengths: RowLengths(connection: connection))
        code = api.xSetAuxdata(fts, Unmanaged.passRetained(data).toOpaque()) { kept in
            if let kept { Unmanaged<QueryData>.fromOpaque(kept).release() }
        }
        guard code == SQLITE_OK else { return .failure(SnippetRow.Failure(code: code)) }
        return .success(data)
    }
}
