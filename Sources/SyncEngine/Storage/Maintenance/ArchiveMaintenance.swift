import CSQLite
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `ArchiveMaintenance.check` found.
public struct ArchiveHealth: Sendable, Equatable {
    /// Whether the file exists at all.
    public let exists: Bool
    /// SQLite's `integrity_check` and foreign-key findings, or why the file could not be read.
    /// Empty when the archive is healthy.
    public let problems: [String]
    /// What `problems` amount to, when the file could not be opened or read.
    public let problem: DatabaseError.Problem?
    /// Cached days, when they could be counted.
    public let dayCount: Int?
    /// Rows in each user table (favourites, read marks), when they could be counted.
    public let userRows: [String: Int]
    /// The kept pictures, when they could be read; damaged ones make the archive unhealthy.
    public internal(set) var pictures: PictureHealth?

    /// True when the file exists and no check found a problem, damaged pictures included.
    public var isHealthy: Bool { exists && problems.isEmpty && (pictures?.damagedCount ?? 0) == 0 }
}

/// What `ArchiveMaintenance.rebuild` did.
public struct RebuildReport: Sendable, Equatable {
    /// Rows carried over into the new archive, per user table.
    public let keptRows: [String: Int]
    /// User tables that could not be read from the old file (their rows remain in the backup).
    public let unreadableTables: [String]
    /// Where the old file was moved; nothing is deleted.
    public let backupPath: String?
    /// Kept pictures carried over (those that pass `PictureCheck` and agree with their row),
    /// with which stories use them.
    public internal(set) var keptPictures = 0
    /// Favourites carried over with their text (`copyFavoriteTexts`): story, detail, counters
    /// and comments.
    public internal(set) var keptFavoriteTexts = 0
    /// The reader API's accounts carried over, each with its logins' tokens.
    public internal(set) var keptAccounts = 0
}

/// Checks and repairs the archive file. Run these when no other process uses the archive.
public enum ArchiveMaintenance {
    /// Runs SQLite's integrity and foreign-key checks, FTS5's check of the search index, and
    /// checks every kept picture's bytes (`PictureHealth`), without changing anything.
    public static func check(databasePath path: String) -> ArchiveHealth {
        guard FileManager.default.fileExists(atPath: path) else {
            return ArchiveHealth(exists: false, problems: [], problem: nil, dayCount: nil, userRows: [:])
        }
        let database: Database
        do {
            database = try Database(path: path)
        } catch {
            return ArchiveHealth(exists: true, problems: [error.message], problem: error.problem, dayCount: nil, userRows: [:])
        }
        var problems: [String] = []
        var problem: DatabaseError.Problem?
        do {
            let integrity = try database.query("PRAGMA integrity_check(20)") { $0.text(at: 0) }
            problems += integrity.filter { $0 != "ok" }
            let foreignKeys = try database.query("PRAGMA foreign_key_check") { "foreign key: \($0.text(at: 0)) row \($0.int64(at: 1))" }
            problems += foreignKeys.prefix(20)
            problems += searchIndexProblems(database)
            if !problems.isEmpty { problem = .corrupt }
        } catch {
            problems.append(error.message)
            problem = error.problem
        }
        // An archive of a schema before pictures has none to check.
        let pictures = problem == nil ? try? pictureHealth(database) : nil
        // Damaged pictures are listed in `pictures`, for a front to word, not in `problems`.
        if let pictures, pictures.damagedCount > 0 { problem = .corrupt }
        let dayCount = try? database.query("SELECT count(*) FROM day") { Int($0.int64(at: 0)) }.first
        var userRows: [String: Int] = [:]
        for table in Migrations.userTables {
            if let count = try? database.query("SELECT count(*) FROM \(table)", row: { Int($0.int64(at: 0)) }).first {
                userRows[table] = count
            }
        }
        return ArchiveHealth(
            exists: true, problems: problems, problem: problem, dayCount: dayCount ?? nil, userRows: userRows, pictures: pictures)
    }

    /// FTS5's own check that the search index holds exactly the tokens of the texts it indexes
    /// (`rank` 1: against the content view too): with an external-content index, a write that
    /// changed a text without taking it out of the index first would show here. It is a write statement to SQLite, so a read-only archive
    /// skips it.
    private static func searchIndexProblems(_ database: Database) -> [String] {
        guard !database.isReadOnly,
            (try? database.query("SELECT 1 FROM sqlite_master WHERE name = 'story_search'") { _ in true }.isEmpty) == false
        else { return [] }
        do {
            try database.execute("INSERT INTO story_search (story_search, rank) VALUES ('integrity-check', 1)")
            return []
        } catch {
            return ["search index: \(error.message)"]
        }
    }

    /// Builds a new archive with empty cache tables and the user tables carried over, then
    /// swaps it in. What the user keeps comes over with them: each favourite's text
    /// (`copyFavoriteTexts`), and the kept pictures that pass their check (`copyPictures`). The
    /// old file is kept beside it (`<path>.before-rebuild-<unix time>`).
    ///
    /// The reader API's accounts and their tokens come over too (`Migrations.accountTables`).
    ///
    /// When a user table cannot be read from the old file, nothing is changed and the error says
    /// which, unless `force` is set (the rows then remain only in the kept old file). The old file
    /// stays at `path` until one atomic rename replaces it, so a crash at any moment leaves a
    /// whole archive there: the old one or the new one.
    public static func rebuild(
        databasePath path: String, force: Bool = false,
        clock: any NewsClock = SystemClock()
    ) throws(SyncError) -> RebuildReport {
        // A file or folder this process may not write is refused before anything is made: a
        // rename in a writable folder would replace even a read-only file.
        if FileManager.default.fileExists(atPath: path) {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            guard access(path, W_OK) == 0, access(folder, W_OK) == 0 else {
                let code = errno
                throw SyncError.wrapping(
                    DatabaseError(
                        resultCode: SQLITE_READONLY,
                        message: "the archive or its folder is read-only; nothing was changed",
                        systemErrno: code))
            }
        }
        let fresh = path + ".rebuild"
        func discardFresh() { for leftover in [fresh, fresh + "-wal", fresh + "-shm"] { unlink(leftover) } }
        discardFresh()
        var kept: [String: Int] = [:]
        var unreadable: [String] = []
        var keptPictures = 0
        var keptTexts = 0
        var keptAccounts = 0
        let exists = FileManager.default.fileExists(atPath: path)
        do {
            let database = try Database(path: fresh)
            try Migrations.migrate(database)
            if exists { (kept, unreadable) = copyUserTables(Migrations.userTables, from: path, into: database) }
            if exists {
                let (accounts, unreadableAccounts) = copyUserTables(Migrations.accountTables, from: path, into: database)
                keptAccounts = accounts["account"] ?? 0
                unreadable += unreadableAccounts
            }
            if exists { keptTexts = copyFavoriteTexts(from: path, into: database) }
            if exists { keptPictures = copyPictures(from: path, into: database) }
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try database.execute("PRAGMA journal_mode = DELETE")  // One self-contained file to move in.
        } catch {
            discardFresh()
            throw SyncError.wrapping(error)
        }
        guard unreadable.isEmpty || force else {
            discardFresh()
            var refused = SyncError.wrapping(
                DatabaseError(
                    resultCode: SQLITE_CORRUPT,
                    message: "could not read \(unreadable.joined(separator: ", ")) from the old archive; nothing was changed"))
            refused.unreadableTables = unreadable
            throw refused
        }

        var backupPath: String?
        if exists {
            // Fold the old log into the old file where that still works, so the old file alone
            // is whole; then keep it under a second name (a hard link: `path` stays in place).
            if let old = try? Database(path: path) { try? old.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
            // A second rebuild in the same second gets the next free name, not the first's.
            let stamp = "\(path).before-rebuild-\(Int64(clock.now().timeIntervalSince1970))"
            var backup = stamp
            var attempt = 1
            while link(path, backup) != 0 {
                guard errno == EEXIST, attempt < 1_000 else {
                    let failure = renameFailure(path, backup)
                    discardFresh()
                    throw failure
                }
                attempt += 1
                backup = "\(stamp)-\(attempt)"
            }
            // The old log must not meet the new file: it moves beside the backup.
            if access(path + "-wal", F_OK) == 0 { rename(path + "-wal", backup + "-wal") }
            unlink(path + "-shm")
            backupPath = backup
        }
        guard rename(fresh, path) == 0 else { throw renameFailure(fresh, path) }
        var report = RebuildReport(keptRows: kept, unreadableTables: unreadable, backupPath: backupPath)
        report.keptPictures = keptPictures
        report.keptFavoriteTexts = keptTexts
        report.keptAccounts = keptAccounts
        return report
    }

    /// Copies the columns the old and new `tables` share, in their order; a table that cannot be
    /// read is listed.
    private static func copyUserTables(_ tables: [String], from oldPath: String, into database: Database) -> ([String: Int], [String]) {
        var kept: [String: Int] = [:]
        var unreadable: [String] = []
        do {
            try database.run("ATTACH DATABASE ? AS old", [.text(oldPath)])
        } catch {
            return (kept, tables)
        }
        defer { try? database.execute("DETACH DATABASE old") }
        for table in tables {
            do {
                let shared = try sharedColumns(of: table, in: database).map { "\"\($0)\"" }.joined(separator: ", ")
                guard !shared.isEmpty else { continue }  // The old file predates this table.
                try database.transaction {
                    try database.execute("INSERT OR REPLACE INTO main.\(table) (\(shared)) SELECT \(shared) FROM old.\(table)")
                }
                kept[table] = try database.query("SELECT count(*) FROM main.\(table)") { Int($0.int64(at: 0)) }.first ?? 0
            } catch {
                unreadable.append(table)
            }
        }
        return (kept, unreadable)
    }

    private static func renameFailure(_ from: String, _ to: String) -> SyncError {
        let code = errno
        return SyncError.wrapping(
            DatabaseError(
                resultCode: SQLITE_IOERR, message: "cannot move \(from) to \(to)",
                systemErrno: code))
    }
}
