/// A stored detail or counters, before provenance is attached.
struct Stored<Value> {
    let value: Value
    /// Unix seconds.
    let fetchedAt: Double
}

/// A detail made ready to store, off the writer: the text the search index gets, and the body
/// deflated with it (`StoredBody`), so `story_text` gives the index the same text later.
struct DetailRecord: Sendable {
    /// The detail without its body (`bodyHTML` is nil): a record waits for its batch, and only
    /// `storedBody` is written, so it does not hold the HTML twice.
    let detail: StoryDetail
    let storedBody: SQLValue?
    let bodyText: String?

    init(_ detail: StoryDetail) {
        let text = detail.bodyHTML.map(TextFunctions.indexedText(ofHTML:))
        bodyText = text
        storedBody = detail.bodyHTML.map { StoredBody.pack(html: $0, text: text ?? "") }
        self.detail = StoryDetail(
            id: detail.id, title: detail.title, bodyHTML: nil, image: detail.image, imageSource: detail.imageSource,
            shareURL: detail.shareURL, url: detail.url, type: detail.type, sectionName: detail.sectionName,
            publishTime: detail.publishTime, sectionID: detail.sectionID)
    }
}

/// Story details and counters in the archive.
struct DetailStore {
    let database: Database

    // MARK: Details

    /// Writes a detail (replacing the story's previous one) and indexes its text.
    func writeDetail(_ record: DetailRecord, fetchedAt: Double) throws {
        try database.transaction { try insertDetail(record, fetchedAt: fetchedAt) }
    }

    /// A sync's batch of stories in ONE transaction: every detail (as `writeDetail` writes it) and
    /// every story's counters. One commit, so one flush of the search index, for all of them; a
    /// failure writes none of them.
    /// `failed`: stories whose detail answered 5xx, remembered in the same transaction.
    /// `deferringMerges`: a batch with more to follow leaves its index segment unmerged
    /// (`SearchIndex.withDeferredMerging`).
    func writeDetails(
        _ records: [DetailRecord], extras: [(id: Int64, extra: StoryExtra)], failed: [(id: Int64, status: Int)] = [],
        fetchedAt: Double, deferringMerges: Bool = false
    ) throws {
        try database.transaction {
            let failedStories = FailedStoryStore(database: database)
            try SearchIndex(database: database).withDeferredMerging(deferringMerges) {
                // In ascending ids, as `PageStore` writes stories: FTS5 starts a new index segment
                // at every row whose id is lower than the last one's.
                for record in records.sorted(by: { $0.detail.id < $1.detail.id }) {
                    try insertDetail(record, fetchedAt: fetchedAt)
                }
            }
            for (id, extra) in extras { try writeExtra(id, extra, fetchedAt: fetchedAt) }
            try failedStories.recordFailures(failed, at: fetchedAt)
        }
    }

    private func insertDetail(_ record: DetailRecord, fetchedAt: Double) throws {
        let detail = record.detail
        let index = SearchIndex(database: database)
        try index.remove(detail.id)
        try database.run(
            """
            INSERT OR REPLACE INTO story_detail
                (id, title, body, image, image_source, share_url, url, type, section_name, publish_time, fetched_at, section_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(detail.id), .text(detail.title), record.storedBody ?? .null,
                Self.optional(detail.image), Self.optional(detail.imageSource), Self.optional(detail.shareURL),
                .text(detail.url), .integer(Int64(detail.type)), Self.optional(detail.sectionName),
                detail.publishTime.map(SQLValue.integer) ?? .null, .real(fetchedAt), detail.sectionID.map(SQLValue.integer) ?? .null,
            ])
        try index.add(detail.id, bodyText: record.bodyText)
        // A story that failed before and has come now is no longer left alone.
        try FailedStoryStore(database: database).forget(detail.id)
        // A favourite keeps the title it can be listed by, whatever happens to the cache.
        try UserDataStore(database: database).retitleFavorite(detail.id, title: detail.title)
    }

    func readDetail(_ id: Int64) throws -> Stored<StoryDetail>? {
        try database.query(
            """
            SELECT id, title, body, image, image_source, share_url, url, type, section_name, publish_time, fetched_at, section_id
            FROM story_detail WHERE id = ?
            """, [.integer(id)]
        ) { row in
            Stored(
                value: StoryDetail(
                    id: row.int64(at: 0), title: row.text(at: 1), bodyHTML: row.storedBody(at: 2), image: row.optionalText(at: 3),
                    imageSource: row.optionalText(at: 4), shareURL: row.optionalText(at: 5), url: row.text(at: 6),
                    type: Int(row.int64(at: 7)), sectionName: row.optionalText(at: 8),
                    publishTime: row.isNull(at: 9) ? nil : row.int64(at: 9), sectionID: row.isNull(at: 11) ? nil : row.int64(at: 11)),
                fetchedAt: row.double(at: 10))
        }.first
    }

    func writeExtra(_ id: Int64, _ extra: StoryExtra, fetchedAt: Double) throws {
        try database.run(
            """
            INSERT OR REPLACE INTO story_extra (id, popularity, comments, long_comments, short_comments, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
            [
                .integer(id), .integer(Int64(extra.popularity)), .integer(Int64(extra.comments)),
                .integer(Int64(extra.longComments)), .integer(Int64(extra.shortComments)), .real(fetchedAt),
            ])
    }

    func readExtra(_ id: Int64) throws -> Stored<StoryExtra>? {
        try database.query(
            """
            SELECT popularity, comments, long_comments, short_comments, fetched_at FROM story_extra WHERE id = ?
            """, [.integer(id)]
        ) { row in
            Stored(
                value: StoryExtra(
                    popularity: Int(row.int64(at: 0)), comments: Int(row.int64(at: 1)),
                    longComments: Int(row.int64(at: 2)), shortComments: Int(row.int64(at: 3))),
                fetchedAt: row.double(at: 4))
        }.first
    }

    /// The title of a story the archive knows from a day list or a detail.
    func knownTitle(_ id: Int64) throws -> String? {
        try database.query(
            """
            SELECT title FROM story_detail WHERE id = ? UNION ALL SELECT title FROM story WHERE id = ?
            UNION ALL SELECT title FROM top_story WHERE id = ? LIMIT 1
            """, [.integer(id), .integer(id), .integer(id)]
        ) { $0.text(at: 0) }.first
    }

    private static func optional(_ text: String?) -> SQLValue {
        text.map(SQLValue.text) ?? .null
    }
}
