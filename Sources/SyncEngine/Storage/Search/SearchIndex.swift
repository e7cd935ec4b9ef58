/// The full-text index of stories (`story_search`, FTS5): titles, hints and detail text.
///
/// An external-content table: it holds only tokens, and reads the texts from the view
/// `searchable_story` (story titles and hints, and the text of the stored body) for snippets.
/// FTS5 does not see changes to the tables behind the view, so every change to a story's title
/// or hint or to its detail goes `remove`, change, `add`, inside the transaction that writes the
/// change, so the index never disagrees with the data, even after a crash.
struct SearchIndex {
    let database: Database

    /// Takes the story's row out of the index, as the view gives it now (nothing if it has none).
    /// Call it before changing the story or its detail: FTS5 finds the tokens to remove by
    /// tokenizing the old text again.
    func remove(_ id: Int64) throws(DatabaseError) {
        // One row at a time with VALUES: an INSERT ... SELECT into FTS5 inside a transaction opens
        // a statement savepoint, and FTS5 flushes its pending terms into a new segment at each.
        for (title, hint, body) in try row(id) {
            try database.run(
                "INSERT INTO story_search (story_search, rowid, title, hint, body) VALUES ('delete', ?, ?, ?, ?)",
                [.integer(id), title, hint, body])
        }
    }

    private func row(_ id: Int64) throws(DatabaseError) -> [(SQLValue, SQLValue, SQLValue)] {
        try database.query("SELECT title, hint, body FROM searchable_story WHERE id = ?", [.integer(id)]) { row in
            (Self.value(row, 0), Self.value(row, 1), Self.value(row, 2))
        }
    }

    private static func value(_ row: Statement, _ column: Int32) -> SQLValue {
        row.isNull(at: column) ? .null : .text(row.text(at: column))
    }

    /// Takes out the rows of every story `condition` selects (SQL over `id`), before they go.
    func remove(where condition: String) throws(DatabaseError) {
        try database.run(
            """
            INSERT INTO story_search (story_search, rowid, title, hint, body)
            SELECT 'delete', id, title, hint, body FROM searchable_story WHERE \(condition)
            """)
    }

    /// Indexes the story as the view gives it now (after `remove` and the change).
    func add(_ id: Int64) throws(DatabaseError) {
        for (title, hint, body) in try row(id) {
            try database.run(
                "INSERT INTO story_search (rowid, title, hint, body) VALUES (?, ?, ?, ?)", [.integer(id), title, hint, body])
        }
    }

    /// Indexes a story that has no row yet and no detail, from its id, title and hint: what the
    /// view will give for it (`PageStore` runs it, looked up once per batch).
    static let addNewSQL = "INSERT INTO story_search (rowid, title, hint, body) VALUES (?, ?, ?, NULL)"

    /// Indexes a story whose detail was just written, with its body's text made beforehand (off
    /// the writer): the same text the view derives from the stored body.
    func add(_ id: Int64, bodyText: String?) throws(DatabaseError) {
        let rows = try database.query(
            """
            SELECT title, hint FROM story WHERE id = ?1
            UNION ALL SELECT title, '' FROM story_detail WHERE id = ?1 AND body IS NOT NULL LIMIT 1
            """, [.integer(id)]
        ) { ($0.text(at: 0), $0.text(at: 1)) }
        for (title, hint) in rows {
            try database.run(
                "INSERT INTO story_search (rowid, title, hint, body) VALUES (?, ?, ?, ?)",
                [.integer(id), .text(title), .text(hint), bodyText.map(SQLValue.text) ?? .null])
        }
    }

    /// Indexes every story the view gives, into an empty index (FTS5's `rebuild`, but a batch of
    /// stories at a time, and `indexed` is called after each).
    ///
    /// One row at a time with VALUES, as `add` does: an INSERT ... SELECT per batch would leave
    /// a segment per batch.
    func fill(batchSize: Int = 256, indexed: () -> Void) throws(DatabaseError) {
        let ids = try database.query("SELECT id FROM story UNION SELECT id FROM story_detail WHERE body IS NOT NULL ORDER BY id") {
            $0.int64(at: 0)
        }
        for start in stride(from: 0, to: ids.count, by: batchSize) {
            let batch = ids[start..<min(start + batchSize, ids.count)]
            let rows = try database.query(
                "SELECT id, title, hint, body FROM searchable_story WHERE id BETWEEN ? AND ?",
                [.integer(batch.first ?? 0), .integer(batch.last ?? 0)]
            ) { row in (row.int64(at: 0), Self.value(row, 1), Self.value(row, 2), Self.value(row, 3)) }
            for (id, title, hint, body) in rows {
                try database.run(
                    "INSERT INTO story_search (rowid, title, hint, body) VALUES (?, ?, ?, ?)", [.integer(id), title, hint, body])
                indexed()
            }
        }
    }

    /// The best `limit` matches of `expression` (from `SearchText.matchExpression`), best first,
    /// with their snippets (`SearchSnippets`: FTS5's, made from one reading of each result).
    ///
    /// The connection keeps up to `cacheKiB` of pages from then on: a search of a large archive
    /// touches more index and text pages (its segments' b-trees and its characters' lists) than
    /// SQLite's default 2 MB holds, so each search would read them all from the file again (none
    /// once they fit; bench/RESULTS.md). A connection that never searches keeps the default.
    func search(_ expression: String, limit: Int) throws(DatabaseError) -> [SearchResult] {
        try database.execute("PRAGMA cache_size = -\(Self.cacheKiB)")
        return try database.query(Self.searchSQL, [.text(expression), .integer(Int64(limit))]) { row in
            let title = Self.displayed(row.text(at: 1))
            return SearchResult(
                id: row.int64(at: 0), title: title, day: row.isNull(at: 3) ? nil : Day(key: row.int64(at: 3)),
                snippet: SnippetLines.snippet(
                    Self.parts(of: row.text(at: 2)), wide: Self.parts(of: row.text(at: 5)), hint: Self.parts(of: row.text(at: 4)),
                    title: title))
        }
    }

    /// The page cache a connection keeps once it has searched, in KiB (SQLite's default: 2000).
    static let cacheKiB = 8192

    /// A search: ?1 the expression, ?2 the limit; id, title, snippet, day, hint snippet, wide snippet;
    /// in `bm25`'s order (`SearchRank`).
    static let searchSQL = """
        SELECT rowid, title, search_snippet(story_search, 0),
               (SELECT max(date) FROM day_story WHERE story_id = story_search.rowid),
               search_snippet(story_search, 1), search_snippet(story_search, 2)
        FROM story_search WHERE story_search MATCH ?1 AND rank MATCH 'search_rank(\(SearchRank.weights))' ORDER BY rank LIMIT ?2
        """

    /// Splits a snippet at its markers into plain and matched parts, separators removed.
    ///
    /// In UTF-8, found byte by byte: each marker and the separator is one three-byte sequence,
    /// and UTF-8 never has one inside another character's bytes.
    static func parts(of snippet: String) -> [SearchResult.SnippetPart] {
        var snippet = snippet
        return snippet.withUTF8 { bytes in
            var parts: [SearchResult.SnippetPart] = []
            var current: [UInt8] = []
            var inMatch = false
            var runStart = 0
            var index = 0
            func flush() {
                if !current.isEmpty { parts.append(.init(text: String(decoding: current, as: UTF8.self), isMatch: inMatch)) }
                current.removeAll(keepingCapacity: true)
            }
            while index < bytes.count {
                let lead = bytes[index]
                guard lead == 0xEE || lead == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 else {
                    index += 1
                    continue
                }
                let last = bytes[index + 2]
                let isMarker = lead == 0xEE && (last == 0x80 || last == 0x81)  // U+E000, U+E001
                guard isMarker || (lead == 0xE2 && last == 0x8B) else {  // U+200B
                    index += 1
                    continue
                }
                current.append(contentsOf: bytes[runStart..<index])
                if isMarker {
                    flush()
                    inMatch = last == 0x80
                }
                index += 3
                runStart = index
            }
            current.append(contentsOf: bytes[runStart..<bytes.count])
            flush()
            return parts
        }
    }
}
