#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-archive questions and housekeeping: counts, size, what a sync still needs, pruning.
struct ArchiveStore {
    let database: Database

    struct Counts {
        let stories: Int
        let details: Int
        let favorites: Int
    }

    func counts() throws -> Counts {
        try database.readTransaction {
            func count(_ table: String) throws -> Int {
                try database.query("SELECT count(*) FROM \(table)") { Int($0.int64(at: 0)) }.first ?? 0
            }
            return Counts(stories: try count("story"), details: try count("story_detail"), favorites: try count("favorite"))
        }
    }

    /// The database file and its write-ahead log, in bytes.
    func bytes() -> Int64 {
        [database.path, database.path + "-wal"].reduce(0) { total, path in
            var info = stat()
            return total + (stat(path, &info) == 0 ? Int64(info.st_size) : 0)
        }
    }

    /// A story of the days `range` that lacks its detail or its counters.
    struct MissingDetail: Sendable {
        let id: Int64
        let needsDetail: Bool
        let needsExtra: Bool
    }

    /// What the stories `listing` names lack, newest first, and how many have both already.
    func missingDetails(in listing: StoryListing) throws -> (missing: [MissingDetail], complete: Int) {
        let (table, condition, values, order) = listing.sql
        return try database.readTransaction {
            var seen = Set<Int64>()
            var missing: [MissingDetail] = []
            var complete = 0
            let rows = try database.query(
                """
                SELECT ds.story_id,
                       EXISTS (SELECT 1 FROM story_detail WHERE id = ds.story_id),
                       EXISTS (SELECT 1 FROM story_extra WHERE id = ds.story_id)
                FROM \(table) WHERE \(condition) ORDER BY \(order)
                """, values
            ) {
                ($0.int64(at: 0), $0.int64(at: 1) != 0, $0.int64(at: 2) != 0)
            }
            for (id, hasDetail, hasExtra) in rows where seen.insert(id).inserted {
                if hasDetail && hasExtra {
                    complete += 1
                } else {
                    missing.append(MissingDetail(id: id, needsDetail: !hasDetail, needsExtra: !hasExtra))
                }
            }
            return (missing, complete)
        }
    }

    struct Pruned {
        let days: Int
        let stories: Int
        let details: Int
        var pictures = 0
    }

    /// Drops the days before `firstKept`, then every story, detail, counter and index row that no
    /// kept day, banner or favourite refers to; one transaction. Favourites and read marks stay.
    func prune(before firstKept: Day) throws -> Pruned {
        try database.transaction {
            let kept =
                "SELECT story_id FROM day_story UNION SELECT id FROM top_story UNION SELECT story_id FROM favorite"
                + " UNION SELECT story_id FROM section_story"
            try SectionStore(database: database).prune(before: firstKept)
            // day_story rows go with their day (ON DELETE CASCADE).
            let days = try database.query("DELETE FROM day WHERE date < ? RETURNING date", [.integer(firstKept.key)]) { _ in 1 }.count
            // Out of the index while the texts it was fed can still be read.
            try SearchIndex(database: database).remove(where: "id NOT IN (\(kept))")
            let stories = try database.query("DELETE FROM story WHERE id NOT IN (\(kept)) RETURNING id") { _ in 1 }.count
            let details = try database.query("DELETE FROM story_detail WHERE id NOT IN (\(kept)) RETURNING id") { _ in 1 }.count
            try database.run("DELETE FROM story_extra WHERE id NOT IN (\(kept))")
            // Comments go with their story (rows with their thread: ON DELETE CASCADE).
            try database.run("DELETE FROM comment_thread WHERE story_id NOT IN (\(kept))")
            // A failing story that went with its day is no longer listed, nor asked for again.
            try database.run("DELETE FROM failed_story WHERE id NOT IN (\(kept))")
            // Pictures go when no kept story, banner or favourite uses them.
            let pictures = try PictureStore(database: database).prune(keeping: kept)
            return Pruned(days: days, stories: stories, details: details, pictures: pictures)
        }
    }

    /// Gives the freed pages back to the file system. Outside any transaction; may take a while.
    func compact() throws {
        // FTS5 removes a row's entries by writing tombstones beside them; merging the index into
        // one segment drops both, or the index would keep its size after the stories went.
        try database.execute("INSERT INTO story_search (story_search) VALUES ('optimize')")
        try database.execute("VACUUM")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
