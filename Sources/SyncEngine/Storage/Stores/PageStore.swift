/// A day as the archive holds it, before provenance is attached.
struct StoredPage: Equatable {
    let day: Day
    let stories: [Story]
    let topStories: [Story]
    /// Unix seconds.
    let fetchedAt: Double
    let isFinal: Bool
    /// Whether this day is the source's latest, read in the same snapshot as the page.
    let isLatest: Bool
}

/// Reads and writes days in the archive. Every write of a page is one transaction.
struct PageStore {
    let database: Database

    /// Which day is the source's latest, kept beside the pages.
    private var meta: MetaStore { MetaStore(database: database) }

    // MARK: Writing

    /// Writes one day's stories in their order, replacing what the day held.
    func writeDay(_ day: Day, stories: [Story], fetchedAt: Double, isFinal: Bool) throws {
        try database.transaction {
            try insertDays([(day, stories)], fetchedAt: fetchedAt, isFinal: isFinal)
        }
    }

    /// Writes several whole days in one transaction (a sync's batch): one commit, and one flush
    /// of the search index, for all of them.
    ///
    /// Without foreign key checks: a batch writes its stories, then each day's row, then its list,
    /// so every list row's story and day are there by construction, and the checks (two look-ups
    /// per list row) would be a large share of a batch's work. The tests check the archive with
    /// `PRAGMA foreign_key_check` after syncs.
    /// The index merges at its commit as at every write: a batch of days is a small segment, and
    /// merges put off (as a batch of details puts them off) would run in the phase's last batch,
    /// alone after the transfers (`SearchIndex.withDeferredMerging`).
    func writeDays(_ days: [(day: Day, stories: [Story])], fetchedAt: Double, isFinal: Bool) throws {
        try database.withoutForeignKeyChecks {
            try database.transaction {
                try insertDays(days, fetchedAt: fetchedAt, isFinal: isFinal)
            }
        }
    }

    /// Writes the latest page: its day (partial), the banner, and which day is latest.
    func writeLatest(_ day: Day, stories: [Story], topStories: [Story], fetchedAt: Double) throws {
        try database.transaction {
            try insertDays([(day, stories)], fetchedAt: fetchedAt, isFinal: false)
            try database.run("DELETE FROM top_story")
            for (position, story) in topStories.enumerated() {
                try database.run(
                    """
                    INSERT INTO top_story (position, id, title, hint, image, url, ga_prefix, image_hue, type)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, [.integer(Int64(position))] + Self.columns(of: story))
            }
            try meta.setLatest(day, fetchedAt: fetchedAt)
        }
    }

    /// The stories first (a day's list refers to them), then each day's list in its order.
    private func insertDays(_ days: [(day: Day, stories: [Story])], fetchedAt: Double, isFinal: Bool) throws {
        // In ascending ids: FTS5 flushes its pending terms into a new segment whenever a row's id
        // is lower than the last one written, and a sync goes newest day, so highest id, first
        // (a segment per story made the index three times as dear to write). Positions, not
        // copies: a story is six strings to retain and release.
        var order: [(id: Int64, day: Int, story: Int)] = []
        order.reserveCapacity(days.reduce(0) { $0 + $1.stories.count })
        for (dayIndex, entry) in days.enumerated() {
            for (storyIndex, story) in entry.stories.enumerated() { order.append((story.id, dayIndex, storyIndex)) }
        }
        // A story listed twice keeps the values written last, as if the days were written one by
        // one: listings of an id stay in their order, and the last of each is written.
        order.sort { $0.id != $1.id ? $0.id < $1.id : ($0.day, $0.story) < ($1.day, $1.story) }
        let statements = try WriteStatements(database)
        let index = SearchIndex(database: database)
        let withDetail = try storiesWithDetail(from: order.first?.id ?? 0, through: order.last?.id ?? 0)
        for (offset, entry) in order.enumerated() where offset + 1 == order.count || order[offset + 1].id != entry.id {
            let story = days[entry.day].stories[entry.story]
            try writeStory(story, hasDetail: withDetail.contains(story.id), index: index, statements: statements)
        }
        // Oldest first, like the stories: the day and list rows of a batch go into their B-trees
        // in ascending keys (a repeated day in the order given, its last list kept).
        for (day, stories) in days.enumerated().sorted(by: { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }).map(\.element) {
            try database.run(statements.day, [.integer(day.key), .real(fetchedAt), .integer(isFinal ? 1 : 0)])
            try database.run(statements.clearDay, [.integer(day.key)])
            for position in stories.indices {
                try database.run(statements.listStory, [.integer(day.key), .integer(Int64(position)), .integer(stories[position].id)])
            }
        }
    }

    /// The ids in `first...last` that have a stored detail: one range read per batch, not a
    /// look-up per story.
    private func storiesWithDetail(from first: Int64, through last: Int64) throws -> Set<Int64> {
        let ids = try database.query("SELECT id FROM story_detail WHERE id BETWEEN ? AND ?", [.integer(first), .integer(last)]) {
            $0.int64(at: 0)
        }
        return Set(ids)
    }

    /// The statements a batch runs for every story and day, looked up once per batch.
    private struct WriteStatements {
        let insertNew: Statement
        let known: Statement
        let upsert: Statement
        let index: Statement
        let day: Statement
        let clearDay: Statement
        let listStory: Statement

        init(_ database: Database) throws(DatabaseError) {
            insertNew = try database.statement(
                """
                INSERT INTO story (id, title, hint, image, url, ga_prefix, image_hue, type)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING
                """)
            known = try database.statement("SELECT title, hint FROM story WHERE id = ?")
            upsert = try database.statement(
                """
                INSERT INTO story (id, title, hint, image, url, ga_prefix, image_hue, type)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    title = excluded.title, hint = excluded.hint, image = excluded.image,
                    url = excluded.url, ga_prefix = excluded.ga_prefix,
                    image_hue = excluded.image_hue, type = excluded.type
                """)
            index = try database.statement(SearchIndex.addNewSQL)
            day = try database.statement(
                """
                INSERT INTO day (date, fetched_at, is_final) VALUES (?, ?, ?)
                ON CONFLICT (date) DO UPDATE SET fetched_at = excluded.fetched_at, is_final = max(is_final, excluded.is_final)
                """)
            clearDay = try database.statement("DELETE FROM day_story WHERE date = ?")
            listStory = try database.statement("INSERT INTO day_story (date, position, story_id) VALUES (?, ?, ?)")
        }
    }

    /// Writes a story's row, and its index row when it is new or its title or hint changed.
    private func writeStory(_ story: Story, hasDetail: Bool, index: SearchIndex, statements: WriteStatements) throws {
        let columns = Self.columns(of: story)
        // The common case of a sync: a story never seen, with no detail either, has no index
        // row. One insert finds that out (it changes nothing for a known story), and the index
        // row is added from the values at hand.
        if !hasDetail {
            try database.run(statements.insertNew, columns)
            if database.changes == 1 {
                try database.run(statements.index, [.integer(story.id), .text(story.title), .text(story.hint)])
                return
            }
        }
        // Known (or known only by its detail): the index row is taken out as the view gives it
        // now, and added again after the change, when the title or hint change.
        let known = try database.query(statements.known, [.integer(story.id)]) { ($0.text(at: 0), $0.text(at: 1)) }.first
        let reindex = known.map { $0 != (story.title, story.hint) } ?? true
        if reindex { try index.remove(story.id) }
        try database.run(statements.upsert, columns)
        if reindex { try index.add(story.id) }
    }

    private static func columns(of story: Story) -> [SQLValue] {
        [
            .integer(story.id), .text(story.title), .text(story.hint), story.imageURL.map(SQLValue.text) ?? .null,
            .text(story.url), .text(story.gaPrefix), .text(story.imageHue), .integer(Int64(story.type)),
        ]
    }

    // MARK: Reading

    /// The stored day, or nil when the archive does not hold it.
    func readDay(_ day: Day) throws -> StoredPage? {
        try database.readTransaction { try dayRows(day) }
    }

    /// The latest page: the source's latest day with the banner, or nil before any fetch of it.
    func readLatest() throws -> StoredPage? {
        try database.readTransaction {
            guard let day = try latestDay(), let stored = try dayRows(day) else { return nil }
            let fetchedAt = try meta.latestFetchedAt() ?? stored.fetchedAt
            let topStories = try database.query(
                """
                SELECT id, title, hint, image, url, ga_prefix, image_hue, type FROM top_story ORDER BY position
                """, row: Self.story)
            return StoredPage(
                day: day, stories: stored.stories, topStories: topStories,
                fetchedAt: fetchedAt, isFinal: false, isLatest: true)
        }
    }

    private func dayRows(_ day: Day) throws -> StoredPage? {
        let rows = try database.query(
            "SELECT fetched_at, is_final FROM day WHERE date = ?", [.integer(day.key)]
        ) { ($0.double(at: 0), $0.int64(at: 1) != 0) }
        guard let (fetchedAt, isFinal) = rows.first else { return nil }
        let stories = try database.query(
            """
            SELECT s.id, s.title, s.hint, s.image, s.url, s.ga_prefix, s.image_hue, s.type
            FROM day_story d JOIN story s ON s.id = d.story_id
            WHERE d.date = ? ORDER BY d.position
            """, [.integer(day.key)], row: Self.story)
        return StoredPage(
            day: day, stories: stories, topStories: [], fetchedAt: fetchedAt, isFinal: isFinal,
            isLatest: try latestDay() == day)
    }

    /// Every cached day and which are partial, in one snapshot.
    func coverage() throws -> Coverage {
        try database.readTransaction {
            let rows = try database.query("SELECT date, is_final FROM day ORDER BY date") { row in
                (Day(key: row.int64(at: 0)), row.int64(at: 1) != 0)
            }
            let days = rows.compactMap { day, isFinal in day.map { ($0, isFinal) } }
            return Coverage(
                days: days.map(\.0), partialDays: days.filter { !$0.1 }.map(\.0),
                latestKnownDay: try latestDay())
        }
    }

    /// The source's latest day as last seen, if ever (`MetaStore.latestDay`).
    func latestDay() throws -> Day? {
        try meta.latestDay()
    }

    private static func story(_ row: Statement) -> Story {
        Story(
            id: row.int64(at: 0), title: row.text(at: 1), hint: row.text(at: 2),
            imageURL: row.optionalText(at: 3), url: row.text(at: 4), gaPrefix: row.text(at: 5),
            imageHue: row.text(at: 6), type: Int(row.int64(at: 7)))
    }
}
