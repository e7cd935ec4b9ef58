import Testing
import TestSupport

@testable import SyncEngine

/// `search_snippet` against FTS5's own `snippet`, byte for byte, on a table of the index's
/// columns (body, title, hint): the three snippets a search reads per result, for texts made to
/// put windows at a text's start and end, across sentence starts, with Chinese and Latin terms,
/// phrases, matches in the hint or the body or the title only, empty and NULL hints.
@Suite struct SearchSnippetTests {
    private static let marks = "char(57344), char(57345), '…'"

    /// The rows where the two disagree (all three kinds), and how many rows were compared.
    private func compare(_ database: Database, _ query: String) throws -> (differing: [String], rows: [[String?]]) {
        let rows = try database.query(
            """
            SELECT search_snippet(s, 0), snippet(s, snippet_column(s, 32), \(Self.marks), 32),
                   search_snippet(s, 1), snippet(s, 2, \(Self.marks), 32),
                   search_snippet(s, 2), snippet(s, snippet_column(s, 64), \(Self.marks), 64),
                   search_snippet(s, 0) IS snippet(s, snippet_column(s, 32), \(Self.marks), 32)
                   AND search_snippet(s, 1) IS snippet(s, 2, \(Self.marks), 32)
                   AND search_snippet(s, 2) IS snippet(s, snippet_column(s, 64), \(Self.marks), 64), rowid
            FROM s WHERE s MATCH ?1 ORDER BY rank
            """, [.text(query)]
        ) { row in (0..<6).map { row.optionalText(at: $0) } + [row.int64(at: 6) == 1 ? "same" : "differs", String(row.int64(at: 7))] }
        let differing = rows.filter { $0[6] != "same" }.map { "\(query) row \($0[7] ?? ""): \($0.prefix(6).map { $0 ?? "NULL" })" }
        return (differing, rows)
    }

    private func table() throws -> Database {
        let database = try Database(path: try temporaryDatabasePath())
        try database.execute("CREATE VIRTUAL TABLE s USING fts5(body, title, hint, tokenize = 'zhihu')")
        return database
    }

    @Test func theThreeSnippetsAreFTS5sByteForByteOnTextsMadeToHitEveryEdge() async throws {
        // Seconds of work in a debug build: on a thread of its own (`offThePool`).
        let (differing, snippets) = try await offThePool { try compareOnTextsMadeToHitEveryEdge() }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // The cases that matter were there: windows cut at either end or both, whole texts,
        // matches marked at a window's first and last token.
        let marked = snippets.filter { $0.unicodeScalars.contains(SearchText.matchStart) }
        #expect(marked.count > 5_000, "\(marked.count)")
        #expect(snippets.filter { $0.hasPrefix("…") && $0.hasSuffix("…") }.count > 500)
        #expect(snippets.filter { $0.hasPrefix("…") && !$0.hasSuffix("…") }.count > 200)
        #expect(snippets.filter { !$0.hasPrefix("…") && $0.hasSuffix("…") }.count > 500)
        #expect(snippets.filter { !$0.hasPrefix("…") && !$0.hasSuffix("…") }.count > 500)
        #expect(marked.filter { $0.hasPrefix("…\u{E000}") || $0.hasPrefix("\u{E000}") }.count > 100)
        #expect(marked.filter { $0.hasSuffix("\u{E001}…") || $0.hasSuffix("\u{E001}") }.count > 100)
    }

    /// Fills a table with random texts and compares the snippets of 120 random queries: the
    /// differing rows, and every snippet made.
    private func compareOnTextsMadeToHitEveryEdge() throws -> (differing: [String], snippets: [String]) {
        let database = try table()
        var random = SplitMix(seed: 11)
        let words = ["春", "风", "花", "雪", "月", "山", "水", "云", "Swift", "vr", "猫", "狗", "咖啡", "Café"]
        let glue = ["", "", "", " ", ". ", ": ", "，", "。", "\n", "\n\n", ".", " : "]
        func text(_ tokens: ClosedRange<Int>) -> String {
            (0..<Int.random(in: tokens, using: &random)).map { _ in
                words.randomElement(using: &random)! + glue.randomElement(using: &random)!
            }.joined()
        }
        for id in 1...400 {
            let hint: SQLValue = id % 13 == 0 ? .null : id % 7 == 0 ? .text("") : .text(text(0...40))
            try database.run(
                "INSERT INTO s (rowid, body, title, hint) VALUES (?, ?, ?, ?)",
                [.integer(Int64(id)), id % 17 == 0 ? .null : .text(text(0...160)), .text(text(1...10)), hint])
        }
        var differing: [String] = []
        var snippets: [String] = []
        for _ in 0..<120 {
            let query = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                "\"" + (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
                    + "\""
            }.joined(separator: Bool.random(using: &random) ? " " : " OR ")
            let (different, rows) = try compare(database, query)
            differing += different
            snippets += rows.flatMap { [$0[0], $0[2], $0[4]] }.compactMap { $0 }
        }
        return (differing, snippets)
    }

    @Test func aPhraseCutByTheWindowsEndAndTextsWithNULOrBrokenUTF8AreFTS5s() throws {
        let database = try table()
        // A phrase that starts on the window's last token, sentences that start the window, a
        // match only in the title, a NUL byte and malformed UTF-8 (FTS5 copies up to a NUL).
        let body = String(repeating: "云", count: 40) + "春风" + String(repeating: "水", count: 40)
        try database.run("INSERT INTO s (rowid, body, title, hint) VALUES (1, ?, '标题', '')", [.text(body)])
        try database.run(
            "INSERT INTO s (rowid, body, title, hint) VALUES (2, ?, 'Swift 标题', 'vr: 春风. 咖啡')",
            [.text("开头. " + String(repeating: "山水 ", count: 30) + "春 风. 结尾 Swift")])
        try database.execute(
            """
            INSERT INTO s (rowid, body, title, hint)
            VALUES (3, CAST(x'e698a5e9a38e00e5b1b1' || x'e698a5c0afe9a38e' AS TEXT), 'x', CAST(x'e698a500e9a38e' AS TEXT))
            """)
        var differing: [String] = []
        var rows = 0
        for query in ["\"春 风\"", "春", "风", "标题", "swift", "云", "水", "\"云 春\"", "\"风 水\"", "vr 咖啡", "开头", "结尾"] {
            let (different, compared) = try compare(database, query)
            differing += different
            rows += compared.count
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        #expect(rows >= 16)
    }
}

extension SearchSnippetTests {
    /// A query of one long phrase (a pasted quote: one token per Han character) whose window ends
    /// further past the match's start than a window's length: the tokens up to the window's end
    /// are all read, so the snippet is FTS5's, not two ellipses (review of stop 37).
    @Test(arguments: [70, 100, 140])
    func aPhraseLongerThanTheWindowIsFTS5s(phraseLength: Int) throws {
        let database = try table()
        let characters = (0..<phraseLength).map { Character(Unicode.Scalar(0x4E00 + 7 * $0)!) }
        let phrase = String(characters)
        // 200 tokens before the phrase with no sentence start, and 200 after, so no window
        // reaches either end of the body.
        let body = String(repeating: "云", count: 200) + phrase + String(repeating: "水", count: 200)
        try database.run("INSERT INTO s (rowid, body, title, hint) VALUES (1, ?, '标题', '提示')", [.text(body)])
        let query = "\"" + characters.map(String.init).joined(separator: " ") + "\""
        let (differing, rows) = try compare(database, query)
        #expect(rows.count == 1)
        #expect(differing.isEmpty, "\(differing.prefix(1))")
        #expect(rows.first?[4]?.count ?? 0 > 2, "the wide snippet: \(rows.first?[4] ?? "NULL")")
    }
}
