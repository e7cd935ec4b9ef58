import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// What a sync says it did, on stdout and stderr, and its exit status, through the built
    /// binary: one account. The source is the fixture API as a copy lacking most stories and
    /// comments (as the real captures laid out by scripts/captures-to-api are), and its pictures
    /// are on a host that refuses every connection (as the picture hosts are offline).
    @Suite struct SyncAccountTests {
        private func start() async throws -> (LoopbackServer, String) {
            let server = LoopbackServer()
            try await server.start()
            // A picture host that refuses every connection, in the JSON's escaped form.
            let refused = try await LoopbackServer.refusedBaseURL().dropLast("/api/4".count)
            let pictures = refused.replacingOccurrences(of: "/", with: "\\/")
            for path in ["news/latest", "news/9759301", "news/9759306", "news/9787903"] {
                var text = try Fixtures.text(path)
                for host in ["pic1", "pic2", "pic3", "pic4"] {
                    text = text.replacingOccurrences(of: "https:\\/\\/\(host).zhimg.com", with: pictures)
                }
                server.setReply(.body(status: 200, text: text), for: "/api/4/" + path)
            }
            return (server, await server.baseURL)
        }

        /// The first number of `text` after `marker` ("失败 " → 0).
        private func number(after marker: String, in text: String) -> Int? {
            guard let range = text.range(of: marker) else { return nil }
            return Int(text[range.upperBound...].prefix { $0.isNumber })
        }

        @Test func storiesTheCopyLacksAndUnreachablePicturesAreNeitherANetworkOutageNorAFailedSync() async throws {
            let (server, base) = try await start()
            let newsctl = try NewsctlProcess()
            let arguments = ["sync", "--days", "1", "--details", "--comments", "--images", "--concurrency", "1", "--base-url", base]
            let json = try await newsctl.run(arguments + ["--json"])
            #expect(json.status == 0, "the days and stories are in; pictures are extras: \(json.stderr)")
            let summary = try json.stdout.jsonObject()
            let notAtSource = try #require(summary["not_at_source"] as? Int)
            let pictures = try #require(summary["pictures"] as? [String: Any])
            let picturesFailed = try #require(pictures["failed"] as? Int)
            let picturesSkipped = try #require(pictures["skipped"] as? Int)
            #expect(summary["failures"] as? Int == 0)
            #expect(summary["skipped"] as? Int == 0, "no day, story or thread was left untried")
            #expect(notAtSource > 0, "the stories and threads the copy lacks")
            #expect(picturesFailed > 0 && picturesSkipped > 0, "the picture phase gave up on the refusing host")
            #expect(
                json.stderr
                    == "newsctl: 同步已完成；\(picturesFailed + picturesSkipped) 张图片未取到（\(picturesFailed) 张失败，"
                    + "\(picturesSkipped) 张因图片服务器无法连接未尝试），之后的同步会再试\n")

            // The text says the same, in either language, and so does a second run, which asks
            // the source nothing for the stories it lacks: neither their text nor their comments.
            let firstRun = server.requestedPaths.count
            for run in 1...2 {
                let text = try await newsctl.run(arguments)
                #expect(text.status == 0, "run \(run): \(text.stderr)")
                #expect(text.stderr == json.stderr, "run \(run)")
                #expect(number(after: "；失败 ", in: text.stdout) == 0, "run \(run): \(text.stdout)")
                #expect(text.stdout.contains("项来源没有（再次同步也取不到）"), "run \(run): \(text.stdout)")
                #expect(text.stdout.contains("篇文章来源没有，一个月内不再取"), "run \(run): \(text.stdout)")
                #expect(
                    text.stdout.contains("，\(picturesFailed) 张失败，\(picturesSkipped) 张因图片服务器无法连接未尝试。未取到的有："),
                    "run \(run): \(text.stdout)")
            }
            let served = ["9759301", "9759306", "9787903"]
            let asked = server.requestedPaths.dropFirst(firstRun).filter { path in
                (path.contains("/news/9") || path.contains("/story/")) && !served.contains { path.contains("/\($0)") }
            }
            #expect(asked.isEmpty, "\(asked)")
            let english = try await newsctl.run(arguments + ["--lang", "en"])
            #expect(english.status == 0, "\(english.stderr)")
            #expect(
                english.stderr
                    == "newsctl: Sync complete; \(picturesFailed + picturesSkipped) pictures were not fetched (\(picturesFailed) failed, "
                    + "\(picturesSkipped) not tried because their hosts could not be reached); a later sync tries again\n")
            #expect(english.stdout.contains("; 0 failed; "), "\(english.stdout)")
            #expect(english.stdout.contains(" stories not at the source, left alone for a month"), "\(english.stdout)")
            await server.stop()
        }

        /// The same copy read as a `file://` base URL: what it lacks is the copy's, not Zhihu Daily's.
        @Test func aFileCopyIsNamedForWhatItLacks() async throws {
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["sync", "--days", "1", "--details", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            #expect(result.stdout.contains("；失败 0；4 项本地副本中没有（再次同步也取不到）；"), "\(result.stdout)")
            #expect(result.stdout.contains("。未取到的有：文章 9759302：本地副本中没有，"), "\(result.stdout)")
        }
    }
}
