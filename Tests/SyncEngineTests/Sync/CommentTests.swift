import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// Long and short comments over real SQLite and loopback HTTP: the read policies, paging by
/// cursor without duplicates, atomic writes, lenient decoding, and pruning.
///
/// One test at a time: each opens and migrates an archive with synchronous SQLite work on the
/// cooperative pool, and all of them at once in the suite's first seconds starved the loopback
/// servers of timed tests elsewhere (seen in several full runs; SQLite leaving the pool is
/// issue 24's).
@Suite(.serialized) struct CommentTests {
    private let story: Int64 = 9_759_306

    private func ids(_ range: ClosedRange<Int64>) -> [Int64] { range.reversed() }

    @Test func bothThreadsAreFetchedThenServedFromTheArchiveForTenMinutes() async throws {
        let h = try await SyncHarness.start()
        let long = try await h.engine.comments(storyID: story, kind: .long)
        let short = try await h.engine.comments(storyID: story, kind: .short)
        #expect(long.provenance.origin == .network && short.provenance.origin == .network)
        #expect(long.isComplete, "long comments come in one page")
        #expect(!short.isComplete, "only an empty page ends a thread of short comments")
        #expect(long.comments.map(\.id) == [31_820_001])
        #expect(long.comments.first?.author == "桃子的小黑屋")
        #expect(long.comments.first?.content.contains("\n第二段") == true)
        #expect(long.comments.first?.likes == 12 && long.comments.first?.time == 1_678_780_800)
        #expect(short.comments.map(\.id) == [31_820_007, 31_820_005])

        let reply = try #require(short.comments.first?.replyTo)
        #expect(!reply.isDeleted && reply.author == "桃子的小黑屋" && reply.content == "写得很好。" && reply.id == 31_820_001)
        let gone = try #require(short.comments.last?.replyTo)
        #expect(gone.isDeleted && gone.errorMessage == "抱歉，原点评已经被删除" && gone.status == 1)

        h.clock.advance(by: 599)
        let cached = try await h.engine.comments(storyID: story, kind: .short)
        #expect(cached.provenance.origin == .cache && !cached.provenance.isStale)
        #expect(cached.comments == short.comments, "the archive gives back what it was given")
        #expect(h.server.requestCount(CommentPages.shortPath(story)) == 1)

        h.clock.advance(by: 2)
        let later = try await h.engine.comments(storyID: story, kind: .short)
        #expect(later.provenance.origin == .network)
        #expect(h.server.requestCount(CommentPages.shortPath(story)) == 2)

        _ = try await h.engine.comments(storyID: story, kind: .short, policy: .networkFirst)
        #expect(h.server.requestCount(CommentPages.shortPath(story)) == 3, "a refresh asks whatever the age")
        await h.server.stop()
    }

    @Test func offlineReadsServeTheArchiveOrSayItHasNothing() async throws {
        let h = try await SyncHarness.start()
        await #expect(throws: SyncError.self) { try await h.engine.comments(storyID: story, kind: .short, policy: .cacheOnly) }
        #expect(h.server.requestedPaths.isEmpty, "cache-only never asks")
        let fetched = try await h.engine.comments(storyID: story, kind: .short)
        await h.server.stop()

        h.clock.advance(by: 3_600)
        let offline = try await h.engine.comments(storyID: story, kind: .short, policy: .cacheOnly)
        #expect(offline.comments == fetched.comments && offline.provenance.staleReason == .offline)
        let unreachable = try await h.engine.comments(storyID: story, kind: .short)
        #expect(unreachable.provenance.origin == .cache && unreachable.provenance.staleReason == .offline)
        #expect(unreachable.provenance.age == .seconds(3_600))
        do {
            _ = try await h.engine.comments(storyID: story, kind: .short, policy: .networkOnly)
            Issue.record("network-only must fail without the network")
        } catch {
            #expect(error.code == .unavailable)
        }
    }

    @Test func nextPagesComeByCursorUntilAnEmptyPageEndsTheThread() async throws {
        let h = try await SyncHarness.start()
        let thread = ids(1_001...1_045)  // 45 comments: pages of 20, 20, 5, then an empty one
        CommentPages.serve(h.server, story: story, short: thread)
        var read = try await h.engine.comments(storyID: story, kind: .short)
        #expect(read.comments.map(\.id) == Array(thread.prefix(20)))
        var requests = 1
        while !read.isComplete {
            read = try await h.engine.moreComments(storyID: story, kind: .short)
            requests += 1
            #expect(requests < 10)
        }
        #expect(read.comments.map(\.id) == thread)
        #expect(requests == 4)
        #expect(h.server.requestCount(CommentPages.shortPath(story, before: 1_026)) == 1)
        #expect(h.server.requestCount(CommentPages.shortPath(story, before: 1_006)) == 1)
        #expect(h.server.requestCount(CommentPages.shortPath(story, before: 1_001)) == 1)

        let mark = h.server.requestedPaths.count
        let again = try await h.engine.moreComments(storyID: story, kind: .short)
        #expect(again.comments == read.comments && again.isComplete)
        #expect(h.server.requestedPaths.count == mark, "a complete thread asks nothing more")
        #expect(try await h.engine.comments(storyID: story, kind: .short, policy: .cacheOnly).comments.count == 45)
        await h.server.stop()
    }

    @Test func aThreadThatMovedOnGainsItsNewCommentsAndKeepsNoneTwice() async throws {
        let h = try await SyncHarness.start()
        CommentPages.serve(h.server, story: story, short: ids(1_001...1_030))
        _ = try await h.engine.comments(storyID: story, kind: .short)
        // Three new comments arrive and 1_028 is deleted; the next page by cursor overlaps what is held.
        h.server.setReply(
            .body(status: 200, text: CommentPages.page([1_010, 1_009, 1_008] + ids(1_001...1_007))),
            for: CommentPages.shortPath(story, before: 1_011))
        let more = try await h.engine.moreComments(storyID: story, kind: .short)
        #expect(more.comments.map(\.id) == ids(1_001...1_030), "the overlap is added once")

        let moved = ids(1_031...1_033) + ids(1_011...1_030).filter { $0 != 1_028 }.prefix(17)
        h.server.setReply(.body(status: 200, text: CommentPages.page(Array(moved))), for: CommentPages.shortPath(story))
        h.clock.advance(by: 601)
        let refreshed = try await h.engine.comments(storyID: story, kind: .short)
        let expected = ids(1_031...1_033) + ids(1_001...1_030).filter { $0 != 1_028 }
        #expect(refreshed.comments.map(\.id) == expected, "new ones first, the pages read before kept after, the deleted one gone")
        #expect(Set(refreshed.comments.map(\.id)).count == refreshed.comments.count)
        #expect(!refreshed.isComplete)
        await h.server.stop()
    }

    @Test func aPageThatCannotBeWrittenWholeLeavesTheThreadAsItWas() async throws {
        let h = try await SyncHarness.start()
        CommentPages.serve(h.server, story: story, short: ids(1_001...1_005))
        let before = try await h.engine.comments(storyID: story, kind: .short)
        // Another connection makes the archive refuse one comment of the next first page.
        let other = try Database(path: h.path)
        try other.execute(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON comment WHEN NEW.id = 1_002 AND NEW.content = '改过' \
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """.replacingOccurrences(of: "1_002", with: "1002"))
        var page = ids(1_001...1_006).map { CommentPages.comment($0) }
        page[4]["content"] = "改过"  // 1_002, after 1_006…1_003 were written
        h.server.setReply(.body(status: 200, text: CommentPages.json(page)), for: CommentPages.shortPath(story))
        let served = try await h.engine.comments(storyID: story, kind: .short, policy: .networkFirst)
        #expect(served.provenance.staleReason == .storageError)
        #expect(served.comments == before.comments)
        #expect(try await h.engine.comments(storyID: story, kind: .short, policy: .cacheOnly).comments == before.comments)
        await h.server.stop()
    }

    @Test func aMalformedCommentIsSkippedNotThePage() async throws {
        let h = try await SyncHarness.start()
        let body = """
            {"comments":[{"id":1,"content":"好"},{"id":"2","content":"字符串的 id"},{"author":"没有 id","content":"x"},\
            {"id":3},{"id":4,"content":7},"不是对象",{"id":5,"content":"回复","reply_to":{"status":1,"err_msg":"已删除"}},\
            {"id":6,"content":"回复","reply_to":{"content":"原文","status":0,"id":9}},{"id":7,"content":"","likes":"x","time":null}]}
            """
        h.server.setReply(.body(status: 200, text: body), for: CommentPages.shortPath(story))
        let read = try await h.engine.comments(storyID: story, kind: .short)
        #expect(read.comments.map(\.id) == [1, 2, 5, 6, 7])
        #expect(read.comments[0].author == nil && read.comments[0].likes == nil && read.comments[0].time == nil)
        #expect(read.comments[2].replyTo?.errorMessage == "已删除" && read.comments[2].replyTo?.isDeleted == true)
        #expect(read.comments[3].replyTo?.isDeleted == true, "a reply without its author counts as deleted")
        #expect(read.comments[4].content == "")

        h.server.setReply(.body(status: 200, text: #"{"comments":{}}"#), for: CommentPages.longPath(story))
        do {
            _ = try await h.engine.comments(storyID: story, kind: .long)
            Issue.record("a page that is not a list of comments fails")
        } catch {
            #expect(error.code == .badResponse)
        }
        await h.server.stop()
    }

    @Test func countersAreReadAlone() async throws {
        let h = try await SyncHarness.start()
        #expect(try await h.engine.counters(id: story, policy: .cacheOnly) == nil)
        let counters = try #require(try await h.engine.counters(id: story))
        #expect(counters.extra == StoryExtra(popularity: 12, comments: 3, longComments: 1, shortComments: 2))
        #expect(counters.provenance.origin == .network)
        #expect(try await h.engine.counters(id: story)?.provenance.origin == .cache)
        #expect(try await h.engine.counters(id: story, policy: .networkFirst)?.provenance.origin == .network)
        await h.server.stop()
    }

    @Test func commentsGoWithTheirStoryAndStayWithAFavourite() async throws {
        let h = try await SyncHarness.start()
        let source = SyntheticSource()
        source.serve(h.server, days: 5, details: true)
        _ = try await h.engine.sync(SyntheticRequest.details(5))
        let old = source.storyID(source.latest.adding(days: -4), 0)
        let kept = source.storyID(source.latest.adding(days: -4), 1)
        let recent = source.storyID(source.latest, 0)
        for id in [old, kept, recent] {
            CommentPages.serve(h.server, story: id, short: [id * 10 + 2, id * 10 + 1], long: [id * 10 + 3])
            for kind in CommentKind.allCases { _ = try await h.engine.comments(storyID: id, kind: kind) }
        }
        try await h.engine.addFavorite(id: kept)
        await h.server.stop()
        _ = try await h.engine.prune(keepDays: 2)
        for kind in CommentKind.allCases {
            await #expect(throws: SyncError.self) { try await h.engine.comments(storyID: old, kind: kind, policy: .cacheOnly) }
            #expect(try await h.engine.comments(storyID: kept, kind: kind, policy: .cacheOnly).comments.count == (kind == .long ? 1 : 2))
            #expect(try await h.engine.comments(storyID: recent, kind: kind, policy: .cacheOnly).comments.count == (kind == .long ? 1 : 2))
        }
        let rows = try Database(path: h.path).query("SELECT count(*) FROM comment WHERE story_id = ?", [.integer(old)]) { $0.int64(at: 0) }
        #expect(rows == [0])
    }
}

/// What a first review found: a refresh after more than a page arrived, next pages read twice at
/// once, and reading on offline.
@Suite(.serialized) struct CommentEdgeTests {  // one at a time, as CommentTests
    private let story: Int64 = 9_759_306

    private func ids(_ range: ClosedRange<Int64>) -> [Int64] { range.reversed() }

    @Test func moreThanAPageArrivingReplacesTheThreadAndItIsReadOnWithoutAHole() async throws {
        let h = try await SyncHarness.start()
        CommentPages.serve(h.server, story: story, short: ids(1_001...1_040))
        var read = try await h.engine.comments(storyID: story, kind: .short)
        while !read.isComplete { read = try await h.engine.moreComments(storyID: story, kind: .short) }
        #expect(read.comments.count == 40)

        // 30 new: the first page (1070…1051) no longer reaches what the archive holds (1040…1001).
        CommentPages.serve(h.server, story: story, short: ids(1_001...1_070))
        let refreshed = try await h.engine.comments(storyID: story, kind: .short, policy: .networkFirst)
        #expect(refreshed.comments.map(\.id) == ids(1_051...1_070), "no hole between 1051 and 1040")
        #expect(!refreshed.isComplete, "read on from its last comment")
        read = refreshed
        while !read.isComplete { read = try await h.engine.moreComments(storyID: story, kind: .short) }
        #expect(read.comments.map(\.id) == ids(1_001...1_070))
        await h.server.stop()
    }

    @Test func twoNextPagesAskedAtOnceAddThePageOnceAndDoNotEndTheThread() async throws {
        let h = try await SyncHarness.start()
        CommentPages.serve(h.server, story: story, short: ids(1_001...1_060))
        let second = CommentPages.shortPath(story, before: 1_041)
        h.server.setReply(.delayed(.milliseconds(200), .body(status: 200, text: CommentPages.page(ids(1_021...1_040)))), for: second)
        _ = try await h.engine.comments(storyID: story, kind: .short)
        async let one = h.engine.moreComments(storyID: story, kind: .short)
        async let other = h.engine.moreComments(storyID: story, kind: .short)
        let (a, b) = try await (one, other)
        #expect(h.server.requestCount(second) == 2, "both asked for the same page")
        #expect(a.comments.count == 40 && b.comments.count == 40)
        #expect(!a.isComplete && !b.isComplete, "a page already added is no end")
        let rest = try await h.engine.moreComments(storyID: story, kind: .short)
        #expect(rest.comments.map(\.id) == ids(1_001...1_060))
        await h.server.stop()
    }

    @Test func offlineNothingMoreIsAskedForAndACompleteThreadIsServed() async throws {
        let h = try await SyncHarness.start()
        CommentPages.serve(h.server, story: story, short: ids(1_001...1_030), long: [2_000])
        _ = try await h.engine.comments(storyID: story, kind: .short)
        _ = try await h.engine.comments(storyID: story, kind: .long)
        let mark = h.server.requestedPaths.count
        do {
            _ = try await h.engine.moreComments(storyID: story, kind: .short, offline: true)
            Issue.record("offline, older comments cannot come")
        } catch {
            #expect(error.code == .notCached)
        }
        #expect(try await h.engine.moreComments(storyID: story, kind: .long, offline: true).comments.map(\.id) == [2_000])
        #expect(h.server.requestedPaths.count == mark, "offline asks nothing")
        await h.server.stop()
    }
}
