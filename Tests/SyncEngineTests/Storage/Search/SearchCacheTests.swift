import Testing
@testable import SyncEngine

/// A connection that has searched keeps the pages a search of a large archive reads (about
/// 2.5 MB on the 10-year archive, more than SQLite's default cache of 2 MB), so the next search
/// finds them in memory instead of reading them from the file again.
@Suite struct SearchCacheTests {
    private func cacheSize(_ database: Database) throws -> Int64 {
        try database.query("PRAGMA cache_size") { $0.int64(at: 0) }.first ?? 0
    }

    @Test func aConnectionThatSearchedKeepsEightMebibytesOfPages() throws {
        let database = try Database(path: try temporaryDatabasePath())
        let pages = try Archive(database: database).pages
        let story = Story(
            id: 1, title: "为什么春天的风总是特别大？", hint: "气象小站 · 3 分钟阅读", imageURL: nil,
            url: "https://daily.zhihu.com/story/1", gaPrefix: "031307", imageHue: "", type: 0)
        try pages.writeDay(Day("20230313")!, stories: [story], fetchedAt: 1, isFinal: true)
        let reader = try Database(path: database.path)
        // This SQLite's default (2 MB as Debian builds it), whatever it was built with.
        let initial = try cacheSize(reader)
        #expect(initial != -Int64(SearchIndex.cacheKiB), "the default until a search")
        let found = try SearchIndex(database: reader).search(SearchText.matchExpression(for: "春天")!, limit: 20)
        #expect(found.map(\.id) == [1])
        #expect(try cacheSize(reader) == -Int64(SearchIndex.cacheKiB))
        #expect(SearchIndex.cacheKiB >= 8192)
        #expect(try cacheSize(database) == initial, "a connection that never searched keeps the default")
    }
}
