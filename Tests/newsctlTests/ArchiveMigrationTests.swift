import Foundation
import Testing
import TestSupport

@testable import SyncEngine

extension ProcessTests {
    /// An archive written by schema 3 (`Tests/Fixtures/archives/schema3`, made by the newsctl of
    /// commit c30e746), migrated in place by today's newsctl: the same answers, less space.
    @Suite struct ArchiveMigrationTests {
        private static let favoriteID = "9366347"

        private func schemaThreeCopy() throws -> NewsctlProcess {
            let newsctl = try NewsctlProcess()
            try FileManager.default.copyItem(atPath: Fixtures.schemaThreeFolder + "/archive.sqlite", toPath: newsctl.databasePath)
            return newsctl
        }

        private func fileBytes(_ path: String) throws -> Int {
            try (FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        }

        /// The same answers, but for snippets that repeated the title (schema 3 gave the title, or
        /// a text opening with it): those must not any more.
        @Test func searchAnswersTheSameAfterTheMigrationAndTheFileShrinks() async throws {
            let newsctl = try schemaThreeCopy()
            let before = try fileBytes(newsctl.databasePath)
            let expected = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: Fixtures.schemaThreeFolder + "/search.json"))) as? [[String: Any]])
            #expect(expected.count == 13)
            var repeatedTheTitle = 0
            for answer in expected {
                let query = try #require(answer["query"] as? String)
                let result = try await newsctl.run(["search", query, "--json"])
                #expect(result.status == 0, "\(query): \(result.stderr)")
                let got = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                #expect(got["query"] as? String == query)
                let gotResults = try #require(got["results"] as? [[String: Any]])
                let expectedResults = try #require(answer["results"] as? [[String: Any]])
                #expect(gotResults.count == expectedResults.count, "\(query): \(result.stdout)")
                for (new, old) in zip(gotResults, expectedResults) {
                    let title = try #require(old["title"] as? String)
                    let opening = String(title.prefix(10))
                    let oldSnippet = try #require(old["snippet"] as? String).replacingOccurrences(of: "**", with: "")
                    let newSnippet = try #require(new["snippet"] as? String)
                    if oldSnippet.drop(while: { $0 == "…" }).hasPrefix(opening) {
                        #expect(!newSnippet.replacingOccurrences(of: "**", with: "").contains(opening), "\(query): \(newSnippet)")
                        #expect(!newSnippet.isEmpty, "\(query): \(title)")
                        repeatedTheTitle += 1
                        var rest = new
                        rest["snippet"] = old["snippet"]
                        #expect(rest as NSDictionary == old as NSDictionary, "\(query): \(result.stdout)")
                    } else {
                        #expect(new as NSDictionary == old as NSDictionary, "\(query): \(result.stdout)")
                    }
                }
            }
            #expect(repeatedTheTitle >= 9, "the snippets schema 3 gave that repeated the title: \(repeatedTheTitle)")
            let database = try Database(path: newsctl.databasePath)
            #expect(try Migrations.userVersion(database) == Migrations.steps.count)
            #expect(try database.query("SELECT count(*) FROM story_detail WHERE typeof(body) = 'blob'") { $0.int64(at: 0) } == [24])
            // Folded into the file, then measured: what the migration gave back.
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            let after = try fileBytes(newsctl.databasePath)
            #expect(after * 2 < before, "\(before) → \(after) bytes")
        }

        @Test func theFirstCommandSaysOnceThatItUpgradesTheArchive() async throws {
            let newsctl = try schemaThreeCopy()
            let first = try await newsctl.run(["search", "春天", "--json"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(
                first.stderr == "newsctl: 正在把存档升级到新的存储格式（3 → \(Migrations.steps.count)），只做一次；大的存档要一分钟左右…\n")
            #expect((try? first.stdout.jsonObject()) != nil, "stdout is still JSON: \(first.stdout)")
            let second = try await newsctl.run(["search", "春天", "--json", "--lang", "en"])
            #expect(second.status == 0)
            #expect(second.stderr.isEmpty, "upgraded already: \(second.stderr)")
            // A new archive is made, not upgraded: nothing to say.
            let fresh = try NewsctlProcess()
            let status = try await fresh.run(["status", "--lang", "en"])
            #expect(!status.stderr.contains("upgrading"), "\(status.stderr)")
        }

        @Test func theEngineTellsItsEmbedderBeforeItUpgrades() throws {
            let newsctl = try schemaThreeCopy()
            let heard = Locked<[[Int]]>([])
            var configuration = SyncEngine.Configuration(databasePath: newsctl.databasePath)
            configuration.willUpgradeArchive = { from, to in heard.withLock { $0.append([from, to]) } }
            _ = try SyncEngine(configuration: configuration)
            _ = try SyncEngine(configuration: configuration)
            #expect(heard.withLock { $0 } == [[3, Migrations.steps.count]])
        }

        @Test func theStoryTheFavouriteAndTheReadMarkAreKept() async throws {
            let newsctl = try schemaThreeCopy()
            let expected = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: Fixtures.schemaThreeFolder + "/show-\(Self.favoriteID).json")))
                    as? [String: Any])
            let shown = try await newsctl.run(["show", Self.favoriteID, "--offline", "--json"])
            #expect(shown.status == 0, "\(shown.stderr)")
            let story = try shown.stdout.jsonObject()
            #expect(story["title"] as? String == expected["title"] as? String)
            #expect((story["body_text"] as? String)?.isEmpty == false)
            #expect(story["body_text"] as? String == expected["body_text"] as? String)
            let favorites = try await newsctl.run(["fav", "list", "--json"]).stdout.jsonObject()
            let list = try #require(favorites["favorites"] as? [[String: Any]])
            #expect(list.map { $0["id"] as? Int } == [Int(Self.favoriteID)])
            #expect(list.first?["read"] as? Bool == true)
            #expect(list.first?["offline"] as? Bool == true)
        }
    }
}
