/// The archive's pictures as `ArchiveMaintenance.check` found them.
public struct PictureHealth: Sendable, Equatable {
    /// A kept picture that may not be shown, and why.
    public struct Damaged: Sendable, Equatable {
        /// What is wrong, for a front to word.
        public enum Problem: Sendable, Equatable {
            /// The row has no bytes.
            case missingBytes
            /// The bytes fail `PictureCheck` for this.
            case refused(PictureError.Code)
            /// The bytes are another format than the row says.
            case formatDiffers
            /// The bytes are another size in pixels than the row says.
            case sizeDiffers
            /// There are more or fewer bytes than the row says.
            case byteCountDiffers
        }

        /// The picture's key (its address).
        public let key: String
        /// What is wrong.
        public let problem: Problem
        /// The same in the engine's words, with the details (for logs and `--json`).
        public let reason: String
    }

    /// Pictures kept.
    public let kept: Int
    /// Their bytes, as their rows count them.
    public let bytes: Int64
    /// Kept pictures whose bytes are damaged or disagree with their row (at most 20 listed).
    public let damaged: [Damaged]
    /// How many are damaged in all.
    public let damagedCount: Int
    /// Kept pictures no story uses (a prune removes them).
    public let orphans: Int
    /// The budget a sync named and the archive remembers, in bytes; nil: none was named (the
    /// engine's `Configuration.pictureBudget` is in force).
    public internal(set) var budget: Int64?
}

extension ArchiveMaintenance {
    /// Checks every kept picture's bytes as a sync checks them before keeping them, and that
    /// they agree with the picture's row; counts the pictures no story uses. Reads each
    /// picture's bytes once (about as long as reading the archive's picture budget from disk).
    static func pictureHealth(_ database: Database) throws -> PictureHealth {
        let (kept, bytes) =
            try database.query("SELECT count(*), coalesce(sum(byte_count), 0) FROM picture") { (Int($0.int64(at: 0)), $0.int64(at: 1)) }
            .first ?? (0, 0)
        let orphans =
            try database.query("SELECT count(*) FROM picture p WHERE NOT EXISTS (SELECT 1 FROM story_picture s WHERE s.key = p.key)") {
                Int($0.int64(at: 0))
            }.first ?? 0
        var damaged: [PictureHealth.Damaged] = []
        var damagedCount = 0
        let rows = try database.statement(
            """
            SELECT p.key, p.format, p.width, p.height, p.byte_count, b.bytes IS NOT NULL, b.bytes
            FROM picture p LEFT JOIN picture_bytes b ON b.key = p.key ORDER BY p.key
            """)
        defer { rows.finish() }
        while try rows.step() {
            let key = rows.text(at: 0)
            guard let (problem, reason) = pictureProblem(of: rows) else { continue }
            damagedCount += 1
            if damaged.count < 20 { damaged.append(PictureHealth.Damaged(key: key, problem: problem, reason: reason)) }
        }
        var health = PictureHealth(kept: kept, bytes: bytes, damaged: damaged, damagedCount: damagedCount, orphans: orphans)
        health.budget = try PictureStore(database: database).budget()
        return health
    }

    /// What is wrong with the picture on the current row of a query of key, format, width,
    /// height, byte count, whether it has bytes, and the bytes; nil: nothing.
    private static func pictureProblem(of row: Statement) -> (PictureHealth.Damaged.Problem, String)? {
        guard row.int64(at: 5) != 0 else { return (.missingBytes, "its bytes are missing") }
        let bytes = row.bytes(at: 6)
        let info: PictureInfo
        do {
            info = try PictureCheck().check(bytes)
        } catch {
            return (.refused(error.code), error.message)
        }
        let format = row.text(at: 1)
        let (width, height, byteCount) = (Int(row.int64(at: 2)), Int(row.int64(at: 3)), Int(row.int64(at: 4)))
        if info.format.rawValue != format { return (.formatDiffers, "its bytes are a \(info.format), its row says \(format)") }
        if info.width != width || info.height != height {
            return (.sizeDiffers, "its bytes are \(info.width) x \(info.height) pixels, its row says \(width) x \(height)")
        }
        if bytes.count != byteCount { return (.byteCountDiffers, "it has \(bytes.count) bytes, its row says \(byteCount)") }
        return nil
    }
}

extension ArchiveMaintenance {
    /// Carries the old archive's kept pictures into the rebuilt one, with which stories use them:
    /// pictures are cache, but fetching a gigabyte again is what their budget exists to avoid,
    /// and a favourite's may no longer be at the source. Only pictures that pass `PictureCheck`
    /// and agree with their row come over; failures and evictions do not (a sync asks again).
    /// A picture the old file cannot give is left behind, not an error. Returns how many came.
    static func copyPictures(from oldPath: String, into database: Database) -> Int {
        do {
            try database.run("ATTACH DATABASE ? AS old", [.text(oldPath)])
        } catch {
            return 0
        }
        defer { try? database.execute("DETACH DATABASE old") }
        var copied = 0
        do {
            let rows = try database.statement(
                """
                SELECT p.key, p.format, p.width, p.height, p.byte_count, b.bytes IS NOT NULL, b.bytes, p.fetched_at, p.last_read
                FROM old.picture p LEFT JOIN old.picture_bytes b ON b.key = p.key
                """)
            defer { rows.finish() }
            try database.transaction {
                while try rows.step() {
                    guard pictureProblem(of: rows) == nil else { continue }
                    let key = SQLValue.text(rows.text(at: 0))
                    try database.run(
                        """
                        INSERT OR REPLACE INTO main.picture (key, format, width, height, byte_count, fetched_at, last_read)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            key, .text(rows.text(at: 1)), .integer(rows.int64(at: 2)), .integer(rows.int64(at: 3)),
                            .integer(rows.int64(at: 4)), .real(rows.double(at: 7)), .real(rows.double(at: 8)),
                        ])
                    try database.run(
                        "INSERT OR REPLACE INTO main.picture_bytes (key, bytes) VALUES (?, ?)", [key, .blob(rows.bytes(at: 6))])
                    copied += 1
                }
                try database.execute(
                    """
                    INSERT OR REPLACE INTO main.story_picture (story_id, role, number, key)
                    SELECT story_id, role, number, key FROM old.story_picture s WHERE EXISTS (SELECT 1 FROM main.picture p WHERE p.key = s.key)
                    """)
            }
        } catch {
            // Pictures are cache: what could not be read stays in the backup, and syncs fetch it.
            return 0
        }
        return copied
    }
}
