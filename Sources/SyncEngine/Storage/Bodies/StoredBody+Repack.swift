extension StoredBody {
    /// The rows `repackZlibBodies` rewrites: bodies packed with zlib (format 1).
    static let zlibRowsFilter = "typeof(body) = 'blob' AND substr(body, 1, 1) = x'01'"

    /// Rewrites every body packed with zlib (format 1) with zstd and dictionary 1, a few hundred
    /// at a time: ten years of bodies do not fit in memory. The text and HTML bytes are the same
    /// after as before, so the search index (over the text) needs no change. Without libzstd it
    /// leaves them: format 1 stays readable. `repacked` is called after each body.
    static func repackZlibBodies(in database: Database, repacked: () -> Void = {}) throws(DatabaseError) {
        guard let dictionary = BodyDictionary.one else { return }
        var last = Int64.min
        while true {
            let rows = try database.query(
                "SELECT id, body FROM story_detail WHERE id > ? AND \(zlibRowsFilter) ORDER BY id LIMIT 256",
                [.integer(last)]
            ) { ($0.int64(at: 0), $0.bytes(at: 1)) }
            guard let final = rows.last else { return }
            for (id, old) in rows {
                // A row that does not inflate (damaged on disk) is left as it is: it reads as
                // before, as no body.
                if let (joined, textCount) = old.withUnsafeBytes({ inflate($0) }),
                    let new = pack(joined: joined, textCount: textCount, dictionary: dictionary)
                {
                    try database.run("UPDATE story_detail SET body = ? WHERE id = ?", [.blob(new), .integer(id)])
                }
                repacked()
            }
            last = final.0
        }
    }
}

/// What the migration to zstd bodies costs, in the units its meter counts (as `CompactTextWork`).
enum ZstdBodyWork {
    /// Inflating one body and packing it again with zstd.
    static let repackedBody = 6

    /// The bodies to pack again, weighted.
    static func estimate(_ database: Database) -> Int {
        let bodies = try? database.query("SELECT count(*) FROM story_detail WHERE \(StoredBody.zlibRowsFilter)") {
            Int($0.int64(at: 0))
        }.first
        return (bodies ?? 0) * repackedBody
    }
}
