extension ArchiveMaintenance {
    /// The cache tables that hold a story's text and what comes with it, each with the column
    /// naming the story, in the order they are copied (a comment's thread before the comment).
    static let favoriteTextTables: [(table: String, storyColumn: String)] = [
        ("story", "id"), ("story_detail", "id"), ("story_extra", "id"), ("comment_thread", "story_id"), ("comment", "story_id"),
    ]

    /// Carries the old archive's text of every favourite the rebuilt archive keeps into it: the
    /// story's row, its detail (the body), its counters and its comments, indexed for search.
    /// A favourite is kept to be read offline, and the source may no longer have it.
    ///
    /// Each favourite comes over whole or not at all (one transaction each); one the old file
    /// cannot give, or whose text cannot be indexed, is left behind in the backup, not an error.
    /// The user tables must have been copied first. Returns how many favourites came with their
    /// detail.
    static func copyFavoriteTexts(from oldPath: String, into database: Database) -> Int {
        do {
            try database.run("ATTACH DATABASE ? AS old", [.text(oldPath)])
        } catch {
            return 0
        }
        defer { try? database.execute("DETACH DATABASE old") }
        let ids: [Int64]
        var columns: [String: String] = [:]
        do {
            ids = try database.query("SELECT story_id FROM main.favorite ORDER BY story_id") { $0.int64(at: 0) }
            for (table, _) in favoriteTextTables {
                // The order a detail was inserted in is the new archive's own.
                let shared = try sharedColumns(of: table, in: database).filter { $0 != "insert_order" }
                if !shared.isEmpty { columns[table] = shared.map { "\"\($0)\"" }.joined(separator: ", ") }
            }
        } catch {
            return 0
        }
        var copied = 0
        let index = SearchIndex(database: database)
        for id in ids {
            do {
                let hasDetail = try database.transaction {
                    for (table, storyColumn) in favoriteTextTables {
                        guard let shared = columns[table] else { continue }
                        try database.run(
                            "INSERT OR REPLACE INTO main.\(table) (\(shared)) SELECT \(shared) FROM old.\(table) WHERE \(storyColumn) = ?",
                            [.integer(id)])
                    }
                    try index.add(id)
                    return try !database.query("SELECT 1 FROM main.story_detail WHERE id = ?", [.integer(id)]) { _ in true }.isEmpty
                }
                if hasDetail { copied += 1 }
            } catch {
                continue
            }
        }
        return copied
    }

    /// The columns `table` has both in the new archive (`main`, in its order) and in the old one
    /// (`old`); none when the old file predates the table.
    static func sharedColumns(of table: String, in database: Database) throws -> [String] {
        let newColumns = try database.query("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)]) { $0.text(at: 0) }
        let oldColumns = Set(try database.query("SELECT name FROM pragma_table_info(?, 'old')", [.text(table)]) { $0.text(at: 0) })
        return newColumns.filter(oldColumns.contains)
    }
}
