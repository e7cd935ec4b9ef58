/// Pictures in the archive (tables `picture`, `picture_bytes`, `story_picture`, `failed_picture`,
/// migration 7): each picture once by its `PictureKey`, its bytes apart from what it is, and
/// which stories use it.
struct PictureStore {
    let database: Database

    /// Where a story shows a picture.
    enum Role: String, Sendable {
        /// The list's thumbnail (`images[0]`).
        case thumbnail
        /// The top story banner (`image` of a `top_stories` item).
        case banner
        /// The detail's headline picture (`image`).
        case headline
        /// A numbered picture of the body, `[图片 N]`.
        case body
    }

    /// One use of a picture by a story.
    struct Reference: Sendable, Equatable {
        let storyID: Int64
        let role: Role
        /// A body picture's N; 0 for the others.
        let number: Int
        let key: PictureKey
    }

    /// Checked bytes, ready to keep.
    struct Kept: Sendable {
        let key: PictureKey
        let info: PictureInfo
        let bytes: [UInt8]
    }

    /// A picture that could not be kept, and why.
    struct Failed: Sendable {
        let key: PictureKey
        /// The HTTP status, or 0 when the bytes themselves were refused (or no answer came).
        let status: Int
        let reason: String
        /// Why the bytes were refused as a picture; nil for an HTTP status.
        var refusal: PictureError.Code? = nil
    }

    /// What the stories `listing` names use, newest first, each story in its place: its
    /// thumbnail, its banner (while it is a top story), its detail's headline picture and its
    /// numbered body pictures (read from the stored body, as `[图片 N]` counts them). Not avatars.
    func references(in listing: StoryListing) throws -> (stories: Set<Int64>, references: [Reference]) {
        let (table, condition, values, order) = listing.sql
        return try database.readTransaction {
            let rows = try database.query(
                """
                SELECT ds.story_id, s.image, (SELECT image FROM top_story t WHERE t.id = ds.story_id LIMIT 1), d.image, d.body
                FROM \(table) JOIN story s ON s.id = ds.story_id LEFT JOIN story_detail d ON d.id = ds.story_id
                WHERE \(condition) ORDER BY \(order)
                """, values
            ) { row in
                (
                    id: row.int64(at: 0), thumbnail: row.optionalText(at: 1), banner: row.optionalText(at: 2),
                    headline: row.optionalText(at: 3), body: row.storedBody(at: 4)
                )
            }
            var stories = Set<Int64>()
            var references: [Reference] = []
            for row in rows where stories.insert(row.id).inserted {
                func add(_ url: String?, _ role: Role, _ number: Int = 0) {
                    guard let url, let key = PictureKey(url: url) else { return }
                    references.append(Reference(storyID: row.id, role: role, number: number, key: key))
                }
                add(row.thumbnail, .thumbnail)
                add(row.banner, .banner)
                add(row.headline, .headline)
                if let body = row.body {
                    for (index, image) in ReadableText(html: body).images.enumerated() { add(image.url, .body, index + 1) }
                }
            }
            return (stories, references)
        }
    }

    /// Replaces what these stories are known to use, in one transaction.
    func setReferences(_ references: [Reference], of stories: Set<Int64>) throws {
        try database.transaction {
            for id in stories.sorted() { try database.run("DELETE FROM story_picture WHERE story_id = ?", [.integer(id)]) }
            for reference in references {
                try database.run(
                    "INSERT OR REPLACE INTO story_picture (story_id, role, number, key) VALUES (?, ?, ?, ?)",
                    [
                        .integer(reference.storyID), .text(reference.role.rawValue), .integer(Int64(reference.number)),
                        .text(reference.key.value),
                    ])
            }
        }
    }

    /// The pictures of `keys` that the archive lacks, in the order given (each once).
    func missing(among keys: [PictureKey]) throws -> [PictureKey] {
        var seen = Set<PictureKey>()
        return try keys.filter { key in
            guard seen.insert(key).inserted else { return false }
            return try database.query("SELECT 1 FROM picture WHERE key = ?", [.text(key.value)]) { _ in true }.isEmpty
        }
    }

    /// A batch of what a sync fetched, in ONE transaction: every kept picture whole (what it is
    /// and its bytes) and every failure remembered, or nothing at all.
    ///
    /// The archive's WAL with `synchronous = NORMAL` is enough for that: a commit appends the
    /// batch's pages and a commit frame to the log without an `fsync`, and a reader or the next
    /// open takes only what a commit frame closes. A process killed mid-batch (the kill tests of
    /// PictureSyncTests) leaves frames with no commit, which are ignored: the pictures are whole
    /// or absent. The OS losing power can lose the last commits (the next sync fetches them
    /// again), never corrupt the file, since a checkpoint syncs the log before copying it. FULL
    /// would add an `fsync` per batch for nothing a sync cannot fetch again.
    func write(_ kept: [Kept], failed: [Failed], at time: Double) throws {
        try database.transaction {
            for picture in kept {
                try database.run(
                    """
                    INSERT OR REPLACE INTO picture (key, format, width, height, byte_count, fetched_at, last_read)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(picture.key.value), .text(picture.info.format.rawValue), .integer(Int64(picture.info.width)),
                        .integer(Int64(picture.info.height)), .integer(Int64(picture.bytes.count)), .real(time), .real(time),
                    ])
                try database.run(
                    "INSERT OR REPLACE INTO picture_bytes (key, bytes) VALUES (?, ?)", [.text(picture.key.value), .blob(picture.bytes)])
                try database.run("DELETE FROM failed_picture WHERE key = ?", [.text(picture.key.value)])
                try database.run("DELETE FROM evicted_picture WHERE key = ?", [.text(picture.key.value)])
            }
            for failure in failed {
                try database.run(
                    """
                    INSERT INTO failed_picture (key, failures, last_status, last_failure_at, reason, refusal)
                    VALUES (?, 1, ?, ?, ?, ?)
                    ON CONFLICT (key) DO UPDATE SET failures = failures + 1, last_status = excluded.last_status,
                        last_failure_at = excluded.last_failure_at, reason = excluded.reason, refusal = excluded.refusal
                    """,
                    [
                        .text(failure.key.value), .integer(Int64(failure.status)), .real(time), .text(failure.reason),
                        failure.refusal.map { .text($0.rawValue) } ?? .null,
                    ])
            }
        }
    }

    /// How many pictures are kept (and their bytes), missing, evicted and failing; reads no
    /// picture's bytes.
    func counts() throws -> PictureCounts {
        try database.readTransaction {
            let (kept, bytes) =
                try database.query("SELECT count(*), coalesce(sum(byte_count), 0) FROM picture") {
                    (Int($0.int64(at: 0)), $0.int64(at: 1))
                }.first ?? (0, 0)
            // Only what a sync with pictures listed (story_picture): a story synced without them
            // lacks nothing. What the budget evicted is not missing either: it was let go.
            let (missing, evicted) =
                try database.query(
                    """
                    SELECT count(*) FILTER (WHERE NOT evicted), count(*) FILTER (WHERE evicted) FROM (
                        SELECT DISTINCT s.key, EXISTS (SELECT 1 FROM evicted_picture e WHERE e.key = s.key) AS evicted
                        FROM story_picture s WHERE NOT EXISTS (SELECT 1 FROM picture p WHERE p.key = s.key))
                    """
                ) { (Int($0.int64(at: 0)), Int($0.int64(at: 1))) }.first ?? (0, 0)
            let grouped = try database.query("SELECT last_status, refusal, count(*) FROM failed_picture GROUP BY last_status, refusal") {
                (PictureFailureReason(status: Int($0.int64(at: 0)), refusal: $0.optionalText(at: 1)), Int($0.int64(at: 2)))
            }
            // Rows of an older version with no refusal and no status fold into `.other`.
            let reasons = Dictionary(grouped, uniquingKeysWith: +)
            var counts = PictureCounts(kept: kept, bytes: bytes, missing: missing, failing: reasons.values.reduce(0, +))
            counts.failingReasons = reasons
            counts.evicted = evicted
            return counts
        }
    }

    /// Drops what stories no longer kept used, and the pictures (and failures) nothing uses any
    /// more; inside the caller's transaction. `kept`: the SQL of the story ids that stay.
    /// Returns how many pictures went.
    func prune(keeping kept: String) throws -> Int {
        try database.run("DELETE FROM story_picture WHERE story_id NOT IN (\(kept))")
        // Their bytes go with them (ON DELETE CASCADE).
        let removed = try database.query(
            "DELETE FROM picture WHERE NOT EXISTS (SELECT 1 FROM story_picture s WHERE s.key = picture.key) RETURNING key"
        ) { _ in 1 }.count
        try database.run("DELETE FROM failed_picture WHERE NOT EXISTS (SELECT 1 FROM story_picture s WHERE s.key = failed_picture.key)")
        try database.run(
            "DELETE FROM evicted_picture WHERE NOT EXISTS (SELECT 1 FROM story_picture s WHERE s.key = evicted_picture.key)")
        return removed
    }

    /// Evicts pictures, least recently read first, until those kept weigh at most `budget`
    /// bytes; a picture a favourite uses is never evicted. One transaction. Returns how many went.
    /// An evicted picture is remembered, so that syncs do not fetch it again (`evicted()`).
    @discardableResult
    func evict(toFit budget: Int64, at time: Double) throws -> Int {
        try database.transaction {
            var total = try database.query("SELECT coalesce(sum(byte_count), 0) FROM picture") { $0.int64(at: 0) }.first ?? 0
            guard total > budget else { return 0 }
            let candidates = try database.query(
                """
                SELECT key, byte_count FROM picture
                WHERE NOT EXISTS (
                    SELECT 1 FROM story_picture s JOIN favorite f ON f.story_id = s.story_id WHERE s.key = picture.key)
                ORDER BY last_read, fetched_at, key
                """
            ) { ($0.text(at: 0), $0.int64(at: 1)) }
            var evicted = 0
            for (key, count) in candidates where total > budget {
                try database.run("DELETE FROM picture WHERE key = ?", [.text(key)])
                try database.run("INSERT OR REPLACE INTO evicted_picture (key, evicted_at) VALUES (?, ?)", [.text(key), .real(time)])
                total -= count
                evicted += 1
            }
            return evicted
        }
    }

    /// A kept picture (nil when it is not), when it was fetched and when it was last read; the
    /// caller marks it read.
    func read(_ key: PictureKey) throws -> (Kept, fetchedAt: Double, lastRead: Double)? {
        try database.query(
            """
            SELECT p.format, p.width, p.height, p.fetched_at, b.bytes, p.last_read
            FROM picture p JOIN picture_bytes b ON b.key = p.key WHERE p.key = ?
            """, [.text(key.value)]
        ) { row -> (Kept, fetchedAt: Double, lastRead: Double)? in
            guard let format = PictureFormat(rawValue: row.text(at: 0)) else { return nil }
            let info = PictureInfo(format: format, width: Int(row.int64(at: 1)), height: Int(row.int64(at: 2)))
            return (Kept(key: key, info: info, bytes: row.bytes(at: 4)), row.double(at: 3), row.double(at: 5))
        }.first ?? nil
    }

    /// What the archive keeps of each picture of `keys` (those it keeps), with its last read,
    /// without reading a byte of it: `length` of a blob reads its size from the row's header.
    func readKept(_ keys: [PictureKey]) throws -> [PictureKey: (KeptPicture, lastRead: Double)] {
        var kept: [PictureKey: (KeptPicture, lastRead: Double)] = [:]
        for key in Set(keys) {
            let found =
                try database.query(
                    """
                    SELECT p.format, p.width, p.height, length(b.bytes), p.last_read
                    FROM picture p JOIN picture_bytes b ON b.key = p.key WHERE p.key = ?
                    """, [.text(key.value)]
                ) { row -> (KeptPicture, lastRead: Double)? in
                    guard let format = PictureFormat(rawValue: row.text(at: 0)) else { return nil }
                    let info = PictureInfo(format: format, width: Int(row.int64(at: 1)), height: Int(row.int64(at: 2)))
                    return (KeptPicture(info: info, byteCount: Int(row.int64(at: 3))), row.double(at: 4))
                }.first ?? nil
            kept[key] = found
        }
        return kept
    }

    /// How close the budget's order of reading is kept: a picture read again within this many
    /// seconds of its last read is not marked again. An hour orders a budget measured in days,
    /// and reading a picture (a page, a book, a catalog's cover) then writes nothing, so the
    /// archive's change token, and everything cached under it, holds.
    static let readMarkPrecision: Double = 3_600

    /// Notes that a picture was read now, for the budget (least recently read go first).
    func markRead(_ key: PictureKey, at time: Double) throws {
        try database.run("UPDATE picture SET last_read = ? WHERE key = ?", [.real(time), .text(key.value)])
    }

    /// The pictures a story uses, in its order (thumbnail, banner, headline, then the body's by
    /// number), each with whether it is kept and, if not, why its last fetch failed.
    func pictures(ofStory id: Int64) throws -> [(Reference, kept: Bool, failure: (reason: String, why: PictureFailureReason)?)] {
        try database.query(
            """
            SELECT s.role, s.number, s.key, EXISTS (SELECT 1 FROM picture p WHERE p.key = s.key), f.reason, f.last_status, f.refusal
            FROM story_picture s LEFT JOIN failed_picture f ON f.key = s.key
            WHERE s.story_id = ?
            ORDER BY CASE s.role WHEN 'thumbnail' THEN 0 WHEN 'banner' THEN 1 WHEN 'headline' THEN 2 ELSE 3 END, s.number
            """, [.integer(id)]
        ) { row -> (Reference, kept: Bool, failure: (reason: String, why: PictureFailureReason)?)? in
            guard let role = Role(rawValue: row.text(at: 0)), let key = PictureKey(url: row.text(at: 2)) else { return nil }
            let failure = row.optionalText(at: 4).map {
                (reason: $0, why: PictureFailureReason(status: Int(row.int64(at: 5)), refusal: row.optionalText(at: 6)))
            }
            return (Reference(storyID: id, role: role, number: Int(row.int64(at: 1)), key: key), row.int64(at: 3) != 0, failure)
        }.compactMap { $0 }
    }

    /// A failing picture and when a sync asks for it again (the back-off of `FailedStoryStore`).
    struct FailureRow: Sendable {
        let key: String
        let failures: Int
        let lastStatus: Int
        let lastFailureAt: Double
        let reason: String

        var nextTry: Double {
            lastFailureAt + FailedStoryStore.delay(afterFailures: failures, status: lastStatus)
        }
    }

    /// The budget a sync last named (`SyncRequest.pictureBudget`), in bytes: it stays in force
    /// for later syncs and reads until another sync names one. Nil: none was named.
    func budget() throws -> Int64? {
        try MetaStore(database: database).value("picture_budget").flatMap { Int64($0) }
    }

    func setBudget(_ bytes: Int64) throws {
        try MetaStore(database: database).setValue(String(bytes), for: "picture_budget")
    }

    /// The keys of the pictures the budget evicted (and nothing fetched again since).
    func evicted() throws -> Set<String> {
        Set(try database.query("SELECT key FROM evicted_picture") { $0.text(at: 0) })
    }

    /// Every failing picture, the next to be tried first.
    func failures() throws -> [FailureRow] {
        try database.query("SELECT key, failures, last_status, last_failure_at, reason FROM failed_picture") {
            FailureRow(
                key: $0.text(at: 0), failures: Int($0.int64(at: 1)), lastStatus: Int($0.int64(at: 2)),
                lastFailureAt: $0.double(at: 3), reason: $0.text(at: 4))
        }.sorted { ($0.nextTry, $0.key) < ($1.nextTry, $1.key) }
    }
}
