import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// `newsctl export --site` and `newsctl feed` copy the archive: they read it only, and ask the
    /// source nothing, whatever --base-url says (fetching is `sync`'s).
    @Suite struct SiteReadsArchiveOnlyTests {
        @Test func exportAndFeedAskTheSourceNothing() async throws {
            let (server, _, full) = try await WebSource.archive()
            let base = await server.baseURL
            // Synced without --details: the source has every story's text, the archive none.
            let bare = try NewsctlProcess()
            let sync = try await bare.run(["sync", "--days", "2", "--base-url", base])
            #expect(sync.status == 0, "\(sync.stderr)")
            let asked = server.requestedPaths.count
            for (newsctl, language) in [(full, "zh"), (bare, "zh"), (bare, "en")] {
                let folder = try Fixtures.temporaryFolder() + "/site"
                let export = try await newsctl.run(["export", "--site", folder, "--base-url", base, "--lang", language])
                #expect(export.status == 0, "\(export.stderr)")
                #expect(export.stderr.isEmpty, "\(export.stderr)")
                let feed = try await newsctl.run(["feed", "--base-url", base, "--lang", language])
                #expect(feed.status == 0, "\(feed.stderr)")
                #expect(feed.stdout.contains("<feed "), "\(feed.stdout)")
            }
            #expect(server.requestedPaths.count == asked, "asked the source: \(server.requestedPaths.dropFirst(asked))")
            await server.stop()

            // A source that accepts and never answers (a network that is down) costs nothing either.
            let stalled = try StalledListener()
            let folder = try Fixtures.temporaryFolder() + "/site"
            let export = try await bare.run(["export", "--site", folder, "--base-url", stalled.baseURL, "--timeout", "3"])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.seconds < 2, "export took \(export.seconds) s")
            let feed = try await bare.run(["feed", "--base-url", stalled.baseURL, "--timeout", "3"])
            #expect(feed.status == 0, "\(feed.stderr)")
            #expect(feed.seconds < 2, "feed took \(feed.seconds) s")
        }
    }
}
