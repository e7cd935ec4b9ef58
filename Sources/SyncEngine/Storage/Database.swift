import CSQLite

/// One SQLite connection: WAL journal, a busy timeout, foreign keys on, cached statements.
///
/// Not thread-safe by design: one owner (the engine actor) uses it at a time.
final class Database {
    let path: String
    private let connection: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// How long a writer waits for another process's lock before failing with `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 5_000

    init(path: String) throws(DatabaseError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let error = DatabaseError(handle: opened, resultCode: code, sql: nil)
            sqlite3_close_v2(opened) // A failed open still allocates a handle.
            throw error
        }
        self.path = path
        self.connection = opened
        sqlite3_extended_result_codes(opened, 1)
        sqlite3_busy_timeout(opened, Database.busyTimeoutMilliseconds)
        // The first statements touch the file: a corrupt or foreign file fails here.
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        statements.removeAll() // Finalize every statement before closing.
        sqlite3_close_v2(connection)
    }

    /// Runs one or more statements that return no values the caller needs.
    func execute(_ sql: String) throws(DatabaseError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw DatabaseError(resultCode: sqlite3_extended_errcode(connection), message: text, sql: sql,
                                systemErrno: sqlite3_system_errno(connection))
        }
    }

    /// Runs a statement once with `values` bound.
    func run(_ sql: String, _ values: [SQLValue] = []) throws(DatabaseError) {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        do {
            try statement.bind(values)
            while try statement.step() {}
        } catch {
            statements[sql] = nil // A statement whose step failed is not reused.
            throw error
        }
    }

    /// Runs a query and maps each row.
    func query<Row>(_ sql: String, _ values: [SQLValue] = [], row: (Statement) -> Row) throws(DatabaseError) -> [Row] {
        let statement = try cachedStatement(sql)
        defer { statement.finish() }
        do {
            try statement.bind(values)
            var rows: [Row] = []
            while try statement.step() { rows.append(row(statement)) }
            return rows
        } catch {
            statements[sql] = nil // A statement whose step failed is not reused.
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
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` inside one read transaction, so its queries see one snapshot even while
    /// another process writes.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN DEFERRED")
        defer { try? execute("COMMIT") }
        return try body()
    }

    /// `PRAGMA data_version`: changes when another connection (in this process or another)
    /// commits to the file, never for this connection's own commits. Cheap: no table is read.
    func dataVersion() throws(DatabaseError) -> Int64 {
        try query("PRAGMA data_version") { $0.int64(at: 0) }.first ?? 0
    }

    private func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let cached = statements[sql] { return cached }
        let statement = try Statement(connection: connection, sql: sql)
        statements[sql] = statement
        return statement
    }
}
