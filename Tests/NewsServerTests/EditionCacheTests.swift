import Foundation
import NewsWeb
import SyncEngine
import Testing
import TestSupport

@testable import NewsServer

/// The books' cache on its own, with books made by the test: how often each is made, and when
/// its file goes.
@Suite struct EditionCacheTests {
    private static let day = Edition(
        scope: .days(first: Day(year: 2023, month: 3, day: 13) ?? .firstIssue, last: Day(year: 2023, month: 3, day: 13) ?? .firstIssue))

    /// A cache in a new folder whose token the test moves, and a maker that counts its books.
    private final class Bench: Sendable {
        let token = Locked(1)
        let made = Locked(0)
        let cache: EditionCache

        init(entries: Int = 32) throws {
            var caching = EditionCaching(folder: try Fixtures.temporaryFolder()) { [token] in token.withLock { $0 } }
            caching.entries = entries
            cache = try #require(EditionCache(caching))
        }

        /// The book of `edition` under the current token, made (slowly) as `bytes` when it must be.
        func book(_ edition: Edition = EditionCacheTests.day, bytes: [UInt8] = [1, 2, 3], failure: EditionExport.Failure? = nil) async
            -> EditionCache.Outcome
        {
            await cache.book(edition, token: token.withLock { $0 }) { [made] path throws(EditionExport.Failure) in
                made.withLock { $0 += 1 }
                try? await Task.sleep(for: .milliseconds(200))
                if let failure { throw failure }
                // As a read of the archive cut short: the book would lack what it did not get.
                if Task.isCancelled { throw .write(path: path, reason: "cancelled") }
                _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            }
        }
    }

    private static func lease(_ outcome: EditionCache.Outcome) -> EditionCache.Lease? {
        if case .book(let lease) = outcome { return lease }
        return nil
    }

    @Test func requestsForABookBeingMadeWaitForItInsteadOfMakingItAgain() async throws {
        let bench = try Bench()
        let paths = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<4 { group.addTask { Self.lease(await bench.book())?.book.path } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(paths.count == 4 && Set(paths).count == 1 && paths[0] != nil, "\(paths)")
        #expect(bench.made.withLock { $0 } == 1, "one book for four requests at once")
        _ = await bench.book()
        #expect(bench.made.withLock { $0 } == 1, "and the next is sent the kept one")
    }

    @Test func aBookStaysWhileItIsSentThoughTheArchiveHasChanged() async throws {
        let bench = try Bench()
        var old = Self.lease(await bench.book(bytes: [1]))
        try #require(old != nil)
        let oldPath = old?.book.path ?? ""
        bench.token.withLock { $0 = 2 }
        let new = try #require(Self.lease(await bench.book(bytes: [2])))
        #expect(bench.made.withLock { $0 } == 2, "made anew under the new token")
        #expect(new.book.path != oldPath)
        withExtendedLifetime(old) { #expect(FileManager.default.fileExists(atPath: oldPath), "the old book is still being sent") }
        old = nil  // The old answer is done with.
        #expect(old == nil && !FileManager.default.fileExists(atPath: oldPath), "and then it is gone")
        #expect(FileManager.default.contents(atPath: new.book.path) == Data([2]))
        #expect(bench.cache.size.entries == 1)
    }

    @Test func aClientThatGoesAwayDoesNotCutShortABookOthersWaitFor() async throws {
        let bench = try Bench()
        let first = Task { await bench.book() }
        try await Task.sleep(for: .milliseconds(50))
        let second = Task { await bench.book() }
        try await Task.sleep(for: .milliseconds(20))
        first.cancel()
        #expect(Self.lease(await second.value) != nil)
        #expect(bench.made.withLock { $0 } == 1)
        _ = await first.value
    }

    @Test func aBookOfNothingOrOneThatFailedIsNotKept() async throws {
        let bench = try Bench()
        guard case .absent = await bench.book(failure: .empty) else {
            Issue.record("an empty edition is absent")
            return
        }
        guard case .failed(let reason) = await bench.book(failure: .write(path: "x", reason: "disk full")) else {
            Issue.record("a failed write is a failure")
            return
        }
        #expect(reason == "disk full")
        #expect(Self.lease(await bench.book()) != nil)
        #expect(bench.made.withLock { $0 } == 3)
        #expect(bench.cache.size.entries == 1)
    }
}
