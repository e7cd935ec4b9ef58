import Foundation
import Testing
@testable import SyncEngine

@Suite struct PageStoreTests {
    private let day = Day("20230313")!

    private func makeStore() throws -> (PageStore, Database) {
        let database = try Database(path: try temporaryDatabasePath())
        return (try Archive(database: database).pages, database)
    }

    @Test func aDayRoundTripsInItsOrder() throws {
        let (store, _) = try makeStore()
        let stories = [story(3, "三"), story(1, "一", image: nil), story(2, "二")]
        try store.writeDay(day, stories: stories, fetchedAt: 1_000.5, isFinal: true)
        let stored = try #require(try store.readDay(day))
        #expect(stored.stories == stories)
        #expect(stored.fetchedAt == 1_000.5)
        #expect(stored.isFinal)
        #expect(try store.readDay(day.adding(days: -1)) == nil)
    }

    @Test func rewritingADayReplacesItsListAndUpsertsStories() throws {
        let (store, database) = try makeStore()
        try store.writeDay(day, stories: [story(1, "old"), story(2)], fetchedAt: 1, isFinal: false)
        try store.writeDay(day, stories: [story(1, "new title")], fetchedAt: 2, isFinal: true)
        let stored = try #require(try store.readDay(day))
        #expect(stored.stories.map(\.title) == ["new title"])
        #expect(stored.isFinal)
        #expect(try database.query("SELECT count(*) FROM story WHERE id = 1") { $0.int64(at: 0) } == [1])
    }

    @Test func aStoryOnTwoDaysIsStoredOnce() throws {
        let (store, database) = try makeStore()
        try store.writeDay(day, stories: [story(7)], fetchedAt: 1, isFinal: true)
        try store.writeDay(day.adding(days: -1), stories: [story(7)], fetchedAt: 1, isFinal: true)
        #expect(try database.query("SELECT count(*) FROM story") { $0.int64(at: 0) } == [1])
        #expect(try store.readDay(day.adding(days: -1))?.stories.map(\.id) == [7])
    }

    /// A batch writes its stories in id order, each once: a story listed on two of its days
    /// keeps the values of the day written last, in the index too.
    @Test func aStoryListedTwiceInOneBatchKeepsTheLastValues() throws {
        let (store, database) = try makeStore()
        try store.writeDays(
            [(day, [story(9, "先写的标题"), story(7, "七")]), (day.adding(days: -1), [story(9, "后写的标题")])],
            fetchedAt: 1, isFinal: true)
        #expect(try store.readDay(day)?.stories.map(\.title) == ["后写的标题", "七"])
        #expect(try store.readDay(day.adding(days: -1))?.stories.map(\.title) == ["后写的标题"])
        func indexed(_ phrase: String) throws -> [Int64] {
            try database.query("SELECT rowid FROM story_search WHERE story_search MATCH ?", [.text("\"\(phrase)\"")]) {
                $0.int64(at: 0)
            }
        }
        #expect(try indexed("后写") == [9])
        #expect(try indexed("先写").isEmpty)
        #expect(try database.query("SELECT count(*) FROM story_search_docsize") { $0.int64(at: 0) } == [2])
        try database.execute("INSERT INTO story_search (story_search, rank) VALUES ('integrity-check', 1)")
    }

    /// A batch writes without foreign key checks: what it writes keeps them all the same (a
    /// rewritten day, a story on two days, a story written again), and the checks are on again
    /// after it, whether it was written or failed.
    @Test func batchesKeepForeignKeysAndTurnTheirChecksBackOn() throws {
        let (store, database) = try makeStore()
        func foreignKeysOn() throws -> Bool { try database.query("PRAGMA foreign_keys") { $0.int64(at: 0) } == [1] }
        try store.writeDays([(day, [story(1), story(2)]), (day.adding(days: -1), [story(2), story(3)])], fetchedAt: 1, isFinal: true)
        try store.writeDays([(day, [story(4)]), (day.adding(days: -2), [story(1, "again")])], fetchedAt: 2, isFinal: true)
        #expect(try foreignKeysOn())
        #expect(try database.query("PRAGMA foreign_key_check") { $0.text(at: 0) }.isEmpty)
        #expect(try database.query("SELECT story_id FROM day_story ORDER BY date DESC, position") { $0.int64(at: 0) } == [4, 2, 3, 1])

        try database.execute(
            "CREATE TRIGGER refuse_story_9 BEFORE INSERT ON story WHEN NEW.id = 9 BEGIN SELECT RAISE(ABORT, 'refused'); END")
        #expect(throws: DatabaseError.self) {
            try store.writeDays([(day.adding(days: -3), [story(8), story(9)])], fetchedAt: 3, isFinal: true)
        }
        #expect(try foreignKeysOn())
        // Checks on: a list row whose story is missing is refused again.
        #expect(throws: DatabaseError.self) {
            try database.run("INSERT INTO day_story (date, position, story_id) VALUES (?, 9, 12345)", [.integer(day.key)])
        }
    }

    @Test func aFailureMidPageWritesNothing() throws {
        let (store, database) = try makeStore()
        try store.writeDay(day, stories: [story(1, "kept")], fetchedAt: 1, isFinal: false)
        // Real SQLite refuses the third story of the next write, after two rows went in.
        try database.execute(
            """
            CREATE TRIGGER refuse_story_3 BEFORE INSERT ON story WHEN NEW.id = 3
            BEGIN SELECT RAISE(ABORT, 'refused by test'); END
            """)
        #expect(throws: DatabaseError.self) {
            try store.writeDay(day, stories: [story(1, "changed"), story(2), story(3)], fetchedAt: 2, isFinal: true)
        }
        let stored = try #require(try store.readDay(day))
        #expect(stored.stories.map(\.title) == ["kept"])
        #expect(stored.fetchedAt == 1)
        #expect(!stored.isFinal)
        #expect(try database.query("SELECT count(*) FROM story WHERE id = 2") { $0.int64(at: 0) } == [0])
    }

    @Test func theLatestPageKeepsItsBannerAndDay() throws {
        let (store, _) = try makeStore()
        #expect(try store.readLatest() == nil)
        let banner = [story(10, "banner", image: "https://pic1.zhimg.com/banner.jpg"), story(11)]
        try store.writeLatest(
            day, stories: [story(10, "banner", image: "https://pic1.zhimg.com/thumb.jpg")],
            topStories: banner, fetchedAt: 5)
        let latest = try #require(try store.readLatest())
        #expect(latest.day == day)
        #expect(latest.topStories == banner)
        #expect(!latest.isFinal)
        // The day list keeps its thumbnail; the banner its own large image.
        #expect(latest.stories.first?.imageURL == "https://pic1.zhimg.com/thumb.jpg")
        #expect(try store.latestDay() == day)
    }
}
