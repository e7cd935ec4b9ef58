/// The SQL of the item queries (`ItemStore`): the rows of a stream as `keyed (id, slot, listed)`,
/// one row per item, with its slot (`ItemSlot`) and whether the archive lists it (0 only for a
/// favourite it no longer lists).
///
/// A story's day is the earliest `date` of its rows in `day_story` and `section_story`, in
/// every stream alike; its hour is the `HH` of its `ga_prefix` (`MMddHH`) when `MMdd` is that
/// day's, else 0. A favourite the archive does not list has the day it was kept (Beijing
/// time) and hour 0.
///
/// Parameters, the same in every query that filters a stream (unused ones are bound NULL):
/// ?1 the stream's argument (a section id, or the ids as a JSON array), ?2 the lowest slot,
/// ?3 the highest slot, ?4 and ?5 the cursor's slot and id, ?6 whether items must be read (1) or
/// unread (0), ?7 whether they must be favourites (1) or not (0), ?8 the row limit.
enum ItemSQL {
    /// The count of the shared parameters.
    static let parameterCount = 8

    /// Which rows `keyed` holds.
    enum Source: Hashable {
        /// Every listed story (`.all`, `.read`).
        case listed
        /// The stories on days.
        case daily
        /// The stories of the section ?1.
        case section
        /// The favourites, listed or not.
        case favorites
        /// The listed stories and favourites among the ids in the JSON array ?1, with their place
        /// in it as `ord`.
        case ids
    }

    /// `yyyyMMddHH` of a story first listed on `date` whose `ga_prefix` is `gaPrefix`.
    static func slot(date: String, gaPrefix: String) -> String {
        """
        \(date) * 100 + CASE
            WHEN substr(\(gaPrefix), 1, 4) = substr(\(date), 5, 4)
                AND (substr(\(gaPrefix), 5) GLOB '[01][0-9]' OR substr(\(gaPrefix), 5) GLOB '2[0-3]')
            THEN CAST(substr(\(gaPrefix), 5) AS INTEGER) ELSE 0 END
        """
    }

    /// `WITH …` defining `keyed (id, slot, listed, ord)` for `source`.
    static func keyed(_ source: Source) -> String {
        switch source {
        case .listed: return grouped(having: "")
        case .daily: return grouped(having: "HAVING MAX(on_day) = 1")
        case .section: return lookedUp(candidates: "SELECT story_id, NULL FROM section_story WHERE section_id = ?1")
        case .favorites: return lookedUp(candidates: "SELECT story_id, NULL FROM favorite")
        case .ids: return lookedUp(candidates: "SELECT value, MIN(key) FROM json_each(?1) WHERE type = 'integer' GROUP BY value")
        }
    }

    /// Whole streams: every listing row, grouped by story (one pass over both tables).
    private static func grouped(having: String) -> String {
        """
        WITH first (id, date) AS (
            SELECT story_id, MIN(date) FROM (
                SELECT story_id, date, 1 AS on_day FROM day_story
                UNION ALL
                SELECT story_id, date, 0 FROM section_story
            )
            GROUP BY story_id \(having)
        ),
        keyed (id, slot, listed, ord) AS (
            SELECT first.id, \(slot(date: "first.date", gaPrefix: "s.ga_prefix")), 1, NULL
            FROM first JOIN story s ON s.id = first.id
        )
        """
    }

    /// A few stories (`candidates`: id, ord), each one's first day looked up by its id.
    private static func lookedUp(candidates: String) -> String {
        """
        WITH candidate (id, ord) AS (\(candidates)),
        listed (id, ord, date) AS MATERIALIZED (
            SELECT id, ord, (
                SELECT MIN(date) FROM (
                    SELECT date FROM day_story WHERE story_id = candidate.id
                    UNION ALL
                    SELECT date FROM section_story WHERE story_id = candidate.id
                )
            )
            FROM candidate
        ),
        keyed (id, slot, listed, ord) AS (
            SELECT l.id,
                CASE WHEN l.date IS NOT NULL THEN \(slot(date: "l.date", gaPrefix: "s.ga_prefix"))
                ELSE CAST(strftime('%Y%m%d', f.added_at + \(Day.sourceUTCOffsetSeconds), 'unixepoch') AS INTEGER) * 100 END,
                l.date IS NOT NULL, l.ord
            FROM listed l
            LEFT JOIN story s ON s.id = l.id AND l.date IS NOT NULL
            LEFT JOIN favorite f ON f.story_id = l.id
            WHERE l.date IS NOT NULL OR f.story_id IS NOT NULL
        )
        """
    }

    /// The filters of ?2 to ?7 on `keyed`; `oldestFirst` turns the cursor's comparison.
    static func filter(oldestFirst: Bool) -> String {
        """
        (?2 IS NULL OR slot >= ?2) AND (?3 IS NULL OR slot <= ?3)
        AND (?4 IS NULL OR (slot, id) \(oldestFirst ? ">" : "<") (?4, ?5))
        AND (?6 IS NULL OR EXISTS (SELECT 1 FROM read_mark WHERE story_id = keyed.id) = ?6)
        AND (?7 IS NULL OR EXISTS (SELECT 1 FROM favorite WHERE story_id = keyed.id) = ?7)
        """
    }

    /// The stream's order.
    static func order(oldestFirst: Bool) -> String {
        oldestFirst ? "slot ASC, id ASC" : "slot DESC, id DESC"
    }

    /// A page of keys: id, slot.
    static func keys(_ source: Source, oldestFirst: Bool) -> String {
        """
        \(keyed(source))
        SELECT id, slot FROM keyed
        WHERE \(filter(oldestFirst: oldestFirst))
        ORDER BY \(order(oldestFirst: oldestFirst)) LIMIT ?8
        """
    }

    /// A page of items: id, slot, title, url (NULL: not listed), on a day, read, favourite,
    /// then one of its sections (id, name; NULL for none), a row per section in the source's
    /// order. `pageOrder` orders `page`'s rows (`pageOrder` of `page`'s columns).
    static func items(_ source: Source, oldestFirst: Bool) -> String {
        details(
            page: """
                \(keyed(source)),
                page (id, slot, listed, ord) AS (
                    SELECT id, slot, listed, ord FROM keyed
                    WHERE \(filter(oldestFirst: oldestFirst))
                    ORDER BY \(order(oldestFirst: oldestFirst)) LIMIT ?8
                )
                """, order: oldestFirst ? "page.slot ASC, page.id ASC" : "page.slot DESC, page.id DESC")
    }

    /// The items among the ids of ?1, in its order.
    static let itemsWithIDs = details(page: keyed(.ids) + ", page AS (SELECT * FROM keyed)", order: "page.ord")

    private static func details(page: String, order: String) -> String {
        """
        \(page)
        SELECT page.id, page.slot, CASE WHEN page.listed THEN s.title ELSE f.title END, CASE WHEN page.listed THEN s.url END,
            EXISTS (SELECT 1 FROM day_story WHERE story_id = page.id),
            EXISTS (SELECT 1 FROM read_mark WHERE story_id = page.id),
            f.story_id IS NOT NULL,
            ss.section_id, coalesce(st.name, sec.name)
        FROM page
        LEFT JOIN story s ON s.id = page.id
        LEFT JOIN favorite f ON f.story_id = page.id
        LEFT JOIN section_story ss ON ss.story_id = page.id
        LEFT JOIN section_state st ON st.section_id = ss.section_id
        LEFT JOIN section sec ON sec.id = ss.section_id
        ORDER BY \(order), sec.position IS NULL, sec.position, ss.section_id
        """
    }

    /// Marks read every item of `keyed` passing the filters (only ?3 is set), at ?9.
    static func markRead(_ source: Source) -> String {
        """
        \(keyed(source))
        INSERT OR IGNORE INTO read_mark (story_id, read_at)
        SELECT id, ?9 FROM keyed WHERE \(filter(oldestFirst: false))
        """
    }

    /// The feeds: kind (0 知乎日报, 1 a section, 2 every item), section id, name, unread, newest
    /// slot; 知乎日报 first, then the sections with stories, in the source's order (those it no
    /// longer lists last, by id), then every item once.
    static let feeds = """
        WITH first (id, date, on_day) AS (
            SELECT story_id, MIN(date), MAX(on_day) FROM (
                SELECT story_id, date, 1 AS on_day FROM day_story
                UNION ALL
                SELECT story_id, date, 0 FROM section_story
            )
            GROUP BY story_id
        ),
        keyed (id, slot, on_day, unread) AS MATERIALIZED (
            SELECT first.id, \(slot(date: "first.date", gaPrefix: "s.ga_prefix")), first.on_day,
                NOT EXISTS (SELECT 1 FROM read_mark WHERE story_id = first.id)
            FROM first JOIN story s ON s.id = first.id
        ),
        by_section (section_id, unread, newest) AS (
            SELECT ss.section_id, SUM(k.unread), MAX(k.slot)
            FROM section_story ss JOIN keyed k ON k.id = ss.story_id
            GROUP BY ss.section_id
        )
        SELECT 0, NULL, NULL, coalesce(SUM(unread), 0), MAX(slot), 0, 0 FROM keyed WHERE on_day
        UNION ALL
        SELECT 2, NULL, NULL, coalesce(SUM(unread), 0), MAX(slot), 0, 0 FROM keyed
        UNION ALL
        SELECT 1, b.section_id, coalesce(st.name, sec.name, ''), b.unread, b.newest, sec.position IS NULL, coalesce(sec.position, 0)
        FROM by_section b
        LEFT JOIN section_state st ON st.section_id = b.section_id
        LEFT JOIN section sec ON sec.id = b.section_id
        ORDER BY 1, 6, 7, 2
        """
}
