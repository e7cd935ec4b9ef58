/// A column as the archive holds it, before provenance is attached.
struct StoredSection: Equatable {
    let id: Int64
    let name: String
    /// Newest first.
    let stories: [SectionStory]
    /// When the newest page was read (Unix seconds).
    let fetchedAt: Double
    /// The cursor of the next older page to read (0: the newest page); nil: held to the end.
    let frontier: Int64?
    /// How many pages brought the stories held (pages read again count once).
    let pages: Int
}

/// Reads and writes columns (栏目) and the source's list of them. Every write is one
/// transaction: a page is kept whole, with where the next older one starts, or not at all.
struct SectionStore {
    let database: Database

    // MARK: The list of sections

    /// Replaces the list of sections.
    func writeSections(_ sections: [Section], fetchedAt: Double) throws {
        try database.transaction {
            try database.run("DELETE FROM section")
            for (position, section) in sections.enumerated() {
                try database.run(
                    "INSERT INTO section (id, position, name, description, thumbnail, fetched_at) VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        .integer(section.id), .integer(Int64(position)), .text(section.name), .text(section.description),
                        section.thumbnailURL.map(SQLValue.text) ?? .null, .real(fetchedAt),
                    ])
            }
        }
    }

    /// The list of sections and when it was fetched; nil before any fetch of it.
    func readSections() throws -> (sections: [Section], fetchedAt: Double)? {
        try database.readTransaction {
            let rows = try database.query("SELECT id, name, description, thumbnail, fetched_at FROM section ORDER BY position") {
                (
                    Section(id: $0.int64(at: 0), name: $0.text(at: 1), description: $0.text(at: 2), thumbnailURL: $0.optionalText(at: 3)),
                    $0.double(at: 4)
                )
            }
            if let first = rows.first { return (rows.map(\.0), first.1) }
            // Fetched and empty: the time is kept beside the list.
            guard let at = try meta.value(Self.emptyListKey).flatMap(Double.init) else { return nil }
            return ([], at)
        }
    }

    private static let emptyListKey = "sections_empty_at"
    /// The verdict "no sections" is kept per source, under this prefix and the source's base
    /// URLs: another source is asked. (A verdict under the bare prefix, with no source, is never
    /// read: it cannot say which source it was about.)
    private static let noSectionsKey = "no_sections_at"

    private static func noSectionsKey(_ source: String) -> String { noSectionsKey + " " + source }

    /// Notes that `source` answered `sections` with "no such thing" (404, 401) at `time`, or
    /// with a list (nil).
    func setNoSections(at time: Double?, source: String) throws {
        try database.transaction {
            if let time {
                try meta.setValue(String(time), for: Self.noSectionsKey(source))
            } else {
                try meta.removeValue(for: Self.noSectionsKey(source))
            }
        }
    }

    /// When `source` last said it has no sections; nil if it never did (or has since listed some).
    func noSectionsSince(source: String) throws -> Double? {
        try meta.value(Self.noSectionsKey(source)).flatMap(Double.init)
    }

    /// Remembers that the list was fetched empty (no rows say when).
    func markEmptyList(at time: Double) throws {
        try database.transaction { try meta.setValue(String(time), for: Self.emptyListKey) }
    }

    // MARK: A section's pages

    /// Writes pages of a column read from its newest page on, in one transaction: their stories
    /// (each story row shared with the days), the day each ran, and when the newest was read.
    /// `frontier` is where the next older page starts once these are kept; nil: the end was read.
    func writeNewest(_ id: Int64, name: String, pages: [(cursor: Int64, stories: [SectionStory])], frontier: Int64?, fetchedAt: Double)
        throws
    {
        try database.transaction {
            try database.run(
                """
                INSERT INTO section_state (section_id, name, fetched_at, frontier) VALUES (?, ?, ?, ?)
                ON CONFLICT (section_id) DO UPDATE SET name = excluded.name, fetched_at = excluded.fetched_at, frontier = excluded.frontier
                """, [.integer(id), .text(name), .real(fetchedAt), frontier.map(SQLValue.integer) ?? .null])
            for page in pages { try insertStories(id, page.stories, cursor: page.cursor) }
        }
    }

    /// Writes one older page (read at `cursor`, the stored frontier) and moves the frontier to
    /// `next` (nil: the end), in one transaction. The frontier moves only from `cursor`: when
    /// another process has gone further meanwhile, its frontier stands (the stories are kept).
    func writeOlder(_ id: Int64, cursor: Int64, stories: [SectionStory], next: Int64?) throws {
        try database.transaction {
            let known = try database.query("SELECT 1 FROM section_state WHERE section_id = ?", [.integer(id)]) { _ in 1 }
            guard !known.isEmpty else {
                throw DatabaseError(resultCode: 1, message: "section \(id) has no newest page to go on from")
            }
            try database.run(
                "UPDATE section_state SET frontier = ? WHERE section_id = ? AND frontier = ?",
                [next.map(SQLValue.integer) ?? .null, .integer(id), .integer(cursor)])
            try insertStories(id, stories, cursor: cursor)
        }
    }

    /// Story rows first (new ones only: a day's listing carries the hint a column's lacks), then
    /// the column's rows; a story the column lists already keeps its first row.
    private func insertStories(_ id: Int64, _ stories: [SectionStory], cursor: Int64) throws {
        let index = SearchIndex(database: database)
        for entry in stories.sorted(by: { $0.story.id < $1.story.id }) {
            let story = entry.story
            let known = try !database.query("SELECT 1 FROM story WHERE id = ?", [.integer(story.id)]) { _ in 1 }.isEmpty
            if !known {
                let hasDetail = try !database.query("SELECT 1 FROM story_detail WHERE id = ?", [.integer(story.id)]) { _ in 1 }.isEmpty
                // A story known only by its detail is indexed through it: out, and in again with its row.
                if hasDetail { try index.remove(story.id) }
                try database.run(
                    "INSERT INTO story (id, title, hint, image, url, ga_prefix, image_hue, type) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        .integer(story.id), .text(story.title), .text(story.hint), story.imageURL.map(SQLValue.text) ?? .null,
                        .text(story.url), .text(story.gaPrefix), .text(story.imageHue), .integer(Int64(story.type)),
                    ])
                if hasDetail {
                    try index.add(story.id)
                } else {
                    try database.run(SearchIndex.addNewSQL, [.integer(story.id), .text(story.title), .text(story.hint)])
                }
            }
        }
        for (position, entry) in stories.enumerated() {
            try database.run(
                """
                INSERT INTO section_story (section_id, story_id, date, cursor, position) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (section_id, story_id) DO NOTHING
                """, [.integer(id), .integer(entry.story.id), .integer(entry.day.key), .integer(cursor), .integer(Int64(position))])
        }
    }

    /// Which of `ids` the column lists already.
    func known(_ id: Int64, among ids: [Int64]) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        let rows = try database.query(
            "SELECT story_id FROM section_story WHERE section_id = ? AND story_id IN (\(marks))",
            [.integer(id)] + ids.map(SQLValue.integer)
        ) { $0.int64(at: 0) }
        return Set(rows)
    }

    /// The column as held, newest first; nil when its newest page was never read.
    func read(_ id: Int64) throws -> StoredSection? {
        try database.readTransaction {
            let state = try database.query("SELECT name, fetched_at, frontier FROM section_state WHERE section_id = ?", [.integer(id)]) {
                ($0.text(at: 0), $0.double(at: 1), $0.isNull(at: 2) ? nil : $0.int64(at: 2))
            }
            guard let (name, fetchedAt, frontier) = state.first else { return nil }
            let rows = try database.query(
                """
                SELECT s.id, s.title, s.hint, s.image, s.url, s.ga_prefix, s.image_hue, s.type, c.date
                FROM section_story c JOIN story s ON s.id = c.story_id
                WHERE c.section_id = ? ORDER BY c.date DESC, c.story_id DESC
                """, [.integer(id)]
            ) { row -> SectionStory? in
                let story = Story(
                    id: row.int64(at: 0), title: row.text(at: 1), hint: row.text(at: 2), imageURL: row.optionalText(at: 3),
                    url: row.text(at: 4), gaPrefix: row.text(at: 5), imageHue: row.text(at: 6), type: Int(row.int64(at: 7)))
                return Day(key: row.int64(at: 8)).map { SectionStory(story: story, day: $0) }
            }
            let pages =
                try database.query("SELECT count(DISTINCT cursor) FROM section_story WHERE section_id = ?", [.integer(id)]) {
                    Int($0.int64(at: 0))
                }.first ?? 0
            return StoredSection(
                id: id, name: name, stories: rows.compactMap { $0 }, fetchedAt: fetchedAt, frontier: frontier, pages: pages)
        }
    }

    /// Drops the columns' listings of stories that ran before `firstKept`, as a prune drops days
    /// (inside its transaction); each column that lost some is read again, when asked, from the
    /// page that brought the newest of them, so nothing older is taken as held.
    func prune(before firstKept: Day) throws {
        let lost = try database.query(
            """
            SELECT section_id, cursor FROM section_story AS c
            WHERE date < ?1 AND NOT EXISTS (
                SELECT 1 FROM section_story AS n
                WHERE n.section_id = c.section_id AND n.date < ?1 AND (n.date, n.story_id) > (c.date, c.story_id))
            """, [.integer(firstKept.key)]
        ) { ($0.int64(at: 0), $0.int64(at: 1)) }
        for (section, cursor) in lost {
            try database.run("DELETE FROM section_story WHERE section_id = ? AND date < ?", [.integer(section), .integer(firstKept.key)])
            try database.run("UPDATE section_state SET frontier = ? WHERE section_id = ?", [.integer(cursor), .integer(section)])
        }
    }

    /// The ids of the stories the columns `ids` list (for a sync's details, comments, pictures).
    func storyIDs(of ids: [Int64]) throws -> [Int64] {
        guard !ids.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
        return try database.query(
            "SELECT DISTINCT story_id FROM section_story WHERE section_id IN (\(marks)) ORDER BY story_id DESC", ids.map(SQLValue.integer)
        ) { $0.int64(at: 0) }
    }

    /// Where the list's verdicts are kept.
    private var meta: MetaStore { MetaStore(database: database) }
}
