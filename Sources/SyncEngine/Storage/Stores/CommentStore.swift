/// A story's long and short comments in the archive: each thread in the source's order (newest
/// first), every page read so far, each comment once.
struct CommentStore {
    let database: Database

    /// A thread as stored, before provenance is attached.
    struct Thread: Equatable {
        let comments: [StoryComment]
        /// When its first page was fetched, Unix seconds.
        let fetchedAt: Double
        let isComplete: Bool
    }

    func thread(_ storyID: Int64, _ kind: CommentKind) throws -> Thread? {
        let keys: [SQLValue] = [.integer(storyID), .text(kind.rawValue)]
        let heads = try database.query("SELECT fetched_at, is_complete FROM comment_thread WHERE story_id = ? AND kind = ?", keys) {
            ($0.double(at: 0), $0.int64(at: 1) != 0)
        }
        guard let (fetchedAt, isComplete) = heads.first else { return nil }
        let comments = try database.query(
            """
            SELECT id, author, content, avatar, time, likes, has_reply, reply_id, reply_author, reply_content,
                reply_status, reply_error
            FROM comment WHERE story_id = ? AND kind = ? ORDER BY position
            """, keys
        ) { row in
            func integer(_ column: Int32) -> Int64? { row.isNull(at: column) ? nil : row.int64(at: column) }
            let reply =
                row.int64(at: 6) == 0
                ? nil
                : CommentReply(
                    id: integer(7), author: row.optionalText(at: 8), content: row.optionalText(at: 9),
                    status: integer(10).map { Int(clamping: $0) }, errorMessage: row.optionalText(at: 11))
            return StoryComment(
                id: row.int64(at: 0), author: row.optionalText(at: 1), content: row.text(at: 2), avatar: row.optionalText(at: 3),
                time: integer(4), likes: integer(5).map { Int(clamping: $0) }, replyTo: reply)
        }
        return Thread(comments: comments, fetchedAt: fetchedAt, isComplete: isComplete)
    }

    /// Writes a freshly fetched first page, in one transaction; returns how many of its comments
    /// the thread did not hold. Long comments come in one page, which replaces the thread. For
    /// short ones, when the archive's thread reaches into the page (it holds a comment as new as
    /// the page's oldest), the comments older than the page stay after it (read by earlier next
    /// pages) and those newer than its oldest that it no longer lists are gone from the source
    /// and go here too. When it does not reach (more than a page came meanwhile), the page
    /// replaces the thread, which is then read on from the page's last comment: keeping the old
    /// pages would leave a hole nothing would ever fill.
    @discardableResult
    func writeFirstPage(_ page: [StoryComment], of storyID: Int64, _ kind: CommentKind, fetchedAt: Double) throws -> Int {
        try database.transaction { try firstPage(page, of: storyID, kind, fetchedAt: fetchedAt) }
    }

    /// `writeFirstPage` inside the caller's transaction.
    @discardableResult
    func firstPage(_ page: [StoryComment], of storyID: Int64, _ kind: CommentKind, fetchedAt: Double) throws -> Int {
        let page = Self.unique(page)
        var comments = page
        var isComplete = kind == .long || page.isEmpty
        let old = try thread(storyID, kind)
        if kind == .short, let oldest = page.map(\.id).min(), let old, old.comments.contains(where: { $0.id >= oldest }) {
            let listed = Set(page.map(\.id))
            comments += old.comments.filter { !listed.contains($0.id) && $0.id < oldest }
            // Still complete only when the archive had read to the end below this page.
            isComplete = old.isComplete && (old.comments.map(\.id).min() ?? 0) <= oldest
        }
        try replace(storyID, kind, with: comments, fetchedAt: fetchedAt, isComplete: isComplete)
        let held = Set(old?.comments.map(\.id) ?? [])
        return page.filter { !held.contains($0.id) }.count
    }

    /// Adds the next (older) page, asked for by `cursor` (the id it is older than), after what the
    /// thread holds, each comment not held yet, in one transaction; returns how many were added.
    /// An empty page completes the thread; so does a page with nothing new while the thread still
    /// ends at `cursor` (a source that answers the same page again: the cursor would not move).
    /// When the thread has grown past `cursor` meanwhile (another read added that page), a page
    /// with nothing new changes nothing.
    @discardableResult
    func appendPage(_ page: [StoryComment], of storyID: Int64, _ kind: CommentKind, cursor: Int64?) throws -> Int {
        try database.transaction { try nextPage(page, of: storyID, kind, cursor: cursor) }
    }

    /// `appendPage` inside the caller's transaction.
    @discardableResult
    func nextPage(_ page: [StoryComment], of storyID: Int64, _ kind: CommentKind, cursor: Int64?) throws -> Int {
        let keys: [SQLValue] = [.integer(storyID), .text(kind.rawValue)]
        let last = try database.query(
            "SELECT position, id FROM comment WHERE story_id = ? AND kind = ? ORDER BY position DESC LIMIT 1", keys
        ) { (position: $0.int64(at: 0), id: $0.int64(at: 1)) }.first
        let next = (last?.position ?? -1) + 1
        var added = 0
        for comment in Self.unique(page) {
            added += try insert(comment, storyID, kind, position: next + Int64(added), ignoringDuplicates: true)
        }
        if page.isEmpty || (added == 0 && last?.id == cursor) {
            try database.run("UPDATE comment_thread SET is_complete = 1 WHERE story_id = ? AND kind = ?", keys)
        }
        return added
    }

    /// What a sync still has to read of one story's comments.
    struct Unread: Sendable {
        let id: Int64
        /// The long comments were never read.
        let needsLong: Bool
        /// The short ones: nil when read to the end; else the cursor to go on from, when they
        /// were read in part.
        let short: ShortState?

        enum ShortState: Sendable {
            case fromTheStart
            case after(Int64)
        }
    }

    /// The stories `listing` names, newest first, whose comments the archive has not read to
    /// the end, and how many it has.
    func unread(in listing: StoryListing) throws -> (unread: [Unread], complete: Int) {
        let (table, condition, values, order) = listing.sql
        let rows = try database.query(
            """
            SELECT ds.story_id, lt.is_complete, st.is_complete,
                (SELECT c.id FROM comment c WHERE c.story_id = ds.story_id AND c.kind = 'short' ORDER BY c.position DESC LIMIT 1)
            FROM \(table)
            LEFT JOIN comment_thread lt ON lt.story_id = ds.story_id AND lt.kind = 'long'
            LEFT JOIN comment_thread st ON st.story_id = ds.story_id AND st.kind = 'short'
            WHERE \(condition) ORDER BY \(order)
            """, values
        ) { row in
            (
                id: row.int64(at: 0), longRead: !row.isNull(at: 1),
                shortComplete: row.isNull(at: 2) ? nil : row.int64(at: 2) != 0,
                last: row.isNull(at: 3) ? nil : row.int64(at: 3)
            )
        }
        var seen = Set<Int64>()
        var unread: [Unread] = []
        var complete = 0
        for row in rows where seen.insert(row.id).inserted {
            let short: Unread.ShortState?
            switch (row.shortComplete, row.last) {
            case (true?, _): short = nil
            case (false?, let last?): short = .after(last)
            default: short = .fromTheStart
            }
            if row.longRead && short == nil {
                complete += 1
            } else {
                unread.append(Unread(id: row.id, needsLong: !row.longRead, short: short))
            }
        }
        return (unread, complete)
    }

    private func replace(_ storyID: Int64, _ kind: CommentKind, with comments: [StoryComment], fetchedAt: Double, isComplete: Bool) throws {
        let keys: [SQLValue] = [.integer(storyID), .text(kind.rawValue)]
        try database.run("DELETE FROM comment WHERE story_id = ? AND kind = ?", keys)
        try database.run(
            """
            INSERT INTO comment_thread (story_id, kind, fetched_at, is_complete) VALUES (?, ?, ?, ?)
            ON CONFLICT (story_id, kind) DO UPDATE SET fetched_at = excluded.fetched_at, is_complete = excluded.is_complete
            """, keys + [.real(fetchedAt), .integer(isComplete ? 1 : 0)])
        for (position, comment) in comments.enumerated() {
            _ = try insert(comment, storyID, kind, position: Int64(position), ignoringDuplicates: false)
        }
    }

    /// 1 when written, 0 when the thread held it already (and duplicates are ignored).
    private func insert(_ comment: StoryComment, _ storyID: Int64, _ kind: CommentKind, position: Int64, ignoringDuplicates: Bool) throws
        -> Int
    {
        func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
        func optional(_ number: Int64?) -> SQLValue { number.map(SQLValue.integer) ?? .null }
        let reply = comment.replyTo
        return try database.query(
            """
            INSERT \(ignoringDuplicates ? "OR IGNORE " : "")INTO comment (story_id, kind, id, position, author, content, avatar, time, likes,
                has_reply, reply_id, reply_author, reply_content, reply_status, reply_error)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING 1
            """,
            [
                .integer(storyID), .text(kind.rawValue), .integer(comment.id), .integer(position), optional(comment.author),
                .text(comment.content), optional(comment.avatar), optional(comment.time), optional(comment.likes.map(Int64.init)),
                .integer(reply == nil ? 0 : 1), optional(reply?.id), optional(reply?.author), optional(reply?.content),
                optional(reply?.status.map(Int64.init)), optional(reply?.errorMessage),
            ]
        ) { _ in 1 }.count
    }

    /// Each comment once, the first time the page lists it.
    private static func unique(_ page: [StoryComment]) -> [StoryComment] {
        var seen = Set<Int64>()
        return page.filter { seen.insert($0.id).inserted }
    }
}
