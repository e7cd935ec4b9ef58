import Foundation
import Testing
import TestSupport

@testable import SyncEngine

extension ProcessTests {
    /// A broken, read-only, unwritable or full archive: one clear line, exit 74, nothing lost.
    @Suite struct LocalFailureTests {
        private static let canMountTmpfs: Bool = {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            probe.arguments = ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"]
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }()

        /// An archive holding today's page, in a folder anyone may enter.
        private func filledArchive() async throws -> NewsctlProcess {
            let newsctl = try NewsctlProcess()
            let folder = (newsctl.databasePath as NSString).deletingLastPathComponent
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
            let result = try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(result.status == 0)
            return newsctl
        }

        /// Overwrites pages 2 to 5, the first tables' (page 1 holds the schema), whatever the
        /// archive's page size: the header's bytes 16-17, big-endian.
        private func damageTablePages(_ path: String) throws {
            let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
            let header = try #require(try handle.read(upToCount: 100))
            let pageSize = Int(header[16]) << 8 | Int(header[17])
            try #require(pageSize >= 512)
            try handle.seek(toOffset: UInt64(pageSize))
            handle.write(Data(repeating: 0x5A, count: pageSize * 4))
            try handle.close()
        }

        private func expectOneLine(_ result: NewsctlProcess.Result, _ text: String) {
            #expect(result.status == 74, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("newsctl: " + text), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        }

        @Test func aCorruptArchiveExits74AndIsLeftAsItWas() async throws {
            let newsctl = try await filledArchive()
            try damageTablePages(newsctl.databasePath)
            let damaged = try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath))

            // Every such line says what to run.
            let advice = "；运行 newsctl doctor 查看详情；运行 newsctl doctor --rebuild 重建缓存（收藏会保留）\n"
            for arguments in [["latest", "--offline"], ["before", "20230314", "--base-url", "file://" + Fixtures.apiRoot], ["status"]] {
                let result = try await newsctl.run(arguments)
                expectOneLine(result, "本地存档已损坏")
                #expect(result.stderr == "newsctl: 本地存档已损坏" + advice, "\(arguments)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath)) == damaged)

            let doctor = try await newsctl.run(["doctor"])
            #expect(doctor.status == 74)
            #expect(doctor.stdout.contains("完整性："))
            #expect(doctor.stderr == "newsctl: 本地存档已损坏 (\(newsctl.databasePath))；运行 newsctl doctor --rebuild 重建缓存（收藏会保留）\n")
        }

        @Test func doctorFindsASearchIndexThatNoLongerMatchesTheStories() async throws {
            let newsctl = try await filledArchive()
            #expect(try await newsctl.run(["doctor"]).status == 0)
            // A title changed behind the index's back, as no newsctl write does.
            try Database(path: newsctl.databasePath).execute(
                "UPDATE story SET title = '改过的标题' WHERE rowid = (SELECT min(rowid) FROM story)")
            let doctor = try await newsctl.run(["doctor", "--json"])
            #expect(doctor.status == 74, "\(doctor.stdout)")
            let problems = try #require(try doctor.stdout.jsonObject()["problems"] as? [String])
            #expect(problems.contains { $0.hasPrefix("search index:") }, "\(problems)")
            #expect(try await newsctl.run(["doctor", "--rebuild"]).status == 0)
            #expect(try await newsctl.run(["doctor"]).status == 0)
        }

        @Test func doctorRebuildsTheCacheAndKeepsTheOldFile() async throws {
            let newsctl = try await filledArchive()
            let healthy = try await newsctl.run(["doctor", "--json"])
            #expect(healthy.status == 0)
            let report = try healthy.stdout.jsonObject()
            #expect(report["healthy"] as? Bool == true)
            #expect(report["days"] as? Int == 1)

            try damageTablePages(newsctl.databasePath)
            let rebuilt = try await newsctl.run(["doctor", "--rebuild", "--json"])
            #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
            let backup = try #require(try rebuilt.stdout.jsonObject()["backup"] as? String)
            #expect(FileManager.default.fileExists(atPath: backup))

            let after = try await newsctl.run(["doctor", "--json"])
            #expect(try after.stdout.jsonObject()["healthy"] as? Bool == true)
            #expect(try after.stdout.jsonObject()["days"] as? Int == 0)
            let refilled = try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(refilled.status == 0)
        }

        @Test(.enabled(if: Unprivileged.isAvailable, Unprivileged.reason))
        func aReadOnlyArchiveExits74WithOneLine() async throws {
            let newsctl = try await filledArchive()
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: newsctl.databasePath)
            let before = try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath))
            let result = try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot], launcher: Unprivileged.launcher)
            expectOneLine(result, "本地存档是只读的")
            #expect(try Data(contentsOf: URL(fileURLWithPath: newsctl.databasePath)) == before)
        }

        @Test(.enabled(if: Unprivileged.isAvailable, Unprivileged.reason))
        func anArchiveThatCannotBeCreatedStillShowsTheNetworkAndSaysItIsNotKept() async throws {
            let folder = try Fixtures.temporaryFolder()
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            let path = folder + "/sub/news.sqlite"
            let result = try await NewsctlProcess().run(
                ["latest", "--db", path, "--base-url", "file://" + Fixtures.apiRoot], launcher: Unprivileged.launcher)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("为什么春天的风总是特别大？"), "\(result.stdout)")
            #expect(result.stderr == "newsctl: 无法创建本地存档（\(path)）：显示的是网上的内容，不会保存\n")
            #expect(!FileManager.default.fileExists(atPath: folder + "/sub"))
            // A command that must write still fails with one line.
            let sync = try await NewsctlProcess().run(
                ["sync", "--days", "1", "--db", path, "--base-url", "file://" + Fixtures.apiRoot], launcher: Unprivileged.launcher)
            expectOneLine(sync, "无法打开或创建本地存档")
        }

        @Test func aFileThatIsNoArchiveSaysWhatToCheck_andRebuildSaysItNeedsForce() async throws {
            let newsctl = try NewsctlProcess()
            try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: newsctl.databasePath))
            let latest = try await newsctl.run(["latest", "--offline"])
            expectOneLine(
                latest, "本地存档不是 SQLite 数据库 (\(newsctl.databasePath))；检查 --db 是否指向 newsctl 的存档；若是，运行 newsctl doctor --rebuild --force 重建")
            // doctor gives the same advice: a plain --rebuild would only be refused.
            let doctor = try await newsctl.run(["doctor"])
            #expect(doctor.status == 74)
            #expect(
                doctor.stderr.hasSuffix("；检查 --db 是否指向 newsctl 的存档；若是，运行 newsctl doctor --rebuild --force 重建（原文件保留为备份）\n"),
                "\(doctor.stderr)")
            let rebuild = try await newsctl.run(["doctor", "--rebuild"])
            expectOneLine(rebuild, "无法从旧存档读出收藏、已读标记、账户、账户的登录，未做任何改动；加上 --force 仍然重建")
            let english = try await newsctl.run(["doctor", "--rebuild", "--lang", "en"])
            expectOneLine(
                english,
                "Could not read the favourites, read marks, accounts and accounts' logins of the old archive; nothing was changed. Add --force"
            )
            let forced = try await newsctl.run(["doctor", "--rebuild", "--force"])
            #expect(forced.status == 0, "\(forced.stderr)")
        }

        @Test func aFolderGivenAsTheArchiveIsSaidToBeOne() async throws {
            let folder = try Fixtures.temporaryFolder()
            let result = try await NewsctlProcess().run(["latest", "--db", folder, "--base-url", "file://" + Fixtures.apiRoot])
            #expect(result.status == 64, "the argument's mistake: \(result.stderr)")
            #expect(result.stderr == "newsctl: --db 指向文件夹 \(folder)，需要文件路径，例如 \(folder)/news.sqlite\n")
            let english = try await NewsctlProcess().run([
                "latest", "--db", folder + "/", "--lang", "en", "--base-url", "file://" + Fixtures.apiRoot,
            ])
            #expect(english.stderr == "newsctl: --db names the folder \(folder)/; it needs a file path, such as \(folder)/news.sqlite\n")
        }

        @Test(.enabled(if: canMountTmpfs, "needs a private mount namespace (unshare -m) for a small tmpfs"))
        func aFullDiskExits74AndLosesNothing() async throws {
            let newsctl = try await filledArchive()
            let mount = try Fixtures.temporaryFolder()
            let api = "file://" + Fixtures.apiRoot
            // In a private mount namespace: a 2 MiB tmpfs holds a copy of the archive (about
            // 0.8 MB in 16 KB pages), then a filler takes all but 4 KiB; a fetch must fail cleanly,
            // and after freeing the space the archive is intact and takes the write.
            let script = """
                set -e
                mount -t tmpfs -o size=2m tmpfs "\(mount)"
                cp "\(newsctl.databasePath)" "\(mount)/news.sqlite"
                free=$(df -k --output=avail "\(mount)" | tail -1)
                head -c $(( (free - 4) * 1024 )) /dev/zero > "\(mount)/filler" 2>/dev/null || true
                set +e
                "\(NewsctlProcess.binary)" before 20230314 --db "\(mount)/news.sqlite" --base-url "\(api)" 2>"\(mount)/../full.stderr"
                echo "full:$?"
                rm "\(mount)/filler"
                "\(NewsctlProcess.binary)" latest --offline --json --db "\(mount)/news.sqlite" >/dev/null
                echo "kept:$?"
                "\(NewsctlProcess.binary)" before 20230314 --db "\(mount)/news.sqlite" --base-url "\(api)" >/dev/null
                echo "after:$?"
                "\(NewsctlProcess.binary)" doctor --db "\(mount)/news.sqlite" >/dev/null
                echo "doctor:$?"
                """
            let result = try await newsctl.run(["-m", "sh", "-c", script], executable: "/usr/bin/unshare")
            let stderr = try String(contentsOfFile: (mount as NSString).deletingLastPathComponent + "/full.stderr", encoding: .utf8)
            #expect(result.stdout.split(separator: "\n") == ["full:74", "kept:0", "after:0", "doctor:0"], "\(result.stderr)")
            #expect(stderr.hasPrefix("newsctl: 磁盘已满"), "\(stderr)")
            #expect(stderr.filter { $0 == "\n" }.count == 1)
        }
    }
}
