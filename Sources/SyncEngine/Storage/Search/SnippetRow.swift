import CSQLite

/// What a result's snippets are made of, read from FTS5 once per row: the query's matches (phrase,
/// column, token offset, in FTS5's order), its phrases' lengths, and for the hint and the body
/// their text, the byte range of every token and the tokens that start a sentence.
///
/// FTS5's own `snippet` tokenizes its column twice per call (once for sentences, once to copy the
/// window), and a search asks for three snippets per result: reading the row once here and making
/// the snippets from it (`SnippetWindow`) leaves one pass over each text.
final class SnippetRow {
    struct Instance {
        let phrase: Int32
        let column: Int32
        let offset: Int32
    }

    /// One column's text and tokens (only those not colocated, as `snippet` counts them).
    struct Column {
        /// The text's bytes; nil when the column is NULL.
        var text: [UInt8]?
        var starts: [Int32] = []
        var ends: [Int32] = []
        /// First tokens of sentences, as `fts5SentenceFinderCb` finds them.
        var firsts: [Int32] = []
        /// The column's size in tokens as the index records it (`xColumnSize`).
        var size: Int32 = 0
        var isEmpty: Bool { text?.isEmpty ?? true }
    }

    struct Failure: Error {
        let code: Int32
    }

    private(set) var rowid: Int64 = 0
    private(set) var instances: [Instance] = []
    private(set) var phraseSizes: [Int32] = []
    /// The columns of `SnippetColumn.preference`, in that order.
    private(set) var columns: [Column] = []
    /// What a function made of this row, kept until the next row (`SearchSnippets`' texts).
    var made: [[UInt8]?]?

    func column(_ number: Int32) -> Column? {
        SnippetColumn.preference.firstIndex(of: number).map { columns[$0] }
    }

    /// The current row, read once per row and kept as the calling function's auxiliary data for
    /// the query (each function has its own).
    static func current(_ api: Fts5ExtensionApi, _ fts: OpaquePointer?) -> Result<SnippetRow, Failure> {
        let rowid = api.xRowid(fts)
        let row: SnippetRow
        if let kept = api.xGetAuxdata(fts, 0) {
            row = Unmanaged<SnippetRow>.fromOpaque(kept).takeUnretainedValue()
            if row.rowid == rowid && !row.columns.isEmpty { return .success(row) }
        } else {
            row = SnippetRow()
            let pointer = Unmanaged.passRetained(row).toOpaque()
            let code = api.xSetAuxdata(fts, pointer) { Unmanaged<SnippetRow>.fromOpaque($0!).release() }
            guard code == SQLITE_OK else { return .failure(Failure(code: code)) }
        }
        let code = row.read(api, fts)
        guard code == SQLITE_OK else {
            row.columns = []
            return .failure(Failure(code: code))
        }
        row.rowid = rowid
        return .success(row)
    }

    private func read(_ api: Fts5ExtensionApi, _ fts: OpaquePointer?) -> Int32 {
        made = nil
        columns = []
        instances = []
        var count: Int32 = 0
        var code = api.xInstCount(fts, &count)
        guard code == SQLITE_OK else { return code }
        instances.reserveCapacity(Int(count))
        for index in 0..<count {
            var phrase: Int32 = 0, column: Int32 = 0, offset: Int32 = 0
            code = api.xInst(fts, index, &phrase, &column, &offset)
            guard code == SQLITE_OK else { return code }
            instances.append(Instance(phrase: phrase, column: column, offset: offset))
        }
        phraseSizes = (0..<max(0, api.xPhraseCount(fts))).map { api.xPhraseSize(fts, $0) }
        for number in SnippetColumn.preference {
            var text: UnsafePointer<CChar>?
            var length: Int32 = 0
            code = api.xColumnText(fts, number, &text, &length)
            guard code == SQLITE_OK else { return code }
            // No window reaches past the column's last match by more than a wide window's length
            // and the longest phrase's (a window is centred on a whole phrase): the tokens after
            // that are not read (`SQLITE_DONE` from the callback stops the tokenizer).
            let lastMatch = instances.lazy.filter { $0.column == number }.map(\.offset).max() ?? 0
            let reach = Int64(SearchSnippets.wideTokens) + Int64(phraseSizes.max() ?? 0)
            var collector = TokenCollector(document: text, last: Int64(lastMatch) + reach)
            if let text {
                code = withUnsafeMutablePointer(to: &collector) { api.xTokenize(fts, text, length, $0, TokenCollector.callback) }
                guard code == SQLITE_OK || code == SQLITE_DONE else { return code }
            }
            var size: Int32 = 0
            code = api.xColumnSize(fts, number, &size)
            guard code == SQLITE_OK else { return code }
            let bytes = text.map { text in
                UnsafeRawPointer(text).withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
                    Array(UnsafeBufferPointer(start: $0, count: Int(length)))
                }
            }
            columns.append(
                Column(text: bytes, starts: collector.starts, ends: collector.ends, firsts: collector.firsts, size: size))
        }
        return SQLITE_OK
    }

    /// Each token's byte range, and `fts5SentenceFinderCb`'s sentence starts: the first token, and
    /// every token after a `.` or `:` that whitespace separates from it.
    private struct TokenCollector {
        let document: UnsafePointer<CChar>?
        /// The last token needed.
        let last: Int64
        var starts: [Int32] = []
        var ends: [Int32] = []
        var firsts: [Int32] = []

        static let callback: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32 = {
            context, flags, _, _, start, end in
            guard let collector = context?.assumingMemoryBound(to: TokenCollector.self) else { return SQLITE_MISUSE }
            guard flags & FTS5_TOKEN_COLOCATED == 0 else { return SQLITE_OK }
            let position = Int32(collector.pointee.starts.count)
            guard Int64(position) <= collector.pointee.last else { return SQLITE_DONE }
            if position == 0 {
                collector.pointee.firsts.append(0)
            } else if let document = collector.pointee.document {
                var index = Int(start) - 1
                var character: CChar = 0
                while index >= 0 {
                    character = document[index]
                    if character != 0x20 && character != 0x09 && character != 0x0A && character != 0x0D { break }
                    index -= 1
                }
                if index != Int(start) - 1 && (character == 0x2E || character == 0x3A) {
                    collector.pointee.firsts.append(position)
                }
            }
            collector.pointee.starts.append(start)
            collector.pointee.ends.append(end)
            return SQLITE_OK
        }
    }
}
