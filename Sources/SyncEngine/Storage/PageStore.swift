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
final class PageStore {
    let database: Database

    /// Migrates the database first; `willUpgrade` hears of an upgrade of an existing archive.
    init(database: Database, willUpgrade: ((_ fromVersion: Int, _ toVersion: Int) -> Void)? = nil) throws {
        self.database = database
        try Migrations.migrate(database, willUpgrade: willUpgrade)
    }

    // MARK: Writing

    /// Writes one day's stories in their order, replacing what the day held.
    func writeDay(_ day: Day, stories: [Story], fetchedAt: Double, isFinal: Bool) throws {
        try database.transaction {
            try insertDays([(day, stories)], fetchedAt: fetchedAt, isFinal: isFinal)
        }
    }

    /// Writes several whole days in one transaction (a sync's batch): one commit, and one flush
    /// of the search index, for all of them.
    func writeDays(_ days: [(day: Day, stories: [Story])], fetchedAt: Double, isFinal: Bool) throws {
        try database.transaction {
            try insertDays(days, fetchedAt: fetchedAt, isFinal: isFinal)
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
            try setMeta("latest_date", String(day.key))
            try setMeta("latest_fetched_at", String(fetchedAt))
        }
    }

    /// The stories first (a day's list refers to them), then each day's list in its order.
    private func insertDays(_ days: [(day: Day, stories: [Story])], fetchedAt: Double, isFinal: Bool) throws {
        // A story listed twice keeps the values written last, as if the days were written one by one.
        var latestValues: [Int64: Story] = [:]
        for (_, stories) in days {
            for story in stories { latestValues[story.id] = story }
        }
        // In ascending ids: FTS5 flushes its pending terms into a new segment whenever a row's id
        // is lower than the last one written, and a sync goes newest day, so highest id, first
        // (a segment per story made the index three times as dear to write).
        let index = SearchIndex(database: database)
        for story in latestValues.values.sorted(by: { $0.id < $1.id }) {
            try upsertStory(story, index: index)
        }
        for (day, stories) in days {
            try database.run(
                """
                INSERT INTO day (date, fetched_at, is_final) VALUES (?, ?, ?)
                ON CONFLICT (date) DO UPDATE SET fetched_at = excluded.fetched_at, is_final = max(is_final, excluded.is_final)
                """, [.integer(day.key), .real(fetchedAt), .integer(isFinal ? 1 : 0)])
            try database.run("DELETE FROM day_story WHERE date = ?", [.integer(day.key)])
            for (position, story) in stories.enumerated() {
                try database.run(
                    "INSERT INTO day_story (date, position, story_id) VALUES (?, ?, ?)",
                    [.integer(day.key), .integer(Int64(position)), .integer(story.id)])
            }
        }
    }

    /// Writes a story's row, and its index row when its title or hint changed (or it is new).
    private func upsertStory(_ story: Story, index: SearchIndex) throws {
        let known = try database.query("SELECT title, hint FROM story WHERE id = ?", [.integer(story.id)]) {
            ($0.text(at: 0), $0.text(at: 1))
        }.first
        let reindex = known.map { $0 != (story.title, story.hint) } ?? true
        // The common case of a sync: a story never seen, with no detail either, has no row in
        // the index; it is added from the values at hand, without reading the view twice.
        let isNew =
            try known == nil && database.query("SELECT 1 FROM story_detail WHERE id = ?", [.integer(story.id)]) { _ in true }.isEmpty
        if reindex && !isNew { try index.remove(story.id) }
        try database.run(
            """
            INSERT INTO story (id, title, hint, image, url, ga_prefix, image_hue, type)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                title = excluded.title, hint = excluded.hint, image = excluded.image,
                url = excluded.url, ga_prefix = excluded.ga_prefix,
                image_hue = excluded.image_hue, type = excluded.type
            """, Self.columns(of: story))
        if isNew {
            try index.add(story.id, title: story.title, hint: story.hint)
        } else if reindex {
            try index.add(story.id)
        }
    }

    /// When a `sync` run last finished.
    func setLastSync(_ time: Double) throws {
        try setMeta("last_sync_at", String(time))
    }

    func lastSync() throws -> Double? {
        try meta("last_sync_at").flatMap(Double.init)
    }

    private func setMeta(_ key: String, _ value: String) throws {
        try database.run(
            "INSERT INTO sync_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)])
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
            let fetchedAt = try meta("latest_fetched_at").flatMap(Double.init) ?? stored.fetchedAt
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

    /// The source's latest day as last seen, if ever.
    func latestDay() throws -> Day? {
        try meta("latest_date").flatMap { Int64($0) }.flatMap { Day(key: $0) }
    }

    private func meta(_ key: String) throws -> String? {
        try database.query("SELECT value FROM sync_meta WHERE key = ?", [.text(key)]) { $0.text(at: 0) }.first
    }

    private static func story(_ row: Statement) -> Story {
        Story(
            id: row.int64(at: 0), title: row.text(at: 1), hint: row.text(at: 2),
            imageURL: row.optionalText(at: 3), url: row.text(at: 4), gaPrefix: row.text(at: 5),
            imageHue: row.text(at: 6), type: Int(row.int64(at: 7)))
    }
}
