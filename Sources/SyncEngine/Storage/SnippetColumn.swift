import CSQLite

/// The FTS5 function `snippet_column(story_search, tokens)`: the column a result's snippet comes
/// from. Never the title, which a result shows anyway: the hint or the body, whichever holds the
/// better window of matches, and when neither matches (the match is in the title only), the hint,
/// or the body's beginning when there is no hint.
///
/// Windows are scored exactly as FTS5's own `snippet(story_search, -1, …, tokens)` scores them
/// (SQLite's `fts5SnippetFunction`: 1000 for each phrase a window holds first, 1 for repeats,
/// 120 or 100 more for a window at a sentence start), and a tie goes to the hint, as `snippet`
/// gives it to the earlier column: so `snippet(story_search, snippet_column(story_search, n), …, n)`
/// is the snippet `snippet` would take from a table of the hint and the body alone. (The index
/// puts the body first, which saves about a fifth of it: FTS5 marks every position list outside
/// column 0 with the column's number, and nearly all positions are the body's.)
enum SnippetColumn {
    static let name = "snippet_column"
    /// `story_search`'s columns a snippet may come from, in the order a tie goes: hint, body.
    static let preference: [Int32] = [2, 0]

    static let function: fts5_extension_function = { api, fts, context, count, values in
        guard let api = api?.pointee, let values, count == 1, let tokenCount = values[0].map(sqlite3_value_int) else {
            return sqlite3_result_error(context, "snippet_column(table, tokens)", -1)
        }
        switch bestColumn(api, fts, tokens: tokenCount) {
        case .success(let column): sqlite3_result_int(context, column)
        case .failure(let failure): sqlite3_result_error_code(context, failure.code)
        }
    }

    private struct Failure: Error {
        let code: Int32
    }

    private struct Instance {
        let phrase: Int32
        let column: Int32
        let offset: Int32
    }

    private static func bestColumn(_ api: Fts5ExtensionApi, _ fts: OpaquePointer?, tokens: Int32) -> Result<Int32, Failure> {
        var instanceCount: Int32 = 0
        var code = api.xInstCount(fts, &instanceCount)
        guard code == SQLITE_OK else { return .failure(Failure(code: code)) }
        var instances: [Instance] = []
        for index in 0..<instanceCount {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            code = api.xInst(fts, index, &phrase, &column, &offset)
            guard code == SQLITE_OK else { return .failure(Failure(code: code)) }
            instances.append(Instance(phrase: phrase, column: column, offset: offset))
        }
        let phraseCount = Int(max(0, api.xPhraseCount(fts)))

        /// `fts5SnippetScore`: the window of `tokens` tokens from `start` in `column`.
        func score(_ column: Int32, from start: Int32) -> Int {
            var seen = [Bool](repeating: false, count: phraseCount)
            var total = 0
            for instance in instances
            where instance.column == column && instance.offset >= start && Int64(instance.offset) < Int64(start) + Int64(tokens) {
                let phrase = Int(instance.phrase)
                guard phrase < phraseCount else { continue }
                total += seen[phrase] ? 1 : 1000
                seen[phrase] = true
            }
            return total
        }

        let sentences: [Sentences]
        switch RowSentences.of(api, fts) {
        case .success(let found): sentences = found
        case .failure(let failure): return .failure(failure)
        }
        var bestScore = 0
        var best = preference[0]  // When only the title matched: the hint, or the body if there is no hint.
        for (column, sentences) in zip(preference, sentences) {
            if column == preference[0] && sentences.isEmpty { best = preference[1] }
            let (firsts, size) = (sentences.firsts, sentences.size)
            for instance in instances where instance.column == column {
                guard instance.offset <= size else { return .failure(Failure(code: SQLITE_CORRUPT)) }
                let atMatch = score(column, from: instance.offset)
                if atMatch > bestScore { (bestScore, best) = (atMatch, column) }
                guard !firsts.isEmpty, size > tokens else { continue }
                var sentence = 0
                while sentence < firsts.count - 1 && firsts[sentence + 1] <= instance.offset { sentence += 1 }
                guard firsts[sentence] < instance.offset else { continue }
                let atSentence = score(column, from: firsts[sentence]) + (firsts[sentence] == 0 ? 120 : 100)
                if atSentence > bestScore { (bestScore, best) = (atSentence, column) }
            }
        }
        return .success(best)
    }

    /// A column's sentence starts and size in tokens, as `snippet` finds them.
    fileprivate struct Sentences {
        var isEmpty: Bool
        var firsts: [Int32]
        var size: Int32
    }

    /// The sentences of the current row's `preference` columns, found once per row: a search asks
    /// `snippet_column` twice per result (two window lengths), and each time tokenizing the body
    /// again cost as much as a snippet. Kept as the function's auxiliary data for the query.
    private final class RowSentences {
        var rowid: Int64 = 0
        var columns: [Sentences] = []

        static func of(_ api: Fts5ExtensionApi, _ fts: OpaquePointer?) -> Result<[Sentences], Failure> {
            let rowid = api.xRowid(fts)
            let cache: RowSentences
            if let kept = api.xGetAuxdata(fts, 0) {
                cache = Unmanaged<RowSentences>.fromOpaque(kept).takeUnretainedValue()
                if cache.rowid == rowid && cache.columns.count == preference.count { return .success(cache.columns) }
            } else {
                cache = RowSentences()
                let pointer = Unmanaged.passRetained(cache).toOpaque()
                let code = api.xSetAuxdata(fts, pointer) { Unmanaged<RowSentences>.fromOpaque($0!).release() }
                guard code == SQLITE_OK else { return .failure(Failure(code: code)) }
            }
            cache.columns = []
            for column in preference {
                var text: UnsafePointer<CChar>?
                var length: Int32 = 0
                var code = api.xColumnText(fts, column, &text, &length)
                guard code == SQLITE_OK else { return .failure(Failure(code: code)) }
                var finder = SentenceFinder(document: text)
                code = withUnsafeMutablePointer(to: &finder) { api.xTokenize(fts, text, length, $0, SentenceFinder.callback) }
                guard code == SQLITE_OK else { return .failure(Failure(code: code)) }
                var size: Int32 = 0
                code = api.xColumnSize(fts, column, &size)
                guard code == SQLITE_OK else { return .failure(Failure(code: code)) }
                cache.columns.append(Sentences(isEmpty: length == 0, firsts: finder.firsts, size: size))
            }
            cache.rowid = rowid
            return .success(cache.columns)
        }
    }

    /// `fts5SentenceFinderCb`: the first token of the text, and every token after a `.` or `:`
    /// that whitespace separates from it.
    private struct SentenceFinder {
        let document: UnsafePointer<CChar>?
        var position: Int32 = 0
        var firsts: [Int32] = []

        static let callback: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32 = {
            context, flags, _, _, start, _ in
            guard let finder = context?.assumingMemoryBound(to: SentenceFinder.self) else { return SQLITE_MISUSE }
            guard flags & FTS5_TOKEN_COLOCATED == 0 else { return SQLITE_OK }
            if finder.pointee.position > 0, let document = finder.pointee.document {
                var index = Int(start) - 1
                var character: CChar = 0
                while index >= 0 {
                    character = document[index]
                    if character != 0x20 && character != 0x09 && character != 0x0A && character != 0x0D { break }
                    index -= 1
                }
                if index != Int(start) - 1 && (character == 0x2E || character == 0x3A) {
                    finder.pointee.firsts.append(finder.pointee.position)
                }
            } else if finder.pointee.position == 0 {
                finder.pointee.firsts.append(0)
            }
            finder.pointee.position += 1
            return SQLITE_OK
        }
    }
}
