import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// `sync` with `includeComments`: every story's threads read to the end, resumably, and counted.
@Suite(.serialized) struct SyncCommentsTests {  // one at a time, as CommentTests
    private let source = SyntheticSource()

    private func request(_ days: Int) -> SyncRequest {
        SyncRequest(span: .lastDays(days), includeDetails: true, concurrency: 2, includeComments: true)
    }

    /// 25 short comments (pages of 20 and 5, then an empty one) and one long one per story.
    private func serveComments(_ server: LoopbackServer, _ ids: [Int64]) {
        for id in ids {
            CommentPages.serve(server, story: id, short: (1...25).map { id * 100 + Int64(26 - $0) }, long: [id * 100 + 99])
        }
    }

    @Test func everyThreadIsReadToTheEndOnceAndCounted() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 2, details: true)
        let stories = source.days(2).flatMap(source.storyIDs(of:))
        serveComments(h.server, stories)
        let progress = ProgressLog()
        let summary = try await h.engine.sync(request(2)) { report in progress.record(report) }
        #expect(summary.failures.isEmpty)
        #expect(summary.commentStoriesFetched == 4 && summary.commentStoriesPresent == 0)
        #expect(summary.commentsFetched == 4 * 26)
        #expect(progress.succeeded(in: .comments) == 4)
        for id in stories {
            let short = try await h.engine.comments(storyID: id, kind: .short, policy: .cacheOnly)
            #expect(short.isComplete && short.comments.count == 25)
            #expect(try await h.engine.comments(storyID: id, kind: .long, policy: .cacheOnly).comments.map(\.id) == [id * 100 + 99])
        }

        let mark = h.server.requestedPaths.count
        let again = try await h.engine.sync(request(2))
        #expect(again.commentStoriesFetched == 0 && again.commentStoriesPresent == 4 && again.commentsFetched == 0)
        #expect(h.paths(since: mark) == [SyntheticSource.latestPath], "a thread read to the end is not asked again")
        await h.server.stop()
    }

    @Test func aThreadThatFailsHalfwayGoesOnFromItsLastCommentNextTime() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 1, details: true)
        let stories = source.storyIDs(of: source.latest)
        serveComments(h.server, stories)
        let broken = stories[0]
        let secondPage = CommentPages.shortPath(broken, before: broken * 100 + 6)
        h.server.setReply(.body(status: 500, text: "{}"), for: secondPage)
        let first = try await h.engine.sync(request(1))
        #expect(first.failures.map(\.item) == [.comments(broken)])
        #expect(first.commentStoriesFetched == 1)
        let partial = try await h.engine.comments(storyID: broken, kind: .short, policy: .cacheOnly)
        #expect(partial.comments.count == 20 && !partial.isComplete, "the page read before the failure is kept")

        CommentPages.serve(h.server, story: broken, short: (1...25).map { broken * 100 + Int64(26 - $0) }, long: [broken * 100 + 99])
        let mark = h.server.requestedPaths.count
        let second = try await h.engine.sync(request(1))
        #expect(second.failures.isEmpty && second.commentStoriesFetched == 1 && second.commentsFetched == 5)
        #expect(
            h.paths(since: mark) == [
                SyntheticSource.latestPath, secondPage, CommentPages.shortPath(broken, before: broken * 100 + 1),
            ], "neither the long comments nor the first page again")
        #expect(try await h.engine.comments(storyID: broken, kind: .short, policy: .cacheOnly).comments.count == 25)
        await h.server.stop()
    }
}

extension SyncCommentsTests {
    @Test func aThreadLongerThanASyncReadsGoesOnNextTime() async throws {
        var batches = SyncEngine.SyncBatches()
        batches.commentPagesPerStory = 2
        let h = try await SyncHarness.start(batches: batches)
        let source = SyntheticSource(storiesPerDay: 1)
        source.serve(h.server, days: 1, details: true)
        let id = source.storyID(source.latest, 0)
        let thread: [Int64] = (1...100).map { id * 1_000 + Int64(101 - $0) }
        CommentPages.serve(h.server, story: id, short: thread)
        let request = SyncRequest(span: .lastDays(1), includeDetails: true, includeComments: true)
        let first = try await h.engine.sync(request)
        #expect(first.failures.isEmpty && first.commentStoriesFetched == 1)
        #expect(first.commentsFetched == 60, "the first page and two more, no further")
        let held = try await h.engine.comments(storyID: id, kind: .short, policy: .cacheOnly)
        #expect(held.comments.map(\.id) == Array(thread.prefix(60)) && !held.isComplete)
        let second = try await h.engine.sync(request)
        #expect(second.commentsFetched == 40)
        #expect(try await h.engine.comments(storyID: id, kind: .short, policy: .cacheOnly).comments.map(\.id) == Array(thread.prefix(100)))
        let third = try await h.engine.sync(request)
        #expect(third.commentsFetched == 0)
        #expect(try await h.engine.comments(storyID: id, kind: .short, policy: .cacheOnly).isComplete, "the empty page was read")
        let fourth = try await h.engine.sync(request)
        #expect(fourth.commentStoriesFetched == 0 && fourth.commentStoriesPresent == 1)
    }
}
