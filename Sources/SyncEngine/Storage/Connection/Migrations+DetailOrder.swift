/// Schema step 11: details keyed by a number that grows with each insert, the story id kept
/// unique in an index. Days are synced newest first, so story ids arrive in falling order, and a
/// table keyed by them splits pages at the left end and leaves them half full; rows that append
/// fill each page.
enum DetailOrder {
    static let columns =
        "id, title, body, image, image_source, share_url, url, type, section_name, publish_time, fetched_at, section_id"

    /// The new table beside the old one; the view over both tables is dropped while they change.
    static let createTable = """
        DROP VIEW searchable_story;
        CREATE TABLE story_detail_in_order (
            insert_order  INTEGER PRIMARY KEY,   -- grows with each insert or replace
            id            INTEGER NOT NULL UNIQUE,
            title         TEXT    NOT NULL,
            body          TEXT,                  -- `StoredBody`; NULL for off-site articles
            image         TEXT,
            image_source  TEXT,
            share_url     TEXT,
            url           TEXT    NOT NULL,
            type          INTEGER NOT NULL,
            section_name  TEXT,
            publish_time  INTEGER,
            fetched_at    REAL    NOT NULL,
            section_id    INTEGER
        );
        """

    /// The view as step 4 made it: it joins on the story id, which the index's rowid still is.
    static let replaceTable = """
        DROP TABLE story_detail;
        ALTER TABLE story_detail_in_order RENAME TO story_detail;
        CREATE VIEW searchable_story (id, title, hint, body) AS
            SELECT story.id, story.title, story.hint, story_text(story_detail.body)
            FROM story LEFT JOIN story_detail ON story_detail.id = story.id
            UNION ALL
            SELECT story_detail.id, story_detail.title, '', story_text(story_detail.body)
            FROM story_detail
            WHERE body IS NOT NULL AND NOT EXISTS (SELECT 1 FROM story WHERE story.id = story_detail.id);
        """

    /// Copies every detail into the new table in story order, a few hundred at a time so that
    /// the upgrade's progress moves, then puts the new table in the old one's place.
    static func copyInOrder(in database: Database, meter: MigrationMeter) throws(DatabaseError) {
        var last = Int64.min
        while true {
            let copied = try database.query(
                """
                INSERT INTO story_detail_in_order (\(columns))
                    SELECT \(columns) FROM story_detail WHERE id > ? ORDER BY id LIMIT 512
                RETURNING id
                """, [.integer(last)]
            ) { $0.int64(at: 0) }
            guard let highest = copied.max() else { break }
            meter.advance(by: copied.count * copiedDetail)
            last = highest
        }
        try database.execute(replaceTable)
    }

    /// Copying one detail, in the units of `CompactTextWork` (about a page of the file).
    static let copiedDetail = 2

    /// The details to copy, weighted.
    static func estimate(_ database: Database) -> Int {
        let details = try? database.query("SELECT count(*) FROM story_detail") { Int($0.int64(at: 0)) }.first
        return (details ?? 0) * copiedDetail
    }
}
