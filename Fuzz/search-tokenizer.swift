// The `zhihu` FTS5 tokenizer and the stored-body format, on bytes a damaged archive could hold.
// Arbitrary bytes (invalid UTF-8 included) are indexed as a text: tokenizing never fails, and in
// well-formed text every token found is found again by a query for it. The same bytes read
// as a stored body (zlib, format 1, or zstd with a dictionary, format 2: seeds of both in the
// corpus) either unpack or are refused, never crash; and any text and HTML made of them
// round-trip through `StoredBody` in both formats.
import Glibc
@testable import SyncEngine

nonisolated(unsafe) private var database: Database?

private func openDatabase() -> Database {
    do {
        // In memory: nothing to clean up, and the tokenizer is registered as on any connection.
        let database = try Database(path: ":memory:")
        try database.execute(
            """
            CREATE VIRTUAL TABLE t USING fts5(body, title, tokenize = 'zhihu');
            CREATE VIRTUAL TABLE t_terms USING fts5vocab(t, 'instance');
            """)
        return database
    } catch {
        fatalError("could not make the table: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if database == nil { database = openDatabase() }
    let database = database!
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    do {
        try database.execute("DELETE FROM t")
        // Raw bytes as TEXT, as a damaged file could hand them to the tokenizer.
        try database.execute("INSERT INTO t (rowid, body, title) VALUES (1, CAST(x'\(hex)' AS TEXT), 'x')")
        let terms = try database.query("SELECT DISTINCT hex(term) FROM t_terms WHERE col = 'body' LIMIT 8") { $0.text(at: 0) }
        for hexTerm in terms {
            require(!hexTerm.isEmpty, "an empty token")
            let termBytes = stride(from: 0, to: hexTerm.utf8.count, by: 2).map {
                UInt8(hexTerm.dropFirst($0).prefix(2), radix: 16)!
            }
            // From malformed bytes unicode61 can make tokens no query can name (it reads a lead
            // byte with every continuation byte after it, which can decode to a Han character
            // inside a Latin word); such a text only has to be indexed without failing.
            guard String(validating: bytes, as: UTF8.self) != nil, let term = String(validating: termBytes, as: UTF8.self)
            else { continue }
            let phrase = "\"" + term.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
            let found = try database.query("SELECT rowid FROM t WHERE t MATCH ?", [.text("body: " + phrase)]) { $0.int64(at: 0) }
            require(found == [1], "the token \(term.debugDescription) is not found again")
        }
        let marked = try database.query(
            "SELECT highlight(t, 0, x'01', x'02') FROM t WHERE t MATCH 'title: x'"
        ) { $0.text(at: 0) }
        require(marked.count == 1, "the row is not found by its title")
    } catch {
        require(false, "SQLite refused the text: \(error)")
    }

    // The bytes as a stored body: unpacked or refused.
    _ = bytes.withUnsafeBytes { (StoredBody.text(of: $0), StoredBody.html(of: $0)) }
    // Any pair of texts round-trips (the split point taken from the input).
    let split = size == 0 ? 0 : Int(bytes[0]) % (size + 1)
    let text = String(decoding: bytes[..<split], as: UTF8.self), html = String(decoding: bytes[split...], as: UTF8.self)
    // In both formats: zstd with dictionary 1 (2) and zlib (1, written without libzstd).
    for dictionary in [BodyDictionary.one, nil] {
        switch StoredBody.pack(html: html, text: text, dictionary: dictionary) {
        case .blob(let packed):
            let unpacked = packed.withUnsafeBytes { (StoredBody.text(of: $0), StoredBody.html(of: $0)) }
            require(unpacked.0 == text && unpacked.1 == html, "a body did not round-trip")
            // Cut short, the same bytes are refused (the frame no longer decodes to the lengths).
            let cut = packed.dropLast().withUnsafeBytes { StoredBody.html(of: $0) }
            require(cut == nil, "a cut body was read")
        case .text(let stored):
            require(stored == html && text.isEmpty && html.isEmpty, "stored as text although zlib is there")
        default:
            require(false, "pack gave neither a blob nor text")
        }
    }
    return 0
}
