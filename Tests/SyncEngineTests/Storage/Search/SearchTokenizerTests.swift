import Testing
import TestSupport

@testable import SyncEngine

/// The `zhihu` FTS5 tokenizer, seen through FTS5 itself: the tokens a table holds (`fts5vocab`)
/// and the spans a snippet marks.
@Suite struct SearchTokenizerTests {
    private func database() throws -> Database {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute(
            """
            CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'zhihu');
            CREATE VIRTUAL TABLE t_terms USING fts5vocab(t, 'instance');
            """)
        return database
    }

    private func tokens(_ text: String) throws -> [String] {
        let database = try database()
        try database.run("INSERT INTO t (rowid, x) VALUES (1, ?)", [.text(text)])
        return try database.query("SELECT term FROM t_terms ORDER BY offset") { $0.text(at: 0) }
    }

    @Test func hanAndKanaAreOneTokenEachLatinWordsStayWholeAndFolded() throws {
        #expect(try tokens("VR眼镜") == ["vr", "眼", "镜"])
        #expect(try tokens("Café au LAIT，咖啡とコーヒー") == ["cafe", "au", "lait", "咖", "啡", "と", "コ", "ー", "ヒ", "ー"])
        #expect(try tokens("2023年3月") == ["2023", "年", "3", "月"])
        // Extension B, four bytes of UTF-8.
        #expect(try tokens("𠀀abc𠀁") == ["𠀀", "abc", "𠀁"])
        // The snippet markers and a zero-width space separate words.
        #expect(try tokens("a\u{E000}b\u{200B}c") == ["a", "b", "c"])
    }

    @Test func malformedUTF8IsNeverATokenOfHanNorACrash() throws {
        let database = try database()
        // A lone continuation byte, a truncated three-byte sequence, an overlong form, a surrogate.
        try database.execute("INSERT INTO t (rowid, x) VALUES (1, CAST(x'61808062e4b8' || x'63c0af64eda080e4b8ad' AS TEXT))")
        let terms = try database.query("SELECT term FROM t_terms ORDER BY offset") { $0.text(at: 0) }
        #expect(terms.contains("中"))
        #expect(terms.allSatisfy { !$0.isEmpty })
        #expect(try database.query("SELECT rowid FROM t WHERE t MATCH '中'") { $0.int64(at: 0) } == [1])
    }

    @Test func snippetsMarkExactlyTheMatchedCharactersInMixedText() throws {
        let database = try database()
        try database.run("INSERT INTO t (rowid, x) VALUES (1, ?)", [.text("用 Swift 写一个咖啡计时器，𠀀也行")])
        let marked = try database.query("SELECT highlight(t, 0, '[', ']') FROM t WHERE t MATCH ?", [.text("\"咖啡\" swift \"𠀀\"")]) {
            $0.text(at: 0)
        }
        #expect(marked == ["用 [Swift] 写一个[咖啡]计时器，[𠀀]也行"])
    }
}

/// `snippet_column` against FTS5 itself, for texts and queries made to tie often (a small
/// alphabet, repeated words, sentence ends): the snippet is the one FTS5's `snippet(…, -1, …)`
/// takes from a table of the hint and the body alone (queried with the phrases OR'd, so a row
/// whose title holds some of them still matches there), or, when only the title matches, the
/// beginning of the hint, or of the body when the hint is empty. Never the title. The ranking
/// stays that of the table in the old column order (title, hint, body).
@Suite struct SnippetColumnTests {
    @Test func snippetsComeFromTheHintOrTheBodyAsFTS5WouldTakeThemAndTheRankingStays() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute(
            """
            CREATE VIRTUAL TABLE old_order USING fts5(title, hint, body, tokenize = 'zhihu');
            CREATE VIRTUAL TABLE no_title USING fts5(hint, body, tokenize = 'zhihu');
            CREATE VIRTUAL TABLE new_order USING fts5(body, title, hint, tokenize = 'zhihu');
            """)
        var random = SplitMix(seed: 7)
        let words = ["春", "风", "花", "雪", "月", "山", "水", "云", "swift", "vr", "猫", "狗"]
        func text(_ tokens: ClosedRange<Int>) -> String {
            (0..<Int.random(in: tokens, using: &random)).map { _ in
                let word = words.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0: return word + ". "
                case 1: return word + ": "
                case 2: return word + " "
                default: return word
                }
            }.joined()
        }
        for id in 1...300 {
            let row: [SQLValue] = [.integer(Int64(id)), .text(text(2...14)), .text(text(0...4)), .text(text(0...120))]
            try database.run("INSERT INTO old_order (rowid, title, hint, body) VALUES (?, ?, ?, ?)", row)
            try database.run("INSERT INTO new_order (rowid, title, hint, body) VALUES (?, ?, ?, ?)", row)
            try database.run("INSERT INTO no_title (rowid, hint, body) VALUES (?1, ?3, ?4)", row)
        }
        var compared = 0
        var fromTheTitleOnly = 0
        for _ in 0..<150 {
            let phrases = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                "\"" + (0..<Int.random(in: 1...2, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
                    + "\""
            }
            let query = phrases.joined(separator: " ")
            for tokens in [8, 32] {
                let old = try database.query(
                    "SELECT rowid FROM old_order WHERE old_order MATCH ?1 ORDER BY bm25(old_order, 10.0, 3.0, 1.0)", [.text(query)]
                ) { $0.int64(at: 0) }
                let new = try database.query(
                    """
                    SELECT rowid, snippet(new_order, snippet_column(new_order, ?2), '[', ']', '…', ?2),
                           snippet(new_order, CASE WHEN hint = '' THEN 0 ELSE 2 END, '[', ']', '…', ?2)
                    FROM new_order WHERE new_order MATCH ?1 ORDER BY bm25(new_order, 1.0, 10.0, 3.0)
                    """, [.text(query), .integer(Int64(tokens))]
                ) { ($0.int64(at: 0), $0.text(at: 1), $0.text(at: 2)) }
                #expect(new.map(\.0) == old, "\(query), \(tokens) tokens")
                for (id, snippet, beginning) in new {
                    let expected = try database.query(
                        "SELECT snippet(no_title, -1, '[', ']', '…', ?2) FROM no_title WHERE no_title MATCH ?1 AND rowid = ?3",
                        [.text(phrases.joined(separator: " OR ")), .integer(Int64(tokens)), .integer(id)]
                    ) { $0.text(at: 0) }.first
                    if expected == nil { fromTheTitleOnly += 1 }
                    #expect(snippet == expected ?? beginning, "\(query), \(tokens) tokens, row \(id)")
                    compared += 1
                }
            }
        }
        #expect(compared > 5_000, "enough rows matched to mean something: \(compared)")
        #expect(fromTheTitleOnly > 100, "enough matches in the title alone: \(fromTheTitleOnly)")
    }
}

/// The tokenizer against the index it replaced: `unicode61` with a zero-width space after every
/// character of the Han, kana and bopomofo blocks, for every point of those blocks.
@Suite struct SearchTokenizerEquivalenceTests {
    @Test func everyPointOfTheIdeographicBlocksGivesTheTokensTheOldIndexGave() throws {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute(
            """
            CREATE VIRTUAL TABLE old_index USING fts5(x, tokenize = "unicode61 remove_diacritics 2 separators '\u{200B}'");
            CREATE VIRTUAL TABLE old_terms USING fts5vocab(old_index, 'instance');
            CREATE VIRTUAL TABLE new_index USING fts5(x, tokenize = 'zhihu');
            CREATE VIRTUAL TABLE new_terms USING fts5vocab(new_index, 'instance');
            """)
        let blocks: [ClosedRange<UInt32>] = [0x3040...0x312F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2B81F]
        var checked = 0
        for block in blocks {
            let scalars = block.compactMap(Unicode.Scalar.init)
            // Each point between Latin letters, as text has it: "a中b", "a・b".
            let text = scalars.map { "a" + String($0) + "b" }.joined(separator: " ")
            let old = scalars.map { "a\u{200B}" + String($0) + "\u{200B}b" }.joined(separator: " ")
            try database.execute("DELETE FROM old_index; DELETE FROM new_index")
            try database.run("INSERT INTO old_index (rowid, x) VALUES (1, ?)", [.text(old)])
            try database.run("INSERT INTO new_index (rowid, x) VALUES (1, ?)", [.text(text)])
            let oldTerms = try database.query("SELECT term FROM old_terms ORDER BY offset") { $0.text(at: 0) }
            let newTerms = try database.query("SELECT term FROM new_terms ORDER BY offset") { $0.text(at: 0) }
            #expect(newTerms == oldTerms, "block \(String(block.lowerBound, radix: 16))")
            checked += scalars.count
        }
        #expect(checked > 50_000)
    }
}
