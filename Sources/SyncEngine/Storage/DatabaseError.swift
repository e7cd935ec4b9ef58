import CSQLite

/// A failure reported by SQLite, with the context needed to understand it.
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// SQLite's extended result code (`SQLITE_BUSY`, `SQLITE_NOTADB`, …).
    public let resultCode: Int32
    /// SQLite's message for the failure.
    public let message: String
    /// The statement that failed, if any.
    public let sql: String?

    public init(resultCode: Int32, message: String, sql: String? = nil) {
        self.resultCode = resultCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended one).
    public var primaryCode: Int32 { resultCode & 0xFF }

    public var description: String {
        var text = "SQLite error \(resultCode): \(message)"
        if let sql { text += " (while running: \(sql))" }
        return text
    }

    init(handle: OpaquePointer?, resultCode: Int32, sql: String? = nil) {
        let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(resultCode))
        self.init(resultCode: resultCode, message: message, sql: sql)
    }
}
