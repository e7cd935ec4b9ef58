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
/// puts the body first, which makes it smaller: FTS5 marks every position list outside column 0
/// with the column's number, and nearly all positions are the body's.)
enum SnippetColumn {
    static let name = "snippet_column"
    /// `story_search`'s columns a snippet may come from, in the order a tie goes: hint, body.
    static let preference: [Int32] = [2, 0]

    static let function: fts5_extension_function = { api, fts, context, count, values in
        guard let api = api?.pointee, let values, count == 1, let tokenCount = values[0].map(sqlite3_value_int) else {
            return sqlite3_result_error(context, "snippet_column(table, tokens)", -1)
        }
        switch SnippetRow.current(api, fts).flatMap({ bestColumn($0, tokens: tokenCount) }) {
        case .success(let column): sqlite3_result_int(context, column)
        case .failure(let failure): sqlite3_result_error_code(context, failure.code)
        }
    }

    /// The column of the row's best window of `tokens` tokens (see the type's comment).
    static func bestColumn(_ row: SnippetRow, tokens: Int32) -> Result<Int32, SnippetRow.Failure> {
        var bestScore = 0
        var best = preference[0]  // When only the title matched: the hint, or the body if there is no hint.
        for (column, sentences) in zip(preference, row.columns) {
            if column == preference[0] && sentences.isEmpty { best = preference[1] }
            let (firsts, size) = (sentences.firsts, sentences.size)
            for instance in row.instances where instance.column == column {
                guard instance.offset <= size else { return .failure(SnippetRow.Failure(code: SQLITE_CORRUPT)) }
                let atMatch = row.score(column, from: instance.offset, tokens: tokens).score
                if atMatch > bestScore { (bestScore, best) = (atMatch, column) }
                guard !firsts.isEmpty, size > tokens else { continue }
                let sentence = row.sentence(firsts, before: instance.offset)
                guard firsts[sentence] < instance.offset else { continue }
                let atSentence = row.score(column, from: firsts[sentence], tokens: tokens).score + (firsts[sentence] == 0 ? 120 : 100)
                if atSentence > bestScore { (bestScore, best) = (atSentence, column) }
            }
        }
        return .success(best)
    }
}

extension SnippetRow {
    /// `fts5SnippetScore`: the window of `tokens` tokens from `start` in `column`, 1000 for each
    /// phrase it holds first and 1 for repeats; and where a window around its matches starts,
    /// centred on them and moved to fit the column (`size`).
    func score(_ column: Int32, from start: Int32, tokens: Int32, size: Int32 = 0) -> (score: Int, centred: Int32) {
        var seen = [Bool](repeating: false, count: phraseSizes.count)
        var total = 0
        var first: Int32 = -1, last: Int32 = 0
        for instance in instances
        where instance.column == column && instance.offset >= start && Int64(instance.offset) < Int64(start) + Int64(tokens) {
            let phrase = Int(instance.phrase)
            guard phrase < phraseSizes.count else { continue }
            total += seen[phrase] ? 1 : 1000
            seen[phrase] = true
            if first < 0 { first = instance.offset }
            last = instance.offset + phraseSizes[phrase]
        }
        var centred = Int64(first) - Int64((tokens - (last - first)) / 2)
        if centred + Int64(tokens) > Int64(size) { centred = Int64(size) - Int64(tokens) }
        return (total, Int32(clamping: max(0, centred)))
    }

    /// The index in `firsts` of the last sentence start at or before `offset` (the first when none is).
    func sentence(_ firsts: [Int32], before offset: Int32) -> Int {
        var sentence = 0
        while sentence < firsts.count - 1 && firsts[sentence + 1] <= offset { sentence += 1 }
        return sentence
    }
}
