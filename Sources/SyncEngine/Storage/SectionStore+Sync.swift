/// What a sync of columns fetches for their stories: the same three questions a sync of days
/// asks (`ArchiveStore.missingDetails`, `CommentStore.unread`, `PictureStore.references`), over
/// the columns' listings instead of a span of days.
///
/// To merge: these differ from the day versions only in the listing they read
/// (`section_story … WHERE section_id IN (…)` for `day_story … WHERE date BETWEEN ? AND ?`); one
/// listing parameter would serve both.
extension SectionStore {
    private func listing(_ sections: [Int64]) -> (sql: String, values: [SQLValue]) {
        let marks = Array(repeating: "?", count: max(1, sections.count)).joined(separator: ", ")
        return ("ds.section_id IN (\(marks))", sections.isEmpty ? [.integer(0)] : sections.map(SQLValue.integer))
    }

    /// The columns' stories lacking a detail or counters, newest first, and how many have both.
    func missingDetails(of sections: [Int64]) throws -> (missing: [ArchiveStore.MissingDetail], complete: Int) {
        let (condition, values) = listing(sections)
        return try database.readTransaction {
            let rows = try database.query(
                """
                SELECT ds.story_id,
                       EXISTS (SELECT 1 FROM story_detail WHERE id = ds.story_id),
                       EXISTS (SELECT 1 FROM story_extra WHERE id = ds.story_id)
                FROM section_story ds WHERE \(condition) ORDER BY ds.date DESC, ds.story_id DESC
                """, values
            ) { ($0.int64(at: 0), $0.int64(at: 1) != 0, $0.int64(at: 2) != 0) }
            var seen = Set<Int64>()
            var missing: [ArchiveStore.MissingDetail] = []
            var complete = 0
            for (id, hasDetail, hasExtra) in rows where seen.insert(id).inserted {
                if hasDetail && hasExtra {
                    complete += 1
                } else {
                    missing.append(ArchiveStore.MissingDetail(id: id, needsDetail: !hasDetail, needsExtra: !hasExtra))
                }
            }
            return (missing, complete)
        }
    }

    /// The columns' stories whose comments are not read to the end, and how many are.
    func unreadComments(of sections: [Int64]) throws -> (unread: [CommentStore.Unread], complete: Int) {
        let (condition, values) = listing(sections)
        let rows = try database.query(
            """
            SELECT ds.story_id, lt.is_complete, st.is_complete,
                (SELECT c.id FROM comment c WHERE c.story_id = ds.story_id AND c.kind = 'short' ORDER BY c.position DESC LIMIT 1)
            FROM section_story ds
            LEFT JOIN comment_thread lt ON lt.story_id = ds.story_id AND lt.kind = 'long'
            LEFT JOIN comment_thread st ON st.story_id = ds.story_id AND st.kind = 'short'
            WHERE \(condition) ORDER BY ds.date DESC, ds.story_id DESC
            """, values
        ) { row in
            (
                id: row.int64(at: 0), longRead: !row.isNull(at: 1), shortComplete: row.isNull(at: 2) ? nil : row.int64(at: 2) != 0,
                last: row.isNull(at: 3) ? nil : row.int64(at: 3)
            )
        }
        var seen = Set<Int64>()
        var unread: [CommentStore.Unread] = []
        var complete = 0
        for row in rows where seen.insert(row.id).inserted {
            let short: CommentStore.Unread.ShortState?
            switch (row.shortComplete, row.last) {
            case (true?, _): short = nil
            case (false?, let last?): short = .after(last)
            default: short = .fromTheStart
            }
            if row.longRead && short == nil {
                complete += 1
            } else {
                unread.append(CommentStore.Unread(id: row.id, needsLong: !row.longRead, short: short))
            }
        }
        return (unread, complete)
    }

    /// The pictures the columns' stories use: thumbnail, banner (while a top story), headline and
    /// numbered body pictures.
    func pictureReferences(of sections: [Int64]) throws -> (stories: Set<Int64>, references: [PictureStore.Reference]) {
        let (condition, values) = listing(sections)
        return try database.readTransaction {
            let rows = try database.query(
                """
                SELECT ds.story_id, s.image, (SELECT image FROM top_story t WHERE t.id = ds.story_id LIMIT 1), d.image, d.body
                FROM section_story ds JOIN story s ON s.id = ds.story_id LEFT JOIN story_detail d ON d.id = ds.story_id
                WHERE \(condition) ORDER BY ds.date DESC, ds.story_id DESC
                """, values
            ) { row in
                (
                    id: row.int64(at: 0), thumbnail: row.optionalText(at: 1), banner: row.optionalText(at: 2),
                    headline: row.optionalText(at: 3), body: row.storedBody(at: 4)
                )
            }
            var stories = Set<Int64>()
            var references: [PictureStore.Reference] = []
            for row in rows where stories.insert(row.id).inserted {
                func add(_ url: String?, _ role: PictureStore.Role, _ number: Int = 0) {
                    guard let url, let key = PictureKey(url: url) else { return }
                    references.append(PictureStore.Reference(storyID: row.id, role: role, number: number, key: key))
                }
                add(row.thumbnail, .thumbnail)
                add(row.banner, .banner)
                add(row.headline, .headline)
                if let body = row.body {
                    for (index, image) in ReadableText(html: body).images.enumerated() { add(image.url, .body, index + 1) }
                }
            }
            return (stories, references)
        }
    }
}
