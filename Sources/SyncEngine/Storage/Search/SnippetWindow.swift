import CSQLite

/// FTS5's `snippet(table, column, open, close, ellipsis, tokens)` for one column, made from a
/// `SnippetRow` instead of tokenizing the column twice: byte for byte what SQLite 3.40's
/// `fts5SnippetFunction` and `fts5HighlightCb` give (`SearchSnippetTests` compares the two).
enum SnippetWindow {
    struct Marks {
        let open: [UInt8]
        let close: [UInt8]
        let ellipsis: [UInt8]
    }

    /// The snippet, or nil when the column is NULL (as `snippet` answers).
    static func snippet(_ row: SnippetRow, column number: Int32, tokens: Int32, marks: Marks) -> Result<[UInt8]?, SnippetRow.Failure> {
        guard let column = row.column(number) else { return .failure(SnippetRow.Failure(code: SQLITE_RANGE)) }
        // The best window: at each match, centred on what it holds, or from the sentence it is in.
        var bestScore = 0
        var bestStart: Int32 = 0
        let size = column.size
        for instance in row.instances where instance.column == number {
            guard instance.offset <= size else { return .failure(SnippetRow.Failure(code: SQLITE_CORRUPT)) }
            let (atMatch, centred) = row.score(number, from: instance.offset, tokens: tokens, size: size)
            if atMatch > bestScore { (bestScore, bestStart) = (atMatch, centred) }
            let firsts = column.firsts
            guard !firsts.isEmpty, size > tokens else { continue }
            let sentence = row.sentence(firsts, before: instance.offset)
            guard firsts[sentence] < instance.offset else { continue }
            let atSentence = row.score(number, from: firsts[sentence], tokens: tokens).score + (firsts[sentence] == 0 ? 120 : 100)
            if atSentence > bestScore { (bestScore, bestStart) = (atSentence, firsts[sentence]) }
        }
        guard let text = column.text else { return .success(nil) }
        return .success(highlighted(text, column, row: row, number: number, from: bestStart, tokens: tokens, marks: marks))
    }

    /// `fts5HighlightCb` over the window: the text from its first token's start to its last
    /// token's end, matches marked, with an ellipsis where the window cuts the text.
    private static func highlighted(
        _ text: [UInt8], _ column: SnippetRow.Column, row: SnippetRow, number: Int32, from start: Int32, tokens: Int32, marks: Marks
    ) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(Int(tokens) * 8)
        /// `fts5HighlightAppend`: `%.*s`, so a piece ends at a NUL, and a negative length means
        /// the rest of the text.
        func append(_ from: Int32, _ to: Int32) {
            let end = to < from ? text.count : Int(to)
            let piece = text[Int(from)..<end]
            output += piece.firstIndex(of: 0).map { piece[..<$0] } ?? piece
        }
        var matches = CoalescedMatches(row: row, column: number)
        matches.advance()
        let rangeStart = start, rangeEnd = start + tokens - 1
        if start > 0 { output += marks.ellipsis }
        while matches.start >= 0 && matches.start < start { matches.advance() }
        var offset: Int32 = 0
        let (first, last) = rangeEnd > 0 ? (Int(rangeStart), min(column.starts.count - 1, Int(rangeEnd))) : (0, column.starts.count - 1)
        if first <= last {
            for position in first...last {
                let tokenStart = column.starts[position], tokenEnd = column.ends[position]
                let position = Int32(position)
                if rangeEnd > 0 && rangeStart != 0 && position == rangeStart { offset = tokenStart }
                if position == matches.start {
                    append(offset, tokenStart)
                    output += marks.open
                    offset = tokenStart
                }
                if position == matches.end {
                    if rangeEnd != 0 && matches.start < rangeStart { output += marks.open }
                    append(offset, tokenEnd)
                    output += marks.close
                    offset = tokenEnd
                    matches.advance()
                }
                if rangeEnd > 0 && position == rangeEnd {
                    append(offset, tokenEnd)
                    offset = tokenEnd
                    if position >= matches.start && position < matches.end { output += marks.close }
                }
            }
        }
        if rangeEnd >= column.size - 1 {
            append(offset, Int32(text.count))
        } else {
            output += marks.ellipsis
        }
        return output
    }

    /// `CInstIter`: the column's matches in order, overlapping ones taken together as one.
    private struct CoalescedMatches {
        let row: SnippetRow
        let column: Int32
        var next = 0
        var start: Int32 = -1
        var end: Int32 = -1

        init(row: SnippetRow, column: Int32) {
            self.row = row
            self.column = column
        }

        mutating func advance() {
            (start, end) = (-1, -1)
            while next < row.instances.count {
                let instance = row.instances[next]
                if instance.column == column {
                    let phrase = Int(instance.phrase)
                    let last = instance.offset - 1 + (phrase < row.phraseSizes.count ? row.phraseSizes[phrase] : 0)
                    if start < 0 {
                        (start, end) = (instance.offset, last)
                    } else if instance.offset <= end {
                        end = max(end, last)
                    } else {
                        break
                    }
                }
                next += 1
            }
        }
    }
}
