import CSQLite

extension SearchRank {
    /// Rows' lengths in tokens, all columns together, as FTS5's `xColumnSize(fts, -1)` gives them,
    /// read from the index's `story_search_docsize` through one incremental-BLOB handle per query.
    ///
    /// `xColumnSize` steps and resets a lookup statement per row, and a search ranks every matching
    /// row: a large share of a search with many matches (bench/RESULTS.md). Moving a BLOB
    /// handle to the next row is a b-tree seek (FTS5 reads its own segments that way). The blob
    /// is FTS5's: a varint per column (`fts5StorageDecodeSizeArray`); anything else, a row that is
    /// not there or a handle that a write expired, goes back to `xColumnSize` for the rest of the
    /// query, which answers for it.
    final class RowLengths {
        static let table = "story_search_docsize"
        private let connection: OpaquePointer?
        private var blob: OpaquePointer?
        private var isBroken = false
        private var bytes = [UInt8](repeating: 0, count: 64)

        /// Whether a length read here was found to be FTS5's own (`checked(against:read:)`).
        private(set) var isChecked = false

        init(connection: OpaquePointer?) { self.connection = connection }

        /// After comparing a length read here with FTS5's for the same row: the same, and the
        /// handle goes on; different, and the rest of the query asks FTS5.
        func checked(against own: Int32, read: Int32) {
            if own == read { isChecked = true } else { _ = broken() as Int32? }
        }

        deinit {
            if let blob { sqlite3_blob_close(blob) }
        }

        /// The row's length in tokens over its first `columns` columns, or nil: ask `xColumnSize`.
        func length(of rowid: Int64, columns: Int) -> Int32? {
            guard !isBroken, let blob = moved(to: rowid) else { return nil }
            let count = Int(sqlite3_blob_bytes(blob))
            guard count > 0, count <= bytes.count,
                bytes.withUnsafeMutableBytes({ sqlite3_blob_read(blob, $0.baseAddress, Int32(count), 0) }) == SQLITE_OK
            else { return broken() }
            var offset = 0
            var total: Int64 = 0
            for _ in 0..<columns {
                guard let (value, width) = Self.varint(bytes, at: offset, count: count) else { return broken() }
                total += Int64(value)
                offset += width
            }
            guard offset == count, let length = Int32(exactly: total) else { return broken() }
            return length
        }

        private func moved(to rowid: Int64) -> OpaquePointer? {
            if let blob {
                return sqlite3_blob_reopen(blob, rowid) == SQLITE_OK ? blob : broken()
            }
            var opened: OpaquePointer?
            let code = sqlite3_blob_open(connection, "main", Self.table, "sz", rowid, 0, &opened)
            blob = opened
            return code == SQLITE_OK ? opened : broken()
        }

        /// Never again for this query: a handle that failed once is left aborted by SQLite.
        private func broken<T>() -> T? {
            isBroken = true
            if let blob { sqlite3_blob_close(blob) }
            blob = nil
            return nil
        }

        /// An SQLite varint of at most four bytes (a column's token count below 2^28, as
        /// `fts5GetVarint32` reads it), and its width; nil for anything else.
        static func varint(_ bytes: [UInt8], at start: Int, count: Int) -> (UInt32, Int)? {
            var value: UInt32 = 0
            var index = start
            while index < count && index - start < 4 {
                let byte = bytes[index]
                value = value << 7 | UInt32(byte & 0x7F)
                index += 1
                if byte & 0x80 == 0 { return (value, index - start) }
            }
            return nil
        }
    }
}
