import Foundation
import Testing
@testable import SyncEngine

/// `SyncEngine.search` over the FTS5 index `story_search`, written by the real page and detail
/// writes into a real SQLite file.
@Suite struct SearchTests {
    private let day = Day("20230313")!

    private struct Archive {
        let engine: SyncEngine
        let pages: PageStore
        let details: DetailStore
        let database: Database
        let path: String
    }

    /// An engine that never reaches a network (it upgrades the file), and the stores of a second
    /// connection that fill its file.
    private func archive() throws -> Archive {
        let path = try temporaryDatabasePath()
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = ["http://127.0.0.1:9/api/4"]
        let engine = try SyncEngine(configuration: configuration, clock: TestClock())
        let database = try Database(path: path)
        return Archive(
            engine: engine, pages: PageStore(database: database), details: DetailStore(database: database),
            database: database, path: path)
    }

    private func listed(_ id: Int64, _ title: String, hint: String = "作者 · 1 分钟阅读") -> Story {
        Story(
            id: id, title: title, hint: hint, imageURL: nil, url: "https://daily.zhihu.com/story/\(id)",
            gaPrefix: "031307", imageHue: "", type: 0)
    }

    private func writeDetail(_ id: Int64, title: String, paragraphs: [String], into details: DetailStore) throws {
        let html = "<div class=\"content\">" + paragraphs.map { "<p>\($0)</p>" }.joined() + "</div>"
        let detail = StoryDetail(
            id: id, title: title, bodyHTML: html, image: nil, imageSource: nil, shareURL: nil,
            url: "https://daily.zhihu.com/story/\(id)", type: 0, sectionName: nil, publishTime: nil)
        try details.writeDetail(DetailRecord(detail), fetchedAt: 1)
    }

    /// Stories in titles, hints and detail text, Chinese, Japanese and Latin.
    private func filledArchive() throws -> Archive {
        let a = try archive()
        try a.pages.writeDay(
            day,
            stories: [
                listed(1, "为什么春天的风总是特别大？", hint: "气象小站 · 3 分钟阅读"),
                listed(2, "如何判断一个西瓜熟没熟？", hint: "张三 · 2 分钟阅读"),
                listed(3, "一座城市的地铁线路是怎样规划出来的？", hint: "交通规划师 · 6 分钟阅读"),
                listed(4, "有哪些冷门但好用的数学工具？", hint: "李四 · 4 分钟阅读"),
                listed(5, "Swift 并发入门：Actor 与 Sendable", hint: "Café 作者 · 5 分钟阅读"),
                listed(6, "量子计算入门", hint: "王五 · 3 分钟阅读"),
                listed(7, "一个普通的标题", hint: "赵六 · 8 分钟阅读"),
                listed(9, "AND 与 OR 的区别", hint: "逻辑 · 1 分钟阅读"),
                listed(10, "東京の桜が咲いた", hint: "旅行者 · 2 分钟阅读"),
            ], fetchedAt: 1, isFinal: true)
        try writeDetail(4, title: "有哪些冷门但好用的数学工具？", paragraphs: ["上海的磁悬浮列车每小时跑四百多公里。"], into: a.details)
        try writeDetail(
            7, title: "一个普通的标题",
            paragraphs: [
                "量子计算是什么？", "简单说，量子计算用量子比特代替比特。", "量子计算为什么重要？",
            ], into: a.details)
        return a
    }

    private func ids(_ engine: SyncEngine, _ query: String) async throws(SyncError) -> [Int64] {
        try await engine.search(query).map(\.id)
    }

    // MARK: Chinese

    @Test func oneTwoAndFourChineseCharactersFindTheirStoryInTitleHintOrText() async throws {
        let a = try filledArchive()
        #expect(try await ids(a.engine, "瓜") == [2])  // one character, in a title
        #expect(try await ids(a.engine, "风") == [1])
        #expect(try await ids(a.engine, "春天") == [1])  // two, in a title
        #expect(try await ids(a.engine, "张三") == [2])  // two, in a hint
        #expect(try await ids(a.engine, "交通规划") == [3])  // four, in a hint only
        #expect(try await ids(a.engine, "悬浮列车") == [4])  // four, in the detail text only
        #expect(try await ids(a.engine, "为什么春天的风总是特别大") == [1])
        #expect(try await ids(a.engine, "桜") == [10])  // kanji
        #expect(try await ids(a.engine, "咲いた") == [10])  // kanji and kana
    }

    @Test func aChineseWordIsAPhraseNotItsCharactersAnywhere() async throws {
        let a = try filledArchive()
        // 春 and 风 are both in story 1, but not next to each other.
        #expect(try await ids(a.engine, "春风").isEmpty)
        #expect(try await ids(a.engine, "天春").isEmpty)
        #expect(try await ids(a.engine, "西瓜熟").map { $0 } == [2])
        #expect(try await ids(a.engine, "西熟").isEmpty)
    }

    @Test func aTitleMatchRanksAboveAMatchInTheTextOnly() async throws {
        let a = try filledArchive()
        // The fixture can tell: weighing the columns alike, story 7 (three times in its text) would come first.
        let alike = try a.database.query(
            "SELECT rowid FROM story_search WHERE story_search MATCH ? ORDER BY bm25(story_search)",
            [.text(SearchText.matchExpression(for: "量子计算")!)]
        ) { $0.int64(at: 0) }
        #expect(alike == [7, 6])
        #expect(try await ids(a.engine, "量子计算") == [6, 7])
        #expect(try await ids(a.engine, "量子") == [6, 7])
        #expect(try await a.engine.search("量子", limit: 1).map(\.id) == [6])
        #expect(try await a.engine.search("量子", limit: 0).map(\.id) == [6], "a limit below one is one")
    }

    @Test func snippetsMarkTheMatchAndShowNoIndexMarkup() async throws {
        let a = try filledArchive()
        let results = try await a.engine.search("量子计算")
        try #require(results.map(\.id) == [6, 7])
        for result in results {
            let text = result.snippet.map(\.text).joined()
            #expect(!text.unicodeScalars.contains { $0 == "\u{200B}" || $0 == "\u{E000}" || $0 == "\u{E001}" }, "\(text.debugDescription)")
            #expect(result.day == day)
        }
        // Story 7 matches in its text alone.
        #expect(results[1].snippet.contains(.init(text: "量子计算", isMatch: true)), "\(results[1].snippet)")
        #expect(results[1].snippet.filter(\.isMatch).allSatisfy { $0.text == "量子计算" })
        #expect(results[1].snippet.map(\.text).joined().contains("量子计算是什么？"))
        #expect(results[1].title == "一个普通的标题")

        let latin = try await a.engine.search("café")
        #expect(latin.first?.snippet.contains(.init(text: "Café", isMatch: true)) == true, "\(latin)")
        #expect(latin.first?.title == "Swift 并发入门：Actor 与 Sendable")
    }

    @Test func aMatchInTheTitleIsNeverRepeatedAsTheSnippet() async throws {
        let a = try filledArchive()
        try a.pages.writeDay(
            day,
            stories: [
                listed(11, "咖啡因会让人上瘾吗？", hint: "营养师 · 3 分钟阅读"),
                listed(12, "为什么猫喜欢纸箱？", hint: ""),
                listed(13, "猫为什么怕黄瓜？", hint: ""),
                listed(14, "咖啡为什么提神？", hint: "药师 · 2 分钟阅读"),
                listed(15, "狗为什么爱啃骨头？", hint: "兽医 · 1 分钟阅读"),
                listed(16, "鱼会睡觉吗？", hint: "渔夫 · 1 分钟阅读"),
            ], fetchedAt: 2, isFinal: true)
        try writeDetail(11, title: "咖啡因会让人上瘾吗？", paragraphs: ["先说结论。", "咖啡因是一种温和的兴奋剂，停用会头痛。"], into: a.details)
        try writeDetail(12, title: "为什么猫喜欢纸箱？", paragraphs: ["纸箱让它们安心。"], into: a.details)
        // Texts that open with their question, the title again.
        try writeDetail(14, title: "咖啡为什么提神？", paragraphs: ["咖啡为什么提神？", "药师，十年经验", "咖啡里的咖啡因挡住了腺苷。"], into: a.details)
        try writeDetail(15, title: "狗为什么爱啃骨头？", paragraphs: ["狗为什么爱啃骨头？"], into: a.details)
        try writeDetail(16, title: "鱼会睡觉吗？", paragraphs: ["鱼会睡觉吗？", "会的，只是不闭眼。"], into: a.details)
        func expectSnippet(_ query: String, _ id: Int64, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        {
            let result = try #require(try await a.engine.search(query).first { $0.id == id }, sourceLocation: sourceLocation)
            let snippet = result.snippet.map { $0.isMatch ? "[\($0.text)]" : $0.text }.joined()
            #expect(snippet == expected, sourceLocation: sourceLocation)
            #expect(!snippet.contains(result.title), sourceLocation: sourceLocation)
        }
        // In the title only: the hint.
        try await expectSnippet("量子计算", 6, "王五 · 3 分钟阅读")
        try await expectSnippet("西瓜", 2, "张三 · 2 分钟阅读")
        // In the title and the text: the text's matching line.
        try await expectSnippet("咖啡因", 11, "先说结论。\n\n[咖啡因]是一种温和的兴奋剂，停用会头痛。")
        // In the title only, with no hint: the text's beginning; with no text either, nothing.
        try await expectSnippet("纸箱", 12, "[纸箱]让它们安心。")
        try await expectSnippet("猫", 12, "纸箱让它们安心。")
        try await expectSnippet("黄瓜", 13, "")
        // In the hint: the hint, marked.
        try await expectSnippet("营养师", 11, "[营养师] · 3 分钟阅读")
        // In a line of the text that is the title: the first other line with a match, or the hint if there is none.
        try await expectSnippet("咖啡", 14, "[咖啡]里的[咖啡]因挡住了腺苷。")
        try await expectSnippet("骨头", 15, "兽医 · 1 分钟阅读")
        try await expectSnippet("睡觉", 16, "渔夫 · 1 分钟阅读")
    }

    @Test func aSnippetLineThatIsTheTitleOrWhatTheWindowLeftOfItIsLeftOut() {
        let title = "为什么春天的风总是特别大？"
        func trimmed(_ snippet: String, hint: String = "") -> String {
            let parts = SearchIndex.parts(of: snippet)
            return SnippetLines.snippet(parts, wide: parts, hint: hint.isEmpty ? [] : [.init(text: hint, isMatch: false)], title: title)
                .map { $0.isMatch ? "[\($0.text)]" : $0.text }.joined()
        }
        #expect(trimmed("…的风总是\u{E000}特别\u{E001}大？\n\n风\n\n第二…") == "风\n\n第二…")
        #expect(trimmed("第一。\n\n为什么\u{E000}春天\u{E001}的风…") == "第一。")
        #expect(trimmed("  为什么春天的风总是特别大？ \n\n春天风大") == "春天风大")
        #expect(trimmed("为什么春天的风总是特别大？") == "")
        // The first line with a match after it, or else the hint.
        #expect(trimmed("为什么春天的风总是特别大？\n\n气象小站\n\n\u{E000}春天\u{E001}风大…", hint: "h") == "[春天]风大…")
        #expect(trimmed("为什么春天的风总是特别大？\n\n气象小站", hint: "h") == "h")
        // Not the title: a line the title merely contains, uncut, and a line with more in it.
        #expect(trimmed("风\n春天的风", hint: "h") == "风\n春天的风")
        #expect(trimmed("为什么春天的风总是特别大？因为…", hint: "h") == "为什么春天的风总是特别大？因为…")
    }

    // MARK: Latin and several words

    @Test func latinWordsAreWholeWordsInAnyCaseAndWithoutAccents() async throws {
        let a = try filledArchive()
        for query in ["swift", "SWIFT", "Swift", "sWiFt", "sendable", "cafe", "CAFÉ"] {
            #expect(try await ids(a.engine, query) == [5], "\(query)")
        }
        #expect(try await ids(a.engine, "swif").isEmpty, "no prefix matching")
    }

    @Test func severalWordsMustAllMatch() async throws {
        let a = try filledArchive()
        #expect(try await ids(a.engine, "actor sendable") == [5])
        #expect(try await ids(a.engine, "Swift 并发") == [5])
        #expect(try await ids(a.engine, "西瓜 张三") == [2], "title and hint together")
        #expect(try await ids(a.engine, "数学 悬浮") == [4], "title and detail text together")
        #expect(try await ids(a.engine, "swift 西瓜").isEmpty)
        #expect(try await ids(a.engine, "  swift\t\n并发  ") == [5])
    }

    // MARK: The query is text, never FTS5 syntax

    @Test func aQueryWithNothingToSearchForOrTooLongIsInvalid() async throws {
        let a = try filledArchive()
        let queries = [
            "\"", "\"\"", "*", "(", ")", "+", "！？。", "😀", "👍🏽🎉", "", "   ", "\u{0}", "-", "^", ":", "\u{202E}",
            String(repeating: "字", count: SyncEngine.maxQueryLength + 1),
            String(repeating: "a", count: SyncEngine.maxQueryLength + 1),
        ]
        for query in queries {
            let error = await #expect(throws: SyncError.self, "\(query.debugDescription)") { try await a.engine.search(query) }
            #expect(error?.code == .invalidQuery, "\(query.debugDescription)")
        }
    }

    @Test func ftsSyntaxInAQueryIsSearchedForNeverRun() async throws {
        // (A NUL character is the one exception found: see aNULCharacterInAQueryIsNotAStorageError.)
        let a = try filledArchive()
        let queries = [
            "a OR", "AND", "OR", "NOT x", "x NOT y", "NEAR(a b)", "NEAR(swift actor, 2)", "title:x", "title : swift",
            "x*", "swif*", "^x", "-x", "{title}: x", "{title hint}:swift", "\"swift\"", "swift\"", "\"\"swift",
            "a\"b", "(swift)", "swift AND", "AND swift", "s w i f t", "😀swift", "swift 🚀", "\u{202E}swift",
            "\u{200B}", "\u{200B}swift", "\u{E000}swift\u{E001}", "\u{1}swift\u{7F}", "\u{FEFF}swift", "swift\u{FFFD}",
            String(repeating: "字", count: SyncEngine.maxQueryLength),
        ]
        for query in queries {
            do {
                _ = try await a.engine.search(query)
            } catch {
                #expect(error.code == .invalidQuery, "\(query.debugDescription): \(error.code) \(error.message)")
            }
        }
    }

    @Test func operatorsAndColumnFiltersAreWords() async throws {
        let a = try filledArchive()
        #expect(try await ids(a.engine, "AND") == [9])
        #expect(try await ids(a.engine, "OR") == [9])
        #expect(try await ids(a.engine, "AND OR") == [9], "two words, not an operator")
        #expect(try await ids(a.engine, "swift OR 西瓜").isEmpty, "OR is a word to find, not a union")
        #expect(try await ids(a.engine, "NOT swift").isEmpty, "NOT is a word to find, not an exclusion")
        #expect(try await ids(a.engine, "title:swift").isEmpty, "no column filter: the phrase 'title swift'")
        #expect(try await ids(a.engine, "swif*").isEmpty, "no prefix query")
        #expect(try await ids(a.engine, "-swift") == [5])
        #expect(try await ids(a.engine, "\"swift\"") == [5])
        #expect(try await ids(a.engine, "\u{202E}swift") == [5])
        #expect(try await ids(a.engine, "swift 🚀") == [5], "a term with nothing to search for is left out")
    }

    @Test func aNULCharacterInAQueryIsNotAStorageError() async throws {
        let a = try filledArchive()
        for query in ["swift\u{0}", "a\u{0}b", "\u{0}swift"] {
            do throws(SyncError) {
                let found = try await ids(a.engine, query)
                if query != "a\u{0}b" { #expect(found == [5], "\(query.debugDescription)") }
            } catch {
                Issue.record("\(query.debugDescription): \(error.code) \(error.message)")
            }
        }
    }

    /// Found by `scripts/fuzz search-query`: a `"` followed by a combining mark is one Character,
    /// so escaping quotes Character by Character left it single and FTS5 saw an unterminated string.
    @Test func aQuoteCarryingACombiningMarkIsSearchedForNeverRun() async throws {
        let a = try filledArchive()
        let fuzzed = String(
            decoding: [
                0xC3, 0x9C, 0x6E, 0xC3, 0x2E, 0xAF, 0x63, 0xC3, 0xB6, 0xA9, 0x20, 0xC3, 0x64, 0xE3, 0x81, 0xB2,
                0xE3, 0x82, 0x89, 0xE3, 0x81, 0x8C, 0xE3, 0x81, 0xAA, 0x20, 0xED, 0x7A, 0x95, 0x9C, 0xEA, 0xB5,
                0xB2, 0xEC, 0x96, 0xB4, 0x20, 0xF0, 0xA0, 0x80, 0x80, 0x20, 0xF0, 0x9F, 0x91, 0x8D, 0xF0, 0x9F,
                0x22, 0x22, 0x8F, 0xBD, 0x20, 0x22, 0x22, 0x22, 0x22, 0x20, 0x62, 0x65, 0x22, 0xCC, 0x81, 0x20,
                0x22, 0x22, 0x20, 0xC2, 0xBD, 0x62, 0x22,
            ] as [UInt8], as: UTF8.self)
        for query in ["be\"\u{301}", "\"\u{301}swift", "swift\"\u{20DD}", fuzzed] {
            do throws(SyncError) {
                _ = try await ids(a.engine, query)
            } catch {
                #expect(error.code == .invalidQuery, "\(query.debugDescription): \(error.code) \(error.message)")
            }
        }
    }

    // MARK: Mixed scripts

    @Test func latinOrDigitsRightBeforeChineseDoNotHideEitherPart() async throws {
        let a = try archive()
        try a.pages.writeDay(
            day,
            stories: [
                listed(1, "5G网络为什么快"), listed(2, "iPhone手机的电池"), listed(3, "2023年的春节"),
            ], fetchedAt: 1, isFinal: true)
        #expect(try await ids(a.engine, "5G网络") == [1], "the whole run as written")
        #expect(try await ids(a.engine, "网络") == [1])
        #expect(try await ids(a.engine, "5G") == [1])
        #expect(try await ids(a.engine, "手机") == [2])
        #expect(try await ids(a.engine, "iPhone") == [2])
        #expect(try await ids(a.engine, "年") == [3])
        #expect(try await ids(a.engine, "2023") == [3])
    }

    // MARK: Keeping the index right

    @Test func aNewTitleReplacesTheOldOneAndKeepsTheDetailText() async throws {
        let a = try archive()
        try a.pages.writeDay(day, stories: [listed(1, "旧标题说蜜蜂", hint: "甲 · 1 分钟阅读")], fetchedAt: 1, isFinal: false)
        try writeDetail(1, title: "旧标题说蜜蜂", paragraphs: ["花粉是怎样传播的"], into: a.details)
        #expect(try await ids(a.engine, "蜜蜂") == [1])
        try a.pages.writeDay(day, stories: [listed(1, "新标题说蝴蝶", hint: "乙 · 2 分钟阅读")], fetchedAt: 2, isFinal: true)
        #expect(try await ids(a.engine, "蜜蜂").isEmpty)
        #expect(try await ids(a.engine, "甲").isEmpty)
        #expect(try await ids(a.engine, "蝴蝶") == [1])
        #expect(try await ids(a.engine, "乙") == [1])
        #expect(try await a.engine.search("蝴蝶").first?.title == "新标题说蝴蝶")
        #expect(try await ids(a.engine, "花粉") == [1], "the detail text stays indexed")
        // One row per story, however often it was written.
        try a.pages.writeDay(day.adding(days: -1), stories: [listed(1, "新标题说蝴蝶", hint: "乙 · 2 分钟阅读")], fetchedAt: 2, isFinal: true)
        #expect(try a.database.query("SELECT count(*) FROM story_search_docsize") { $0.int64(at: 0) } == [1])
        #expect(try await a.engine.search("蝴蝶").first?.day == day, "the latest day that lists it")
        try expectIndexAgrees(a)
    }

    /// FTS5's own check: every token the index holds is the text's, and the other way round.
    private func expectIndexAgrees(_ a: Archive, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(throws: Never.self, sourceLocation: sourceLocation) {
            try a.database.execute("INSERT INTO story_search (story_search, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test func theIndexAgreesWithTheTextsThroughEveryKindOfWrite() async throws {
        let a = try archive()
        // A detail before any list shows its story, then the list, then a new title.
        try writeDetail(1, title: "先有详情", paragraphs: ["河豚为什么有毒"], into: a.details)
        try expectIndexAgrees(a)
        try a.pages.writeDay(day, stories: [listed(1, "后有列表"), listed(2, "另一篇 Swift")], fetchedAt: 1, isFinal: false)
        try expectIndexAgrees(a)
        #expect(try await ids(a.engine, "列表") == [1])
        #expect(try await ids(a.engine, "先有详情").isEmpty, "the list's title replaces the detail's")
        // The detail fetched again, with another text; an off-site detail without one.
        try writeDetail(1, title: "后有列表", paragraphs: ["河豚的毒素在肝脏"], into: a.details)
        try a.details.writeDetail(
            DetailRecord(
                StoryDetail(
                    id: 3, title: "站外的文章", bodyHTML: nil, image: nil, imageSource: nil, shareURL: nil,
                    url: "https://example.com/3", type: 1, sectionName: nil, publishTime: nil)), fetchedAt: 1)
        try expectIndexAgrees(a)
        #expect(try await ids(a.engine, "为什么").isEmpty)
        #expect(try await ids(a.engine, "肝脏") == [1])
        #expect(try await ids(a.engine, "站外").isEmpty, "a detail without text is not indexed by its detail")
        // Pruned away, then compacted.
        try a.pages.writeDay(day.adding(days: 30), stories: [listed(4, "很久以后")], fetchedAt: 1, isFinal: true)
        _ = try await a.engine.prune(keepDays: 1)
        try expectIndexAgrees(a)
        #expect(try await ids(a.engine, "河豚").isEmpty)
        #expect(try await ids(a.engine, "很久") == [4])
        #expect(try a.database.query("SELECT count(*) FROM story_search_docsize") { $0.int64(at: 0) } == [1])
    }

    /// FTS5 writes a new index segment whenever a row's id is lower than the last one written;
    /// a sync goes newest day (highest ids) first, and a segment per story made indexing three
    /// times as dear. With automatic merging off, the segments a write leaves can be counted (fewer
    /// than 16: FTS5 merges that many in any case).
    @Test func aBatchWrittenNewestFirstIsIndexedAsOneSegment() async throws {
        let a = try archive()
        try a.database.execute("INSERT INTO story_search (story_search, rank) VALUES ('automerge', 0)")
        func segments() throws -> Int64 {
            try a.database.query("SELECT count(DISTINCT segid) FROM story_search_idx") { $0.int64(at: 0) }.first ?? 0
        }
        let days = (0..<6).map { offset in
            let id = Int64(100 - 10 * offset)
            return (day: day.adding(days: -offset), stories: [listed(id + 1, "第\(id + 1)篇故事"), listed(id, "第\(id)篇故事")])
        }
        try a.pages.writeDays(days, fetchedAt: 1, isFinal: true)
        #expect(try segments() == 1)

        let details = (0..<8).map { offset in
            let id = Int64(100 - 10 * offset)
            return DetailRecord(
                StoryDetail(
                    id: id, title: "第\(id)篇故事", bodyHTML: "<p>正文\(id)</p>", image: nil, imageSource: nil,
                    shareURL: nil, url: "https://daily.zhihu.com/story/\(id)", type: 0, sectionName: nil,
                    publishTime: nil))
        }
        try a.details.writeDetails(details, extras: [], fetchedAt: 1)
        #expect(try segments() == 2)
        try expectIndexAgrees(a)
        #expect(Set(try await ids(a.engine, "正文")) == Set(details.map(\.detail.id)))
    }

    @Test func aPageWriteThatFailsLeavesTheIndexAsItWas() async throws {
        let a = try archive()
        try a.pages.writeDay(day, stories: [listed(1, "保留的标题 kept")], fetchedAt: 1, isFinal: false)
        // Real SQLite refuses the third story of the next write, after two went into the index.
        try a.database.execute(
            """
            CREATE TRIGGER refuse_story_3 BEFORE INSERT ON story WHEN NEW.id = 3
            BEGIN SELECT RAISE(ABORT, 'refused by test'); END
            """)
        #expect(throws: DatabaseError.self) {
            try a.pages.writeDay(
                day,
                stories: [
                    self.listed(1, "改过的标题 changed"), self.listed(2, "第二个故事 second"),
                    self.listed(3, "第三个"),
                ], fetchedAt: 2, isFinal: true)
        }
        #expect(try await ids(a.engine, "kept") == [1])
        #expect(try await ids(a.engine, "changed").isEmpty)
        #expect(try await ids(a.engine, "second").isEmpty)
        #expect(try await ids(a.engine, "第二个").isEmpty)
    }

    @Test func aDetailWriteThatFailsLeavesItsTextOutOfTheIndex() async throws {
        let a = try archive()
        try a.pages.writeDay(day, stories: [listed(1, "一个故事")], fetchedAt: 1, isFinal: true)
        try UserDataStore(database: a.database).addFavorite(1, title: "一个故事", at: 1)
        // The last statement of the detail's transaction fails, after the text went into the index.
        try a.database.execute(
            """
            CREATE TRIGGER refuse_favorite BEFORE UPDATE ON favorite
            BEGIN SELECT RAISE(ABORT, 'refused by test'); END
            """)
        #expect(throws: DatabaseError.self) {
            try self.writeDetail(1, title: "一个故事", paragraphs: ["蜂蜜为什么不会坏"], into: a.details)
        }
        #expect(try await ids(a.engine, "蜂蜜").isEmpty)
        #expect(try await ids(a.engine, "故事") == [1])
    }

    @Test func anArchiveOfSchemaTwoHasItsStoriesAndTextsIndexedByTheMigration() async throws {
        let path = try temporaryDatabasePath()
        do {
            let old = try Database(path: path)
            try old.execute(Migrations.steps[0].sql)
            try old.execute(Migrations.steps[1].sql)
            try old.execute("PRAGMA user_version = 2")
            try old.execute(
                """
                INSERT INTO day (date, fetched_at, is_final) VALUES (20230313, 1, 1);
                INSERT INTO story (id, title, hint, image, url, ga_prefix, image_hue, type)
                    VALUES (1, '旧档案里的故事', '老作者 · 1 分钟阅读', NULL, 'https://daily.zhihu.com/story/1', '031307', '', 0),
                           (2, 'A story from before', 'Old author · 2 min', NULL, 'https://daily.zhihu.com/story/2', '031307', '', 0);
                INSERT INTO day_story (date, position, story_id) VALUES (20230313, 0, 1), (20230313, 1, 2);
                INSERT INTO story_detail (id, title, body, body_text, url, type, fetched_at)
                    VALUES (1, '旧档案里的故事', '<p>迁移之前的正文</p>', '迁移之前的正文', 'https://daily.zhihu.com/story/1', 0, 1),
                           (3, '只有详情的故事', '<p>收藏夹里的旧文章</p>', '收藏夹里的旧文章', 'https://daily.zhihu.com/story/3', 0, 1),
                           (4, '站外文章', NULL, NULL, 'https://example.com/4', 1, 1);
                """)
        }
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = ["http://127.0.0.1:9/api/4"]
        let engine = try SyncEngine(configuration: configuration, clock: TestClock())
        #expect(try Migrations.userVersion(Database(path: path)) == Migrations.steps.count)
        #expect(try await ids(engine, "档案") == [1])
        #expect(try await ids(engine, "老作者") == [1])
        #expect(try await ids(engine, "迁移") == [1])
        #expect(try await ids(engine, "before") == [2])
        #expect(try await ids(engine, "收藏夹") == [3])
        #expect(try await engine.search("收藏夹").first?.day == nil)
        #expect(try await ids(engine, "只有详情") == [3])
        #expect(try await ids(engine, "站外").isEmpty, "a detail without text is not indexed by its detail")
        #expect(try await engine.search("档案").first?.day == day)
    }
}
