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
            try SchemaThreeArchive.copy(to: newsctl.databasePath)
            return newsctl
        }

        /// The text of each `{"start", "length"}` match (Unicode scalar offsets) in `text`.
        private static func matchedTexts(_ matches: Any?, in text: String) -> [String] {
            let scalars = Array(text.unicodeScalars)
            return ((matches as? [[String: Int]]) ?? []).compactMap { match in
                guard let start = match["start"], let length = match["length"], start >= 0, start + length <= scalars.count
                else { return nil }
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[start..<(start + length)])
                return String(view)
            }
        }

        /// The stretches of `snippet` between `**` pairs.
        private static func markedTexts(_ snippet: String) -> [String] {
            snippet.components(separatedBy: "**").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
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
                for (got, old) in zip(gotResults, expectedResults) {
                    // Keys added since schema 3 was recorded: the unmarked snippet and where its
                    // matches are; the recorded keys must answer as they did.
                    var new = got
                    let snippetText = new.removeValue(forKey: "snippet_text") as? String
                    #expect(new.removeValue(forKey: "matches") is [[String: Int]], "\(query): \(got)")
                    #expect(snippetText == (got["snippet"] as? String)?.replacingOccurrences(of: "**", with: ""), "\(query): \(got)")
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
                        // The same text; the text's own `**strong**` and `*em*` marks, which
                        // schema 3's snippets carried beside the match marks, are left out now.
                        let oldText = oldSnippet.replacingOccurrences(
                            of: #"\*([^*\s](?:[^*]*[^*\s])?)\*"#, with: "$1", options: .regularExpression)
                        #expect(snippetText == oldText, "\(query): \(result.stdout)")
                        // The matches marked are the query's terms (a term the snippet's cut shortened
                        // only at its end), and every term schema 3 marked is marked still (its
                        // other marks were the text's own; it marked fewer matches than now).
                        let text = snippetText ?? ""
                        let spans = Self.matchedTexts(got["matches"], in: text)
                        let terms = query.lowercased().split(separator: " ").map(String.init)
                        let cutAtTheEnd = text.hasSuffix((spans.last ?? "") + "…")
                        #expect(
                            !spans.isEmpty
                                && spans.enumerated().allSatisfy { index, span in
                                    terms.contains(span.lowercased())
                                        || (index == spans.count - 1 && cutAtTheEnd && terms.contains { $0.hasPrefix(span.lowercased()) })
                                },
                            "\(query): \(spans) in \(text)")
                        let oldTerms = Self.markedTexts(try #require(old["snippet"] as? String)).filter { terms.contains($0.lowercased()) }
                        #expect(
                            oldTerms.allSatisfy { term in spans.contains { $0.lowercased() == term.lowercased() } },
                            "\(query): \(spans) against \(oldTerms)")
                        var rest = new
                        rest["snippet"] = old["snippet"]
                        #expect(rest as NSDictionary == old as NSDictionary, "\(query): \(result.stdout)")
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
            // The pictures' tables (migration 7) and the sections' (8) start empty: a root page each, not text kept.
            let pictureTables =
                try database.query(
                    "SELECT count(*) FROM sqlite_master WHERE tbl_name IN ('picture', 'picture_bytes', 'story_picture', 'failed_picture', 'evicted_picture', 'section', 'section_state', 'section_story')"
                ) { $0.int64(at: 0) }.first ?? 0
            let pageSize = try database.query("PRAGMA page_size") { $0.int64(at: 0) }.first ?? 0
            #expect(pictureTables == 12, "eight tables, an index by key, picture_bytes's primary key and two indexes of section_story")
            #expect((after - Int(pictureTables * pageSize)) * 2 < before, "\(before) → \(after) bytes")
        }

        @Test func withoutATerminalTheFirstCommandSaysOnceThatItUpgradesTheArchiveAndPrintsWhatItAlwaysDoes() async throws {
            let newsctl = try schemaThreeCopy()
            let first = try await newsctl.run(["search", "春天", "--json"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stderr == "newsctl: 正在升级本地存档…\n")
            let second = try await newsctl.run(["search", "春天", "--json"])
            #expect(second.status == 0)
            #expect(second.stderr.isEmpty, "upgraded already: \(second.stderr)")
            #expect(first.stdout == second.stdout)
            #expect((try? first.stdout.jsonObject()) != nil, "stdout is still JSON: \(first.stdout)")
            // A new archive is made, not upgraded: nothing to say.
            let fresh = try NewsctlProcess()
            let status = try await fresh.run(["latest", "--lang", "en", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(status.status == 0, "\(status.stderr)")
            #expect(status.stderr.isEmpty, "\(status.stderr)")
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

        @Test func theEngineReportsHowFarTheUpgradeHasGotFromNothingToDoneAndOnlyThen() throws {
            let path = try Fixtures.temporaryFolder() + "/news.sqlite"
            try SchemaThreeArchive.enlargedCopy(to: path, copies: 10)
            let heard = Locked<[MigrationProgress]>([])
            var configuration = SyncEngine.Configuration(databasePath: path)
            configuration.onMigrationProgress = { progress in heard.withLock { $0.append(progress) } }
            _ = try SyncEngine(configuration: configuration)
            let reports = heard.withLock { $0 }
            let fractions = reports.map(\.fractionCompleted)
            #expect(fractions.first == 0)
            #expect(fractions.last == 1 && reports.last?.isFinished == true)
            #expect(fractions.dropLast().allSatisfy { $0 < 1 }, "\(fractions)")
            #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 }, "only forward: \(fractions)")
            // Every further percent while bodies are deflated and stories indexed, not one leap.
            #expect(fractions.count > 50, "\(fractions)")
            #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $1 - $0 < 0.2 }, "\(fractions)")
            #expect(reports.allSatisfy { $0.fromVersion == 3 && $0.toVersion == Migrations.steps.count })

            // Up to date, or new: nothing to report.
            heard.withLock { $0.removeAll() }
            _ = try SyncEngine(configuration: configuration)
            configuration.databasePath = try Fixtures.temporaryFolder() + "/new.sqlite"
            _ = try SyncEngine(configuration: configuration)
            #expect(heard.withLock { $0 }.isEmpty)
        }

        @Test func anUpgradeThatFailsInALaterStepLeavesTheWholeArchiveAsItWas() throws {
            let path = try Fixtures.temporaryFolder() + "/news.sqlite"
            try SchemaThreeArchive.copy(to: path)
            // A table that step 5 creates, there already: step 5 fails after step 4 deflated every body.
            try Database(path: path).execute("CREATE TABLE failed_story (id INTEGER PRIMARY KEY)")
            let heard = Locked<[Double]>([])
            var configuration = SyncEngine.Configuration(databasePath: path)
            configuration.onMigrationProgress = { progress in heard.withLock { $0.append(progress.fractionCompleted) } }
            #expect(throws: SyncError.self) { try SyncEngine(configuration: configuration) }
            let state = try SchemaThreeArchive.state(of: path)
            #expect(state.version == 3 && state.integrity == ["ok"] && state.textBodies == 24)
            let fractions = heard.withLock { $0 }
            #expect(fractions.first == 0 && !fractions.contains(1), "\(fractions)")
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
            // The same text, but for its image labels, which today's newsctl numbers ("[图片 2：…]"
            // where schema 3's said "[图片: …]"): as many, in the same places.
            let text = try #require(story["body_text"] as? String), expectedText = try #require(expected["body_text"] as? String)
            #expect(SchemaThreeArchive.withoutImageLabels(text) == SchemaThreeArchive.withoutImageLabels(expectedText))
            #expect(text.contains("[图片 1：汉艺 m 同学 成功申请金斯顿 南安普顿大学女装 ma]"), "\(text)")
            let favorites = try await newsctl.run(["fav", "list", "--json"]).stdout.jsonObject()
            let list = try #require(favorites["favorites"] as? [[String: Any]])
            #expect(list.map { $0["id"] as? Int } == [Int(Self.favoriteID)])
            #expect(list.first?["read"] as? Bool == true)
            #expect(list.first?["offline"] as? Bool == true)
        }
    }
}
