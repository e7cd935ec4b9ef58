import CSQLite
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure reported by SQLite, with the context needed to understand it.
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …).
    public let resultCode: Int32
    /// SQLite's message for the failure.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?
    /// The operating system's `errno` behind an I/O failure (`ENOSPC`, `EACCES`…), or 0.
    public let systemErrno: Int32
    /// A problem the codes alone do not tell (`.needsUpgrade`), or nil to derive it from them.
    private let statedProblem: Problem?

    /// Creates an error; the storage layer makes these from SQLite's result codes, and states the
    /// `problem` only when the codes cannot tell it.
    public init(resultCode: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0, problem: Problem? = nil) {
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
        self.statedProblem = problem
    }

    /// The primary result code (the low byte of the extended one).
    public var primaryCode: Int32 { resultCode & 0xFF }

    /// What went wrong, in terms a user can act on.
    public enum Problem: String, Sendable {
        /// The file or its folder cannot be written.
        case readOnly
        /// The archive is read-only and older than this version's schema, so it cannot be
        /// migrated here: a run that can write it must upgrade it first.
        case needsUpgrade
        /// The file cannot be opened or created (a missing or unwritable folder).
        case cannotOpen
        /// The file is not an SQLite database.
        case notADatabase
        /// The path names a folder, not a file.
        case isAFolder
        /// The database is damaged.
        case corrupt
        /// The disk (or the file size limit) is full.
        case diskFull
        /// Another process held the database longer than the busy timeout.
        case locked
        /// The operating system reported a read or write error.
        case ioError
        /// Anything else.
        case other
    }

    /// What went wrong, from the `errno` behind an I/O failure first, then SQLite's primary code.
    public var problem: Problem {
        if let statedProblem { return statedProblem }
        // SQLite reports some full disks and permission failures as generic I/O errors.
        switch systemErrno {
        case ENOSPC, EDQUOT, EFBIG: return .diskFull
        case EROFS: return .readOnly
        default: break
        }
        switch primaryCode {
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: return .readOnly
        case SQLITE_CANTOPEN: return .cannotOpen
        case SQLITE_NOTADB: return .notADatabase
        case SQLITE_CORRUPT: return .corrupt
        case SQLITE_FULL: return .diskFull
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked
        case SQLITE_IOERR: return .ioError
        default: return .other
        }
    }

    public var description: String {
        var text = "SQLite error \(resultCode): \(message)"
        if systemErrno != 0 { text += " [errno \(systemErrno)]" }
        if let sql { text += " (while running: \(sql))" }
        return text
    }

    init(handle: OpaquePointer?, resultCode: Int32, sql: String? = nil) {
        let message =
            handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(resultCode))
        self.init(
            resultCode: resultCode, message: message, sql: sql,
            systemErrno: handle.map { sqlite3_system_errno($0) } ?? 0)
    }
}
