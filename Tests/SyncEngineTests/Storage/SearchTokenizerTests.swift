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
