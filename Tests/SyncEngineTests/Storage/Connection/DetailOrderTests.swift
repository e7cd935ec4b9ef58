import Testing
@testable import SyncEngine

/// Details kept in the order they were written (schema step 11), and new archives in 16 KB pages:
/// what keeps a synced archive's pages full when days, and so story ids, arrive newest first.
@Suite struct DetailOrderTests {
    private let day = Day("20230313")!

    private func detail(_ id: Int64, _ title: String, _ paragraph: String) -> DetailRecord {
        DetailRecord(
            StoryDetail(
                id: id, title: title, bodyHTML: "<div class=\"content\"><p>\(paragraph)</p></div>", image: nil,
                imageSource: nil, shareURL: nil, url: "https://daily.zhihu.com/story/\(id)", type: 0, sectionName: nil,
                publishTime: nil))
    }

    /// Three days' stories and details, written newest day first as a sync writes them.
    private func syncedArchive() throws -> (path: String, database: Database) {
        let path = try temporaryDatabasePath()
        let database = try Database(path: path)
        let pages = try Archive(database: database).pages
        let details = DetailStore(database: database)
        let days: [(Day, Int64, String, String)] = [
            (Day("20230315")!, 30, "为什么春天的风总是特别大？", "冷空气和暖空气在这里交汇，气压差变大。"),
            (Day("20230314")!, 20, "量子计算入门", "简单说，量子计算用量子比特代替比特。"),
            (day, 10, "Swift 并发入门", "Actors and Sendable, explained with a café."),
        ]
        for (date, id, title, paragraph) in days {
            try pages.writeDay(date, stories: [story(id, title)], fetchedAt: 1, isFinal: true)
            try details.writeDetails([detail(id, title, paragraph)], extras: [], fetchedAt: 1)
        }
        // A detail of a story no day lists: indexed by its own row of the view.
        try details.writeDetail(detail(5, "栏目里的一篇", "只有详情知道的故事。"), fetchedAt: 1)
        return (path, database)
    }

    private func engine(_ path: String) throws -> SyncEngine {
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = ["http://127.0.0.1:9/api/4"]
        return try SyncEngine(configuration: configuration, clock: TestClock())
    }

    /// What each query finds (ids, days and snippets), read through the index as the engine
    /// reads it, on an archive whatever its schema (the engine would upgrade it first).
    private func answers(_ database: Database) throws -> [[SearchResult]] {
        try ["风", "气压差", "量子比特", "café", "Sendable", "春天", "详情", "栏目"].map {
            try SearchIndex(database: database).search(try #require(SearchText.matchExpression(for: $0)), limit: 20)
        }
    }

    private func storedDetails(_ database: Database) throws -> [StoryDetail?] {
        let details = DetailStore(database: database)
        return try [5, 10, 20, 30].map { try details.readDetail($0)?.value }
    }

    /// Every stored column of every detail, byte for byte, in story order.
    private func rows(_ database: Database) throws -> [String] {
        let columns = [
            "id", "title", "body", "image", "image_source", "share_url", "url", "type", "section_name", "publish_time",
            "fetched_at", "section_id",
        ]
        let quoted = columns.map { "quote(\($0))" }
        return try database.query("SELECT \(quoted.joined(separator: " || ',' || ")) FROM story_detail ORDER BY id") { $0.text(at: 0) }
    }

    private func columns(_ database: Database) throws -> [String] {
        try database.query("PRAGMA table_info(story_detail)") { $0.text(at: 1) }
    }

    @Test func aNewArchiveHas16KBPages() throws {
        let (path, database) = try syncedArchive()
        #expect(try database.query("PRAGMA page_size") { $0.int64(at: 0) } == [16384])
        #expect(try database.query("PRAGMA journal_mode") { $0.text(at: 0) } == ["wal"])
        // Opened again, the file keeps its size.
        let again = try Database(path: path)
        #expect(try again.query("PRAGMA page_size") { $0.int64(at: 0) } == [16384])
    }

    @Test func detailsAreStoredInTheOrderTheyWereWritten() throws {
        let (_, database) = try syncedArchive()
        // The table's own order (its key), not the story ids': each insert appends.
        #expect(try database.query("SELECT id FROM story_detail ORDER BY rowid") { $0.int64(at: 0) } == [30, 20, 10, 5])
    }

    @Test func writingADetailAgainReplacesIt() async throws {
        let (path, database) = try syncedArchive()
        try DetailStore(database: database).writeDetail(detail(20, "量子计算入门（修订）", "量子纠缠是另一回事。"), fetchedAt: 2)
        #expect(try database.query("SELECT count(*) FROM story_detail WHERE id = 20") { $0.int64(at: 0) } == [1])
        #expect(try database.query("SELECT id FROM story_detail ORDER BY rowid") { $0.int64(at: 0) } == [30, 10, 5, 20])
        let stored = try #require(try DetailStore(database: database).readDetail(20))
        #expect(stored.value.title == "量子计算入门（修订）")
        #expect(stored.fetchedAt == 2)
        #expect(stored.value.bodyHTML?.contains("量子纠缠") == true)
        try database.execute("INSERT INTO story_search (story_search) VALUES ('integrity-check')")
        let engine = try engine(path)
        #expect(try await engine.search("量子纠缠").map(\.id) == [20])
        #expect(try await engine.search("量子比特").map(\.id) == [])
    }

    /// The archive of `syncedArchive`, taken back to the schema before step 11: details keyed by
    /// the story id, as every archive before it was.
    private func archiveOfThePreviousSchema() throws -> String {
        let (path, database) = try syncedArchive()
        let detailOrderStep = try #require(Migrations.steps.firstIndex { $0.name == "details in insert order" })
        try database.execute(
            """
            DROP VIEW searchable_story;
            CREATE TABLE story_detail_by_id (
                id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, image TEXT, image_source TEXT, share_url TEXT,
                url TEXT NOT NULL, type INTEGER NOT NULL, section_name TEXT, publish_time INTEGER, fetched_at REAL NOT NULL,
                section_id INTEGER
            );
            INSERT INTO story_detail_by_id
                SELECT id, title, body, image, image_source, share_url, url, type, section_name, publish_time, fetched_at, section_id
                FROM story_detail;
            DROP TABLE story_detail;
            ALTER TABLE story_detail_by_id RENAME TO story_detail;
            CREATE VIEW searchable_story (id, title, hint, body) AS
                SELECT story.id, story.title, story.hint, story_text(story_detail.body)
                FROM story LEFT JOIN story_detail ON story_detail.id = story.id
                UNION ALL
                SELECT story_detail.id, story_detail.title, '', story_text(story_detail.body)
                FROM story_detail
                WHERE body IS NOT NULL AND NOT EXISTS (SELECT 1 FROM story WHERE story.id = story_detail.id);
            DROP TABLE account_token;
            DROP TABLE account;
            PRAGMA user_version = \(detailOrderStep);
            """)
        try database.execute("INSERT INTO story_search (story_search) VALUES ('integrity-check')")
        #expect(try !columns(database).contains("insert_order"))
        return path
    }

    @Test func anUpgradedArchiveKeepsEveryDetailAndSearchHit() throws {
        let path = try archiveOfThePreviousSchema()
        let old = try Database(path: path)
        let before = try storedDetails(old)
        let rowsBefore = try rows(old)
        #expect(before.allSatisfy { $0 != nil })
        let hitsBefore = try answers(old)
        #expect(hitsBefore.map { $0.map(\.id) } == [[30], [30], [20], [10], [10], [30], [5], [5]])

        let database = try Database(path: path)
        var fractions: [Double] = []
        try Migrations.migrate(database, progress: { fractions.append($0.fractionCompleted) })
        #expect(try Migrations.userVersion(database) == Migrations.steps.count)
        #expect(fractions.last == 1, "the upgrade reports its end")
        #expect(fractions.count > 3 && fractions == fractions.sorted(), "the copy of the details moves it: \(fractions)")
        #expect(try columns(database).first == "insert_order")
        #expect(try database.query("PRAGMA integrity_check") { $0.text(at: 0) } == ["ok"])
        try database.execute("INSERT INTO story_search (story_search) VALUES ('integrity-check')")
        #expect(try storedDetails(database) == before)
        #expect(try rows(database) == rowsBefore)
        #expect(try answers(database) == hitsBefore)

        // Details written after the upgrade append, and replace as before.
        try DetailStore(database: database).writeDetail(detail(10, "Swift 并发入门", "Sendable again."), fetchedAt: 3)
        try DetailStore(database: database).writeDetail(detail(1, "更早的一篇", "最早的故事。"), fetchedAt: 3)
        #expect(try database.query("SELECT id FROM story_detail ORDER BY rowid") { $0.int64(at: 0) } == [5, 20, 30, 10, 1])
        #expect(try database.query("SELECT count(*) FROM story_detail") { $0.int64(at: 0) } == [5])
    }
}
