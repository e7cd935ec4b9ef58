import Foundation
import TestSupport
import Testing

@testable import SyncEngine

/// An engine over a fresh archive whose days, sections and marks a test writes row by row
/// through a second connection, for the reader items (`SyncEngine+Items`).
struct ItemArchive {
    let path: String
    let clock = TestClock()
    let engine: SyncEngine
    let database: Database

    init() throws {
        path = try temporaryDatabasePath()
        engine = try SyncEngine(configuration: SyncEngine.Configuration(databasePath: path), clock: clock)
        database = try Database(path: path)
    }

    /// A read-only engine over the same file.
    func readOnlyEngine() throws -> SyncEngine {
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.readOnly = true
        return try SyncEngine(configuration: configuration, clock: clock)
    }

    /// The start of `date` (`yyyyMMdd`) in Beijing plus `hour` hours, worked out by Foundation's
    /// calendar, not by the engine's.
    static func time(_ date: String, hour: Int = 0) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 8 * 3600)!
        let number = Int(date)!
        let components = DateComponents(year: number / 10_000, month: number / 100 % 100, day: number % 100, hour: hour)
        return Int64(calendar.date(from: components)!.timeIntervalSince1970)
    }

    private func story(_ id: Int64, gaPrefix: String) throws {
        try database.run(
            """
            INSERT INTO story (id, title, hint, image, url, ga_prefix, image_hue, type)
            VALUES (?1, '故事' || ?1, '', NULL, 'https://daily.zhihu.com/story/' || ?1, ?2, '', 0)
            ON CONFLICT (id) DO NOTHING
            """, [.integer(id), .text(gaPrefix)])
    }

    /// A day listing `stories` (id, `ga_prefix`) in that order.
    func day(_ date: String, _ stories: [(Int64, String)]) throws {
        try database.run(
            "INSERT INTO day (date, fetched_at, is_final) VALUES (?, 0, 1) ON CONFLICT (date) DO NOTHING", [.integer(Int64(date)!)])
        let start = try database.query("SELECT count(*) FROM day_story WHERE date = ?", [.integer(Int64(date)!)]) { $0.int64(at: 0) }[0]
        for (offset, (id, gaPrefix)) in stories.enumerated() {
            try story(id, gaPrefix: gaPrefix)
            try database.run(
                "INSERT INTO day_story (date, position, story_id) VALUES (?, ?, ?)",
                [.integer(Int64(date)!), .integer(start + Int64(offset)), .integer(id)])
        }
    }

    /// A section keeping `stories` (id, the day it ran, `ga_prefix`); `position`: its place in
    /// the source's list of sections (nil: the list does not name it).
    func section(_ id: Int64, name: String, position: Int64?, _ stories: [(Int64, String, String)]) throws {
        try database.run(
            "INSERT INTO section_state (section_id, name, fetched_at, frontier) VALUES (?, ?, 0, NULL) ON CONFLICT DO NOTHING",
            [.integer(id), .text(name)])
        if let position {
            try database.run(
                "INSERT INTO section (id, position, name, description, thumbnail, fetched_at) VALUES (?, ?, ?, '', NULL, 0) ON CONFLICT DO NOTHING",
                [.integer(id), .integer(position), .text(name)])
        }
        for (offset, (story, date, gaPrefix)) in stories.enumerated() {
            try self.story(story, gaPrefix: gaPrefix)
            try database.run(
                "INSERT INTO section_story (section_id, story_id, date, cursor, position) VALUES (?, ?, ?, 0, ?)",
                [.integer(id), .integer(story), .integer(Int64(date)!), .integer(Int64(offset))])
        }
    }

    func markRead(_ ids: [Int64], at time: Double = 1) throws {
        for id in ids { try database.run("INSERT INTO read_mark (story_id, read_at) VALUES (?, ?)", [.integer(id), .real(time)]) }
    }

    func favorite(_ id: Int64, title: String, addedAt: Double) throws {
        try database.run("INSERT INTO favorite (story_id, title, added_at) VALUES (?, ?, ?)", [.integer(id), .text(title), .real(addedAt)])
    }

    func readAt(_ id: Int64) throws -> Double? {
        try database.query("SELECT read_at FROM read_mark WHERE story_id = ?", [.integer(id)]) { $0.double(at: 0) }.first
    }

    /// Every item of `query`'s stream, page by page from `query`'s first page; fails on a page
    /// longer than the limit, a cursor that is not the page's last item, or pages that do not end.
    func all(_ query: ItemQuery) async throws -> [ArchiveItem] {
        var query = query
        var items: [ArchiveItem] = []
        // More pages than items: a cursor that does not move on.
        for _ in 0...100 {
            let page = try await engine.items(query)
            #expect(page.items.count <= query.limit)
            items += page.items
            guard let next = page.next else { return items }
            #expect(next == page.items.last.map { ItemCursor(published: $0.published, id: $0.id) })
            query.after = next
        }
        Issue.record("the pages do not end")
        return items
    }
}
