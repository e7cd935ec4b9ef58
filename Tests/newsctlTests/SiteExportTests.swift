import Foundation
import NewsWeb
import Testing
import TestSupport

@testable import SyncEngine

extension ProcessTests {
    /// `newsctl export --site` through the built binary (which hands over to newsctl-site).
    @Suite struct SiteExportTests {
        private func export(_ newsctl: NewsctlProcess, _ folder: String, _ more: [String] = []) async throws -> (
            written: [String], unchanged: Int
        ) {
            let run = try await newsctl.run(["export", "--site", folder, "--offline", "--json"] + more)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            let json = try run.stdout.jsonObject()
            return ((json["written"] as? [String]) ?? [], (json["unchanged"] as? Int) ?? -1)
        }

        private func files(in folder: String) -> Set<String> {
            let names = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
            return Set(
                names.filter { name in
                    var isFolder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder) && !isFolder.boolValue
                }.map { "/" + $0 })
        }

        @Test func exportWritesTheSiteThenOnlyWhatChanged() async throws {
            let (server, source, newsctl) = try await WebSource.archive()
            let folder = try Fixtures.temporaryFolder() + "/site"
            // A window of one day; the day before is reached only through a favourite.
            #expect(try await newsctl.run(["fav", "add", String(WebSource.plain), "--offline"]).status == 0)
            let first = try await export(newsctl, folder, ["--days", "1"])
            let photo = WebSource.photo, hostile = WebSource.hostile, plain = WebSource.plain
            for path in [
                "/index.html", "/style.css", "/feed.atom", "/status.html", "/favorites.html",

                "/story/\(photo).html", "/story/\(photo)/comments.html", "/story/\(hostile).html",
                "/story/\(plain).html", "/story/\(plain)/comments.html",
            ] {
                #expect(first.written.contains(path), "\(path) not in \(first.written)")
            }
            #expect(first.written.filter { $0.hasPrefix("/picture/") }.count == 2, "\(first.written)")
            #expect(first.unchanged == 0)
            #expect(!first.written.contains("/day/\(WebSource.earlier).html"), "\(first.written)")
            // The archive keeps no columns: the copy has no page of them (and links none).
            #expect(!first.written.contains("/sections.html"), "\(first.written)")
            // Nothing else: no half file, no page of the search that a copy cannot answer.
            #expect(files(in: folder) == Set(first.written))
            // Relative links only, each to a file of the copy (or out of the site).
            for page in first.written where page.hasSuffix(".html") {
                let html = try String(contentsOfFile: folder + page, encoding: .utf8)
                #expect(!html.contains("href=\"/") && !html.contains("src=\"/"), "\(page)")
                #expect(!html.contains("<form"), "\(page)")
                for link in ArchiveSiteTests.links(html, from: page) {
                    #expect(FileManager.default.fileExists(atPath: folder + link), "\(page) links \(link)")
                }
            }
            let picture = try #require(first.written.first { $0.hasPrefix("/picture/") && $0.hasSuffix(".jpg") })
            #expect(FileManager.default.contents(atPath: folder + picture).map(Array.init) == (try Fixtures.picture("baseline.jpg")))

            // What a killed export left between writing and renaming goes at the next one.
            #expect(FileManager.default.createFile(atPath: folder + "/story/.newsctl-export-1.tmp", contents: Data("half".utf8)))
            let again = try await export(newsctl, folder, ["--days", "1"])
            #expect(files(in: folder) == Set(first.written))
            #expect(again.written.isEmpty, "\(again.written)")
            #expect(again.unchanged == first.written.count)
            let text = try await newsctl.run(["export", "--site", folder, "--offline", "--days", "1"])
            #expect(text.stdout == "已写入 0 个文件，\(first.written.count) 个未变（\(folder)）\n", "\(text.stdout)")

            // The newest day (home, in a window of one day) gains a story: home, the feed and the new
            // story are written, and nothing else but the status (its comments were never read:
            // the copy has no page for them).
            try source.serve(server, extraStory: true)
            let base = await server.baseURL
            #expect(try await newsctl.run(["latest", "--refresh", "--base-url", base]).status == 0)
            #expect(try await newsctl.run(["show", String(photo + 10), "--base-url", base]).status == 0)
            let changed = try await export(newsctl, folder, ["--days", "1"])
            let expected: Set = [
                "/index.html", "/story/\(photo + 10).html", "/feed.atom", "/status.html",
            ]
            #expect(Set(changed.written).isSubset(of: expected), "\(changed.written)")
            #expect(Set(changed.written).isSuperset(of: expected.subtracting(["/status.html"])), "\(changed.written)")
            await server.stop()
        }

        @Test func aWindowOfDaysWritesEachDayAndEveryLinkLeadsToAFile() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            let folder = try Fixtures.temporaryFolder() + "/site"
            let written = try await export(newsctl, folder).written
            #expect(written.contains("/day/\(WebSource.earlier).html") && written.contains("/day/\(WebSource.latest).html"), "\(written)")
            let home = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
            #expect(home.contains("<a href=\"day/\(WebSource.earlier).html\" class=\"earlier\">更早 ›</a>"), "\(home)")
            let earlier = try String(contentsOfFile: folder + "/day/\(WebSource.earlier).html", encoding: .utf8)
            #expect(earlier.contains("<a href=\"\(WebSource.latest).html\" class=\"newer\">"), "\(earlier)")
            #expect(!earlier.contains("class=\"earlier\""), "the window starts with the archive: \(earlier)")
            // The status says when the archive was last synced, not how long ago: the copy is read later.
            let status = try String(contentsOfFile: folder + "/status.html", encoding: .utf8)
            #expect(status.contains("<li>上次同步：20") && status.contains("（北京时间）</li>"), "\(status)")
            #expect(!status.contains("刚刚"), "\(status)")
            for page in written where page.hasSuffix(".html") {
                let html = try String(contentsOfFile: folder + page, encoding: .utf8)
                for link in ArchiveSiteTests.links(html, from: page) {
                    #expect(FileManager.default.fileExists(atPath: folder + link), "\(page) links \(link)")
                }
            }
        }

        /// newsctl hands newsctl-site each value as `--name=value`: a folder or an archive whose
        /// (relative) name starts with "-" is a value there too, not an option newsctl-site stops
        /// at with ArgumentParser's error and usage.
        @Test func aFolderAndAnArchiveNamedWithALeadingDashReachNewsctlSiteAsValues() async throws {
            let folder = try Fixtures.temporaryFolder()
            let newsctl = NewsctlProcess(databasePath: "-news.sqlite")
            let inFolder = ["/usr/bin/env", "-C", folder]
            let sync = try await newsctl.run(["sync", "--days", "1", "--base-url", "file://" + Fixtures.apiRoot], launcher: inFolder)
            #expect(sync.status == 0, "\(sync.stderr)")
            let export = try await newsctl.run(["export", "--site=-site", "--offline", "--days", "1"], launcher: inFolder)
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stderr.isEmpty, "\(export.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder + "/-site/index.html"))
            let feed = try await newsctl.run(["feed", "--offline", "--count", "1"], launcher: inFolder)
            #expect(feed.status == 0, "\(feed.stderr)")
            #expect(feed.stdout.contains("<feed "), "\(feed.stdout)")
        }

        @Test func withASiteURLTheFeedLinksToTheCopyAndOnlyToWhatItHolds() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            let folder = try Fixtures.temporaryFolder() + "/site"
            // A window of one day: the day before's story has no page in the copy.
            let written = try await export(newsctl, folder, ["--days", "1", "--site-url", "https://copy.example/zhihu"]).written
            #expect(!written.contains("/story/\(WebSource.plain).html"), "\(written)")
            let feed = try String(contentsOfFile: folder + "/feed.atom", encoding: .utf8)
            #expect(
                feed.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://copy.example/zhihu/feed.atom\"/>"), "\(feed)"
            )
            let alternates = feed.components(separatedBy: "<entry>").dropFirst().compactMap { entry in
                entry.components(separatedBy: "<link rel=\"alternate\" type=\"text/html\" href=\"").dropFirst().first?.prefix { $0 != "\"" }
            }.map(String.init)
            #expect(
                alternates == [WebSource.photo, WebSource.hostile].map { "https://copy.example/zhihu/story/\($0).html" }, "\(feed)")
            // Every address of the copy the feed gives (pages, pictures) is a file of the copy.
            let addresses = feed.components(separatedBy: "https://copy.example/zhihu/").dropFirst().map {
                "/" + String($0.prefix { !"\"&<; ".contains($0) })
            }
            #expect(addresses.contains { $0.hasPrefix("/picture/") }, "\(feed)")
            for path in addresses where path != "/" {
                #expect(FileManager.default.fileExists(atPath: folder + path), "\(path) of the feed is not in the copy")
            }

            // Without it, the feed links to the source, as before.
            let plain = try Fixtures.temporaryFolder() + "/site"
            _ = try await export(newsctl, plain, ["--days", "1"])
            let source = try String(contentsOfFile: plain + "/feed.atom", encoding: .utf8)
            #expect(!source.contains("copy.example") && !source.contains("rel=\"self\""), "\(source)")
            #expect(
                source.contains("<link rel=\"alternate\" type=\"text/html\" href=\"https://daily.zhihu.com/story/\(WebSource.plain)\"/>"),
                "\(source)")
        }

        @Test func theNewestDayOfACopyLinksNoNewerDayItLacks() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            do {
                try await newestDayLinks(newsctl, source: await server.baseURL)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }

        private func newestDayLinks(_ newsctl: NewsctlProcess, source: String) async throws {
            // An archive whose newest day is final (the source moved past it, and no newer day was
            // kept): newsctl's sync keeps the newest day partial, so the state is written here.
            try Database(path: newsctl.databasePath).execute("UPDATE day SET is_final = 1 WHERE date = \(WebSource.latest)")
            let next = "20230321"
            let folder = try Fixtures.temporaryFolder() + "/site"
            let written = try await export(newsctl, folder, ["--days", "2"]).written
            #expect(written.contains("/day/\(WebSource.latest).html"), "\(written)")
            #expect(!written.contains("/day/\(next).html"), "\(written)")
            let newest = try String(contentsOfFile: folder + "/day/\(WebSource.latest).html", encoding: .utf8)
            #expect(!newest.contains("class=\"newer\""), "\(newest)")
            // The day before keeps its link to the newest day, which the copy holds.
            let earlier = try String(contentsOfFile: folder + "/day/\(WebSource.earlier).html", encoding: .utf8)
            #expect(earlier.contains("<a href=\"\(WebSource.latest).html\" class=\"newer\">"), "\(earlier)")

            // A static copy made with the source reachable (export without --offline) and a site
            // served offline: the same; served online, the link stays: the source has the day.
            var configuration = SyncEngine.Configuration(databasePath: newsctl.databasePath)
            configuration.baseURLs = [source]
            let engine = try SyncEngine(configuration: configuration)
            func newestPage(_ options: ArchiveSite.Options) async -> String {
                let site = ArchiveSite(engine: engine, options: options)
                return String(decoding: await site.respond(to: WebRequest(path: "/day/\(WebSource.latest).html")).body, as: UTF8.self)
            }
            for options in [ArchiveSite.Options(isStatic: true), ArchiveSite.Options(offline: true)] {
                let page = await newestPage(options)
                #expect(!page.contains("class=\"newer\""), "\(options): \(page)")
            }
            let served = await newestPage(ArchiveSite.Options())
            #expect(served.contains("<a href=\"\(next).html\" class=\"newer\">"), "\(served)")
        }

        @Test func badArgumentsExit64AndAnUnwritableFolder74() async throws {
            let newsctl = try NewsctlProcess()
            let unwritten = try Fixtures.temporaryFolder() + "/site"
            for arguments in [["--days", "0"], ["--since", "2023"], ["--days", "2", "--since", "20230301"], ["--site-url", "ftp://x"]] {
                let run = try await newsctl.run(["export", "--site", unwritten] + arguments)
                #expect(run.status == 64, "\(arguments): \(run.stderr)")
                #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
                #expect(!FileManager.default.fileExists(atPath: unwritten), "\(arguments)")
            }
            let english = try await newsctl.run(["export", "--site", unwritten, "--site-url", "x", "--lang", "en"])
            #expect(english.status == 64)
            #expect(english.stderr.contains("--site-url must start with http:// or https://, not 'x'"), "\(english.stderr)")
            let help = try await newsctl.run(["export", "--help"]).stdout
            #expect(help.contains("--site-url <url>"), "\(help)")
            let (server, _, filled) = try await WebSource.archive()
            await server.stop()
            let file = try Fixtures.temporaryFolder() + "/plain-file"
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
            let run = try await filled.run(["export", "--site", file + "/site", "--offline"])
            #expect(run.status == 74, "\(run.stderr)")
            #expect(run.stderr.hasPrefix("newsctl: 无法写入 \(file)/site"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
    }
}
