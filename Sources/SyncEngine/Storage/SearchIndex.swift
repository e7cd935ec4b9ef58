/// The full-text index of stories (`story_search`, FTS5): titles, hints and detail text.
///
/// Its writes are called inside the transactions that write the stories and details, so the
/// index never disagrees with the data, even after a crash.
struct SearchIndex {
    let database: Database

    /// Whether the story has a row in the index.
    func contains(_ id: Int64) throws(DatabaseError) -> Bool {
        try !database.query("SELECT 1 FROM story_search WHERE rowid = ?", [.integer(id)]) { _ in true }.isEmpty
    }

    /// Indexes a story the index does not hold yet (check with `contains`).
    func addStory(id: Int64, title: String, hint: String) throws(DatabaseError) {
        try database.run(
            "INSERT INTO story_search (rowid, title, hint, body) VALUES (?, ?, ?, '')",
            [.integer(id), .text(SearchText.indexed(title)), .text(SearchText.indexed(hint))])
    }

    /// Indexes a story from a day list; its detail text, if indexed, stays.
    func indexStory(id: Int64, title: String, hint: String) throws(DatabaseError) {
        let title = SearchText.indexed(title), hint = SearchText.indexed(hint)
        // Unchanged rows are left alone: rewriting one re-tokenizes its whole body.
        try database.run(
            """
            UPDATE story_search SET title = ?2, hint = ?3 WHERE rowid = ?1 AND (title IS NOT ?2 OR hint IS NOT ?3)
            """, [.integer(id), .text(title), .text(hint)])
        try database.run(
            """
            INSERT INTO story_search (rowid, title, hint, body)
            SELECT ?1, ?2, ?3, '' WHERE NOT EXISTS (SELECT 1 FROM story_search WHERE rowid = ?1)
            """, [.integer(id), .text(title), .text(hint)])
    }

    /// Indexes a story's detail text (and its title, for a story no day list has shown).
    func indexBody(id: Int64, title: String, body: String) throws(DatabaseError) {
        let body = SearchText.indexed(body)
        try database.run(
            "UPDATE story_search SET body = ?2 WHERE rowid = ?1 AND body IS NOT ?2",
            [.integer(id), .text(body)])
        try database.run(
            """
            INSERT INTO story_search (rowid, title, hint, body)
            SELECT ?1, ?2, '', ?3 WHERE NOT EXISTS (SELECT 1 FROM story_search WHERE rowid = ?1)
            """, [.integer(id), .text(SearchText.indexed(title)), .text(body)])
    }

    /// Indexes everything the archive holds (when the index is first created).
    func indexAll() throws {
        let stories = try database.query("SELECT id, title, hint FROM story") { ($0.int64(at: 0), $0.text(at: 1), $0.text(at: 2)) }
        for (id, title, hint) in stories { try indexStory(id: id, title: title, hint: hint) }
        let bodies = try database.query("SELECT id, title, body_text FROM story_detail WHERE body_text IS NOT NULL") {
            ($0.int64(at: 0), $0.text(at: 1), $0.text(at: 2))
        }
        for (id, title, body) in bodies { try indexBody(id: id, title: title, body: body) }
    }

    /// The best `limit` matches of `expression` (from `SearchText.matchExpression`), best first.
    func search(_ expression: String, limit: Int) throws(DatabaseError) -> [SearchResult] {
        let start = String(SearchText.matchStart), end = String(SearchText.matchEnd)
        return try database.query(
            """
            SELECT rowid, title, snippet(story_search, -1, ?2, ?3, '…', 32),
                   (SELECT max(date) FROM day_story WHERE story_id = story_search.rowid)
            FROM story_search WHERE story_search MATCH ?1 ORDER BY rank LIMIT ?4
            """, [.text(expression), .text(start), .text(end), .integer(Int64(limit))]
        ) { row in
            SearchResult(
                id: row.int64(at: 0), title: SearchText.display(row.text(at: 1)),
                day: row.isNull(at: 3) ? nil : Day(key: row.int64(at: 3)),
                snippet: Self.parts(of: row.text(at: 2)))
        }
    }

    /// Splits a snippet at its markers into plain and matched parts, separators removed.
    static func parts(of snippet: String) -> [SearchResult.SnippetPart] {
        var parts: [SearchResult.SnippetPart] = []
        var current = String.UnicodeScalarView()
        var inMatch = false
        func flush() {
            if !current.isEmpty { parts.append(.init(text: String(current), isMatch: inMatch)) }
            current = String.UnicodeScalarView()
        }
        for scalar in snippet.unicodeScalars {
            switch scalar {
            case SearchText.matchStart: flush(); inMatch = true
            case SearchText.matchEnd: flush(); inMatch = false
            case SearchText.separator: continue
            default: current.append(scalar)
            }
        }
        flush()
        return parts
    }
}
