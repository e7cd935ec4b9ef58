import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// `SyncEngine.prune(keepDays:)`: the newest days stay, older days go with their stories,
/// details, counters and index rows; the user's favourites and read marks never go.
@Suite struct PruneTests {
    private let source = SyntheticSource()
    private var latest: Day { source.latest }

    private func count(_ table: String, in path: String) throws -> Int64 {
        try Database(path: path).query("SELECT count(*) FROM \(table)") { $0.int64(at: 0) }.first ?? -1
    }

    private func fileBytes(_ path: String) -> Int64 {
        [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int64 ?? 0)
        }
    }

    @Test func aFailingStoryGoesWithItsDay() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 5, details: true)
        let old = source.storyID(latest.adding(days: -4), 0)
        let recent = source.storyID(latest, 0)
        for id in [old, recent] { h.server.setReply(.body(status: 500, text: "{}"), for: SyntheticSource.detailPath(id)) }
        _ = try await h.engine.sync(SyntheticRequest.details(5))
        #expect(try await h.engine.status().failingStories.map(\.id).sorted() == [old, recent].sorted())
        await h.server.stop()
        _ = try await h.engine.prune(keepDays: 2)
        #expect(try await h.engine.status().failingStories.map(\.id) == [recent], "not listed, nor asked for again")
    }

    @Test func theNewestDaysStayAndFavouritesAndReadMarksOutliveTheirDays() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 10, details: true)
        _ = try await h.engine.sync(SyntheticRequest.details(10))
        let old = latest.adding(days: -6)
        let favorite = source.storyID(old, 0), dropped = source.storyID(old, 1)
        let read = source.storyID(latest.adding(days: -8), 0)
        try await h.engine.addFavorite(id: favorite)
        try await h.engine.markRead(id: favorite)
        try await h.engine.markRead(id: read)
        try await h.engine.markRead(id: source.storyID(latest, 0))
        let requests = h.server.requestedPaths.count
        #expect(try await h.engine.search("第\(dropped)号故事的正文").map(\.id) == [dropped])
        await h.server.stop()

        h.clock.advance(by: 90 * 86_400)  // the device's clock has no say: days count from the latest day
        let summary = try await h.engine.prune(keepDays: 3)
        #expect(summary.firstKept == latest.adding(days: -2))
        #expect(summary.daysRemoved == 7)
        #expect(summary.storiesRemoved == 7 * 2 - 1)
        #expect(summary.detailsRemoved == 7 * 2 - 1)
        #expect(h.server.requestedPaths.count == requests, "pruning never touches the network")

        let status = try await h.engine.status()
        #expect(status.coverage.cachedRanges == [latest.adding(days: -2)...latest])
        #expect(status.coverage.latestKnownDay == latest)
        #expect(status.stories == 3 * 2 + 1)
        #expect(status.details == 3 * 2 + 1)
        #expect(status.favorites == 1)
        #expect(try count("story_extra", in: h.path) == 3 * 2 + 1)
        #expect(try count("story_search", in: h.path) == 3 * 2 + 1)

        // The favourite: listed, readable offline with its counters, still found.
        #expect(try await h.engine.favorites().map(\.id) == [favorite])
        #expect(try await h.engine.favorites().first?.isDetailCached == true)
        let page = try await h.engine.detail(id: favorite, policy: .cacheOnly)
        #expect(page.detail.title == "第\(favorite)号故事")
        #expect(page.extra?.popularity == 7)
        #expect(page.marks == StoryMarks(isFavorite: true, isRead: true))
        let found = try await h.engine.search("第\(favorite)号故事的正文")
        #expect(found.map(\.id) == [favorite])
        #expect(found.first?.day == nil, "its day is gone")

        // A dropped story: gone from the archive and the index; its read mark stays.
        let gone = await #expect(throws: SyncError.self) { try await h.engine.detail(id: dropped, policy: .cacheOnly) }
        #expect(gone?.code == .notCached)
        #expect(try await h.engine.search("第\(dropped)号故事的正文").isEmpty)
        #expect(try await h.engine.search("第\(dropped)号故事").isEmpty)
        let oldDay = await #expect(throws: SyncError.self) { try await h.engine.page(for: old, policy: .cacheOnly) }
        #expect(oldDay?.code == .notCached)
        #expect(
            try await h.engine.marks(for: [read, favorite, source.storyID(latest, 0)]) == [
                read: StoryMarks(isFavorite: false, isRead: true),
                favorite: StoryMarks(isFavorite: true, isRead: true),
                source.storyID(latest, 0): StoryMarks(isFavorite: false, isRead: true),
            ])
        // What was kept is whole.
        #expect(try await h.engine.page(for: latest.adding(days: -2), policy: .cacheOnly).stories.count == 2)
        #expect(try await h.engine.latest(policy: .cacheOnly).topStories.count == 1)
        #expect(try await h.engine.search("第\(source.storyID(latest.adding(days: -2), 1))号故事的正文").count == 1)

        // Pruning again removes nothing.
        let again = try await h.engine.prune(keepDays: 3)
        #expect(again.daysRemoved == 0)
        #expect(again.storiesRemoved == 0)
        #expect(again.detailsRemoved == 0)
        #expect(try await h.engine.status().stories == 3 * 2 + 1)
    }

    @Test func aStoryOnAKeptDayOrInTheBannerKeepsItsDetail() async throws {
        let path = try temporaryDatabasePath()
        let database = try Database(path: path)
        let pages = try Archive(database: database).pages, details = DetailStore(database: database)
        let today = latest
        try pages.writeDay(today.adding(days: -5), stories: [story(1, "一个故事两天都有"), story(2, "只在旧的一天")], fetchedAt: 1, isFinal: true)
        try pages.writeDay(today.adding(days: -1), stories: [story(1, "一个故事两天都有")], fetchedAt: 1, isFinal: true)
        try pages.writeLatest(today, stories: [story(3, "今天的故事")], topStories: [story(4, "只在头图里")], fetchedAt: 1)
        for id: Int64 in [1, 2, 3, 4] {
            try details.writeDetail(
                DetailRecord(
                    StoryDetail(
                        id: id, title: "详情\(id)", bodyHTML: "<p>正文\(id)</p>", image: nil, imageSource: nil,
                        shareURL: nil, url: "https://daily.zhihu.com/story/\(id)", type: 0,
                        sectionName: nil, publishTime: nil)),
                fetchedAt: 1)
        }
        let engine = try SyncEngine(configuration: .init(databasePath: path), clock: TestClock())
        let summary = try await engine.prune(keepDays: 2)
        #expect(summary.firstKept == today.adding(days: -1))
        #expect(summary.daysRemoved == 1)
        #expect(summary.storiesRemoved == 1)
        #expect(summary.detailsRemoved == 1)
        for id: Int64 in [1, 3, 4] {
            #expect(try await engine.detail(id: id, policy: .cacheOnly).detail.id == id)
            #expect(try await engine.search("正文\(id)").map(\.id) == [id])
        }
        #expect(try await engine.search("正文2").isEmpty)
        #expect(try await engine.page(for: today.adding(days: -1), policy: .cacheOnly).stories.map(\.id) == [1])
    }

    @Test func pruningABigArchiveGivesTheSpaceBack() async throws {
        let path = try temporaryDatabasePath()
        // Seconds of packing and indexing in a debug build: on a thread of its own (`offThePool`).
        try await offThePool { [self] in
            let database = try Database(path: path)
            let pages = try Archive(database: database).pages, details = DetailStore(database: database)
            // Three thousand Han characters in a scrambled order: text that deflates about as
            // little as real text does, so the details are a big part of the file.
            let characters = (0..<3_000).map { Character(Unicode.Scalar(0x4E00 + $0)!) }
            // Sixty days: an archive of 16 KB pages takes about 0.8 MB empty (a page or more for
            // each table and index), which what prune keeps must stay well below a fifth of.
            for offset in 0..<60 {
                let day = latest.adding(days: -offset)
                let ids = (0..<3).map { source.storyID(day, $0) }
                let stories = ids.map { story($0, "第\($0)号故事") }
                if offset == 0 {
                    try pages.writeLatest(day, stories: stories, topStories: [], fetchedAt: 1)
                } else {
                    try pages.writeDay(day, stories: stories, fetchedAt: 1, isFinal: true)
                }
                for id in ids {
                    var state = UInt64(bitPattern: id)
                    let text = String(
                        (0..<6_000).map { _ in
                            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                            return characters[Int((state >> 33) % UInt64(characters.count))]
                        })
                    try details.writeDetail(
                        DetailRecord(
                            StoryDetail(
                                id: id, title: "第\(id)号故事", bodyHTML: "<p>\(text)</p>", image: nil,
                                imageSource: nil, shareURL: nil, url: "https://daily.zhihu.com/story/\(id)",
                                type: 0, sectionName: nil, publishTime: nil)),
                        fetchedAt: 1)
                }
            }
        }
        let engine = try SyncEngine(configuration: .init(databasePath: path), clock: TestClock())
        let before = try await engine.status().databaseBytes
        #expect(before == fileBytes(path))
        #expect(before > 2_000_000)

        let summary = try await engine.prune(keepDays: 2)
        #expect(summary.daysRemoved == 58)
        #expect(summary.detailsRemoved == 58 * 3)
        #expect(summary.bytesBefore == before)
        #expect(summary.bytesAfter == fileBytes(path))
        #expect(summary.bytesAfter < before / 5, "\(before) → \(summary.bytesAfter)")
        #expect(try await engine.status().databaseBytes == summary.bytesAfter)
        #expect(try await engine.status().details == 2 * 3)
        #expect(try await engine.search("第\(source.storyID(latest, 2))号故事").count == 1)
    }

    @Test(arguments: [0, -1, Int.min])
    func keepingFewerThanOneDayIsRefused(keepDays: Int) async throws {
        let path = try temporaryDatabasePath()
        let database = try Database(path: path)
        try Archive(database: database).pages.writeDay(latest, stories: [story(1)], fetchedAt: 1, isFinal: true)
        let engine = try SyncEngine(configuration: .init(databasePath: path), clock: TestClock())
        let error = await #expect(throws: SyncError.self) { try await engine.prune(keepDays: keepDays) }
        #expect(error?.code == .invalidQuery)
        #expect(try await engine.coverage().dayCount == 1, "nothing was removed")
    }

    @Test func anEmptyArchiveHasNothingToPrune() async throws {
        let engine = try SyncEngine(configuration: .init(databasePath: try temporaryDatabasePath()), clock: TestClock())
        let summary = try await engine.prune(keepDays: 1)
        #expect(summary.firstKept == nil)
        #expect(summary.daysRemoved == 0)
        #expect(summary.bytesAfter == summary.bytesBefore)
    }

    @Test func withoutTheLatestDayTheNewestCachedDayCounts() async throws {
        let path = try temporaryDatabasePath()
        let database = try Database(path: path)
        let pages = try Archive(database: database).pages
        for offset in 0..<4 {
            try pages.writeDay(latest.adding(days: -offset), stories: [story(Int64(offset + 1))], fetchedAt: 1, isFinal: true)
        }
        let engine = try SyncEngine(configuration: .init(databasePath: path), clock: TestClock())
        let summary = try await engine.prune(keepDays: 2)
        #expect(summary.firstKept == latest.adding(days: -1))
        #expect(try await engine.coverage().cachedRanges == [latest.adding(days: -1)...latest])
    }

    @Test func anAbsurdlyLargeKeepDaysKeepsEverything() async throws {
        let path = try temporaryDatabasePath()
        let database = try Database(path: path)
        try Archive(database: database).pages.writeDay(latest, stories: [story(1)], fetchedAt: 1, isFinal: true)
        let engine = try SyncEngine(configuration: .init(databasePath: path), clock: TestClock())
        let summary = try await engine.prune(keepDays: .max)
        #expect(summary.daysRemoved == 0)
        #expect(try await engine.coverage().dayCount == 1)
    }
}
