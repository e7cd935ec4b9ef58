import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SQL functions every connection gets: `story_text(body)`, the readable text of a stored body
/// (`StoredBody`), which the search index's content view (`searchable_story`) is made of.
///
/// The index reads it for snippets and when it is rebuilt. It gives exactly what the index was
/// fed (`DetailRecord.bodyText`, stored beside the HTML): FTS5 removes a row's tokens by
/// tokenizing its text again.
enum TextFunctions {
    static func register(on connection: OpaquePointer) throws(DatabaseError) {
        let code = sqlite3_create_function_v2(
            connection, "story_text", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nil, storyText, nil, nil, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(handle: connection, resultCode: code, sql: nil)
        }
    }

    /// The readable text of a body HTML, as the index holds it.
    static func indexedText(ofHTML html: String) -> String {
        ReadableText(html: html).plainText
    }

    private static let storyText: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
        context, _, arguments in
        guard let value = arguments?[0] else { return sqlite3_result_null(context) }
        switch sqlite3_value_type(value) {
        case SQLITE_NULL:
            sqlite3_result_null(context)
        case SQLITE_BLOB:
            // The text as it was stored (a `String`'s UTF-8), handed over without a copy; SQLite
            // frees the buffer, the HTML after the text with it.
            let count = Int(sqlite3_value_bytes(value))
            guard let bytes = sqlite3_value_blob(value),
                let stored = StoredBody.unpacked(UnsafeRawBufferPointer(start: bytes, count: count))
            else { return sqlite3_result_error(context, "a stored story body cannot be read", -1) }
            let text = UnsafeMutableRawPointer(stored.bytes).assumingMemoryBound(to: CChar.self)
            sqlite3_result_text64(context, text, sqlite3_uint64(stored.textCount), free, UInt8(SQLITE_UTF8))
        default:
            // HTML alone (zlib was missing when it was stored): made readable here.
            let count = Int(sqlite3_value_bytes(value))
            let html = sqlite3_value_text(value).map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
            var text = indexedText(ofHTML: html)
            text.withUTF8 { buffer in
                guard let bytes = buffer.baseAddress else { return sqlite3_result_text(context, "", 0, csqlite_transient()) }
                let characters = UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self)
                sqlite3_result_text(context, characters, Int32(buffer.count), csqlite_transient())
            }
        }
    }
}
