import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// Commands that only read never create an archive: at a mistyped --db they say there is none
    /// there and what makes one, exit 66, and leave no file or folder behind.
    @Suite struct NoArchiveTests {
        @Test func readingCommandsSayThereIsNoArchiveAndCreateNone() async throws {
            let folder = try Fixtures.temporaryFolder()
            let path = folder + "/typo/news.sqlite"
            let newsctl = NewsctlProcess(databasePath: path)
            let commands: [[String]] = [
                ["status"], ["search", "春天"], ["fav", "list"], ["fav", "rm", "1"], ["prune", "--keep-days", "1"],
                ["latest", "--offline"], ["before", "20230314", "--offline"], ["show", "9759301", "--offline"],
                ["comments", "9759301", "--offline"],
            ]
            for command in commands {
                let result = try await newsctl.run(command)
                #expect(result.status == 66, "\(command): \(result.stderr)")
                #expect(result.stdout.isEmpty, "\(command)")
                #expect(result.stderr == "newsctl: 没有本地存档：\(path)（检查 --db；新建存档请运行 newsctl sync --days 7）\n", "\(command)")
            }
            let english = try await newsctl.run(["status", "--lang", "en"])
            #expect(english.stderr == "newsctl: No archive at \(path) (check --db; to make one, run newsctl sync --days 7)\n")
            #expect(!FileManager.default.fileExists(atPath: folder + "/typo"), "nothing made")
        }

        /// doctor reports a missing archive with the words the reading commands use (what makes
        /// one), not "the first read creates it", which those commands no longer do.
        @Test func doctorSaysWhatMakesAMissingArchive() async throws {
            let folder = try Fixtures.temporaryFolder()
            let path = folder + "/typo/news.sqlite"
            let result = try await NewsctlProcess(databasePath: path).run(["doctor"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "没有本地存档：\(path)（检查 --db；新建存档请运行 newsctl sync --days 7）\n")
            #expect(!FileManager.default.fileExists(atPath: folder + "/typo"), "nothing made")
        }

        @Test func aCommandThatFetchesStillMakesTheArchive() async throws {
            let folder = try Fixtures.temporaryFolder()
            let path = folder + "/new/news.sqlite"
            let result = try await NewsctlProcess(databasePath: path).run(["latest", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(try await NewsctlProcess(databasePath: path).run(["status"]).status == 0)
        }
    }
}
