/// The user's own data in the archive: favourites and read marks. Pruning and rebuilding keep
/// it; the cache tables only lend a favourite its title and whether its detail is held.
struct UserDataStore {
    let database: Database

    // MARK: Favourites

    func addFavorite(_ id: Int64, title: String, at time: Double) throws {
        try database.run(
            """
            INSERT INTO favorite (story_id, title, added_at) VALUES (?, ?, ?)
            ON CONFLICT (story_id) DO UPDATE SET title = excluded.title
            """, [.integer(id), .text(title), .real(time)])
    }

    /// Gives a favourite the title its detail has now; nothing when the story is not one.
    func retitleFavorite(_ id: Int64, title: String) throws {
        try database.run("UPDATE favorite SET title = ? WHERE story_id = ?", [.text(title), .integer(id)])
    }

    /// Whether there was a favourite to remove.
    func removeFavorite(_ id: Int64) throws -> Bool {
        try !database.query("DELETE FROM favorite WHERE story_id = ? RETURNING story_id", [.integer(id)]) { _ in true }.isEmpty
    }

    /// Every favourite, newest first, or only the one with `id`.
    func favorites(id: Int64? = nil) throws -> [Favorite] {
        try database.query(
            """
            SELECT f.story_id, f.title, f.added_at, r.story_id IS NOT NULL, d.id IS NOT NULL
            FROM favorite f
            LEFT JOIN read_mark r ON r.story_id = f.story_id
            LEFT JOIN story_detail d ON d.id = f.story_id
            WHERE ?1 IS NULL OR f.story_id = ?1
            ORDER BY f.added_at DESC, f.story_id DESC
            """, [id.map(SQLValue.integer) ?? .null]
        ) { row in
            Favorite(
                id: row.int64(at: 0), title: row.text(at: 1), addedAt: row.double(at: 2),
                isRead: row.int64(at: 3) != 0, isDetailCached: row.int64(at: 4) != 0)
        }
    }

    // MARK: Read marks

    func markRead(_ id: Int64, at time: Double) throws {
        try database.run("INSERT OR IGNORE INTO read_mark (story_id, read_at) VALUES (?, ?)", [.integer(id), .real(time)])
    }

    /// The marks of the given stories; stories without any are left out.
    func marks(_ ids: [Int64]) throws -> [Int64: StoryMarks] {
        guard !ids.isEmpty else { return [:] }
        // One statement stepped once per story, in one snapshot: a query per table with an `IN`
        // list of every id would be compiled anew for each count and make a temporary index, and
        // two sets, a large part of a cold list read. 1: kept, 2: read.
        let statement = try database.statement(
            "SELECT EXISTS (SELECT 1 FROM favorite WHERE story_id = ?1) + 2 * EXISTS (SELECT 1 FROM read_mark WHERE story_id = ?1)")
        return try database.readTransaction {
            var marks: [Int64: StoryMarks] = [:]
            for id in ids {
                let found = try database.query(statement, [.integer(id)]) { $0.int64(at: 0) }.first ?? 0
                if found != 0 { marks[id] = StoryMarks(isFavorite: found & 1 != 0, isRead: found & 2 != 0) }
            }
            return marks
        }
    }
}
