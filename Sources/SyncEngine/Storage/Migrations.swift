import CSQLite

/// The archive's schema, as ordered, named steps. `PRAGMA user_version` counts the steps applied.
///
/// Append new steps; never edit or reorder a step that has shipped.
enum Migrations {
    struct Step {
        let name: String
        let sql: String
        /// Work SQL alone cannot do (filling an index through Swift), in the step's transaction.
        var then: (@Sendable (Database) throws -> Void)? = nil
    }

    /// Tables that hold the user's own data (favourites, read marks): never pruned, and carried
    /// over when the cache is rebuilt. Everything else is cache, refetchable from the source.
    static let userTables: [String] = ["favorite", "read_mark"]

    static let steps: [Step] = [
        Step(
            name: "create archive",
            sql: """
                CREATE TABLE day (
                    date        INTEGER PRIMARY KEY,   -- yyyyMMdd
                    fetched_at  REAL    NOT NULL,      -- Unix seconds
                    is_final    INTEGER NOT NULL CHECK (is_final IN (0, 1))
                );
                CREATE TABLE story (
                    id          INTEGER PRIMARY KEY,
                    title       TEXT    NOT NULL,
                    hint        TEXT    NOT NULL,
                    image       TEXT,
                    url         TEXT    NOT NULL,
                    ga_prefix   TEXT    NOT NULL,
                    image_hue   TEXT    NOT NULL,
                    type        INTEGER NOT NULL
                );
                CREATE TABLE day_story (
                    date        INTEGER NOT NULL REFERENCES day(date) ON DELETE CASCADE,
                    position    INTEGER NOT NULL,
                    story_id    INTEGER NOT NULL REFERENCES story(id),
                    PRIMARY KEY (date, position)
                ) WITHOUT ROWID;
                CREATE INDEX day_story_by_story ON day_story(story_id);
                -- Banner items keep their own copy: their image is the large banner, not the thumbnail.
                CREATE TABLE top_story (
                    position    INTEGER PRIMARY KEY,
                    id          INTEGER NOT NULL,
                    title       TEXT    NOT NULL,
                    hint        TEXT    NOT NULL,
                    image       TEXT,
                    url         TEXT    NOT NULL,
                    ga_prefix   TEXT    NOT NULL,
                    image_hue   TEXT    NOT NULL,
                    type        INTEGER NOT NULL
                );
                CREATE TABLE sync_meta (
                    key         TEXT PRIMARY KEY,
                    value       TEXT NOT NULL
                ) WITHOUT ROWID;
                """),
        Step(
            name: "story details, counters, favourites and read marks",
            sql: """
                CREATE TABLE story_detail (
                    id            INTEGER PRIMARY KEY,
                    title         TEXT    NOT NULL,
                    body          TEXT,                  -- HTML; NULL for off-site articles
                    body_text     TEXT,                  -- the body as readable text
                    image         TEXT,
                    image_source  TEXT,
                    share_url     TEXT,
                    url           TEXT    NOT NULL,
                    type          INTEGER NOT NULL,
                    section_name  TEXT,
                    publish_time  INTEGER,
                    fetched_at    REAL    NOT NULL
                );
                CREATE TABLE story_extra (
                    id             INTEGER PRIMARY KEY,
                    popularity     INTEGER NOT NULL,
                    comments       INTEGER NOT NULL,
                    long_comments  INTEGER NOT NULL,
                    short_comments INTEGER NOT NULL,
                    fetched_at     REAL    NOT NULL
                );
                -- User tables: no foreign keys into the cache, which may be pruned or rebuilt.
                CREATE TABLE favorite (
                    story_id    INTEGER PRIMARY KEY,
                    title       TEXT    NOT NULL,
                    added_at    REAL    NOT NULL
                );
                CREATE TABLE read_mark (
                    story_id    INTEGER PRIMARY KEY,
                    read_at     REAL    NOT NULL
                );
                """),
        // See SearchText: the zero-width space splits Chinese into one token per character.
        // Titles weigh most, then hints, then the detail text.
        Step(
            name: "full-text search",
            sql: """
                CREATE VIRTUAL TABLE story_search USING fts5(
                    title, hint, body,
                    tokenize = "unicode61 remove_diacritics 2 separators '\u{200B}'"
                );
                INSERT INTO story_search (story_search, rank) VALUES ('rank', 'bm25(10.0, 3.0, 1.0)');
                """, then: { try SearchIndex(database: $0).indexAll() }),
    ]

    /// Applies every step not yet applied, each in its own transaction.
    static func migrate(_ database: Database) throws {
        // Up to date: no write lock, so opening never waits for another process's write.
        let version = try userVersion(database)
        guard version < steps.count else { return }
        guard !database.isReadOnly else {
            throw DatabaseError(
                resultCode: SQLITE_READONLY,
                message: "the archive is at schema version \(version) of \(steps.count) and is read-only; "
                    + "it must be upgraded by a run that can write it",
                problem: .needsUpgrade)
        }
        for (index, step) in steps.enumerated() {
            try database.transaction {
                // Checked inside the write lock: another process may have migrated meanwhile.
                guard try userVersion(database) == index else { return }
                do {
                    try database.execute(step.sql)
                    try step.then?(database)
                } catch let error as DatabaseError {
                    throw DatabaseError(
                        resultCode: error.resultCode,
                        message: "migration \(index + 1) '\(step.name)': \(error.message)",
                        sql: error.sql)
                }
                try database.execute("PRAGMA user_version = \(index + 1)")
            }
        }
    }

    static func userVersion(_ database: Database) throws(DatabaseError) -> Int {
        try database.query("PRAGMA user_version") { Int($0.int64(at: 0)) }.first ?? 0
    }
}
