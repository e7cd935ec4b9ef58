import Testing
import TestSupport

@testable import SyncEngine

/// The runs the tokenizer keeps from `unicode61` (issue 33: most runs between Han characters are
/// one "，", and handing each over cost more than tokenizing the Han around it): each character
/// it calls a separator is one `unicode61` gives no token for, and texts full of them give the
/// same tokens at the same positions as when every run went to `unicode61`.
@Suite struct SearchTokenizerSeparatorTests {
    private static let separators = (0...0xFFFF as ClosedRange<UInt32>).filter(SearchTokenizer.isSeparator)
        .compactMap(Unicode.Scalar.init)

    @Test func everyCharacterKeptFromUnicode61IsOneItGivesNoTokenFor() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute(
            """
            CREATE VIRTUAL TABLE plain USING fts5(x, tokenize = "unicode61 remove_diacritics 2 separators '\u{E000}\u{E001}'");
            CREATE VIRTUAL TABLE plain_terms USING fts5vocab(plain, 'instance');
            """)
        #expect(Self.separators.count > 100)
        for (index, scalar) in Self.separators.enumerated() {
            // Alone, and between letters it could otherwise join.
            let text = String(scalar) + "a" + String(scalar) + "b"
            try database.run("INSERT INTO plain (rowid, x) VALUES (?, ?)", [.integer(Int64(index + 1)), .text(text)])
        }
        let terms = try database.query("SELECT DISTINCT term FROM plain_terms ORDER BY term") { $0.text(at: 0) }
        #expect(terms == ["a", "b"])
    }

    @Test func textsFullOfSeparatorsGiveTheOldIndexTokensAndOffsets() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute(
            """
            CREATE VIRTUAL TABLE old_index USING fts5(x, tokenize = "unicode61 remove_diacritics 2 separators '\u{200B}'");
            CREATE VIRTUAL TABLE old_terms USING fts5vocab(old_index, 'instance');
            CREATE VIRTUAL TABLE new_index USING fts5(x, tokenize = 'zhihu');
            CREATE VIRTUAL TABLE new_terms USING fts5vocab(new_index, 'instance');
            """)
        let pieces = ["中", "文", "VR", "café", "3", "々", "〇", "ー", "・"] + Self.separators.map { String($0) }
        var state: UInt64 = 33
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for row in 1...400 {
            let text = (0..<(1 + next(40))).map { _ in pieces[next(2) == 0 ? next(9) : next(pieces.count)] }.joined()
            // What the tokenizer did before: each Han, kana or bopomofo character apart, and the
            // runs between them through unicode61, as zero-width spaces on either side give it.
            let spaced = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.flatMap { SearchText.isIdeographic($0) ? ["\u{200B}", $0, "\u{200B}"] : [$0] }))
            try database.run("INSERT INTO old_index (rowid, x) VALUES (?, ?)", [.integer(Int64(row)), .text(spaced)])
            try database.run("INSERT INTO new_index (rowid, x) VALUES (?, ?)", [.integer(Int64(row)), .text(text)])
        }
        func terms(_ table: String) throws -> [String] {
            try database.query("SELECT doc, term, offset FROM \(table) ORDER BY doc, offset") {
                "\($0.int64(at: 0)) \($0.text(at: 1)) \($0.int64(at: 2))"
            }
        }
        let old = try terms("old_terms"), new = try terms("new_terms")
        #expect(new.count > 3_000)
        #expect(new == old)
        #expect(zip(new, old).first { $0 != $1 } == nil)
    }
}

/// `snippet_column` finds a row's sentences once and keeps them for the query: asked twice per
/// row with two window lengths (as a search does), over many rows, it answers as when asked once.
@Suite struct SnippetColumnRowCacheTests {
    @Test func twoCallsPerRowAnswerAsOneCallEach() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute("CREATE VIRTUAL TABLE s USING fts5(body, title, hint, tokenize = 'zhihu')")
        let words = ["春", "风", "花", "雪", "月", "山. ", "水: ", "云 ", "swift", "vr"]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func text(_ most: Int) -> String { (0..<next(most + 1)).map { _ in words[next(words.count)] }.joined() }
        for row in 1...300 {
            try database.run(
                "INSERT INTO s (rowid, body, title, hint) VALUES (?, ?, ?, ?)",
                [.integer(Int64(row)), .text(text(120)), .text(text(8)), .text(text(6))])
        }
        var differing = 0, rows = 0
        for query in ["春", "风 花", "\"山 水\"", "swift", "云 vr", "月"] {
            let both = try database.query(
                "SELECT rowid, snippet_column(s, 4), snippet_column(s, 48) FROM s WHERE s MATCH ? ORDER BY rank", [.text(query)]
            ) { [$0.int64(at: 0), $0.int64(at: 1), $0.int64(at: 2)] }
            let short = try database.query("SELECT rowid, snippet_column(s, 4) FROM s WHERE s MATCH ? ORDER BY rank", [.text(query)]) {
                [$0.int64(at: 0), $0.int64(at: 1)]
            }
            let long = try database.query("SELECT rowid, snippet_column(s, 48) FROM s WHERE s MATCH ? ORDER BY rank", [.text(query)]) {
                [$0.int64(at: 0), $0.int64(at: 1)]
            }
            #expect(both.map { [$0[0], $0[1]] } == short, "\(query)")
            #expect(both.map { [$0[0], $0[2]] } == long, "\(query)")
            differing += both.filter { $0[1] != $0[2] }.count
            rows += both.count
        }
        #expect(rows > 300)
        #expect(differing > 10, "the window length changes the column for some rows: \(differing)")
    }
}
