import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// What the archive does with the pictures a sync kept: `status` counts them, `prune` drops
/// them with their days, the budget evicts the least recently read, and embedders read them.
@Suite struct PictureArchiveTests {
    private func synced(days: Int = 2) async throws -> (SyncHarness, PictureSource) {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(days), includeImages: true))
        #expect(summary.failures.isEmpty)
        return (h, source)
    }

    private func size(_ file: String) throws -> Int64 { Int64(try Fixtures.picture(file).count) }

    @Test func statusCountsKeptMissingAndFailingPicturesWithoutTheirBytes() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        // The budget in force is reported beside the counts: here the configuration's default.
        var empty = PictureCounts()
        empty.budget = 1 << 30
        #expect(try await h.engine.status().pictures == empty)
        h.server.setReply(.body(status: 404, contentType: "text/html", text: "<html>404</html>"), for: "/pictures/thumb-1.jpg")
        h.server.setReply(.body(status: 200, contentType: "image/jpeg", text: "<html>盗链</html>"), for: "/pictures/banner-1.jpg")
        _ = try await h.engine.sync(SyncRequest(span: .lastDays(1), includeImages: true))
        let kept = ["picture.png", "picture.gif", "lossy.webp", "lossless.webp"]
        let bytes = try kept.reduce(Int64(0)) { $0 + (try size($1)) }
        var expected = PictureCounts(kept: 4, bytes: bytes, missing: 2, failing: 2)
        expected.failingReasons = [.httpStatus(404): 1, .refused(.notAPicture): 1]
        expected.budget = 1 << 30
        #expect(try await h.engine.status().pictures == expected)
        await h.server.stop()
    }

    @Test func pruneDropsThePicturesOfTheDaysItDropsButNotThoseAKeptDayUses() async throws {
        let (h, source) = try await synced()
        let before = try KeptPictures(path: h.path).rows.map(\.key)
        #expect(before.contains(source.url(PictureSource.olderThumbnail)))
        let pruned = try await h.engine.prune(keepDays: 1)
        #expect(pruned.daysRemoved == 1 && pruned.picturesRemoved == 1)
        let after = try KeptPictures(path: h.path)
        #expect(Set(after.rows.map(\.key)) == Set(before).subtracting([source.url(PictureSource.olderThumbnail)]))
        // The shared body picture, used by the dropped story too, stays for the kept day's stories.
        #expect(after.row(source.url("/pictures/shared.webp")) != nil)
        #expect(after.references.allSatisfy { $0.story != PictureSource.older })
        await h.server.stop()
    }

    @Test func pruneKeepsAFavouritesPictures() async throws {
        let (h, source) = try await synced()
        try await h.engine.addFavorite(id: PictureSource.older, policy: .cacheOnly)
        let pruned = try await h.engine.prune(keepDays: 1)
        #expect(pruned.daysRemoved == 1 && pruned.picturesRemoved == 0)
        #expect(try KeptPictures(path: h.path).row(source.url(PictureSource.olderThumbnail)) != nil)
        await h.server.stop()
    }

    @Test func readingAPictureAgainWithinTheHourWritesNothingSoTheChangeTokenHolds() async throws {
        let (h, source) = try await synced()
        let url = source.url("/pictures/thumb-2.webp")
        let start = try #require(await h.engine.archiveChangeToken())
        // Fetched (and so last read) by the sync a moment ago, then read twice within the hour.
        _ = try await h.engine.picture(url: url, policy: .cacheOnly)
        h.clock.advance(by: 1_800)
        _ = try await h.engine.picture(url: url, policy: .cacheOnly)
        #expect(await h.engine.archiveChangeToken() == start)
        // Over an hour since: the read is marked, once.
        h.clock.advance(by: 1_801)
        _ = try await h.engine.picture(url: url, policy: .cacheOnly)
        let marked = try #require(await h.engine.archiveChangeToken())
        #expect(marked != start)
        _ = try await h.engine.picture(url: url, policy: .cacheOnly)
        #expect(await h.engine.archiveChangeToken() == marked)
        await h.server.stop()
    }

    @Test func theBudgetEvictsTheLeastRecentlyReadFirstAndNeverAFavouritesPicture() async throws {
        let (h, source) = try await synced()
        try await h.engine.addFavorite(id: PictureSource.older, policy: .cacheOnly)
        // Read two pictures, one after the other; the rest were last read when fetched.
        h.clock.advance(by: 3_601)
        _ = try await h.engine.picture(url: source.url("/pictures/thumb-2.webp"), policy: .cacheOnly)
        h.clock.advance(by: 3_601)
        _ = try await h.engine.picture(url: source.url("/pictures/body-1.gif"), policy: .cacheOnly)
        let requests = h.server.requestedPaths.count

        // Room for the last read picture and the favourite's two (its thumbnail and the body
        // picture it shares; read longest ago, but kept), not one more.
        let favourites = try size("picture.png") + size("lossy.webp")
        var request = SyncRequest(span: .lastDays(2), includeImages: true)
        request.pictureBudget = try favourites + size("picture.gif") + 1
        let summary = try await h.engine.sync(request)
        #expect(summary.picturesEvicted == PictureSource.pictures.count + 1 - 3)
        let kept = try KeptPictures(path: h.path).rows.map(\.key)
        let favourite = [source.url(PictureSource.olderThumbnail), source.url("/pictures/shared.webp")]
        #expect(Set(kept) == Set([source.url("/pictures/body-1.gif")] + favourite))
        #expect(h.server.requestedPaths.dropFirst(requests).allSatisfy { !$0.hasPrefix("/pictures/") })
        // A later sync does not fetch what the budget evicted (it would only evict it again);
        // reading one does, and keeps it.
        let later = try await h.engine.sync(SyncRequest(span: .lastDays(2), includeImages: true))
        #expect(later.picturesFetched == 0 && later.picturesEvicted == 0)
        #expect(h.server.requestedPaths.dropFirst(requests).allSatisfy { !$0.hasPrefix("/pictures/") })
        let read = try await h.engine.picture(url: source.url("/pictures/thumb-1.jpg"))
        #expect(read.provenance.origin == .network && h.server.requestCount("/pictures/thumb-1.jpg") == 2)
        #expect(try KeptPictures(path: h.path).row(source.url("/pictures/thumb-1.jpg")) != nil)

        // One byte more room keeps the next least recently read too: the order is by last read.
        let (g, other) = try await synced()
        g.clock.advance(by: 3_601)
        _ = try await g.engine.picture(url: other.url("/pictures/thumb-2.webp"), policy: .cacheOnly)
        g.clock.advance(by: 3_601)
        _ = try await g.engine.picture(url: other.url("/pictures/body-1.gif"), policy: .cacheOnly)
        try await g.engine.addFavorite(id: PictureSource.older, policy: .cacheOnly)
        request.pictureBudget = try favourites + size("picture.gif") + size("lossless.webp")
        _ = try await g.engine.sync(request)
        let otherFavourite = [other.url(PictureSource.olderThumbnail), other.url("/pictures/shared.webp")]
        #expect(
            Set(try KeptPictures(path: g.path).rows.map(\.key))
                == Set([other.url("/pictures/body-1.gif"), other.url("/pictures/thumb-2.webp")] + otherFavourite))
        await h.server.stop()
        await g.server.stop()
    }

    @Test func anEmbedderReadsAPictureCacheFirstOfflineOrRefreshed() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        let url = source.url("/pictures/thumb-1.jpg") + "#top"
        await #expect(throws: SyncError.self) { try await h.engine.picture(url: url, policy: .cacheOnly) }

        let fetched = try await h.engine.picture(url: url)
        #expect(fetched.provenance.origin == .network && fetched.provenance.staleReason == nil)
        #expect(
            fetched.bytes == (try Fixtures.picture("baseline.jpg")) && fetched.info == PictureInfo(format: .jpeg, width: 97, height: 61))
        let cached = try await h.engine.picture(url: url)
        #expect(cached.provenance.origin == .cache && cached.bytes == fetched.bytes)
        #expect(h.server.requestCount("/pictures/thumb-1.jpg") == 1)

        h.server.setReply(.body(status: 500, contentType: "text/html", text: "<html>500</html>"), for: "/pictures/thumb-1.jpg")
        let refreshed = try await h.engine.picture(url: url, policy: .networkFirst)
        #expect(h.server.requestCount("/pictures/thumb-1.jpg") == 2)
        #expect(refreshed.provenance.origin == .cache && refreshed.provenance.staleReason == .serverError)

        h.server.setReply(.body(status: 200, contentType: "image/jpeg", text: "<html>盗链</html>"), for: "/pictures/thumb-2.webp")
        do {
            _ = try await h.engine.picture(url: source.url("/pictures/thumb-2.webp"))
            Issue.record("an HTML page was returned as a picture")
        } catch {
            #expect(error.code == .badResponse && error.message.contains("HTML"))
        }
        do {
            _ = try await h.engine.picture(url: "data:image/png;base64,AAAA")
            Issue.record("a data: address was read")
        } catch {
            #expect(error.code == .invalidQuery)
        }
        await h.server.stop()
    }

    /// A view that draws only what is on screen lays every picture out by what is kept of it,
    /// and reads the bytes of those it draws: the same size and byte count as the bytes give.
    @Test func whatIsKeptOfPicturesIsReadWithoutTheirBytes_andMarksThemReadAsReadingThemDoes() async throws {
        let (h, source) = try await synced(days: 1)
        let jpeg = source.url("/pictures/thumb-1.jpg")
        let webp = source.url("/pictures/thumb-2.webp") + "#top"  // Another form of a kept one's address.
        let missing = source.url("/pictures/never-listed.png")
        let kept = try await h.engine.keptPictures(urls: [jpeg, webp, missing, "data:image/png;base64,AAAA", jpeg])
        #expect(kept.keys.sorted() == [jpeg, webp])
        for url in [jpeg, webp] {
            let picture = try await h.engine.picture(url: url, policy: .cacheOnly)
            #expect(kept[url] == KeptPicture(info: picture.info, byteCount: picture.bytes.count))
        }
        #expect(kept[jpeg]?.info == PictureInfo(format: .jpeg, width: 97, height: 61))
        // Read within the hour of the sync: nothing written; over an hour later, marked once.
        let start = try #require(await h.engine.archiveChangeToken())
        _ = try await h.engine.keptPictures(urls: [jpeg])
        #expect(await h.engine.archiveChangeToken() == start)
        h.clock.advance(by: 3_601)
        _ = try await h.engine.keptPictures(urls: [jpeg])
        let marked = try #require(await h.engine.archiveChangeToken())
        #expect(marked != start)
        _ = try await h.engine.picture(url: jpeg, policy: .cacheOnly)
        #expect(await h.engine.archiveChangeToken() == marked, "marked by keptPictures, not again by the read that follows")
        await h.server.stop()
    }

    @Test func anEmbedderListsAStorysPicturesWithTheirState() async throws {
        let h = try await SyncHarness.start()
        let source = await PictureSource(server: h.server)
        try source.serve(h.server)
        #expect(try await h.engine.pictures(storyID: PictureSource.first).isEmpty)
        h.server.setReply(.body(status: 403, contentType: "text/html", text: "<html>403</html>"), for: "/pictures/headline-1.png")
        // A broken transfer is the network's failure, not the picture's: not remembered, so missing.
        h.server.setReply(.truncated(text: "GIF89a and more", sentBytes: 6), for: "/pictures/body-1.gif")
        let summary = try await h.engine.sync(SyncRequest(span: .lastDays(1), includeImages: true))
        #expect(summary.failures.count == 2)

        let pictures = try await h.engine.pictures(storyID: PictureSource.first)
        #expect(pictures.map(\.place) == [.thumbnail, .banner, .headline, .body(1), .body(2)])
        #expect(
            pictures.map(\.key.value)
                == [
                    "/pictures/thumb-1.jpg", "/pictures/banner-1.jpg", "/pictures/headline-1.png", "/pictures/body-1.gif",
                    "/pictures/shared.webp",
                ].map(source.url))
        #expect(pictures.map(\.state) == [.kept, .kept, .failed("HTTP 403"), .missing, .kept])
        await h.server.stop()
    }
}
