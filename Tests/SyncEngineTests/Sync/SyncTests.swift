import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SyncEngine

/// `SyncEngine.sync`: what it fetches, in which order and how many at once, and how a failed,
/// cancelled or abandoned run is resumed. Real SQLite, real libcurl, a loopback server.
@Suite struct SyncTests {
    private let source = SyntheticSource()
    private var latest: Day { source.latest }
    private var latestPath: String { SyntheticSource.latestPath }

    private func path(_ day: Day) -> String { SyntheticSource.path(of: day) }

    // MARK: What is fetched

    @Test func aSyncFetchesTheLatestPageThenEveryDayOfTheSpanNewestFirst() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 5)
        let log = ProgressLog()
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(5), concurrency: 1), progress: log.record)

        #expect(h.server.requestedPaths == [latestPath] + source.days(5).dropFirst().map(path))
        #expect(summary.days == latest.adding(days: -4)...latest)
        #expect(summary.daysFetched == 5)
        #expect(summary.daysPresent == 0)
        #expect(summary.failures.isEmpty)
        #expect(summary.skipped == 0)
        #expect(summary.detailsFetched == 0)
        let coverage = try await h.engine.coverage()
        #expect(coverage.cachedRanges == [latest.adding(days: -4)...latest])
        #expect(coverage.partialDays == [latest], "the latest day stays partial, every earlier one is final")
        for day in source.days(5).dropFirst() {
            let page = try await h.engine.page(for: day, policy: .cacheOnly)
            #expect(page.provenance.isFinal)
            #expect(page.stories.map(\.id) == source.storyIDs(of: day))
        }
        // The latest page, fetched first, is one of the 5 days and counts as done from the start.
        #expect(log.all.first == SyncProgress(phase: .days, done: 1, total: 5, failed: 0))
        #expect(log.all.last == SyncProgress(phase: .days, done: 5, total: 5, failed: 0))
        #expect(log.all.map(\.done) == [1, 2, 3, 4, 5])
        await h.server.stop()
    }

    @Test func failedDaysAreListedTheRestKeptAndTheNextSyncFetchesOnlyTheFailedOnes() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 8)
        let days = source.days(8)
        let broken = [days[2], days[5]]
        let dropped = days[6]
        for day in broken { h.server.setReply(.body(status: 500, text: "{}"), for: path(day)) }
        h.server.setReply(.truncated(text: source.page(dropped), sentBytes: 20), for: path(dropped))

        let first = try await h.engine.sync(SyncRequest(span: .lastDays(8), concurrency: 2))
        #expect(Set(first.failures.compactMap(\.day)) == Set(broken + [dropped]))
        #expect(first.failures.allSatisfy { $0.error.code == .unavailable })
        #expect(first.failures.first { $0.day == dropped }?.error.remoteError?.transportError?.code == .truncated)
        #expect(first.failures.first { $0.day == broken[0] }?.error.remoteError?.status == 500)
        #expect(first.daysFetched == 5)
        #expect(first.skipped == 0)
        let afterFirst = try await h.engine.coverage()
        for day in days {
            #expect(afterFirst.contains(day) == !(broken + [dropped]).contains(day), "\(day)")
        }

        // The source recovers: only the three failed days (and the latest page) are asked for again.
        source.serve(h.server, days: 8)
        let mark = h.server.requestedPaths.count
        let second = try await h.engine.sync(SyncRequest(span: .lastDays(8), concurrency: 2))
        #expect(Set(h.paths(since: mark)) == Set([latestPath] + (broken + [dropped]).map(path)))
        #expect(h.paths(since: mark).count == 4)
        #expect(second.failures.isEmpty)
        #expect(second.daysFetched == 4)
        #expect(second.daysPresent == 4)
        let coverage = try await h.engine.coverage()
        #expect(coverage.cachedRanges == [days.last!...latest])
        #expect(coverage.gaps.isEmpty)

        // Everything is there: a third sync asks for the latest page only.
        let third = try await h.engine.sync(SyncRequest(span: .lastDays(8), concurrency: 2))
        #expect(h.paths(since: mark + 4) == [latestPath])
        #expect(third.daysFetched == 1)
        #expect(third.daysPresent == 7)
        await h.server.stop()
    }

    @Test func aDayAnsweredWithAnEarlierDateIsBadDataNotUnpublishedAndIsNotWritten() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 4)
        let days = source.days(4)
        let misdated = days[1]
        // Every synced day is before the source's latest, so it is published: this answer is wrong.
        h.server.setReply(.body(status: 200, text: source.page(days[2])), for: path(misdated))
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(4), concurrency: 1))
        #expect(summary.failures.compactMap(\.day) == [misdated])
        let error = summary.failures.first?.error
        #expect(error?.code == .badResponse)
        #expect(
            error?.message.contains("asked for \(misdated), the source answered with \(days[2]), although its latest day is \(latest)")
                == true,
            "\(String(describing: error))")
        let coverage = try await h.engine.coverage()
        #expect(!coverage.contains(misdated), "nothing was written for \(misdated)")
        #expect(try await h.engine.page(for: days[2], policy: .cacheOnly).stories.map(\.id) == source.storyIDs(of: days[2]))
        await h.server.stop()
    }

    @Test func aDayCachedWhileItWasTheLatestIsFetchedAgainAsFinal() async throws {
        let h = try await SyncHarness.start()
        let yesterday = latest.adding(days: -1)
        // Yesterday, the source's latest day was `yesterday`, with one story so far.
        let early = [(id: source.storyID(yesterday, 0), title: "早上的故事", hint: "甲 · 1 分钟阅读")]
        h.server.setReply(.body(status: 200, text: source.page(yesterday, stories: early)), for: latestPath)
        _ = try await h.engine.latest()
        #expect(try await h.engine.coverage().partialDays == [yesterday])

        // Today the source has moved on; yesterday is complete now.
        source.serve(h.server, days: 3)
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(3), concurrency: 1))
        #expect(h.server.requestCount(path(yesterday)) == 1)
        #expect(h.server.requestCount(path(latest.adding(days: -2))) == 1)
        #expect(summary.daysFetched == 3)
        #expect(summary.daysPresent == 0)
        let page = try await h.engine.page(for: yesterday, policy: .cacheOnly)
        #expect(page.provenance.isFinal)
        #expect(page.stories.map(\.id) == source.storyIDs(of: yesterday))
        #expect(try await h.engine.coverage().partialDays == [latest])

        // Final now: not fetched again.
        _ = try await h.engine.sync(SyncRequest(span: .lastDays(3), concurrency: 1))
        #expect(h.server.requestCount(path(yesterday)) == 1)
        await h.server.stop()
    }

    @Test func cancellingASyncKeepsTheDaysWrittenAndTheRerunFetchesOnlyTheRest() async throws {
        let h = try await SyncHarness.start(timeout: .seconds(20))
        source.serve(h.server, days: 7)
        let days = source.days(7)
        // The two newest past days come at once; the source is slow with the others.
        for day in days.dropFirst(3) {
            h.server.setReply(.delayed(.seconds(20), .body(status: 200, text: source.page(day))), for: path(day))
        }
        let log = ProgressLog()
        let sync = Task { try await h.engine.sync(SyncRequest(span: .lastDays(7), concurrency: 2), progress: log.record) }
        // Cancelled once both slow requests have arrived and both fast days have reached the sync (with the latest, 3 done)
        // (its progress counts them). A request arriving is not enough: libcurl sends the next one
        // as soon as a transfer ends, while the day it brought may still be on its way to the sync,
        // and a day not yet there when the sync is cancelled is dropped, as it should be.
        func slowDaysRequested() -> Bool { h.server.requestCount(path(days[3])) == 1 && h.server.requestCount(path(days[4])) == 1 }
        for _ in 0..<2_000 where !(slowDaysRequested() && log.succeeded(in: .days) >= 3) {
            try await Task.sleep(for: .milliseconds(5))
        }
        let cancelledAt = ContinuousClock.now
        sync.cancel()
        let error = await #expect(throws: SyncError.self) { try await sync.value }
        #expect(error?.code == .cancelled)
        let elapsed = ContinuousClock.now - cancelledAt
        #expect(elapsed < TimeBound.wellBefore(.seconds(20)), "cancelling stops the transfers under way, not their 20 s: took \(elapsed)")
        let kept = try await h.engine.coverage()
        #expect(kept.cachedRanges == [days[2]...latest])
        let status = try await h.engine.status()
        #expect(status.lastSync != nil && status.lastSyncInterrupted, "a cancelled sync is the last one, marked as interrupted")

        source.serve(h.server, days: 7)
        let mark = h.server.requestedPaths.count
        let rerun = try await h.engine.sync(SyncRequest(span: .lastDays(7), concurrency: 2))
        #expect(Set(h.paths(since: mark)) == Set([latestPath] + days.dropFirst(3).map(path)))
        #expect(h.paths(since: mark).count == 5)
        #expect(rerun.daysPresent == 2)
        #expect(rerun.failures.isEmpty)
        #expect(try await h.engine.coverage().cachedRanges == [days.last!...latest])
        await h.server.stop()
    }

    @Test func aSyncFetchesExactlyTheHolesOfTheArchiveAndStatusReportsThem() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 10)
        let days = source.days(10)
        _ = try await h.engine.latest()
        for index in [1, 2, 5, 8] { _ = try await h.engine.page(for: days[index]) }

        let before = try await h.engine.status()
        #expect(before.coverage.gaps == [days[7]...days[6], days[4]...days[3]])
        #expect(before.coverage.dayCount == 5)
        #expect(before.stories == 5 * source.storiesPerDay)
        #expect(before.details == 0)
        #expect(before.favorites == 0)
        #expect(before.databaseBytes > 0)
        #expect(before.lastSync == nil)

        let mark = h.server.requestedPaths.count
        h.clock.advance(by: 3_600)
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(10), concurrency: 3))
        let holes = [3, 4, 6, 7, 9].map { days[$0] }
        #expect(Set(h.paths(since: mark)) == Set([latestPath] + holes.map(path)))
        #expect(h.paths(since: mark).count == 6)
        #expect(summary.daysFetched == 6)
        #expect(summary.daysPresent == 4)

        let after = try await h.engine.status()
        #expect(after.coverage.gaps.isEmpty)
        #expect(after.coverage.cachedRanges == [days.last!...latest])
        #expect(after.stories == 10 * source.storiesPerDay)
        #expect(after.databaseBytes > 0)
        #expect(after.lastSync == h.clock.now())
        await h.server.stop()
    }

    @Test func theSpanIsCountedFromTheSourcesLatestDay() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 6)
        let since = try await h.engine.sync(SyncRequest(span: .since(latest.adding(days: -2)), concurrency: 1))
        #expect(since.days == latest.adding(days: -2)...latest)
        #expect(h.server.requestedPaths == [latestPath, path(latest.adding(days: -1)), path(latest.adding(days: -2))])

        // A day after the latest, one day, or none at all: the latest page only.
        for span in [SyncRequest.Span.since(latest.adding(days: 5)), .lastDays(1), .lastDays(0), .lastDays(-3)] {
            let mark = h.server.requestedPaths.count
            let summary = try await h.engine.sync(SyncRequest(span: span))
            #expect(summary.days == latest...latest, "\(span)")
            #expect(h.paths(since: mark) == [latestPath], "\(span)")
        }
        await h.server.stop()
    }

    @Test func theSpanNeverReachesBeforeTheFirstIssue() async throws {
        let h = try await SyncHarness.start()
        let early = SyntheticSource(latest: Day.firstIssue.adding(days: 2))
        early.serve(h.server, days: 3)
        for span in [SyncRequest.Span.since(Day("20000101")!), .lastDays(.max)] {
            let summary = try await h.engine.sync(SyncRequest(span: span, concurrency: 1))
            #expect(summary.days == Day.firstIssue...early.latest, "\(span)")
            #expect(summary.failures.isEmpty, "\(span)")
        }
        #expect(h.server.requestCount(SyntheticSource.path(of: Day.firstIssue)) == 1)
        #expect(h.server.requestCount(SyntheticSource.path(of: Day.firstIssue.adding(days: -1))) == 0)
        #expect(try await h.engine.coverage().cachedRanges == [Day.firstIssue...early.latest])
        await h.server.stop()
    }

    // MARK: Order and concurrency

    @Test(arguments: [1, 3])
    func transfersStartNewestFirstAndNeverMoreThanTheConcurrencyAtOnce(concurrency: Int) async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 13)
        let days = Array(source.days(13).dropFirst())
        for day in days {
            h.server.setReply(.delayed(.milliseconds(60), .body(status: 200, text: source.page(day))), for: path(day))
        }
        _ = try await h.engine.sync(SyncRequest(span: .lastDays(13), concurrency: concurrency))
        // Never more than asked; and (a loaded CI box may stagger the arrivals a little) not serial.
        #expect(h.server.peakConcurrentRequests <= concurrency)
        #expect(h.server.peakConcurrentRequests >= min(concurrency, 2))
        let requested = Array(h.server.requestedPaths.dropFirst()).map { requested in days.firstIndex { path($0) == requested }! }
        #expect(requested.count == days.count)
        // Items start in order: the i-th request is one of the i + ahead newest days. Above one
        // transfer the pool asks for twice as many items as transfers (`runPool`), and those
        // waiting reach the transport in whatever order their tasks run: a loaded machine showed
        // request 6 for day #9 at a concurrency of 3, within the 6 asked, not within 3.
        let ahead = concurrency > 1 ? 2 * concurrency : 1
        for (position, index) in requested.enumerated() {
            #expect(index < position + ahead, "request \(position) was for day #\(index): \(requested)")
        }
        if concurrency == 1 { #expect(requested == Array(days.indices)) }
        await h.server.stop()
    }

    @Test(arguments: [(asked: 100, days: 25), (asked: 0, days: 5), (asked: -5, days: 5)])
    func theConcurrencyIsClampedToOneThroughSixteen(asked: Int, days: Int) async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: days)
        for day in source.days(days).dropFirst() {
            h.server.setReply(
                // A second each: more than 8 transfers are surely under way at once, even when
                // starting them is slow (300 ms once saw only 8 beside scripts/stress).
                .delayed(.milliseconds(asked > 1 ? 1_000 : 20), .body(status: 200, text: source.page(day))),
                for: path(day))
        }
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(days), concurrency: asked))
        #expect(summary.failures.isEmpty)
        if asked > 1 {
            // Unclamped, all 24 past days would be asked for at once.
            #expect(h.server.peakConcurrentRequests <= SyncRequest.maxConcurrency)
            #expect(h.server.peakConcurrentRequests > 8)
        } else {
            #expect(h.server.peakConcurrentRequests == 1)
        }
        #expect(SyncRequest.maxConcurrency == 16)
        await h.server.stop()
    }

    // MARK: Giving up

    @Test func whenTheServerGoesAwayAfterTheLatestPageTheSyncStopsEarly() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 30, details: true)
        for day in source.days(30).dropFirst() {
            h.server.setReply(.delayed(.milliseconds(300), .body(status: 200, text: source.page(day))), for: path(day))
        }
        let server = h.server
        let stopped = Shared<Task<Void, Never>?>(nil)
        // The first report (the latest page, done) comes after it was stored and before any other
        // day is asked for.
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(30), includeDetails: true, concurrency: 2)) { progress in
            if progress.phase == .days && progress.done == 1 {
                stopped.set(Task { await server.stop() })
            }
        }
        await stopped.get()?.value
        #expect(summary.daysFetched == 1)
        #expect(summary.skipped > 0)
        #expect(summary.failures.count + summary.skipped == 29)
        #expect(summary.failures.count <= 2 * 2 + 2 + 1, "gave up after a run of network failures")
        #expect(summary.failures.allSatisfy { $0.error.code == .unavailable && $0.error.remoteError?.code == .unreachable })
        #expect(summary.detailsFetched == 0)
        #expect(!h.server.requestedPaths.contains { $0.hasPrefix("/api/4/news/20") }, "no details after giving up on days")
        #expect(try await h.engine.coverage().cachedRanges == [latest...latest])
    }

    @Test func aSourceThatStopsAnsweringCostsAFewTimeoutsNotOnePerDay() async throws {
        let h = try await SyncHarness.start(timeout: .milliseconds(250))
        source.serve(h.server, days: 60)
        for day in source.days(60).dropFirst() {
            h.server.setReply(.delayed(.seconds(30), .body(status: 200, text: source.page(day))), for: path(day))
        }
        let start = ContinuousClock.now
        // The latest page gets a roomy deadline of its own (an outer operation's, which the sync
        // keeps for it), so a loaded machine cannot fail it; each day still has its 250 ms.
        let summary = try await Fetcher.$operationDeadline.withValue(.now + .seconds(10)) {
            try await h.engine.sync(SyncRequest(span: .lastDays(60), concurrency: 2))
        }
        let elapsed = ContinuousClock.now - start
        // The counts below prove it stopped early (at most 7 timeouts, two at a time: about 1 s;
        // 59 days × 250 ms / 2 at once would be 7.4 s). The time only shows no day waited for the
        // server's 30 s: twice the 1 s plus slack.
        #expect(elapsed < TimeBound.within(.seconds(1)) + .seconds(2), "took \(elapsed)")
        #expect(summary.skipped > 0)
        #expect(summary.failures.count <= 2 * 2 + 2 + 1)
        #expect(summary.failures.allSatisfy { $0.error.remoteError?.code == .unreachable })
        #expect(h.server.requestedPaths.count == 1 + summary.failures.count)
        await h.server.stop()
    }

    @Test func serverErrorsDoNotMakeTheSyncGiveUp() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 16)
        for day in source.days(16).dropFirst() { h.server.setReply(.body(status: 503, text: "{}"), for: path(day)) }
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(16), concurrency: 2))
        #expect(summary.skipped == 0, "the source answers: every day is tried")
        #expect(summary.failures.count == 15)
        await h.server.stop()
    }

    // MARK: Failures of the sync itself

    @Test func withoutTheLatestPageTheSyncFailsAndWritesNothing() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 4)
        h.server.setReply(.body(status: 500, text: "{}"), for: latestPath)
        let error = await #expect(throws: SyncError.self) { try await h.engine.sync(SyncRequest(span: .lastDays(4))) }
        #expect(error?.code == .unavailable)
        #expect(h.server.requestedPaths == [latestPath])
        let status = try await h.engine.status()
        #expect(status.coverage.dayCount == 0)
        #expect(status.lastSync == nil)
        await h.server.stop()
    }

    @Test func aDayThatCannotBeSavedEndsTheSyncAsAStorageErrorAndIndexesNothingOfIt() async throws {
        let h = try await SyncHarness.start()
        source.serve(h.server, days: 4)
        let refused = latest.adding(days: -2)
        // Real SQLite refuses the second story of that day, after the first went in.
        let other = try Database(path: h.path)
        try other.execute(
            """
            CREATE TRIGGER refuse BEFORE INSERT ON story WHEN NEW.id = \(source.storyID(refused, 1))
            BEGIN SELECT RAISE(ABORT, 'disk full'); END
            """)
        let error = await #expect(throws: SyncError.self) {
            try await h.engine.sync(SyncRequest(span: .lastDays(4), concurrency: 1))
        }
        #expect(error?.code == .storage)
        let coverage = try await h.engine.coverage()
        #expect(!coverage.contains(refused))
        #expect(coverage.contains(latest))
        // The index holds a day's stories exactly when the archive holds the day.
        for day in source.days(4) {
            let found = try await h.engine.search("第\(source.storyID(day, 0))号故事").map(\.id)
            #expect(found == (coverage.contains(day) ? [source.storyID(day, 0)] : []), "\(day)")
        }
        #expect(try await h.engine.status().lastSync == nil)
        await h.server.stop()
    }
}
