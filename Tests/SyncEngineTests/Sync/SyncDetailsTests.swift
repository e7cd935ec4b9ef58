import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// `sync` with `includeDetails`: each story's `news/<id>` and `story-extra/<id>`, only where the
/// archive lacks them, one story's failure being that story's only.
@Suite struct SyncDetailsTests {
    private let source = SyntheticSource()
    private var latest: Day { source.latest }

    private func allStories(_ days: Int) -> [Int64] {
        source.days(days).flatMap { source.storyIDs(of: $0) }
    }

    private func detailRequests(_ server: LoopbackServer) -> [String] {
        server.requestedPaths.filter { $0.hasPrefix("/api/4/news/20") || $0.hasPrefix("/api/4/story-extra/") }
    }

    @Test func everyStoryOfTheSpanGetsItsDetailAndCounters() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 3, details: true)
        let log = ProgressLog()
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(3), includeDetails: true), progress: log.record)
        let ids = allStories(3)
        #expect(summary.detailsFetched == ids.count)
        #expect(summary.detailsPresent == 0)
        #expect(summary.failures.isEmpty)
        for id in ids {
            #expect(h.server.requestCount(SyntheticSource.detailPath(id)) == 1)
            #expect(h.server.requestCount(SyntheticSource.extraPath(id)) == 1)
            let page = try await h.engine.detail(id: id, policy: .cacheOnly)
            #expect(page.detail.title == "第\(id)号故事")
            #expect(page.extra?.popularity == 7)
            #expect(page.extraProvenance?.origin == .cache)
        }
        #expect(try await h.engine.status().details == ids.count)
        let details = log.all.filter { $0.phase == .details }
        #expect(details.first == SyncProgress(phase: .details, done: 0, total: ids.count, failed: 0))
        #expect(details.last == SyncProgress(phase: .details, done: ids.count, total: ids.count, failed: 0))
        // The days come first, then the details.
        #expect(log.all.firstIndex { $0.phase == .details }! > log.all.lastIndex { $0.phase == .days }!)
        await h.server.stop()
    }

    @Test func whatTheArchiveHasIsNotFetchedAgain() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 3, details: true)
        let complete = source.storyID(latest, 0), withoutCounters = source.storyID(latest.adding(days: -1), 1)
        _ = try await h.engine.detail(id: complete)
        h.server.setReply(.body(status: 500, text: "{}"), for: SyntheticSource.extraPath(withoutCounters))
        let read = try await h.engine.detail(id: withoutCounters)
        #expect(read.extra == nil)
        h.server.setReply(.body(status: 200, text: source.extra()), for: SyntheticSource.extraPath(withoutCounters))

        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(3), includeDetails: true))
        #expect(summary.detailsPresent == 1)
        #expect(summary.detailsFetched == allStories(3).count - 1)
        #expect(h.server.requestCount(SyntheticSource.detailPath(complete)) == 1)
        #expect(h.server.requestCount(SyntheticSource.extraPath(complete)) == 1)
        #expect(h.server.requestCount(SyntheticSource.detailPath(withoutCounters)) == 1, "only its counters were missing")
        #expect(h.server.requestCount(SyntheticSource.extraPath(withoutCounters)) == 2)

        let requests = detailRequests(h.server).count
        let again = try await h.engine.sync(SyntheticRequest.details(3))
        #expect(detailRequests(h.server).count == requests, "nothing is missing any more")
        #expect(again.detailsPresent == allStories(3).count)
        #expect(again.detailsFetched == 0)
        await h.server.stop()
    }

    @Test func aStoryThatFailsIsListedAndTheOthersAreFetched() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 3, details: true)
        let serverError = source.storyID(latest, 1)
        let noCounters = source.storyID(latest.adding(days: -1), 0)
        let badJSON = source.storyID(latest.adding(days: -2), 1)
        h.server.setReply(.body(status: 500, text: "{}"), for: SyntheticSource.detailPath(serverError))
        h.server.setReply(.body(status: 500, text: "{}"), for: SyntheticSource.extraPath(noCounters))
        h.server.setReply(.body(status: 200, text: #"{"id":1,"#), for: SyntheticSource.detailPath(badJSON))

        let summary = try await h.engine.sync(SyntheticRequest.details(3))
        let failed = Dictionary(
            uniqueKeysWithValues: summary.failures.compactMap { failure in failure.storyID.map { ($0, failure.error.code) } })
        #expect(failed == [serverError: .unavailable, noCounters: .unavailable, badJSON: .badResponse])
        #expect(summary.failures.allSatisfy { $0.day == nil })
        #expect(summary.detailsFetched == allStories(3).count - 3)
        #expect(summary.skipped == 0)
        for id in allStories(3) where ![serverError, badJSON].contains(id) {
            #expect(try await h.engine.detail(id: id, policy: .cacheOnly).detail.id == id)
        }
        // A story whose counters failed keeps the detail it got.
        #expect(try await h.engine.detail(id: noCounters, policy: .cacheOnly).extra == nil)

        source.serve(h.server, days: 3, details: true)
        var mark = h.server.requestedPaths.count
        // The story that answered 500 is left alone for an hour; the others are fetched again.
        let rerun = try await h.engine.sync(SyntheticRequest.details(3))
        #expect(rerun.failures.isEmpty)
        #expect(rerun.detailsFetched == 2)
        #expect(rerun.detailsDeferred == 1)
        var asked = Set(h.paths(since: mark).filter { $0 != SyntheticSource.latestPath })
        #expect(
            asked == [
                SyntheticSource.extraPath(noCounters), SyntheticSource.detailPath(badJSON), SyntheticSource.extraPath(badJSON),
            ])
        // Asked for now, it is fetched whole and forgotten.
        mark = h.server.requestedPaths.count
        var retry = SyntheticRequest.details(3)
        retry.retryFailed = true
        let retried = try await h.engine.sync(retry)
        #expect(retried.failures.isEmpty && retried.detailsFetched == 1 && retried.detailsDeferred == 0)
        asked = Set(h.paths(since: mark).filter { $0 != SyntheticSource.latestPath })
        #expect(asked == [SyntheticSource.detailPath(serverError), SyntheticSource.extraPath(serverError)])
        #expect(try await h.engine.status().failingStories.isEmpty)
        await h.server.stop()
    }

    @Test func theDetailTextOfASyncedStoryIsSearchable() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 2, details: true)
        let id = source.storyID(latest.adding(days: -1), 1)
        h.server.setReply(
            .body(status: 200, text: source.detail(id, text: "上海的磁悬浮列车每小时跑四百多公里。")),
            for: SyntheticSource.detailPath(id))
        #expect(try await h.engine.search("悬浮列车").isEmpty)
        _ = try await h.engine.sync(SyntheticRequest.details(2))
        let results = try await h.engine.search("悬浮列车")
        #expect(results.map(\.id) == [id])
        #expect(results.first?.day == latest.adding(days: -1))
        #expect(results.first?.title == "第\(id)号故事")
        #expect(results.first?.snippet.contains(.init(text: "悬浮列车", isMatch: true)) == true)
        await h.server.stop()
    }

    @Test func aStoryKnownOnlyByItsDetailIsFoundWithoutADay() async throws {
        let h = try await SyncHarness.start()
        _ = try await h.engine.detail(id: 9_759_301)  // the fixture: 为什么春天的风总是特别大？
        let alone = try await h.engine.search("春天")
        #expect(alone.map(\.id) == [9_759_301])
        #expect(alone.first?.day == nil)
        #expect(alone.first?.title == "为什么春天的风总是特别大？")
        _ = try await h.engine.latest()
        let listed = try await h.engine.search("春天")
        #expect(listed.map(\.id) == [9_759_301])
        #expect(listed.first?.day == Day("20230314"))
        // The detail text is still in the index after the list wrote the story's title and hint.
        #expect(try await h.engine.search("气压梯度").map(\.id) == [9_759_301])
        #expect(try await h.engine.search("气象小站").map(\.id) == [9_759_301])
        await h.server.stop()
    }
}

enum SyntheticRequest {
    /// The last `days` days with their details, two transfers at once.
    static func details(_ days: Int) -> SyncRequest {
        SyncRequest(span: .lastDays(days), includeDetails: true, concurrency: 2)
    }
}
