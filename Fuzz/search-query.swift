// The search query builder and the FTS5 expression it makes, run against a real archive (a temp
// file holding a few stories, a detail text among them). Any query ends in results or
// `.invalidQuery`; `.invalidQuery` only when the query is too long or has nothing to search for;
// a query SQLite rejects is a finding. Results are stories the archive holds, with clean snippets.
// The index is searched directly as `SyncEngine.search` does (the actor's thread hops would make
// each run ~50 times slower); one input in 16 also goes through the engine, which must agree.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Glibc
@testable import SyncEngine

private func story(_ id: Int64, _ title: String, _ hint: String) -> Story {
    Story(
        id: id, title: title, hint: hint, imageURL: nil, url: "https://daily.zhihu.com/story/\(id)",
        gaPrefix: "", imageHue: "", type: 0)
}

private typealias FuzzArchive = (engine: SyncEngine, database: Database, ids: Set<Int64>)

private func makeArchive() -> FuzzArchive {
    // In $TMPDIR, which scripts/fuzz points into the run's folder: a crash (no atexit) leaves
    // nothing in /tmp.
    let tmp = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(tmp)/newsctl-fuzz-search-XXXXXX".utf8CString)
    guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
        fatalError("no temp folder")
    }
    let path = folder + "/news.sqlite"
    // The folder goes when the fuzzer exits.
    setenv("NEWSCTL_FUZZ_SEARCH_DIR", folder, 1)
    atexit {
        if let folder = getenv("NEWSCTL_FUZZ_SEARCH_DIR") {
            let dir = String(cString: folder)
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(dir + "/news.sqlite" + suffix) }
            rmdir(dir)
        }
    }
    do {
        let database = try Database(path: path)
        let stories = [
            story(9_759_201, "如何判断一个西瓜熟没熟？", "作者 / 张三"),
            story(9_759_202, "为什么猫喜欢把东西推下桌子？", "老周 · 3 分钟阅读"),
            story(9_759_203, "VR眼镜 值得买吗 \"AND\" OR NEAR(a b) col:x * ^", "VOL.3090"),
            story(9_759_204, "Ünïcödé façade naïve café 123 ½ ⅷ", "Ελληνικά русский עברית العربية"),
            story(9_759_205, "ひらがな カタカナ 한국어 𠀀𠀁 emoji 👍🏽 e\u{301}", "tab\there"),
        ]
        let archive = try Archive(database: database)  // migrates
        try archive.pages.writeDay(Day("20230313")!, stories: stories, fetchedAt: 1_678_700_000, isFinal: true)
        let detail = StoryDetail(
            id: 9_759_201, title: "如何判断一个西瓜熟没熟？", bodyHTML: "<p>拍一拍，听声音。 The sound of a ripe watermelon is deep.</p>",
            image: nil, imageSource: nil, shareURL: nil, url: "https://daily.zhihu.com/story/9759201",
            type: 0, sectionName: nil, publishTime: nil)
        try archive.details.writeDetail(DetailRecord(detail), fetchedAt: 1_678_700_000)
        let engine = try SyncEngine(configuration: .init(databasePath: path))
        return (engine, database, Set(stories.map(\.id)))
    } catch {
        fatalError("could not make the archive: \(error)")
    }
}

nonisolated(unsafe) private var archive: FuzzArchive?

/// `SyncEngine.search` without the actor: the same checks, the same index query.
private func search(_ query: String, limit: Int, in database: Database) -> Result<[SearchResult], SyncError> {
    guard query.count <= SyncEngine.maxQueryLength else { return .failure(SyncError(code: .invalidQuery, message: "too long")) }
    guard let expression = SearchText.matchExpression(for: query) else {
        return .failure(SyncError(code: .invalidQuery, message: "nothing to search for"))
    }
    do {
        return .success(try SearchIndex(database: database).search(expression, limit: max(1, limit)))
    } catch {
        return .failure(SyncError.wrapping(error))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let query = text(data, size)
    let expression = SearchText.matchExpression(for: query)
    if let expression {
        // Every term is one quoted phrase: an even number of quotes, none unpaired inside.
        // (Scalars, not Characters: a quote and a combining mark after it are one Character.)
        require(
            expression.unicodeScalars.first == "\"" && expression.unicodeScalars.last == "\"",
            "unquoted expression \(expression.debugDescription)")
        // Read as FTS5 does: strings in quotes, `""` inside one is a quote; only spaces between.
        var inString = false, quoteSeen = false
        for scalar in expression.unicodeScalars {
            if inString {
                if quoteSeen {
                    quoteSeen = false; if scalar != "\"" { inString = false } else { continue }
                } else if scalar == "\"" {
                    quoteSeen = true; continue
                } else {
                    continue
                }
            }
            if !inString {
                require(scalar == "\"" || scalar == " ", "\(scalar.debugDescription) outside a string in \(expression.debugDescription)")
                if scalar == "\"" { inString = true }
            }
        }
        require(!inString || quoteSeen, "an unterminated string in \(expression.debugDescription)")
        require(
            !expression.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
            "a control character in \(expression.debugDescription)")
    }
    let limit = size % 7 == 0 ? 1 : 20
    if archive == nil { archive = makeArchive() }
    let (engine, database, ids) = archive!
    let outcome = search(query, limit: limit, in: database)
    if size % 16 == 0 {
        let throughEngine = blocking { () async -> Result<[SearchResult], SyncError> in
            do throws(SyncError) { return .success(try await engine.search(query, limit: limit)) } catch { return .failure(error) }
        }
        switch (outcome, throughEngine) {
        case (.success(let direct), .success(let engined)):
            require(direct == engined, "the engine found \(engined.map(\.id)), the index \(direct.map(\.id))")
        case (.failure(let direct), .failure(let engined)):
            require(direct.code == engined.code, "the engine failed with \(engined.code), the index with \(direct.code)")
        default:
            require(false, "the engine and the index disagree on \(query.debugDescription): \(throughEngine) vs \(outcome)")
        }
    }
    do {
        let results = try outcome.get()
        require(query.count <= SyncEngine.maxQueryLength && expression != nil, "searched a query it should have refused")
        require(results.count <= limit, "\(results.count) results for limit \(limit)")
        require(Set(results.map(\.id)).count == results.count, "a story found twice")
        for result in results {
            require(ids.contains(result.id), "found story \(result.id), which the archive does not hold")
            require(
                !result.title.unicodeScalars.contains { $0 == SearchText.separator || $0 == SearchText.matchStart },
                "markup left in the title \(result.title.debugDescription)")
            for part in result.snippet {
                require(
                    !part.text.unicodeScalars.contains {
                        $0 == SearchText.separator || $0 == SearchText.matchStart || $0 == SearchText.matchEnd
                    },
                    "markup left in a snippet \(part.text.debugDescription)")
            }
        }
    } catch {
        require(
            error.code == .invalidQuery,
            "query \(query.debugDescription) (FTS5 \(expression.debugDescription)) failed with \(error.code): \(error.message)")
        require(
            query.count > SyncEngine.maxQueryLength || expression == nil,
            "refused a query with something to search for: \(query.debugDescription)")
    }
    return 0
}
