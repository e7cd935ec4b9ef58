import Foundation
import Testing
import TestSupport

@testable import SyncEngine

/// The archive's stories as reader items (`SyncEngine.items`, `itemKeys`, `items(ids:)`,
/// `itemFeeds`): which stream holds what, each item's time, the order and the cursor.
@Suite struct ItemStreamTests {
    /// Days 20230314 and 20230313, sections 5 (first in the source's list), 3 (second) and 9
    /// (no longer in the list), stories 102 and 301 read, 202 and 999 (not listed) favourites.
    /// Newest first: 104 103 102 202 201 301 302 101 303.
    static func filled() throws -> ItemArchive {
        let archive = try ItemArchive()
        // 104 at 23:00; 102's ga_prefix is of another day, 103's hour is no hour: both 00:00.
        try archive.day("20230314", [(101, "031407"), (102, "031307"), (103, "031425"), (104, "031423")])
        try archive.day("20230313", [(201, "031309"), (202, "031309")])
        // 101 ran in section 3 on 20230310 before the day listed it: that day is its day.
        try archive.section(3, name: "瞎扯", position: 1, [(104, "20230314", "031423"), (301, "20230312", "031222"), (101, "20230310", "")])
        try archive.section(5, name: "深夜惊奇", position: 0, [(302, "20230311", "031106"), (104, "20230314", "031423")])
        try archive.section(9, name: "旧栏目", position: nil, [(303, "20230309", "030912")])
        try archive.markRead([102, 301])
        try archive.favorite(202, title: "收藏的 202", addedAt: 5)
        // 2023-03-01 20:00 UTC: 2023-03-02 in Beijing.
        try archive.favorite(999, title: "旧收藏", addedAt: Double(ItemArchive.time("20230302", hour: 4)))
        return archive
    }

    static let newestFirst: [Int64] = [104, 103, 102, 202, 201, 301, 302, 101, 303]

    private func ids(_ archive: ItemArchive, _ stream: ItemStream, _ edit: (inout ItemQuery) -> Void = { _ in }) async throws -> [Int64] {
        var query = ItemQuery(stream: stream, limit: 100)
        edit(&query)
        return try await archive.engine.items(query).items.map(\.id)
    }

    @Test func eachStreamHoldsItsItemsNewestFirst() async throws {
        let archive = try Self.filled()
        #expect(try await ids(archive, .all) == Self.newestFirst)
        #expect(try await ids(archive, .daily) == [104, 103, 102, 202, 201, 101])
        #expect(try await ids(archive, .section(3)) == [104, 301, 101])
        #expect(try await ids(archive, .section(5)) == [104, 302])
        #expect(try await ids(archive, .section(9)) == [303])
        #expect(try await ids(archive, .section(4)) == [])
        #expect(try await ids(archive, .read) == [102, 301])
        #expect(try await ids(archive, .starred) == [202, 999])
        #expect(try await ids(archive, .all) { $0.oldestFirst = true } == Self.newestFirst.reversed())
    }

    @Test func anItemsTimeIsItsFirstDayPlusTheHourOfItsGAPrefix() async throws {
        let archive = try Self.filled()
        let items = Dictionary(
            uniqueKeysWithValues: try await archive.engine.items(ItemQuery(stream: .all, limit: 100)).items.map { ($0.id, $0) })
        #expect(items[104]?.published == ItemArchive.time("20230314", hour: 23))
        #expect(items[102]?.published == ItemArchive.time("20230314"), "another day's MMdd")
        #expect(items[103]?.published == ItemArchive.time("20230314"), "hour 25")
        #expect(items[201]?.published == ItemArchive.time("20230313", hour: 9))
        #expect(items[303]?.published == ItemArchive.time("20230309", hour: 12))
        #expect(items[101]?.published == ItemArchive.time("20230310"), "its earliest day, whose MMdd its ga_prefix is not")
        #expect(items[101]?.day == Day("20230310"))
        #expect(items[104]?.day == Day("20230314"))
        // One item wherever it is listed, the same in every stream.
        let inDaily = try await archive.engine.items(ItemQuery(stream: .daily, limit: 100)).items.first { $0.id == 101 }
        let inSection = try await archive.engine.items(ItemQuery(stream: .section(3), limit: 100)).items.first { $0.id == 101 }
        #expect(inDaily == items[101] && inSection == items[101])
    }

    @Test func anItemSaysWhatListsItAndItsMarks() async throws {
        let archive = try Self.filled()
        let items = try await archive.engine.items(ids: [104, 101, 102, 303, 202, 999])
        #expect(items.map(\.id) == [104, 101, 102, 303, 202, 999])
        #expect(items[0].isDaily && items[0].sections == [ItemSection(id: 5, name: "深夜惊奇"), ItemSection(id: 3, name: "瞎扯")])
        #expect(items[0].title == "故事104" && items[0].url == "https://daily.zhihu.com/story/104")
        #expect(items[1].isDaily && items[1].sections == [ItemSection(id: 3, name: "瞎扯")])
        #expect(items[2].isRead && !items[2].isStarred && items[2].sections.isEmpty)
        #expect(!items[3].isDaily && items[3].sections == [ItemSection(id: 9, name: "旧栏目")] && !items[3].isRead)
        #expect(items[4].isStarred && items[4].title == "故事202", "a listed favourite has its story's title")
        let unlisted = ArchiveItem(
            id: 999, published: ItemArchive.time("20230302"), day: Day("20230302")!, title: "旧收藏", url: "https://daily.zhihu.com/story/999",
            isDaily: false, sections: [], isRead: false, isStarred: true)
        #expect(items[5] == unlisted)
    }

    @Test func itemsByIDKeepTheGivenOrderAndLeaveOutUnknownIDs() async throws {
        let archive = try Self.filled()
        #expect(try await archive.engine.items(ids: [303, 999, 12345, 104, 303]).map(\.id) == [303, 999, 104])
        #expect(try await archive.engine.items(ids: []).isEmpty)
    }

    @Test func pagesGoThroughAStreamInEitherOrder() async throws {
        let archive = try Self.filled()
        for limit in [1, 2, 4, 9, 10] {
            #expect(try await archive.all(ItemQuery(stream: .all, limit: limit)).map(\.id) == Self.newestFirst)
            var oldest = ItemQuery(stream: .all, limit: limit)
            oldest.oldestFirst = true
            #expect(try await archive.all(oldest).map(\.id) == Self.newestFirst.reversed())
        }
        let full = try await archive.engine.items(ItemQuery(stream: .all, limit: 9))
        #expect(full.next == nil, "a full page with nothing after it is the last")
        let zero = try await archive.engine.items(ItemQuery(stream: .all, limit: 0))
        #expect(zero.items.map(\.id) == [104] && zero.next != nil, "a limit below 1 is 1")
    }

    /// Stories a sync adds between two pages: newer ones (and one at the cursor's time with a
    /// higher id) are before the cursor and stay out; older ones (and one at its time with a lower
    /// id) are after it and come.
    @Test func storiesAddedBetweenPagesAreNeitherRepeatedNorSkipped() async throws {
        let archive = try Self.filled()
        let first = try await archive.engine.items(ItemQuery(stream: .all, limit: 3))
        #expect(first.items.map(\.id) == [104, 103, 102])
        #expect(first.next == ItemCursor(published: ItemArchive.time("20230314"), id: 102))
        try archive.day("20230315", [(401, "031508")])
        try archive.day("20230314", [(105, "031400"), (100, "031400")])
        try archive.day("20230313", [(402, "031310")])
        var rest = ItemQuery(stream: .all, limit: 2)
        rest.after = first.next
        #expect(try await archive.all(rest).map(\.id) == [100, 402, 202, 201, 301, 302, 101, 303])

        var oldest = ItemQuery(stream: .all, limit: 4)
        oldest.oldestFirst = true
        let start = try await archive.engine.items(oldest)
        #expect(start.items.map(\.id) == [303, 101, 302, 301])
        try archive.section(9, name: "旧栏目", position: nil, [(304, "20230308", "030801"), (305, "20230312", "031223")])
        oldest.after = start.next
        #expect(try await archive.all(oldest).map(\.id) == [305, 201, 202, 402, 100, 102, 103, 105, 104, 401])
    }

    @Test func aCursorBetweenTwoTimesOrBeyondEveryTimeStillPages() async throws {
        let archive = try Self.filled()
        var query = ItemQuery(stream: .all, limit: 100)
        query.after = ItemCursor(published: ItemArchive.time("20230314") + 1, id: 0)
        #expect(try await archive.engine.items(query).items.map(\.id) == Array(Self.newestFirst.dropFirst()))
        query.oldestFirst = true
        #expect(try await archive.engine.items(query).items.map(\.id) == [104])
        query.after = ItemCursor(token: "\(Int64.min).\(Int64.min)")
        #expect(try await archive.engine.items(query).items.count == 9)
        query.oldestFirst = false
        query.after = ItemCursor(token: "\(Int64.max).\(Int64.max)")
        #expect(try await archive.engine.items(query).items.count == 9)
        query.after = ItemCursor(published: Int64.min, id: 0)
        #expect(try await archive.engine.items(query).items.isEmpty)
    }

    @Test func timeBoundsIncludeTheirEnds() async throws {
        let archive = try Self.filled()
        let from = ItemArchive.time("20230313", hour: 9)
        let to = ItemArchive.time("20230314")
        #expect(
            try await ids(archive, .all) {
                $0.notBefore = from; $0.notAfter = to
            } == [103, 102, 202, 201])
        #expect(
            try await ids(archive, .all) {
                $0.notBefore = from + 1; $0.notAfter = to
            } == [103, 102])
        #expect(
            try await ids(archive, .all) {
                $0.notBefore = from; $0.notAfter = to - 1
            } == [202, 201])
        #expect(
            try await ids(archive, .all) {
                $0.notBefore = from - 1; $0.notAfter = to + 1
            } == [103, 102, 202, 201])
        #expect(
            try await ids(archive, .all) {
                $0.notBefore = to + 1; $0.notAfter = from
            } == [])
    }

    @Test func marksCutAStream() async throws {
        let archive = try Self.filled()
        #expect(try await ids(archive, .all) { $0.including = .read } == [102, 301])
        #expect(try await ids(archive, .all) { $0.excluding = .read } == [104, 103, 202, 201, 302, 101, 303])
        #expect(try await ids(archive, .all) { $0.including = .starred } == [202])
        #expect(try await ids(archive, .daily) { $0.excluding = .starred } == [104, 103, 102, 201, 101])
        #expect(try await ids(archive, .starred) { $0.excluding = .read } == [202, 999])
        #expect(
            try await ids(archive, .section(3)) {
                $0.including = .read; $0.excluding = .starred
            } == [301])
        #expect(try await ids(archive, .read) { $0.excluding = .read } == [])
        #expect(try await ids(archive, .starred) { $0.excluding = .starred } == [])
        #expect(
            try await ids(archive, .all) {
                $0.including = .starred; $0.excluding = .starred
            } == [])
    }

    @Test func keysAreThePagesIdsAndTimes() async throws {
        let archive = try Self.filled()
        for stream in [ItemStream.all, .daily, .section(3), .starred, .read] {
            var query = ItemQuery(stream: stream, limit: 2)
            query.oldestFirst = stream == .daily
            let page = try await archive.engine.items(query)
            let keys = try await archive.engine.itemKeys(query)
            #expect(keys.keys == page.items.map { ItemKey(id: $0.id, published: $0.published) })
            #expect(keys.next == page.next)
        }
        var rest = ItemQuery(stream: .all, limit: 10_000)
        rest.after = ItemCursor(published: ItemArchive.time("20230312", hour: 22), id: 301)
        #expect(try await archive.engine.itemKeys(rest).keys.map(\.id) == [302, 101, 303])
    }

    @Test func feedsAreTheDaysThenTheSectionsInTheSourcesOrder() async throws {
        let archive = try Self.filled()
        #expect(
            try await archive.engine.itemFeeds() == [
                ItemFeed(stream: .daily, title: "知乎日报", unread: 5, newest: ItemArchive.time("20230314", hour: 23)),
                ItemFeed(stream: .section(5), title: "深夜惊奇", unread: 2, newest: ItemArchive.time("20230314", hour: 23)),
                ItemFeed(stream: .section(3), title: "瞎扯", unread: 2, newest: ItemArchive.time("20230314", hour: 23)),
                ItemFeed(stream: .section(9), title: "旧栏目", unread: 1, newest: ItemArchive.time("20230309", hour: 12)),
            ])
        // Every item once: 9 listed, 2 read (a story in a day and sections counts once).
        #expect(
            try await archive.engine.itemFeeds(includingAll: true).last
                == ItemFeed(stream: .all, title: "知乎日报", unread: 7, newest: ItemArchive.time("20230314", hour: 23)))
        #expect(try await archive.engine.itemFeeds(includingAll: true).count == 5)
        #expect(try await ItemArchive().engine.itemFeeds() == [ItemFeed(stream: .daily, title: "知乎日报", unread: 0, newest: nil)])
    }
}
