import CSQLite

/// The archive's schema, as ordered, named steps. `PRAGMA user_version` counts the steps applied.
///
/// Append new steps; never edit or reorder a step that has shipped.
enum Migrations {
    struct Step {
        let name: String
        let sql: String
        /// Work SQL alone cannot do (filling an index through Swift), in the migration's
        /// transaction; it counts what it does on the meter, in the units `work` estimated.
        var then: (@Sendable (Database, MigrationMeter) throws -> Void)? = nil
        /// The units of work `then` will count, estimated before any step runs (on the tables
        /// of the archive as it is then); the step's SQL counts one more.
        var work: (@Sendable (Database) -> Int)? = nil
        /// Whether the step frees much of the file: `VACUUM` then gives the space back.
        var compactsAfter = false
    }

    /// Tables that hold the user's own data (favourites, read marks): never pruned, and carried
    /// over when the cache is rebuilt. Everything else is cache, refetchable from the source.
    static let userTables: [String] = ["favorite", "read_mark"]

    /// The accounts the server's reader API logs in with, and their logins' tokens: user data
    /// too (carried over by a rebuild, in this order), but not favourites or read marks.
    static let accountTables: [String] = ["account", "account_token"]

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
        // Titles weigh most, then hints, then the detail text. A zero-width space after each Han
        // character split Chinese into one token per character; step 4 replaces this table, and
        // fills it, so this step leaves it empty.
        Step(
            name: "full-text search",
            sql: """
                CREATE VIRTUAL TABLE story_search USING fts5(
                    title, hint, body,
                    tokenize = "unicode61 remove_diacritics 2 separators '\u{200B}'"
                );
                INSERT INTO story_search (story_search, rank) VALUES ('rank', 'bm25(10.0, 3.0, 1.0)');
                """),
        // One stored copy of each text. The body HTML is deflated together with its readable
        // text (`StoredBody`); the text column, and the index's own copy of every text (with a
        // zero-width space after each Han character), are dropped: the index becomes an
        // external-content table over the view `searchable_story`, which reads the stored text
        // (`story_text`), and the `zhihu` tokenizer splits Han characters itself
        // (`SearchTokenizer`). The body is the index's first column, which FTS5 stores without
        // column markers; `SnippetColumn` picks a snippet's column (hint or body, never the title). A
        // story only a detail knows is indexed by its text, so not when it has none (off-site).
        Step(
            name: "compact text storage",
            sql: """
                DROP TABLE story_search;
                CREATE VIEW searchable_story (id, title, hint, body) AS
                    SELECT story.id, story.title, story.hint, story_text(story_detail.body)
                    FROM story LEFT JOIN story_detail ON story_detail.id = story.id
                    UNION ALL
                    SELECT story_detail.id, story_detail.title, '', story_text(story_detail.body)
                    FROM story_detail
                    WHERE body IS NOT NULL AND NOT EXISTS (SELECT 1 FROM story WHERE story.id = story_detail.id);
                CREATE VIRTUAL TABLE story_search USING fts5(
                    body, title, hint, content = 'searchable_story', content_rowid = 'id', tokenize = 'zhihu'
                );
                INSERT INTO story_search (story_search, rank) VALUES ('rank', 'bm25(1.0, 10.0, 3.0)');
                """,
            then: { database, meter in
                var bodies = 0
                try StoredBody.packAll(in: database) {
                    bodies += 1
                    meter.advance(by: CompactTextWork.packedBody)
                }
                try database.execute("ALTER TABLE story_detail DROP COLUMN body_text")
                meter.advance(by: bodies * CompactTextWork.droppedColumnPerBody)
                try SearchIndex(database: database).fill { meter.advance(by: CompactTextWork.indexedStory) }
            },
            work: CompactTextWork.estimate, compactsAfter: true),
        // Stories whose detail answered 5xx (some always do): a sync leaves each alone for
        // a while after its last failure, longer after each (`FailedStoryStore`). Cache, not user data.
        Step(
            name: "failed stories",
            sql: """
                CREATE TABLE failed_story (
                    id              INTEGER PRIMARY KEY,
                    failures        INTEGER NOT NULL,   -- 5xx answers in a row
                    last_status     INTEGER NOT NULL,   -- the HTTP status of the last one
                    last_failure_at REAL    NOT NULL    -- Unix seconds
                );
                """),
        // Long and short comments per story, in the source's order (`position`, newest first),
        // each once; a thread row says when its first page was fetched and whether an empty page
        // ended it (`CommentStore`). Cache: pruned with the story, kept for a favourite.
        Step(
            name: "comments",
            sql: """
                CREATE TABLE comment_thread (
                    story_id      INTEGER NOT NULL,
                    kind          TEXT    NOT NULL CHECK (kind IN ('long', 'short')),
                    fetched_at    REAL    NOT NULL,   -- the first page, Unix seconds
                    is_complete   INTEGER NOT NULL CHECK (is_complete IN (0, 1)),
                    PRIMARY KEY (story_id, kind)
                ) WITHOUT ROWID;
                CREATE TABLE comment (
                    story_id      INTEGER NOT NULL,
                    kind          TEXT    NOT NULL,
                    id            INTEGER NOT NULL,
                    position      INTEGER NOT NULL,
                    author        TEXT,
                    content       TEXT    NOT NULL,
                    avatar        TEXT,
                    time          INTEGER,
                    likes         INTEGER,
                    has_reply     INTEGER NOT NULL CHECK (has_reply IN (0, 1)),
                    reply_id      INTEGER,
                    reply_author  TEXT,
                    reply_content TEXT,
                    reply_status  INTEGER,
                    reply_error   TEXT,
                    PRIMARY KEY (story_id, kind, id),
                    FOREIGN KEY (story_id, kind) REFERENCES comment_thread (story_id, kind) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX comment_by_position ON comment (story_id, kind, position);
                """),
        // Pictures (`PictureStore`), keyed by `PictureKey.value`: what a picture is in one small
        // table, its bytes in another, so that counting or listing pictures never reads a blob,
        // and no page read touches either. `story_picture` says which stories use which picture
        // (a story's list thumbnail, its banner, its headline picture, its numbered body
        // pictures); a picture no kept story uses goes with a prune. Cache, like the stories.
        Step(
            name: "pictures",
            sql: """
                CREATE TABLE picture (
                    key         TEXT    PRIMARY KEY,
                    format      TEXT    NOT NULL CHECK (format IN ('jpeg', 'png', 'gif', 'webp')),
                    width       INTEGER NOT NULL,
                    height      INTEGER NOT NULL,
                    byte_count  INTEGER NOT NULL,
                    fetched_at  REAL    NOT NULL,   -- Unix seconds
                    last_read   REAL    NOT NULL    -- Unix seconds; the budget evicts the oldest first
                ) WITHOUT ROWID;
                CREATE TABLE picture_bytes (
                    key         TEXT    PRIMARY KEY REFERENCES picture (key) ON DELETE CASCADE,
                    bytes       BLOB    NOT NULL
                );
                CREATE TABLE story_picture (
                    story_id    INTEGER NOT NULL,
                    role        TEXT    NOT NULL CHECK (role IN ('thumbnail', 'banner', 'headline', 'body')),
                    number      INTEGER NOT NULL,   -- a body picture's N in [图片 N]; 0 for the others
                    key         TEXT    NOT NULL,
                    PRIMARY KEY (story_id, role, number)
                ) WITHOUT ROWID;
                CREATE INDEX story_picture_by_key ON story_picture (key);
                -- Pictures that failed: left alone for a while, as failed_story's stories are.
                CREATE TABLE failed_picture (
                    key             TEXT    PRIMARY KEY,
                    failures        INTEGER NOT NULL,
                    last_status     INTEGER NOT NULL,   -- the HTTP status, or 0 when the bytes were refused
                    last_failure_at REAL    NOT NULL,
                    reason          TEXT    NOT NULL
                ) WITHOUT ROWID;
                -- Pictures the budget evicted: a sync does not fetch them again (it would only
                -- evict them again); reading one fetches it.
                CREATE TABLE evicted_picture (
                    key             TEXT    PRIMARY KEY,
                    evicted_at      REAL    NOT NULL
                ) WITHOUT ROWID;
                """),
        // Columns (栏目), paged by the cursor each page gives (`SectionStore`). A column's
        // stories are the same `story` rows the days use; `section_story` says which column
        // lists them, the day each ran and the page that brought it. `section_state` says when
        // the newest page was read and where the next older page starts (NULL: the column is
        // held to its end), so a stopped `--all` goes on from there. Cache, pruned by date.
        Step(
            name: "sections",
            sql: """
                CREATE TABLE section (
                    id          INTEGER PRIMARY KEY,
                    position    INTEGER NOT NULL,   -- in the source's list
                    name        TEXT    NOT NULL,
                    description TEXT    NOT NULL,
                    thumbnail   TEXT,
                    fetched_at  REAL    NOT NULL    -- Unix seconds
                );
                CREATE TABLE section_state (
                    section_id  INTEGER PRIMARY KEY,
                    name        TEXT    NOT NULL,
                    fetched_at  REAL    NOT NULL,   -- the newest page, Unix seconds
                    frontier    INTEGER             -- the next older page's cursor (0: the newest); NULL: held to the end
                );
                CREATE TABLE section_story (
                    section_id  INTEGER NOT NULL REFERENCES section_state (section_id) ON DELETE CASCADE,
                    story_id    INTEGER NOT NULL REFERENCES story (id),
                    date        INTEGER NOT NULL,   -- yyyyMMdd, the day it ran
                    cursor      INTEGER NOT NULL,   -- the page that brought it: 0 the newest, else its before/ cursor
                    position    INTEGER NOT NULL,   -- on that page
                    PRIMARY KEY (section_id, story_id)
                ) WITHOUT ROWID;
                CREATE INDEX section_story_by_date ON section_story (section_id, date, story_id);
                CREATE INDEX section_story_by_story ON section_story (story_id);
                -- A detail names its column; the name was kept (step 2), now the id too.
                ALTER TABLE story_detail ADD COLUMN section_id INTEGER;
                """),
        // Why a picture's bytes were refused (`PictureError.Code`), so that fronts word it in
        // their language; NULL for an HTTP status (in last_status) and for rows written before.
        Step(name: "picture refusals", sql: "ALTER TABLE failed_picture ADD COLUMN refusal TEXT;"),
        // Story bodies packed with zstd and a dictionary trained on story bodies (format 2 of
        // `StoredBody`) instead of zlib (format 1): smaller, and quicker to pack and read. The
        // text and HTML are the same bytes, so the index is untouched. Without libzstd the rows
        // stay zlib, which stays readable.
        Step(
            name: "zstd story bodies", sql: "",
            then: { database, meter in
                try StoredBody.repackZlibBodies(in: database) { meter.advance(by: ZstdBodyWork.repackedBody) }
            },
            work: ZstdBodyWork.estimate, compactsAfter: true),
        // Details keyed by a number that grows with each insert, the story id unique in an
        // index (`DetailOrder`): rows that append fill their pages.
        Step(
            name: "details in insert order", sql: DetailOrder.createTable,
            then: { database, meter in try DetailOrder.copyInOrder(in: database, meter: meter) },
            work: DetailOrder.estimate, compactsAfter: true),
        // Accounts (`AccountStore`): a name, its password only as libsodium's Argon2id hash
        // string, and the SHA-256 of each login's token, never the token. User data, like the
        // favourites: no key into the cache; a token ends with its account.
        Step(
            name: "accounts",
            sql: """
                CREATE TABLE account (
                    name          TEXT    PRIMARY KEY,
                    password_hash TEXT    NOT NULL,   -- $argon2id$…
                    created_at    REAL    NOT NULL    -- Unix seconds
                ) WITHOUT ROWID;
                CREATE TABLE account_token (
                    token_hash    BLOB    PRIMARY KEY,   -- SHA-256 of the token
                    account       TEXT    NOT NULL REFERENCES account (name) ON DELETE CASCADE,
                    created_at    REAL    NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX account_token_by_account ON account_token (account);
                """),
    ]

    /// Applies every step not yet applied, all in one transaction: a migration that fails or is
    /// killed half-way leaves the archive as it was, and the next open starts it over.
    ///
    /// When the archive already held data of an earlier schema (not when it is new),
    /// `willUpgrade` is told first, and `progress` hears how far the upgrade has got (see
    /// `MigrationMeter`), the last time with 1 once the freed space has been given back.
    static func migrate(
        _ database: Database, willUpgrade: ((_ fromVersion: Int, _ toVersion: Int) -> Void)? = nil,
        progress: ((MigrationProgress) -> Void)? = nil
    ) throws {
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
        let upgrades = version > 0
        if upgrades { willUpgrade?(version, steps.count) }
        var meter = MigrationMeter.silent
        var compacts = false
        try database.transaction {
            // Checked inside the write lock: another process may have migrated meanwhile.
            let current = try userVersion(database)
            let pending = steps.indices.filter { $0 >= current }
            guard !pending.isEmpty else { return }
            compacts = upgrades && pending.contains { steps[$0].compactsAfter }
            if upgrades, let progress {
                let work = pending.reduce(compacts ? compactionWork(database) : 0) { $0 + 1 + (steps[$1].work?(database) ?? 0) }
                meter = MigrationMeter(total: work) {
                    progress(MigrationProgress(fromVersion: current, toVersion: steps.count, fractionCompleted: $0))
                }
                meter.start()
            }
            for index in pending {
                let step = steps[index]
                do {
                    try database.execute(step.sql)
                    try step.then?(database, meter)
                } catch let error as DatabaseError {
                    throw DatabaseError(
                        resultCode: error.resultCode,
                        message: "migration \(index + 1) '\(step.name)': \(error.message)",
                        sql: error.sql)
                }
                try database.execute("PRAGMA user_version = \(index + 1)")
                meter.advance()
            }
        }
        // Outside any transaction. Best effort: another process reading the file can keep it
        // busy, and the freed pages are reused by later writes anyway. A new archive has nothing
        // to give back.
        if compacts {
            try? database.execute("VACUUM")
            // VACUUM wrote the whole file into the log: fold it back now, not at the last close.
            try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        meter.finish()
    }

    /// The units `VACUUM` is counted as: it copies every page of the file once.
    private static func compactionWork(_ database: Database) -> Int {
        let pages = (try? database.query("PRAGMA page_count") { Int($0.int64(at: 0)) }.first) ?? 0
        return pages * CompactTextWork.compactedPage
    }

    static func userVersion(_ database: Database) throws(DatabaseError) -> Int {
        try database.query("PRAGMA user_version") { Int($0.int64(at: 0)) }.first ?? 0
    }
}

/// What the migration to compact text storage (step 4) costs, in the units its meter counts:
/// weights from timing its parts on a large archive, so that the fraction moves about evenly.
enum CompactTextWork {
    /// Deflating one body with its text.
    static let packedBody = 8
    /// Dropping the text column: SQLite copies every row of the table once.
    static let droppedColumnPerBody = 1
    /// Indexing one story (inflating its body's text and tokenizing it).
    static let indexedStory = 10
    /// `VACUUM` afterwards, per page of the file.
    static let compactedPage = 2

    /// The bodies to deflate and the stories to index, weighted.
    static func estimate(_ database: Database) -> Int {
        func count(_ sql: String) -> Int {
            (try? database.query(sql) { Int($0.int64(at: 0)) }.first) ?? 0
        }
        let bodies = count("SELECT count(*) FROM story_detail WHERE typeof(body) = 'text'")
        let stories = count("SELECT count(*) FROM (SELECT id FROM story UNION SELECT id FROM story_detail WHERE body IS NOT NULL)")
        return bodies * (packedBody + droppedColumnPerBody) + stories * indexedStory
    }
}
