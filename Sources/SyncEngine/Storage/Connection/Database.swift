import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One SQLite connection: WAL journal, a busy timeout, foreign keys on, cached statements.
///
/// An archive this process cannot write (the file read-only, or its folder, so no `-wal`/`-shm`
/// can be made) is opened read-only instead; see `Access`.
///
/// Not thread-safe by design: one owner (the engine actor) uses it at a time.
final class Database {
    /// How the connection reaches the file.
    enum Access: Equatable {
        /// Reads and writes; the normal case.
        case readWrite
        /// `SQLITE_OPEN_READONLY` with SQLite's usual locking: it sees other connections' writes,
        /// and reads a WAL archive through an existing `-shm` (SQLite keeps its own copy in memory
        /// when that file is read-only) or one it could create.
        case readOnly
        /// `immutable=1`: no locks and no `-shm`. Only for a WAL archive whose `-shm` cannot be
        /// created (read-only folder) and whose `-wal` is absent or empty, so the file alone is
        /// the whole archive. A writer that starts later (the folder's owner) is not seen.
        case immutable
    }

    let path: String
    let mode: Access
    private let connection: OpaquePointer
    private var statements: [String: Statement] = [:]
    /// How many `transaction`s this connection has committed: its own writes, which its
    /// `PRAGMA data_version` does not count.
    private(set) var committedTransactions: Int64 = 0

    /// How long a writer waits for another process's lock before failing with `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 5_000

    var isReadOnly: Bool { mode != .readWrite }

    /// Opens `path` read-write (creating it if missing); an existing file this process cannot
    /// write is opened read-only instead (`allowReadOnly`), and every write then fails with a
    /// `.readOnly` problem. `readOnly` opens an existing file read-only even when it is writable.
    convenience init(path: String, readOnly: Bool = false, allowReadOnly: Bool = true) throws(DatabaseError) {
        do {
            try self.init(opening: path, readOnly: readOnly, allowReadOnly: allowReadOnly)
        } catch {
            // SQLite calls a folder an I/O error; it is a path that needs a file name. Looked at
            // only once opening failed, so an ordinary open costs no extra stat.
            guard Database.isFolder(path) else { throw error }
            throw DatabaseError(resultCode: SQLITE_CANTOPEN, message: "\(path) is a folder, not a file", problem: .isAFolder)
        }
    }

    private init(opening path: String, readOnly: Bool, allowReadOnly: Bool) throws(DatabaseError) {
        self.path = path
        if readOnly {
            (connection, mode) = try Database.openReadOnly(path)
            try finishSetUp()
            return
        }
        let writable: OpaquePointer
        do throws(DatabaseError) {
            writable = try Database.open(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            // SQLite opens a file it may not write read-only without saying so: ask.
            if sqlite3_db_readonly(writable, "main") == 1 {
                sqlite3_close_v2(writable)
                throw DatabaseError(resultCode: SQLITE_READONLY, message: "the file is read-only")
            }
            do throws(DatabaseError) {
                // The first statements touch the file: a corrupt or foreign file fails here, and
                // so does a folder where the `-wal` and `-shm` cannot be created. A new file gets
                // 16 KB pages (SQLite's default is 4 KB): a stored detail is 2-4 KB, and fewer, larger
                // pages leave less of the file unused. It only counts before the file's first
                // table and before WAL; an existing file keeps the size it has.
                try Database.execute("PRAGMA page_size = 16384", on: writable)
                try Database.execute("PRAGMA journal_mode = WAL", on: writable)
                try Database.execute("PRAGMA synchronous = NORMAL", on: writable)
            } catch {
                sqlite3_close_v2(writable)
                throw error
            }
        } catch {
            guard allowReadOnly, Database.meansCannotWrite(error), Database.exists(path) else { throw error }
            let (readOnly, mode) = try Database.openReadOnly(path)
            connection = readOnly
            self.mode = mode
            try finishSetUp()
            return
        }
        connection = writable
        mode = .readWrite
        try finishSetUp()
    }

    private func finishSetUp() throws(DatabaseError) {
        // Foreign keys are checked when rows are written: a connection that cannot write has
        // nothing to switch on (one statement fewer to compile for a cold offline read).
        guard mode == .readWrite else { return }
        try execute("PRAGMA foreign_keys = ON")
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// See `SyncEngine.disableSQLiteMemoryStatistics()`.
    static func disableMemoryStatistics() -> Bool {
        csqlite_disable_memory_statistics() == SQLITE_OK
    }

    private static func open(_ filename: String, flags: Int32) throws(DatabaseError) -> OpaquePointer {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(filename, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let error = DatabaseError(handle: opened, resultCode: code, sql: nil)
            sqlite3_close_v2(opened)  // A failed open still allocates a handle.
            throw error
        }
        sqlite3_extended_result_codes(opened, 1)
        // Before the first statement: switching to WAL waits for another process's lock too.
        sqlite3_busy_timeout(opened, Database.busyTimeoutMilliseconds)
        do {
            // The search index cannot be read or written without these.
            try SearchTokenizer.register(on: opened)
            try TextFunctions.register(on: opened)
        } catch {
            sqlite3_close_v2(opened)
            throw error
        }
        return opened
    }

    /// Failures that say this process may not write the file or its folder (not that it is broken).
    private static func meansCannotWrite(_ error: DatabaseError) -> Bool {
        error.problem == .readOnly || error.problem == .cannotOpen || error.systemErrno == EACCES || error.systemErrno == EPERM
    }

    /// Read-only with locking first; `immutable=1` only where that cannot work (no `-shm` can be
    /// created) and the file alone holds everything (no `-wal`, or an empty one). A `-wal` with
    /// frames but no `-shm` in a read-only folder cannot be read safely: its error stands.
    private static func openReadOnly(_ path: String) throws(DatabaseError) -> (OpaquePointer, Access) {
        let probe = "SELECT count(*) FROM sqlite_master"  // Reading the schema opens the WAL, if any.
        let readOnly = try open(path, flags: SQLITE_OPEN_READONLY)
        let readOnlyError: DatabaseError
        do {
            try execute(probe, on: readOnly)
            return (readOnly, .readOnly)
        } catch {
            sqlite3_close_v2(readOnly)
            readOnlyError = error
        }
        var info = stat()
        let walIsEmpty = stat(path + "-wal", &info) != 0 || info.st_size == 0
        guard walIsEmpty, meansCannotWrite(readOnlyError) else { throw readOnlyError }
        let immutable = try open("file:" + uriEscaped(path) + "?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
        do {
            try execute(probe, on: immutable)
        } catch {
            sqlite3_close_v2(immutable)
            throw error
        }
        return (immutable, .immutable)
    }

    /// `path` as the path of an SQLite URI filename: everything but unreserved bytes and `/` is
    /// percent-encoded, so `?`, `#` and `%` in a folder name stay part of the path.
    static func uriEscaped(_ path: String) -> String {
        var text = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                text.unicodeScalars.append("%")
                text.unicodeScalars.append(hex[Int(byte >> 4)])
                text.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return text
    }

    deinit {
        statements.removeAll()  // Finalize every statement before closing.
        sqlite3_close_v2(connection)
    }

    /// Runs one or more statements that return no values the caller needs.
    func execute(_ sql: String) throws(DatabaseError) {
        try Database.execute(sql, on: connection)
    }

    private static func execute(_ sql: String, on connection: OpaquePointer) throws(DatabaseError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw DatabaseError(
                resultCode: sqlite3_extended_errcode(connection), message: text, sql: sql,
                systemErrno: sqlite3_system_errno(connection))
        }
    }

    /// Runs a statement once with `values` bound.
    func run(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) {
        try run(try statement(sql), values)
    }

    /// Runs a statement from `statement(_:)` once with `values` bound: a loop that runs one
    /// statement many times looks it up once.
    func run(_ statement: Statement, _ values: [SQLValue] = []) throws(DatabaseError) {
        defer { statement.finish() }
        do {
            try statement.bind(values)
            while try statement.step() {}
        } catch {
            statements[statement.sql] = nil  // A statement whose step failed is not reused.
            throw error
        }
    }

    /// Runs a query and maps each row.
    func query<Row>(_ sql: String, _ values: [SQLValue] = [], row: (Statement) -> Row) throws(DatabaseError) -> [Row] {
        try query(try statement(sql), values, row: row)
    }

    /// Runs a query from `statement(_:)` and maps each row.
    func query<Row>(_ statement: Statement, _ values: [SQLValue] = [], row: (Statement) -> Row) throws(DatabaseError) -> [Row] {
        defer { statement.finish() }
        do {
            try statement.bind(values)
            var rows: [Row] = []
            while try statement.step() { rows.append(row(statement)) }
            return rows
        } catch {
            statements[statement.sql] = nil  // A statement whose step failed is not reused.
            throw error
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; any error rolls everything back.
    ///
    /// `IMMEDIATE` takes the write lock up front, so two processes never deadlock upgrading
    /// read locks; the busy timeout makes the second one wait instead of failing.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            committedTransactions &+= 1
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` with foreign keys unchecked, for writes that keep them by construction; checks
    /// are on again afterwards, however `body` ends. Inside a transaction SQLite ignores the
    /// switch, and the checks stay on.
    func withoutForeignKeyChecks<T>(_ body: () throws -> T) throws -> T {
        try execute("PRAGMA foreign_keys = OFF")
        defer { try? execute("PRAGMA foreign_keys = ON") }
        return try body()
    }

    /// Runs `body` inside one read transaction, so its queries see one snapshot even while
    /// another process writes.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        // Cached statements: a cold list read runs three of these, each compiling both again.
        try run(statement("BEGIN DEFERRED"))
        defer { try? run(statement("COMMIT")) }
        return try body()
    }

    /// Rows the last `INSERT`, `UPDATE` or `DELETE` of this connection changed.
    var changes: Int { Int(sqlite3_changes(connection)) }

    /// Copies what the write-ahead log holds into the file, as far as no reader or writer is
    /// waited for (`SQLITE_CHECKPOINT_PASSIVE`); best effort: a busy or failed checkpoint leaves
    /// the log as it was, and the next one goes on from there.
    func checkpointPassively() {
        sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }

    /// How many pages the log may hold before a commit of this connection checkpoints it
    /// (SQLite's default is 1000).
    func setAutomaticCheckpoint(pages: Int32) {
        sqlite3_wal_autocheckpoint(connection, pages)
    }

    /// Rows this connection has inserted, updated or deleted since it opened, in a transaction or
    /// not: catches a write outside `transaction`. A rolled-back change counts too.
    var totalChanges: Int64 { sqlite3_total_changes64(connection) }

    /// `PRAGMA data_version`: changes when another connection (in this process or another)
    /// commits to the file, never for this connection's own commits. Cheap: no table is read.
    func dataVersion() throws(DatabaseError) -> Int64 {
        try query("PRAGMA data_version") { $0.int64(at: 0) }.first ?? 0
    }

    /// The prepared statement of `sql`, made once per connection and kept: every use finishes
    /// (resets) it again.
    func statement(_ sql: String) throws(DatabaseError) -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(connection: connection, sql: sql)
        statements[sql] = statement
        return statement
    }
}
