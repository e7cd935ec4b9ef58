import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SyncEngine

/// `pictureUpdates(storyID:)`: a story's picture list at once, then each change, from this
/// engine's syncs and another connection's, over real syncs on the loopback server.
@Suite struct PictureObservationTests {
    /// Collects a stream's lists in the background, so a test can wait for one with a limit.
    private final class Recorder: Sendable {
        private let updates = Locked<[StoryPicturesUpdate]>([])
        private let consumer: Task<Void, Never>

        init(_ stream: AsyncStream<StoryPicturesUpdate>) {
            let updates = self.updates
            consumer = Task {
                for await update in stream { updates.withLock { $0.append(update) } }
            }
        }

        var all: [StoryPicturesUpdate] { updates.withLock { $0 } }

        /// The lists sent so far, once one satisfies `done` (or after 20 s).
        func waitFor(_ done: ([StoryPicture]) -> Bool) async -> [[StoryPicture]] {
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline {
                let lists = Self.lists(all)
                if lists.contains(where: done) { return lists }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return Self.lists(all)
        }

        static func lists(_ updates: [StoryPicturesUpdate]) -> [[StoryPicture]] {
            updates.compactMap { if case .pictures(let list) = $0 { list } else { nil } }
        }

        func stop() { consumer.cancel() }
    }

    private static func states(_ list: [StoryPicture]) -> [StoryPicture.State] { list.map(\.state) }

    @Test func aSyncThatKeepsAStorysPicturesIsHeardByItsWatcher() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        // The body's second picture comes last and slowly: a list with some kept is heard first.
        h.server.setReply(
            .delayed(.milliseconds(300), .bytes(contentType: "image/webp", try Fixtures.picture("lossy.webp"))),
            for: "/pictures/shared.webp")
        let recorder = Recorder(h.engine.pictureUpdates(storyID: PictureSource.first))
        // Nothing listed yet: an empty list at once.
        #expect(await recorder.waitFor { $0.isEmpty } == [[]])

        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(1), includeImages: true))
        #expect(summary.failures.isEmpty)
        let lists = await recorder.waitFor { !$0.isEmpty && $0.allSatisfy { $0.state == .kept } }
        let last = try #require(lists.last)
        #expect(last == (try await h.engine.pictures(storyID: PictureSource.first)))
        #expect(last.map(\.place) == [.thumbnail, .banner, .headline, .body(1), .body(2)])
        #expect(Self.states(last) == Array(repeating: .kept, count: 5))
        // It was heard as the sync went: listed while missing, then kept batch by batch.
        #expect(lists.contains { !$0.isEmpty && $0.contains { $0.state == .missing } }, "\(lists.map(Self.states))")
        // Never the same list twice in a row.
        #expect(zip(lists, lists.dropFirst()).allSatisfy { $0 != $1 })

        // A sync that changes nothing sends nothing.
        let heard = recorder.all.count
        _ = try await h.engine.sync(SyncRequest(span: .lastDays(1), includeImages: true))
        // A send would reach the recorder after the sync returns: give it time to, then count.
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.all.count == heard, "\(recorder.all.dropFirst(heard))")
        recorder.stop()
        await h.server.stop()
    }

    @Test func aSyncByAnotherConnectionIsHeardWithinThePollInterval() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        h.server.setReply(.body(status: 403, contentType: "text/html", text: "<html>Forbidden</html>"), for: "/pictures/thumb-2.webp")
        var configuration = SyncEngine.Configuration(databasePath: h.path)
        configuration.changePollInterval = .milliseconds(50)
        configuration.baseURLs = [await h.server.baseURL]
        configuration.retryPolicy = .none
        let watcher = try SyncEngine(configuration: configuration)
        let recorder = Recorder(watcher.pictureUpdates(storyID: PictureSource.second))
        #expect(await recorder.waitFor { $0.isEmpty } == [[]])

        // The harness's engine is another connection to the same file.
        _ = try await h.engine.sync(SyncRequest(span: .lastDays(1), includeImages: true))
        let lists = await recorder.waitFor { $0.count == 2 && !$0.contains { $0.state == .missing } }
        let last = try #require(lists.last)
        #expect(last.map(\.place) == [.thumbnail, .body(1)])
        guard case .failed = last.first?.state else {
            Issue.record("the refused thumbnail is heard as failed: \(lists.map(Self.states))")
            return
        }
        #expect(last.first?.failureReason == .httpStatus(403))
        #expect(last.last?.state == .kept)

        recorder.stop()
        // The stream's end unregisters it, and the poll stops with the last stream.
        let deadline = ContinuousClock.now + .seconds(20)
        while await watcher.pictureObserverCount > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await watcher.pictureObserverCount == 0)
        await h.server.stop()
    }
}
