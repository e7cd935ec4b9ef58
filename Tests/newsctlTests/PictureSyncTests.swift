import Foundation
import Testing
import TestSupport

@testable import SyncEngine

extension ProcessTests {
    /// `newsctl sync --images` through the built binary against pictures on the loopback server.
    @Suite struct PictureSyncTests {
        /// One day, 20230320, of `count` stories; story i's thumbnail is `/pictures/i.jpg` and its
        /// body holds `/pictures/i-body.png`.
        private struct Source {
            let root: String
            let count: Int
            static let latest = "20230320"

            func id(_ index: Int) -> Int64 { 2_023_032_000 + Int64(index) }
            func thumbnail(_ index: Int) -> String { "/pictures/\(index).jpg" }
            func body(_ index: Int) -> String { "/pictures/\(index)-body.png" }
            var paths: [String] { (0..<count).flatMap { [thumbnail($0), body($0)] } }

            func serve(_ server: LoopbackServer) throws {
                let stories = (0..<count).map { index -> [String: Any] in
                    [
                        "id": id(index), "title": "第\(index)号故事", "hint": "作者 · 1 分钟阅读", "type": 0, "ga_prefix": "032007",
                        "image_hue": "0x123456", "url": "https://daily.zhihu.com/story/\(id(index))",
                        "images": [root + thumbnail(index)],
                    ]
                }
                server.setReply(
                    .body(status: 200, text: try json(["date": Self.latest, "stories": stories, "top_stories": []])),
                    for: "/api/4/news/latest")
                for index in 0..<count {
                    let html =
                        "<div class=\"content\"><p>正文。</p><figure><img src=\"\(root + body(index))\"><figcaption>图</figcaption></figure></div>"
                    server.setReply(
                        .body(status: 200, text: try json(["id": id(index), "title": "第\(index)号故事", "type": 0, "body": html])),
                        for: "/api/4/news/\(id(index))")
                    server.setReply(
                        .body(status: 200, text: "{\"long_comments\":0,\"popularity\":1,\"short_comments\":0,\"comments\":0}"),
                        for: "/api/4/story-extra/\(id(index))")
                    server.setReply(.bytes(contentType: "image/jpeg", try Fixtures.picture("baseline.jpg")), for: thumbnail(index))
                    server.setReply(.bytes(contentType: "image/png", try Fixtures.picture("picture.png")), for: body(index))
                }
            }

            private func json(_ object: [String: Any]) throws -> String {
                String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            }
        }

        private func start(count: Int) async throws -> (LoopbackServer, Source) {
            let server = LoopbackServer()
            try await server.start()
            let source = Source(root: String((await server.baseURL).dropLast("/api/4".count)), count: count)
            try source.serve(server)
            return (server, source)
        }

        @Test func aSyncWithFailingPicturesSucceedsAndNamesThem() async throws {
            let (server, source) = try await start(count: 2)
            server.setReply(.body(status: 404, contentType: "text/html", text: "<html>404</html>"), for: source.thumbnail(0))
            server.setReply(.body(status: 200, contentType: "image/jpeg", text: "<html>请勿盗链</html>"), for: source.body(1))
            let newsctl = try NewsctlProcess()
            let base = await server.baseURL
            let text = try await newsctl.run(["sync", "--days", "1", "--images", "--base-url", base])
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("图片新取 2 张，已有 0 张，2 张失败"), "\(text.stdout)")
            #expect(text.stdout.contains("图片 \(source.root + source.thumbnail(0))：图片不存在（HTTP 404）"), "\(text.stdout)")
            #expect(text.stdout.contains("图片 \(source.root + source.body(1))：收到的不是图片（可能是防盗链页面）"), "\(text.stdout)")

            let status = try await newsctl.run(["status"])
            let bytes = try Fixtures.picture("baseline.jpg").count + Fixtures.picture("picture.png").count
            #expect(status.stdout.contains("图片：已存 2 张（"), "\(status.stdout)")
            #expect(status.stdout.contains("缺 2 张（sync --images 列出而未存的，其中 2 张获取失败）"), "\(status.stdout)")
            let json = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            let pictures = try #require(json["pictures"] as? [String: Any])
            #expect(pictures["kept"] as? Int == 2 && pictures["bytes"] as? Int == bytes)
            #expect(pictures["missing"] as? Int == 2 && pictures["failing"] as? Int == 2)
            #expect(status.stdout.contains("获取失败的图片：图片不存在（HTTP 404）1 张；收到的不是图片（可能是防盗链页面）1 张"), "\(status.stdout)")
            let english = try await newsctl.run(["status", "--lang", "en", "--json"]).stdout.jsonObject()
            let reasons = try #require((english["pictures"] as? [String: Any])?["failing_reasons"] as? [[String: Any]])
            #expect(reasons.map { $0["reason"] as? String } == ["http_404", "not_a_picture"])
            #expect(
                reasons.map { $0["text"] as? String } == [
                    "no such picture (HTTP 404)", "not a picture (likely a web page served in its place)",
                ])
            #expect(reasons.map { $0["count"] as? Int } == [1, 1])

            // The failing ones wait for their next try; --retry-failed asks again, and --json lists them all.
            let again = try await newsctl.run(["sync", "--days", "1", "--images", "--retry-failed", "--json", "--base-url", base])
            #expect(again.status == 0, "\(again.stderr)")
            let summary = try again.stdout.jsonObject()
            #expect((summary["failed"] as? [String])?.count == 2, "\(again.stdout)")
            let inEnglish = try await newsctl.run(
                ["sync", "--days", "1", "--images", "--retry-failed", "--json", "--lang", "en", "--base-url", base])
            #expect(
                (try inEnglish.stdout.jsonObject()["failed"] as? [String])?.sorted() == [
                    "picture \(source.root + source.thumbnail(0)): no such picture (HTTP 404)",
                    "picture \(source.root + source.body(1)): not a picture (likely a web page served in its place)",
                ], "\(inEnglish.stdout)")
            let counts = try #require(summary["pictures"] as? [String: Any])
            #expect(counts["fetched"] as? Int == 0 && counts["present"] as? Int == 2 && counts["failed"] as? Int == 2)
            for path in source.paths {
                #expect(server.requestCount(path) == ([source.thumbnail(0), source.body(1)].contains(path) ? 3 : 1))
            }
            await server.stop()
        }

        @Test func statusCountsAsMissingOnlyWhatASyncWithPicturesListed_notWhatTheBudgetLetGo() async throws {
            let (server, source) = try await start(count: 2)
            let newsctl = try NewsctlProcess()
            let base = await server.baseURL
            func pictures(_ arguments: [String] = []) async throws -> [String: Any] {
                let status = try await newsctl.run(["status", "--json"] + arguments)
                return try #require(try status.stdout.jsonObject()["pictures"] as? [String: Any], "\(status.stdout)")
            }
            // Synced without pictures: the stories lack none.
            #expect(try await newsctl.run(["sync", "--days", "1", "--details", "--base-url", base]).status == 0)
            let none = try await pictures()
            #expect(none["missing"] as? Int == 0 && none["kept"] as? Int == 0 && none["evicted"] as? Int == 0, "\(none)")

            // With pictures, one fails: it is missing (and failing).
            server.setReply(.body(status: 404, contentType: "text/html", text: "<html>404</html>"), for: source.thumbnail(0))
            #expect(try await newsctl.run(["sync", "--days", "1", "--images", "--base-url", base]).status == 0)
            let one = try await pictures()
            #expect(one["missing"] as? Int == 1 && one["failing"] as? Int == 1 && one["kept"] as? Int == 3, "\(one)")

            // What the budget let go is not missing: it is counted apart.
            #expect(try await newsctl.run(["sync", "--days", "1", "--images", "--image-budget", "0", "--base-url", base]).status == 0)
            let squeezed = try await pictures()
            #expect(squeezed["missing"] as? Int == 1 && squeezed["evicted"] as? Int == 3 && squeezed["kept"] as? Int == 0, "\(squeezed)")
            let text = try await newsctl.run(["status"]).stdout
            #expect(text.contains("缺 1 张（sync --images 列出而未存的，其中 1 张获取失败），超出预算移除 3 张（阅读时再取）"), "\(text)")
            let english = try await newsctl.run(["status", "--lang", "en"]).stdout
            #expect(
                english.contains(
                    "1 missing (listed by a sync with --images, not kept; 1 of them failing), 3 evicted to keep within the budget (fetched again when read)"
                ), "\(english)")
            await server.stop()
        }

        @Test func doctorChecksEveryPictureAndRebuildKeepsTheSoundOnes() async throws {
            let (server, source) = try await start(count: 2)
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["sync", "--days", "1", "--images", "--base-url", await server.baseURL]).status == 0)
            await server.stop()
            let healthy = try await newsctl.run(["doctor"])
            #expect(healthy.status == 0, "\(healthy.stdout)\(healthy.stderr)")
            #expect(healthy.stdout.contains("图片：已存 4 张，共 "), "\(healthy.stdout)")
            #expect(healthy.stdout.contains("（预算 1.0 GB）"), "\(healthy.stdout)")

            // Damage two rows: one's bytes become a web page, another's row lies about its size.
            let html = source.root + source.thumbnail(0)
            let resized = source.root + source.body(1)
            do {
                let database = try Database(path: newsctl.databasePath)
                try database.run("UPDATE picture_bytes SET bytes = ? WHERE key = ?", [.blob(Array("<html>盗链</html>".utf8)), .text(html)])
                try database.run("UPDATE picture SET width = width + 1 WHERE key = ?", [.text(resized)])
                // And one picture no story uses.
                try database.run("DELETE FROM story_picture WHERE key = ?", [.text(source.root + source.body(0))])
            }
            let damaged = try await newsctl.run(["doctor"])
            #expect(damaged.status == 74, "\(damaged.stdout)\(damaged.stderr)")
            #expect(damaged.stdout.contains("完整性：2 个问题"), "\(damaged.stdout)")
            #expect(damaged.stdout.contains("  图片 \(html)：已损坏，数据不是图片\n"), "\(damaged.stdout)")
            #expect(damaged.stdout.contains("  图片 \(resized)：已损坏，尺寸与记录不符\n"), "\(damaged.stdout)")
            let english = try await newsctl.run(["doctor", "--lang", "en"])
            #expect(english.stdout.contains("  picture \(resized): damaged, its size differs from its record\n"), "\(english.stdout)")
            #expect(damaged.stdout.contains("，2 张已损坏，1 张没有文章使用（prune 时删除）"), "\(damaged.stdout)")
            let report = try await newsctl.run(["doctor", "--json", "--lang", "en"])
            let pictures = try #require(try report.stdout.jsonObject()["pictures"] as? [String: Any], "\(report.stdout)")
            #expect(pictures["kept"] as? Int == 4 && pictures["damaged_count"] as? Int == 2 && pictures["orphans"] as? Int == 1)
            #expect((pictures["damaged"] as? [[String: Any]])?.compactMap { $0["key"] as? String }.sorted() == [html, resized].sorted())
            #expect(pictures["budget"] as? Int == 1 << 30)

            // The rebuild keeps the two sound pictures (and which stories use them), not the damaged.
            #expect(try await newsctl.run(["fav", "add", "\(source.id(1))", "--offline"]).status == 0)
            let rebuilt = try await newsctl.run(["doctor", "--rebuild", "--json"])
            #expect(rebuilt.status == 0, "\(rebuilt.stdout)\(rebuilt.stderr)")
            #expect(try rebuilt.stdout.jsonObject()["kept_pictures"] as? Int == 2, "\(rebuilt.stdout)")
            let after = try await newsctl.run(["doctor", "--json"])
            #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
            let kept = try #require(try after.stdout.jsonObject()["pictures"] as? [String: Any])
            #expect(kept["kept"] as? Int == 2 && kept["damaged_count"] as? Int == 0 && kept["orphans"] as? Int == 1, "\(kept)")
            let database = try Database(path: newsctl.databasePath)
            let keys = try database.query("SELECT key FROM picture ORDER BY key") { $0.text(at: 0) }
            #expect(keys == [source.root + source.body(0), source.root + source.thumbnail(1)].sorted())
            #expect(try database.query("SELECT story_id FROM story_picture") { $0.int64(at: 0) } == [source.id(1)])
            #expect(try database.query("SELECT story_id FROM favorite") { $0.int64(at: 0) } == [source.id(1)])
        }

        @Test func theImageBudgetEvictsAllButAFavouritesPictures() async throws {
            let (server, source) = try await start(count: 2)
            let newsctl = try NewsctlProcess()
            let base = await server.baseURL
            let alone = try await newsctl.run(["sync", "--days", "1", "--image-budget", "0", "--base-url", base])
            #expect(alone.status == 64 && alone.stderr.contains("--image-budget 需要与 --images 一起使用"), "\(alone.stderr)")
            let negative = try await newsctl.run(["sync", "--days", "1", "--images", "--image-budget", "-1", "--base-url", base])
            #expect(negative.status == 64 && negative.stderr.contains("不能是 -1"), "\(negative.stderr)")

            #expect(try await newsctl.run(["sync", "--days", "1", "--images", "--base-url", base]).status == 0)
            #expect(try await newsctl.run(["fav", "add", "\(source.id(1))", "--offline"]).status == 0)
            let squeezed = try await newsctl.run(["sync", "--days", "1", "--images", "--image-budget", "0", "--json", "--base-url", base])
            #expect(squeezed.status == 0, "\(squeezed.stderr)")
            #expect((try squeezed.stdout.jsonObject()["pictures"] as? [String: Any])?["evicted"] as? Int == 2, "\(squeezed.stdout)")
            let status = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            let bytes = try Fixtures.picture("baseline.jpg").count + Fixtures.picture("picture.png").count
            #expect((status["pictures"] as? [String: Any])?["kept"] as? Int == 2, "the favourite's two stay")
            #expect((status["pictures"] as? [String: Any])?["bytes"] as? Int == bytes)
            await server.stop()
        }

        /// `--image-budget` is kept by the archive: a later sync without it keeps to it, and status
        /// and doctor say the budget in force, not the default.
        @Test func aBudgetNamedOnceStaysInForce_andStatusAndDoctorSayIt() async throws {
            let (server, source) = try await start(count: 2)
            let newsctl = try NewsctlProcess()
            let base = await server.baseURL
            func budgets() async throws -> (status: Int?, doctor: Int?) {
                let status = try await newsctl.run(["status", "--json"]).stdout.jsonObject()["pictures"] as? [String: Any]
                let doctor = try await newsctl.run(["doctor", "--json"]).stdout.jsonObject()["pictures"] as? [String: Any]
                return (status?["budget"] as? Int, doctor?["budget"] as? Int)
            }
            #expect(try await newsctl.run(["sync", "--days", "1", "--images", "--base-url", base]).status == 0)
            #expect(try await budgets() == (1 << 30, 1 << 30))
            #expect(try await newsctl.run(["status"]).stdout.contains("图片：已存 4 张（"), "kept")
            #expect(try await newsctl.run(["status"]).stdout.contains("，预算 1.0 GB），缺 0 张"))

            #expect(try await newsctl.run(["sync", "--days", "1", "--images", "--image-budget", "0", "--base-url", base]).status == 0)
            #expect(try await budgets() == (0, 0))
            // A read keeps a picture again; the next sync, naming no budget, keeps to the one named.
            let read = try await newsctl.run(["show", "\(source.id(0))", "--graphics", "symbols", "--base-url", base])
            #expect(read.status == 0, "\(read.stderr)")
            let kept = try await newsctl.run(["status", "--json"]).stdout.jsonObject()["pictures"] as? [String: Any]
            #expect((kept?["kept"] as? Int ?? 0) > 0, "\(String(describing: kept))")
            #expect(try await newsctl.run(["sync", "--days", "1", "--images", "--base-url", base]).status == 0)
            let after = try await newsctl.run(["status", "--json"]).stdout.jsonObject()["pictures"] as? [String: Any]
            #expect(after?["kept"] as? Int == 0, "\(String(describing: after))")
            #expect(try await budgets() == (0, 0))
            let doctor = try await newsctl.run(["doctor", "--lang", "en"]).stdout
            #expect(!doctor.contains("1.0 GB"), "\(doctor)")
            let status = try await newsctl.run(["status", "--lang", "en"]).stdout
            #expect(status.contains("Pictures: 0 kept (0 B of a 0 B budget)"), "\(status)")
            await server.stop()
        }

        @Test func aKillDuringAPictureSyncLeavesNoHalfPicture() async throws {
            let (server, source) = try await start(count: 4)
            // The first picture drips (it is under way at the kill); the others come one by one.
            let slow = source.thumbnail(0)
            let padded = try Fixtures.picture("baseline.jpg") + [UInt8](repeating: 0x20, count: 200_000)
            server.setReply(.dripBytes(contentType: "image/jpeg", padded, bytesPerChunk: 2_000, pause: .milliseconds(100)), for: slow)
            for path in source.paths where path != slow {
                server.setReply(
                    .delayed(.milliseconds(300), .bytes(contentType: "image/png", try Fixtures.picture("picture.png"))), for: path)
            }
            let newsctl = try NewsctlProcess()
            let keptSoFar = { @Sendable () -> Int in
                guard FileManager.default.fileExists(atPath: newsctl.databasePath),
                    let database = try? Database(path: newsctl.databasePath, readOnly: true)
                else { return 0 }
                return (try? database.query("SELECT count(*) FROM picture") { Int($0.int64(at: 0)) }.first) ?? 0
            }
            let result = try await newsctl.run(
                ["sync", "--days", "1", "--images", "--concurrency", "2", "--timeout", "60", "--base-url", await server.baseURL]
            ) { pid in
                for _ in 0..<3_000 where server.requestCount(slow) == 0 || keptSoFar() < 2 {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                kill(pid, SIGKILL)
            }
            #expect(result.status == SIGKILL || result.status == 128 + SIGKILL || result.status == 137, "\(result.status)")

            let database = try Database(path: newsctl.databasePath)
            #expect(try database.query("PRAGMA integrity_check") { $0.text(at: 0) } == ["ok"])
            let rows = try database.query(
                "SELECT p.key, p.format, p.width, p.height, p.byte_count, b.bytes FROM picture p LEFT JOIN picture_bytes b ON b.key = p.key"
            ) { ($0.text(at: 0), $0.text(at: 1), Int($0.int64(at: 2)), Int($0.int64(at: 3)), Int($0.int64(at: 4)), $0.bytes(at: 5)) }
            #expect(rows.count >= 2 && rows.count < source.paths.count, "\(rows.map(\.0))")
            #expect(!rows.contains { $0.0 == source.root + slow }, "the picture under way was not kept")
            let png = try Fixtures.picture("picture.png")
            for (key, format, width, height, byteCount, bytes) in rows {
                let info = try PictureCheck().check(bytes)
                #expect(info.format.rawValue == format && info.width == width && info.height == height, "\(key)")
                #expect(bytes.count == byteCount && bytes == png, "\(key)")
            }

            // The next sync fetches only what is missing.
            server.setReply(.bytes(contentType: "image/jpeg", try Fixtures.picture("baseline.jpg")), for: slow)
            let kept = Set(rows.map(\.0))
            let resumed = try await newsctl.run(["sync", "--days", "1", "--images", "--base-url", await server.baseURL])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            for path in source.paths where kept.contains(source.root + path) { #expect(server.requestCount(path) == 1, "\(path)") }
            let all = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            #expect((all["pictures"] as? [String: Any])?["kept"] as? Int == source.paths.count)
            await server.stop()
        }
    }
}
