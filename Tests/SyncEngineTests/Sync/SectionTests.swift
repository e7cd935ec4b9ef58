import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// Sections (栏目) over real SQLite and loopback HTTP: decoding the shapes public clients
/// decode, paging by cursor, refreshing until a known story, resuming `.all`, a source without
/// sections, and malformed pages that write nothing.
@Suite(.serialized) struct SectionTests {
    private func sectionPath(_ id: Int64) -> String { "/api/4/section/\(id)" }

    @Test func theListKeepsUsableEntriesInOrderWhateverTheKeyOrder() async throws {
        let h = try await SyncHarness.start()
        h.server.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
        let list = try await h.engine.sections()
        #expect(list.sections.map(\.id) == [1, 2, 19, 28], "the entry without an id is skipped")
        #expect(list.sections[1] == Section(id: 2, name: "瞎扯 · 如何正确地吐槽", description: "", thumbnailURL: "https://pic2.zhimg.com/v2-b.jpg"))
        #expect(list.sections[3].thumbnailURL == nil, "an empty thumbnail is none")
        #expect(list.provenance.origin == .network)

        h.clock.advance(by: 3_600)
        let cached = try await h.engine.sections()
        #expect(cached.provenance.origin == .cache && cached.sections == list.sections)
        #expect(h.server.requestCount("/api/4/sections") == 1, "a day's freshness")
        let offline = try await h.engine.sections(policy: .cacheOnly)
        #expect(offline.sections == list.sections)
    }

    @Test func aPageSkipsMalformedStoriesAndKeepsItsCursor() async throws {
        let h = try await SyncHarness.start()
        h.server.setReply(.body(status: 200, text: try Fixtures.section("section-2.json")), for: sectionPath(2))
        h.server.setReply(.body(status: 200, text: try Fixtures.section("section-2-last.json")), for: sectionPath(2) + "/before/1689721198")
        let first = try await h.engine.section(2)
        #expect(first.name == "瞎扯 · 如何正确地吐槽")
        #expect(first.stories.map(\.story.id) == [9_762_815, 9_762_790, 9_762_750], "a bad date and a missing id are skipped")
        #expect(first.stories.map(\.day.description) == ["20230815", "20230814", "20230811"])
        #expect(first.stories[1].story.imageHue == "0x7a6b5c" && first.stories[0].story.imageURL == "https://pic3.zhimg.com/v2-c.jpg")
        #expect(!first.isComplete && first.pagesFetched == 1)

        let all = try await h.engine.section(2, reach: .all)
        #expect(all.isComplete, "a page without a timestamp is the end")
        #expect(all.stories.last?.story.id == 1_234_567 && all.pagesFetched == 1)
        #expect(h.server.requestCount(sectionPath(2)) == 1, "the newest page was fresh")
    }

    @Test func allReadsEveryPageOnceThenARefreshAsksOnePage() async throws {
        let h = try await SyncHarness.start()
        let column = SectionPages(count: 305)
        column.serve(on: h.server)
        let all = try await h.engine.section(2, reach: .all)
        #expect(all.stories.count == 305 && all.isComplete && all.pagesFetched == 31)
        #expect(all.pagesHeld == 31)
        #expect(all.stories.first?.story.id == column.storyID(0) && all.stories.last?.story.id == column.storyID(304))
        for page in 0..<column.pageCount { #expect(h.server.requestCount(column.path(ofPage: page)) == 1, "page \(page)") }

        // Three new stories on top: a refresh reads the newest page, meets stories it has, and stops.
        let grown = SectionPages(count: 308, newestCursor: column.newestCursor + 3 * 86_400)
        grown.serve(on: h.server)
        let mark = h.server.requestedPaths.count
        let refreshed = try await h.engine.section(2, reach: .all, policy: .networkFirst)
        #expect(h.paths(since: mark) == [column.path(ofPage: 0)])
        #expect(refreshed.stories.count == 308 && refreshed.isComplete && refreshed.pagesFetched == 1)
        #expect(Set(refreshed.stories.map(\.story.id)).count == 308)
    }

    @Test func aStoppedAllGoesOnFromTheLastCursor() async throws {
        let path = try temporaryDatabasePath()
        let column = SectionPages(count: 95)
        do {
            let h = try await SyncHarness.start(path: path)
            column.serve(on: h.server)
            // Page 4 fails: pages 0-3 are kept, and the cursor of page 4 with them.
            h.server.setReply(.body(status: 200, text: #"{"name":"x","timestamp":"#), for: column.path(ofPage: 4))
            let partial = try await h.engine.section(2, reach: .all)
            #expect(partial.stories.count == 40 && !partial.isComplete)
            #expect(partial.provenance.staleReason == .badResponse)
        }
        let h = try await SyncHarness.start(path: path)
        column.serve(on: h.server)
        let resumed = try await h.engine.section(2, reach: .all)
        #expect(resumed.isComplete && resumed.stories.count == 95)
        #expect(h.server.requestedPaths == (4..<column.pageCount).map(column.path(ofPage:)), "only the pages not kept")
    }

    @Test func aMalformedPageWritesNothing() async throws {
        let h = try await SyncHarness.start()
        for body in [
            #"{"name":"瞎扯","timestamp":1689721198}"#, #"{"stories":{"id":1}}"#, "<html>502</html>", #"{"stories":[],"timestamp":"soon"}"#,
        ] {
            h.server.setReply(.body(status: 200, text: body), for: sectionPath(2))
            do {
                _ = try await h.engine.section(2, policy: .networkFirst)
                Issue.record("no error for \(body)")
            } catch {
                #expect(error.code == .badResponse, "\(body)")
            }
            await #expect(throws: SyncError.self) { try await h.engine.section(2, policy: .cacheOnly) }
        }
        let rows = try Database(path: h.path).query("SELECT count(*) FROM story") { $0.int64(at: 0) }
        #expect(rows == [0])
    }

    /// 0 is the archive's mark for "the newest page": a page pointing there (or below) would
    /// send `.all` back to the top for ever.
    @Test(arguments: [0, -5] as [Int64])
    func aCursorThatIsNotPositiveIsBadDataNotALoop(cursor: Int64) async throws {
        let h = try await SyncHarness.start()
        h.server.setReply(
            .body(status: 200, text: #"{"name":"z","timestamp":100,"stories":[{"id":501,"title":"a","date":"20230815"}]}"#),
            for: sectionPath(5))
        h.server.setReply(
            .body(status: 200, text: #"{"name":"z","timestamp":\#(cursor),"stories":[{"id":502,"title":"b","date":"20230814"}]}"#),
            for: sectionPath(5) + "/before/100")
        // Without the check this pages for ever: the watchdog stops it, and it ends cancelled.
        let engine = h.engine
        let read = Task { try await engine.section(5, reach: .all, policy: .networkOnly) }
        let watchdog = Task {
            try await Task.sleep(for: TimeBound.within(.seconds(5)))
            read.cancel()
        }
        defer { watchdog.cancel() }
        switch await read.result {
        case .success: Issue.record("a cursor of \(cursor) was followed")
        case .failure(let error): #expect((error as? SyncError)?.code == .badResponse, "\(error)")
        }
        #expect(h.server.requestCount(sectionPath(5)) == 1 && h.server.requestCount(sectionPath(5) + "/before/100") == 1)
        let held = try await h.engine.section(5, policy: .cacheOnly)
        #expect(held.stories.map(\.story.id) == [501] && !held.isComplete, "the bad page is not kept")

        h.server.setReply(
            .body(status: 200, text: #"{"name":"z","timestamp":\#(cursor),"stories":[{"id":503,"title":"c","date":"20230816"}]}"#),
            for: sectionPath(6))
        let top = Task { try await engine.section(6, reach: .all, policy: .networkOnly) }
        let topWatchdog = Task {
            try await Task.sleep(for: TimeBound.within(.seconds(5)))
            top.cancel()
        }
        defer { topWatchdog.cancel() }
        if case .failure(let error) = await top.result {
            #expect((error as? SyncError)?.code == .badResponse, "\(error)")
        } else {
            Issue.record("the newest page's cursor of \(cursor) was followed")
        }
        #expect(h.server.requestCount(sectionPath(6)) == 1, "the newest page pointing to 0 is not read twice")
    }

    @Test func aSourceWithoutSectionsIsToldOnceAndNotAskedAgainForADay() async throws {
        let h = try await SyncHarness.start()  // The server answers 404 for both paths.
        do {
            _ = try await h.engine.sections()
            Issue.record("no error")
        } catch {
            #expect(error.code == .noSections)
        }
        do {
            _ = try await h.engine.section(2)
            Issue.record("no error")
        } catch {
            #expect(error.code == .noSections)
        }
        #expect(h.server.requestCount("/api/4/sections") == 1 && h.server.requestCount(sectionPath(2)) == 0)
        h.clock.advance(by: 86_401)
        await #expect(throws: SyncError.self) { try await h.engine.section(2) }
        #expect(h.server.requestCount(sectionPath(2)) == 1 && h.server.requestCount("/api/4/sections") == 2)

        // 401 on the list says the same.
        let other = try await SyncHarness.start()
        other.server.setReply(.body(status: 401, text: #"{"error":{"message":"您需要登录才能调用该接口"}}"#), for: "/api/4/sections")
        do {
            _ = try await other.engine.sections(policy: .networkFirst)
            Issue.record("no error")
        } catch {
            #expect(error.code == .noSections)
        }
    }

    @Test func aColumnTheSourceLacksIsNotFoundWhenItHasOthers() async throws {
        let h = try await SyncHarness.start()
        h.server.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
        do {
            _ = try await h.engine.section(77)
            Issue.record("no error")
        } catch {
            #expect(error.code == .notFound)
        }
    }

    @Test func storiesAreSharedWithDaysAndPruneKeepsFavourites() async throws {
        let h = try await SyncHarness.start()
        let column = SectionPages(count: 30, newest: Day(year: 2023, month: 3, day: 13) ?? .firstIssue)
        column.serve(on: h.server)
        // The fixture day 20230313 lists 9759301; make it this column's newest story too.
        _ = try await h.engine.page(for: Day(year: 2023, month: 3, day: 13) ?? .firstIssue)
        _ = try await h.engine.section(2, reach: .all)
        _ = try await h.engine.addFavorite(id: column.storyID(29), policy: .cacheOnly)
        let database = try Database(path: h.path)
        let rows = try database.query(
            "SELECT count(*) FROM story WHERE id BETWEEN ? AND ?", [.integer(column.firstID), .integer(column.firstID + 29)]
        ) {
            $0.int64(at: 0)
        }
        #expect(rows == [30])
        _ = try await h.engine.prune(keepDays: 10)
        let after = try await h.engine.section(2, policy: .cacheOnly)
        #expect(after.stories.allSatisfy { $0.day >= (Day(year: 2023, month: 3, day: 5) ?? .firstIssue) }, "\(after.stories.map(\.day))")
        #expect(!after.isComplete, "what was pruned can be read again")
        let kept = try database.query("SELECT count(*) FROM story WHERE id = ?", [.integer(column.storyID(29))]) { $0.int64(at: 0) }
        #expect(kept == [1], "a favourite's story stays")
        let orphans = try database.query("SELECT count(*) FROM section_story WHERE story_id NOT IN (SELECT id FROM story)") {
            $0.int64(at: 0)
        }
        #expect(orphans == [0])
    }

    @Test func aColumnAPruneEmptiedIsReadAgainOnePageNotToItsEnd() async throws {
        let h = try await SyncHarness.start()
        // Every story ran long before the one day the archive holds: a prune drops them all.
        let column = SectionPages(count: 30, newest: Day(year: 2022, month: 1, day: 31) ?? .firstIssue)
        column.serve(on: h.server)
        _ = try await h.engine.page(for: Day(year: 2023, month: 3, day: 13) ?? .firstIssue)
        _ = try await h.engine.section(2)
        _ = try await h.engine.prune(keepDays: 10)
        let emptied = try await h.engine.section(2, policy: .cacheOnly)
        #expect(emptied.stories.isEmpty && !emptied.isComplete)

        let mark = h.server.requestedPaths.count
        let read = try await h.engine.section(2, policy: .networkFirst)
        #expect(h.paths(since: mark) == [column.path(ofPage: 0)], "one page, as for a column never read")
        #expect(read.stories.count == 10 && !read.isComplete && read.pagesHeld == 1)
        let resumed = try await h.engine.section(2, reach: .pages(2))
        #expect(resumed.stories.count == 20, "older pages go on from the newest page's cursor")
    }

    @Test func aDetailKeepsTheIdAndNameOfItsColumn() async throws {
        let h = try await SyncHarness.start()
        let detail = try Fixtures.text("news/9759301").replacingOccurrences(
            of: #""title":"#, with: #""section":{"thumbnail":"https:\/\/pic1.zhimg.com\/s.jpg","id":2,"name":"瞎扯"},"title":"#)
        h.server.setReply(.body(status: 200, text: detail), for: "/api/4/news/9759301")
        let fetched = try await h.engine.detail(id: 9_759_301)
        #expect(fetched.detail.sectionID == 2 && fetched.detail.sectionName == "瞎扯")
        let cached = try await h.engine.detail(id: 9_759_301, policy: .cacheOnly)
        #expect(cached.detail.sectionID == 2 && cached.detail.sectionName == "瞎扯", "kept in the archive")
    }

    @Test func aReadOnlyArchiveServesItsCopyMarkedNotKept() async throws {
        let h = try await SyncHarness.start()
        let column = SectionPages(count: 12)
        column.serve(on: h.server)
        _ = try await h.engine.section(2)
        var configuration = SyncEngine.Configuration(databasePath: h.path)
        configuration.baseURLs = [await h.server.baseURL]
        configuration.readOnly = true
        let viewer = try SyncEngine(configuration: configuration, clock: h.clock)
        let served = try await viewer.section(2, policy: .networkFirst)
        #expect(served.provenance.staleReason == .storageError && served.stories.count == 10)
    }

    @Test func aSyncOfAColumnBringsItsStoriesPicturesOnce() async throws {
        let h = try await SyncHarness.start()
        let root = String((await h.server.baseURL).dropLast("/api/4".count))
        let column = SectionPages(count: 12, imageRoot: root)
        column.serve(on: h.server)
        for index in 0..<12 {
            let id = column.storyID(index)
            let body = #"<div class=\"content\"><p>正文。</p><figure><img src=\"\#(root)/body-\#(index).png\"></figure></div>"#
            h.server.setReply(
                .body(status: 200, text: #"{"id":\#(id),"title":"第\#(index)篇","type":0,"body":"\#(body)"}"#), for: "/api/4/news/\(id)")
            h.server.setReply(
                .body(status: 200, text: #"{"long_comments":0,"popularity":1,"short_comments":0,"comments":0}"#),
                for: "/api/4/story-extra/\(id)")
            h.server.setReply(.bytes(contentType: "image/jpeg", try Fixtures.picture("baseline.jpg")), for: "/v2-s\(index).jpg")
            h.server.setReply(.bytes(contentType: "image/png", try Fixtures.picture("picture.png")), for: "/body-\(index).png")
        }
        let request = SyncRequest(span: .lastDays(1), includeImages: true)
        let summary = try await h.engine.syncSections([2], request: request)
        #expect(summary.stories == 12 && summary.pagesFetched == 2 && summary.detailsFetched == 12)
        #expect(summary.picturesFetched == 24 && summary.failures.isEmpty, "\(summary.failures.map(\.error.message))")
        let again = try await h.engine.syncSections([2], request: request)
        #expect(again.pagesFetched == 1 && again.detailsFetched == 0 && again.picturesFetched == 0 && again.picturesPresent == 24)
        #expect(h.server.requestCount("/v2-s0.jpg") == 1 && h.server.requestCount("/body-11.png") == 1)
    }

    @Test func aPageWrittenLateByAnotherProcessDoesNotMoveTheFrontierBack() async throws {
        let h = try await SyncHarness.start()
        let column = SectionPages(count: 35)
        column.serve(on: h.server)
        _ = try await h.engine.section(2, reach: .pages(3))
        let store = SectionStore(database: try Database(path: h.path))
        // Another process read page 1 too, and writes it only now: the frontier stays at page 3.
        try store.writeOlder(2, cursor: column.cursor(after: 9), stories: [], next: column.cursor(after: 19))
        #expect(try store.read(2)?.frontier == column.cursor(after: 29))
        let all = try await h.engine.section(2, reach: .all)
        #expect(all.isComplete && all.stories.count == 35 && all.pagesFetched == 1)
    }
}
