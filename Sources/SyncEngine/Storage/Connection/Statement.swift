import CSQLite

/// A value bound to, or read from, a statement.
enum SQLValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
}

/// A prepared statement; finalized when released. Owned by one `Database`.
final class Statement {
    let sql: String
    private let handle: OpaquePointer
    private let connection: OpaquePointer

    init(connection: OpaquePointer, sql: String) throws(DatabaseError) {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw DatabaseError(handle: connection, resultCode: code, sql: sql)
        }
        self.sql = sql
        self.handle = prepared
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `values` to its parameters, in order. The statement is reset (`finish`), as every
    /// use leaves it; every parameter is bound, so no earlier value is left to clear.
    func bind(_ values: [SQLValue]) throws(DatabaseError) {
        precondition(Int32(values.count) == sqlite3_bind_parameter_count(handle), "wrong argument count for \(sql)")
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                // An explicit byte count: text from the network may contain NUL.
                var text = text
                code = text.withUTF8 { buffer in
                    // A nil base address (empty text) would bind NULL, not "".
                    guard let bytes = buffer.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, csqlite_transient()) }
                    return sqlite3_bind_text(handle, index, bytes, Int32(buffer.count), csqlite_transient())
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    // A nil base address (no bytes) would bind NULL, not an empty BLOB.
                    guard let base = buffer.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
                    return sqlite3_bind_blob(handle, index, base, Int32(buffer.count), csqlite_transient())
                }
            case .null: code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw DatabaseError(handle: connection, resultCode: code, sql: sql) }
        }
    }

    /// Advances; true while a row is available.
    func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = DatabaseError(handle: connection, resultCode: code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Releases the statement's read locks and bindings once a caller is done with it.
    func finish() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    func text(at column: Int32) -> String {
        optionalText(at: column) ?? ""
    }

    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// A BLOB's bytes (empty for NULL).
    func bytes(at column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let start = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The HTML of a story body stored by `StoredBody` (a BLOB), or as TEXT.
    func storedBody(at column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) == SQLITE_BLOB else { return optionalText(at: column) }
        let count = Int(sqlite3_column_bytes(handle, column))
        return StoredBody.html(of: UnsafeRawBufferPointer(start: sqlite3_column_blob(handle, column), count: count))
    }

    func optionalText(at column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
