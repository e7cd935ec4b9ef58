import Testing
@testable import SyncEngine

/// The step that repacks zlib bodies (format 1) with zstd: an archive of the schema before it
/// opens, migrates, and reads and finds the same stories.
@Suite struct ZstdMigrationTests {
    private let day = Day("20230313")!

    private func writeDetail(_ id: Int64, _ title: String, _ paragraphs: [String], into details: DetailStore) throws {
        let html = "<div class=\"content\">" + paragraphs.map { "<p>\($0)</p>" }.joined() + "</div>"
        let detail = StoryDetail(
            id: id, title: title, bodyHTML: html, image: nil, imageSource: nil, shareURL: nil,
            url: "https://daily.zhihu.com/story/\(id)", type: 0, sectionName: nil, publishTime: nil)
        try details.writeDetail(DetailRecord(detail), fetchedAt: 1)
    }

    private func formats(_ database: Database) throws -> [Int64] {
        try database.query("SELECT unicode(CAST(substr(body, 1, 1) AS TEXT)) FROM story_detail WHERE body IS NOT NULL ORDER BY id") {
            $0.int64(at: 0)
        }
    }

    /// Details written now, then taken back to the schema before the zstd step with every body
    /// packed with zlib as that schema wrote it.
    private func archiveOfThePreviousSchema() throws -> String {
        let path = try temporaryDatabasePath()
        let database = try Database(path: path)
        let pages = try Archive(database: database).pages
        let details = DetailStore(database: database)
        try pages.writeDay(
            day,
            stories: [story(1, "为什么春天的风总是特别大？"), story(2, "量子计算入门"), story(3, "Swift 并发入门")],
            fetchedAt: 1, isFinal: true)
        try writeDetail(1, "为什么春天的风总是特别大？", ["冷空气和暖空气在这里交汇。", "气压差变大，风也就大了。"], into: details)
        try writeDetail(2, "量子计算入门", ["简单说，量子计算用量子比特代替比特。"], into: details)
        try writeDetail(3, "Swift 并发入门", ["Actors and Sendable, explained with a café."], into: details)
        let rows = try database.query("SELECT id, body FROM story_detail") { ($0.int64(at: 0), $0.bytes(at: 1)) }
        for (id, body) in rows {
            let (joined, textCount) = try #require(body.withUnsafeBytes { StoredBody.inflate($0) })
            let zlib = try #require(StoredBody.pack(joined: joined, textCount: textCount, dictionary: nil))
            try database.run("UPDATE story_detail SET body = ? WHERE id = ?", [.blob(zlib), .integer(id)])
        }
        let zstdStep = try #require(Migrations.steps.firstIndex { $0.name == "zstd story bodies" })
        // The steps after it made tables an archive of its schema did not have yet.
        try database.execute("DROP TABLE account_token; DROP TABLE account; PRAGMA user_version = \(zstdStep)")
        #expect(try formats(database) == [1, 1, 1])
        return path
    }

    private func engine(_ path: String) throws -> SyncEngine {
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = ["http://127.0.0.1:9/api/4"]
        return try SyncEngine(configuration: configuration, clock: TestClock())
    }

    private func answers(_ engine: SyncEngine) async throws -> [[SearchResult]] {
        var all: [[SearchResult]] = []
        for query in ["风", "气压差", "量子比特", "café", "Sendable", "春天"] {
            all.append(try await engine.search(query))
        }
        return all
    }

    private func bodies(_ database: Database) throws -> [String?] {
        let details = DetailStore(database: database)
        return try [1, 2, 3].map { try details.readDetail($0)?.value.bodyHTML }
    }

    @Test func zlibBodiesAreRepackedWithZstdAndReadAndSearchTheSame() async throws {
        _ = try #require(BodyDictionary.one, "libzstd1 is part of the build machine (scripts/setup)")
        let path = try archiveOfThePreviousSchema()
        let before = try bodies(Database(path: path))
        #expect(before.allSatisfy { $0?.contains("<p>") == true })
        // The same answers from the old rows, read before the migration, through the index.
        let old = try Database(path: path)
        let oldTexts = try old.query("SELECT story_text(body) FROM story_detail ORDER BY id") { $0.optionalText(at: 0) }

        let database = try Database(path: path)
        var fractions: [Double] = []
        try Migrations.migrate(database, progress: { fractions.append($0.fractionCompleted) })
        #expect(try Migrations.userVersion(database) == Migrations.steps.count)
        #expect(try formats(database) == [2, 2, 2])
        #expect(fractions.count > 3 && fractions.last == 1, "the upgrade reports its progress")
        #expect(fractions == fractions.sorted())
        #expect(try bodies(database) == before)
        #expect(try database.query("SELECT story_text(body) FROM story_detail ORDER BY id") { $0.optionalText(at: 0) } == oldTexts)
        try database.execute("INSERT INTO story_search (story_search) VALUES ('integrity-check')")

        let answers = try await answers(engine(path))
        #expect(answers.map { $0.map(\.id) } == [[1], [1], [2], [3], [3], [1]])
        #expect(answers[1].first?.snippet.contains { $0.isMatch && $0.text == "气压差" } == true)
    }
}
