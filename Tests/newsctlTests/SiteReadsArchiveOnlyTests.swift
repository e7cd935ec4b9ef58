import Foundation
import Testing
import TestSupport

@testable import NewsWeb
@testable import SyncEngine

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
            // A request would wait for its 60 s deadline; a run that asks nothing ends long before
            // the bound, which leaves a loaded machine ample room.
            let export = try await bare.run(["export", "--site", folder, "--base-url", stalled.baseURL, "--timeout", "60"])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.seconds < 30, "export took \(export.seconds) s")
            let feed = try await bare.run(["feed", "--base-url", stalled.baseURL, "--timeout", "60"])
            #expect(feed.status == 0, "\(feed.stderr)")
            #expect(feed.seconds < 30, "feed took \(feed.seconds) s")
        }

        /// An archive with gaps: a story without its text, one without its comments, and one
        /// synced without --details at all.
        private func archivesWithGaps() async throws -> [NewsctlProcess] {
            let (server, _, full) = try await WebSource.archive()
            let bare = try NewsctlProcess()
            let sync = try await bare.run(["sync", "--days", "2", "--base-url", await server.baseURL])
            await server.stop()
            #expect(sync.status == 0, "\(sync.stderr)")
            let database = try Database(path: full.databasePath)
            try database.execute("DELETE FROM story_detail WHERE id = \(WebSource.hostile)")
            try database.execute("DELETE FROM comment WHERE story_id = \(WebSource.photo)")
            try database.execute("DELETE FROM comment_thread WHERE story_id = \(WebSource.photo)")
            return [full, bare]
        }

        @Test func aCopyWritesNoPageTheArchiveLacksLinksOnlyToItsFilesAndTellsNoCommand() async throws {
            let archives = try await archivesWithGaps()
            for (index, newsctl) in archives.enumerated() {
                for language in ["zh", "en"] {
                    let folder = try Fixtures.temporaryFolder() + "/site"
                    let export = try await newsctl.run(["export", "--site", folder, "--lang", language])
                    #expect(export.status == 0, "\(export.stderr)")
                    let files = Set(FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
                    // No page for what the archive lacks.
                    #expect(!files.contains("story/\(WebSource.hostile).html"), "\(files)")
                    #expect(!files.contains("story/\(WebSource.photo)/comments.html"), "\(files)")
                    if index == 1 { #expect(!files.contains { $0.hasPrefix("story/") }, "\(files)") }
                    for page in files where page.hasSuffix(".html") || page.hasSuffix(".atom") {
                        let text = try String(contentsOfFile: folder + "/" + page, encoding: .utf8)
                        if page.hasSuffix(".html") {
                            for advice in ["newsctl", "--base-url", "--network", " --", "sync "] {
                                #expect(!text.contains(advice), "\(language) \(page) tells a command: \(text)")
                            }
                        }
                        // Every link of the copy (pages, pictures, feeds) is a file of it.
                        for link in SiteExport.links(in: Array(text.utf8), from: "/" + page) {
                            #expect(files.contains(String(link.dropFirst())), "\(language) \(page) links \(link), not written")
                        }
                    }
                }
            }
        }

        /// A gap in the window (a day that failed to sync, say): the day before it links over
        /// the gap to the newest day the archive holds, so the copy still has every day it can.
        /// A list of columns that keeps only some of them links only those.
        @Test func aCopyStepsOverAGapAndLinksOnlyTheColumnsItHolds() async throws {
            let server = LoopbackServer()
            try await server.start()
            let column = SectionPages(count: 3)
            column.serve(on: server)
            server.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
            let newsctl = try NewsctlProcess()
            let base = await server.baseURL
            let sync = try await newsctl.run(["sync", "--days", "4", "--base-url", base])
            #expect(sync.status == 0, "\(sync.stderr)")
            let sections = try await newsctl.run(["sections", "--base-url", base])
            #expect(sections.status == 0, "\(sections.stderr)")
            let kept = try await newsctl.run(["section", "2", "--base-url", base])
            #expect(kept.status == 0, "\(kept.stderr)")
            await server.stop()
            let database = try Database(path: newsctl.databasePath)
            try database.execute("DELETE FROM day WHERE date = 20230312")
            let listed = try database.query("SELECT count(*) FROM section") { $0.int64(at: 0) }.first ?? 0
            #expect(listed > 1, "the list of columns names more than the one kept")

            let folder = try Fixtures.temporaryFolder() + "/site"
            let export = try await newsctl.run(["export", "--site", folder])
            #expect(export.status == 0, "\(export.stderr)")
            let files = Set(FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            #expect(files.contains("day/20230313.html") && files.contains("day/20230311.html"), "\(files.sorted())")
            #expect(!files.contains("day/20230312.html"), "\(files.sorted())")
            let before = try String(contentsOfFile: folder + "/day/20230313.html", encoding: .utf8)
            #expect(before.contains("href=\"20230311.html\""), "\(before)")
            #expect(files.contains("section/2.html"), "\(files.sorted())")
            for page in files where page.hasSuffix(".html") {
                let text = try String(contentsOfFile: folder + "/" + page, encoding: .utf8)
                for link in SiteExport.links(in: Array(text.utf8), from: "/" + page) {
                    #expect(files.contains(String(link.dropFirst())), "\(page) links \(link), not written")
                }
            }
        }

        @Test(
            .enabled(if: FeedTests.hasFeedparser, "python3 cannot import feedparser (pip install feedparser; scripts/setup --tests does)"))
        func aFeedCarriesTheStoriesWithoutText() async throws {
            let bare = try await archivesWithGaps()[1]
            let feed = try await bare.run(["feed"])
            #expect(feed.status == 0, "\(feed.stderr)")
            #expect(feed.stderr.isEmpty, "\(feed.stderr)")
            let folder = try Fixtures.temporaryFolder() + "/site"
            #expect(try await bare.run(["export", "--site", folder, "--site-url", "https://copy.example/"]).status == 0)
            let file = try Fixtures.temporaryFolder() + "/zhihu.atom"
            try feed.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            let environment = ProcessInfo.processInfo.environment.filter {
                ["PATH", "HOME", "PYENV_ROOT", "PYENV_VERSION"].contains($0.key)
            }
            for atom in [file, folder + "/feed.atom"] {
                let checked = try await bare.run(
                    ["python3", "-c", FeedTests.checker, atom], environment: environment, executable: "/usr/bin/env")
                #expect(checked.status == 0, "\(checked.stderr)")
                let result = try checked.stdout.jsonObject()
                #expect(result["bozo"] as? Bool == false, "\(checked.stdout)")
                #expect((result["problems"] as? [String]) == [], "\(checked.stdout)")
                let entries = try #require(result["entries"] as? [[String: Any]])
                #expect(
                    entries.map { $0["id"] as? String }
                        == [WebSource.photo, WebSource.hostile, WebSource.plain].map { "urn:zhihu-daily:story:\($0)" },
                    "\(checked.stdout)")
                #expect(entries.map { $0["title"] as? String } == ["带图的文章", WebSource.hostileTitle, "前一天的文章"])
                // Linked to the story on the source: neither the archive nor the copy has its page.
                #expect(entries.first?["link"] as? String == "https://daily.zhihu.com/story/\(WebSource.photo)", "\(checked.stdout)")
                let contents = try #require(result["contents"] as? [String])
                #expect(contents.first?.contains("作者 · 1 分钟阅读") == true, "\(contents)")
                #expect(contents.first?.contains("<img src=\"") == true, "\(contents)")
            }

            // An archive with no story at all: a valid empty feed, and one line that says why.
            let empty = try NewsctlProcess()
            #expect(try await empty.run(["sync", "--days", "1", "--base-url", "file://" + Fixtures.apiRoot]).status == 0)
            try Database(path: empty.databasePath).execute("DELETE FROM day")
            let none = try await empty.run(["feed", "--lang", "en"])
            #expect(none.status == 0, "\(none.stderr)")
            #expect(!none.stdout.contains("<entry>"), "\(none.stdout)")
            #expect(
                none.stderr == "newsctl: The archive holds no stories, so the feed is empty (run newsctl sync first)\n", "\(none.stderr)")
        }
    }
}
