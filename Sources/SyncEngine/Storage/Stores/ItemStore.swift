/// The archive's stories as items of streams, for feed readers (`ArchiveItem`): pages of a
/// stream, items by id, the feeds with their unread counts, and the read marks a reader changes.
/// The SQL is `ItemSQL`'s; a page is one statement.
struct ItemStore {
    let database: Database

    /// What a query asks of `ItemSQL`'s parameters; nil when it cannot match any item (read and
    /// unread at once).
    private struct Plan {
        var source: ItemSQL.Source
        var values: [SQLValue]
        var limit: Int

        init?(_ query: ItemQuery) {
            var read: Bool?
            var starred: Bool?
            func require(_ state: ItemState, _ value: Bool) -> Bool {
                let current = state == .read ? read : starred
                if let current, current != value { return false }
                if state == .read { read = value } else { starred = value }
                return true
            }
            var argument = SQLValue.null
            switch query.stream {
            case .all: source = .listed
            case .daily: source = .daily
            case .section(let id):
                source = .section
                argument = .integer(id)
            case .starred:
                source = .favorites
                starred = true
            case .read:
                source = .listed
                read = true
            }
            if let state = query.including, !require(state, true) { return nil }
            if let state = query.excluding, !require(state, false) { return nil }
            // At least one; at most what an Int64 holds with one more row asked for.
            limit = min(max(query.limit, 1), Int(Int32.max))
            var cursor: (slot: Int64, id: Int64)?
            if let after = query.after {
                let (slot, isExact) = ItemSlot.floor(after.published)
                // A time between slots: every item at or before it comes after it newest first.
                if isExact {
                    cursor = (slot, after.id)
                } else {
                    cursor = query.oldestFirst ? (slot, Int64.max) : (slot + 1, Int64.min)
                }
            }
            values = [
                argument,
                query.notBefore.map { .integer(ItemSlot.ceiling($0)) } ?? .null,
                query.notAfter.map { .integer(ItemSlot.floor($0).slot) } ?? .null,
                cursor.map { .integer($0.slot) } ?? .null, cursor.map { .integer($0.id) } ?? .null,
                read.map { .integer($0 ? 1 : 0) } ?? .null, starred.map { .integer($0 ? 1 : 0) } ?? .null,
                .integer(Int64(limit) + 1),
            ]
        }
    }

    /// One page of ids and times; `next` when more follow.
    func keys(_ query: ItemQuery) throws -> ItemKeyPage {
        guard let plan = Plan(query) else { return ItemKeyPage(keys: [], next: nil) }
        let statement = try database.statement(ItemSQL.keys(plan.source, oldestFirst: query.oldestFirst))
        let rows = try database.query(statement, plan.values) { row in (id: row.int64(at: 0), slot: row.int64(at: 1)) }
        let keys = rows.prefix(plan.limit).compactMap { row in ItemSlot.time(row.slot).map { ItemKey(id: row.id, published: $0.published) }
        }
        let next = rows.count > plan.limit ? keys.last.map { ItemCursor(published: $0.published, id: $0.id) } : nil
        return ItemKeyPage(keys: keys, next: next)
    }

    /// One page of items; `next` when more follow.
    func page(_ query: ItemQuery) throws -> ItemPage {
        guard let plan = Plan(query) else { return ItemPage(items: [], next: nil) }
        let statement = try database.statement(ItemSQL.items(plan.source, oldestFirst: query.oldestFirst))
        let items = try readItems(statement, plan.values)
        let next = items.count > plan.limit ? items[plan.limit - 1] : nil
        return ItemPage(items: Array(items.prefix(plan.limit)), next: next.map { ItemCursor(published: $0.published, id: $0.id) })
    }

    /// The items of `ids` the archive has, in that order, each once.
    func items(ids: [Int64]) throws -> [ArchiveItem] {
        guard !ids.isEmpty else { return [] }
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        return try readItems(database.statement(ItemSQL.itemsWithIDs), [.text(list)])
    }

    /// Items from `ItemSQL.items`' rows: one per item, its section rows gathered.
    private func readItems(_ statement: Statement, _ values: [SQLValue]) throws -> [ArchiveItem] {
        struct Row {
            let id: Int64
            let slot: Int64
            let title: String
            let url: String
            let isDaily: Bool
            let isRead: Bool
            let isStarred: Bool
            var sections: [ItemSection]
        }
        var items: [ArchiveItem] = []
        var current: Row?
        func finish() {
            guard let row = current, let time = ItemSlot.time(row.slot) else { return }
            items.append(
                ArchiveItem(
                    id: row.id, published: time.published, day: time.day, title: row.title, url: row.url, isDaily: row.isDaily,
                    sections: row.sections, isRead: row.isRead, isStarred: row.isStarred))
        }
        _ = try database.query(statement, values) { row in
            let id = row.int64(at: 0)
            if current?.id != id {
                finish()
                current = Row(
                    id: id, slot: row.int64(at: 1), title: row.optionalText(at: 2) ?? "",
                    url: row.optionalText(at: 3) ?? Self.storyURL(id), isDaily: row.int64(at: 4) != 0, isRead: row.int64(at: 5) != 0,
                    isStarred: row.int64(at: 6) != 0, sections: [])
            }
            if !row.isNull(at: 7) {
                current?.sections.append(ItemSection(id: row.int64(at: 7), name: row.optionalText(at: 8) ?? ""))
            }
        }
        finish()
        return items
    }

    /// The page of a story on the source's site, for a favourite the archive no longer lists.
    static func storyURL(_ id: Int64) -> String { "https://daily.zhihu.com/story/\(id)" }

    /// 知乎日报, then each section with stories, in the source's order.
    /// The feeds, and with `includingAll` the reading list (`.all`) last, from one reading of the
    /// archive (an app asks for every unread count at once).
    func feeds(includingAll: Bool) throws -> [ItemFeed] {
        let feeds = try database.query(ItemSQL.feeds) { row in
            let kind = row.int64(at: 0)
            let stream: ItemStream = kind == 0 ? .daily : kind == 2 ? .all : .section(row.int64(at: 1))
            return ItemFeed(
                stream: stream, title: kind == 1 ? row.text(at: 2) : ItemStore.dailyTitle, unread: Int(row.int64(at: 3)),
                newest: row.isNull(at: 4) ? nil : ItemSlot.time(row.int64(at: 4))?.published)
        }
        return includingAll ? feeds : feeds.filter { $0.stream != .all }
    }

    /// The title of the feed of the days.
    static let dailyTitle = "知乎日报"

    /// Whether there was a read mark to remove.
    func markUnread(_ id: Int64) throws -> Bool {
        try !database.query("DELETE FROM read_mark WHERE story_id = ? RETURNING story_id", [.integer(id)]) { _ in true }.isEmpty
    }

    /// Marks read, at `time`, every item of `stream` at or before `upTo` that has no mark; how
    /// many it marked.
    func markAllRead(in stream: ItemStream, upTo: Int64?, at time: Double) throws -> Int {
        guard stream != .read else { return 0 }
        var query = ItemQuery(stream: stream, limit: 1)
        query.notAfter = upTo
        guard var plan = Plan(query) else { return 0 }
        plan.values[ItemSQL.parameterCount - 1] = .null
        plan.values.append(.real(time))
        return try database.transaction {
            try database.run(ItemSQL.markRead(plan.source), plan.values)
            return database.changes
        }
    }
}
