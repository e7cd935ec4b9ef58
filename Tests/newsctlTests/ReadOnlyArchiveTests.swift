import Foundation
import Testing
import TestSupport
@testable import SyncEngine

extension ProcessTests {
    /// An archive the user cannot write (a read-only copy, another account's folder): every
    /// command that only reads works; every command that must write says so in one line and
    /// exits 74, leaving the file as it was. Run as `nobody`, since root ignores permissions.
    @Suite(.enabled(if: Unprivileged.isAvailable, Unprivileged.reason))
    struct ReadOnlyArchiveTests {
        private static let api = "file://" + Fixtures.apiRoot

        /// How the archive is out of reach.
        enum Layout: String, CaseIterable, CustomTestStringConvertible {
            /// The file is read-only; its folder is writable (SQLite may make `-wal` and `-shm`).
            case readOnlyFile
            /// The folder is read-only and holds the file alone: no `-shm` can be made.
            case readOnlyFolder
            /// The folder is read-only and holds a `-wal` with commits in it and its `-shm`, as
            /// a copy taken while a writer had the archive open leaves them.
            case readOnlyFolderWithLog
            /// The folder is read-only and holds an empty `-wal` and no `-shm`.
            case readOnlyFolderWithEmptyLog

            var testDescription: String { rawValue }
        }

        private struct Archive {
            let newsctl: NewsctlProcess
            let folder: String
            /// Story 9759201, kept only in the `-wal` of `readOnlyFolderWithLog`.
            let favorites: Set<Int>
        }

        private func run(_ archive: Archive, _ arguments: [String]) async throws -> NewsctlProcess.Result {
            try await archive.newsctl.run(arguments, launcher: Unprivileged.launcher)
        }

        /// Today's page, story 9759301 read, story 9759306 kept; then made read-only as `layout` says.
        private func archive(_ layout: Layout) async throws -> Archive {
            let newsctl = try NewsctlProcess()
            var folder = (newsctl.databasePath as NSString).deletingLastPathComponent
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
            for arguments in [["latest"], ["show", "9759301"], ["fav", "add", "9759306"]] {
                let result = try await newsctl.run(arguments + ["--base-url", Self.api])
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
            var favorites: Set<Int> = [9759306]
            var archivePath = newsctl.databasePath
            switch layout {
            case .readOnlyFile:
                try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
                try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: archivePath)
            case .readOnlyFolder:
                try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            case .readOnlyFolderWithEmptyLog:
                #expect(FileManager.default.createFile(atPath: archivePath + "-wal", contents: Data()))
                try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            case .readOnlyFolderWithLog:
                // A writer keeps the archive open with a commit in its log; the copy takes all three files.
                let writer = try SyncEngine(configuration: .init(databasePath: archivePath))
                try await writer.addFavorite(id: 9759201, policy: .cacheOnly)
                favorites.insert(9759201)
                let copy = try Fixtures.temporaryFolder()
                for suffix in ["", "-wal", "-shm"] {
                    #expect(FileManager.default.fileExists(atPath: archivePath + suffix), "the writer's \(suffix)")
                    try FileManager.default.copyItem(atPath: archivePath + suffix, toPath: copy + "/news.sqlite" + suffix)
                }
                _ = writer  // Open until the copy is taken.
                folder = copy
                archivePath = copy + "/news.sqlite"
                try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            }
            return Archive(newsctl: NewsctlProcess(databasePath: archivePath), folder: folder, favorites: favorites)
        }

        /// The archive's files: the database, and in a read-only folder every file there.
        private func snapshot(_ archive: Archive, _ layout: Layout) throws -> [String: Data] {
            let names =
                layout == .readOnlyFile
                ? ["news.sqlite"]
                : try FileManager.default.contentsOfDirectory(atPath: archive.folder)
            var files: [String: Data] = [:]
            for name in names { files[name] = try Data(contentsOf: URL(fileURLWithPath: archive.folder + "/" + name)) }
            return files
        }

        private func expectOK(_ result: NewsctlProcess.Result, _ what: String) throws -> [String: Any] {
            #expect(result.status == 0, "\(what): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(what): \(result.stderr)")
            return try result.stdout.jsonObject()
        }

        private func expectOneLine(_ result: NewsctlProcess.Result, _ text: String, _ what: String) {
            #expect(result.status == 74, "\(what): \(result.stderr)")
            #expect(result.stderr.hasPrefix("newsctl: " + text), "\(what): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(what): \(result.stderr)")
        }

        @Test(arguments: Layout.allCases)
        func everyReadingCommandWorks(_ layout: Layout) async throws {
            let archive = try await archive(layout)
            let before = try snapshot(archive, layout)

            let latest = try expectOK(try await run(archive, ["latest", "--offline", "--json"]), "latest")
            #expect((latest["stories"] as? [Any])?.count == 6)
            #expect(latest["date"] as? String == "20230314")
            let day = try expectOK(try await run(archive, ["before", "20230315", "--offline", "--json"]), "before")
            #expect(day["date"] as? String == "20230314")
            let story = try expectOK(try await run(archive, ["show", "9759301", "--offline", "--json"]), "show")
            #expect(story["id"] as? Int == 9759301)
            #expect(story["read"] as? Bool == true)
            // Reading is not refused for the read mark it cannot keep: shown, and still unread.
            let unread = try expectOK(try await run(archive, ["show", "9759306", "--offline", "--json"]), "show unread")
            #expect(unread["id"] as? Int == 9759306)
            #expect(unread["read"] as? Bool == false)
            let search = try expectOK(try await run(archive, ["search", "春天", "--json"]), "search")
            #expect((search["results"] as? [[String: Any]])?.first?["id"] as? Int == 9759301)
            let status = try expectOK(try await run(archive, ["status", "--json"]), "status")
            #expect(status["days"] as? Int == 1)
            let favorites = try expectOK(try await run(archive, ["fav", "list", "--json"]), "fav list")
            let kept = (favorites["favorites"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
            #expect(Set(kept) == archive.favorites, "\(favorites)")
            let doctor = try expectOK(try await run(archive, ["doctor", "--json"]), "doctor")
            #expect(doctor["healthy"] as? Bool == true)

            #expect(try snapshot(archive, layout) == before)
        }

        @Test(arguments: [Layout.readOnlyFile, .readOnlyFolder])
        func everyWritingCommandFailsWithOneLineAndChangesNothing(_ layout: Layout) async throws {
            let archive = try await archive(layout)
            let before = try snapshot(archive, layout)
            let commands: [[String]] = [
                ["fav", "add", "9759201", "--offline"], ["fav", "rm", "9759306"],
                ["sync", "--days", "2", "--base-url", Self.api], ["prune", "--keep-days", "1"], ["doctor", "--rebuild"],
            ]
            for command in commands {
                expectOneLine(try await run(archive, command), "本地存档是只读的，无法写入", command.joined(separator: " "))
            }
            #expect(try snapshot(archive, layout) == before)
        }

        @Test(arguments: [Layout.readOnlyFile, .readOnlyFolder])
        func aFetchedPageThatCannotBeSavedServesTheArchiveAsStorageError(_ layout: Layout) async throws {
            let archive = try await archive(layout)
            let server = LoopbackServer()
            try await server.start()
            let changed = try Fixtures.text("news/latest").replacingOccurrences(of: "为什么春天的风总是特别大？", with: "改过的标题")
            server.setReply(.body(status: 200, text: changed), for: "/api/4/news/latest")
            let before = try snapshot(archive, layout)

            let result = try await run(archive, ["latest", "--json", "--base-url", await server.baseURL])
            expectOneLine(result, "本地存档是只读的，无法写入新内容", "latest")
            #expect(server.requestCount("/api/4/news/latest") == 1)
            let page = try result.stdout.jsonObject()
            #expect(page["stale_reason"] as? String == "storage_error")
            #expect(page["origin"] as? String == "cache")
            #expect((page["stories"] as? [[String: Any]])?.first?["title"] as? String == "为什么春天的风总是特别大？")
            #expect(try snapshot(archive, layout) == before)
        }

        @Test(arguments: [Layout.readOnlyFile, .readOnlyFolder])
        func aPageTheArchiveLacksIsShownFromTheNetworkAndSaidNotKept(_ layout: Layout) async throws {
            let archive = try await archive(layout)
            let before = try snapshot(archive, layout)
            let day = try await run(archive, ["before", "20230314", "--base-url", Self.api])
            #expect(day.status == 0, "shown as asked: \(day.stderr)")
            #expect(day.stdout.contains("如何判断一个西瓜熟没熟？"), "\(day.stdout)")
            #expect(day.stdout.hasSuffix("刚从网上取到 · 未能存入本地存档\n"), "\(day.stdout)")
            #expect(day.stderr == "newsctl: 本地存档是只读的：显示的是刚从网上取到的内容，没有存入存档\n")
            let json = try await run(archive, ["before", "20230314", "--json", "--base-url", Self.api]).stdout.jsonObject()
            #expect(json["origin"] as? String == "network")
            #expect(json["stale_reason"] as? String == "storage_error")

            // A story it lacks too: shown, and the status line says it was not kept.
            let server = LoopbackServer()
            try await server.start()
            let detail = try Fixtures.text("news/9759301").replacingOccurrences(of: "9759301", with: "9759302")
            server.setReply(.body(status: 200, text: detail), for: "/api/4/news/9759302")
            let story = try await run(archive, ["show", "9759302", "--base-url", await server.baseURL])
            #expect(story.status == 0, "\(story.stderr)")
            #expect(story.stdout.contains("春天风大，主要有三个原因。"), "\(story.stdout)")
            #expect(story.stdout.hasSuffix("刚从网上取到 · 未能存入本地存档\n"), "\(story.stdout)")
            await server.stop()
            #expect(try snapshot(archive, layout) == before)
        }

        @Test func anOutdatedReadOnlyArchiveMustBeUpgradedByAWritableRun() async throws {
            let newsctl = try NewsctlProcess()
            let folder = (newsctl.databasePath as NSString).deletingLastPathComponent
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
            #expect(try await newsctl.run(["latest", "--base-url", Self.api]).status == 0)
            // As an older newsctl left it: at schema 3, before compact text storage and failed stories.
            try Database(path: newsctl.databasePath).execute(Fixtures.backToSchemaThree)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            let before = try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath))

            let result = try await newsctl.run(["latest", "--offline"], launcher: Unprivileged.launcher)
            expectOneLine(result, "本地存档是只读的，且版本较旧", "latest")
            let english = try await newsctl.run(["status", "--lang", "en"], launcher: Unprivileged.launcher)
            expectOneLine(english, "The local archive is read-only and older than this newsctl", "status")
            #expect(try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath)) == before)

            // A run that can write it (the owner) upgrades it; then it reads read-only too.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
            #expect(try await newsctl.run(["status"]).status == 0)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            #expect(try await newsctl.run(["search", "春天"], launcher: Unprivileged.launcher).status == 0)
        }
    }
}
