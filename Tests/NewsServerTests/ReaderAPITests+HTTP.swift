import Foundation
import SyncEngine
import Testing
import TestSupport

/// The reader API as HTTP: HEAD, the address the client reached the server by, a token on every
/// path, the size of a POST's form.
extension ReaderAPITests {
    @Test func aHeadIsAnsweredAsTheGetWithoutItsBodyAndChangesNothing() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let auth = [("Authorization", "GoogleLogin auth=\(token)")]
            for target in [
                Self.api + "user-info", Self.api + "subscription/list", Self.api + "tag/list",
                Self.api + "stream/items/ids?s=\(Self.readingList)&n=3",
            ] {
                let get = try await harness.get(target, token: token)
                let head = try await harness.server.send("HEAD", target, headers: auth)
                #expect(get.status == 200 && !get.body.isEmpty, "\(target): \(get.status)")
                #expect(head.status == 200 && head.body.isEmpty, "\(target): \(head.status) \(head.text)")
                #expect(head.headers["content-type"] == get.headers["content-type"], "\(target): \(head.headers)")
                #expect(head.headers["content-length"] == String(get.body.count), "\(target): \(head.headers)")
            }
            #expect(try await harness.server.send("HEAD", Self.api + "tag/list").status == 401)
            // A HEAD is a GET: it cannot change a mark, even with the edit token.
            let edit = try await harness.editToken(token)
            let change = try await harness.server.send(
                "HEAD", Self.api + "edit-tag?i=9759201&a=user%2F-%2Fstate%2Fcom.google%2Fread&T=\(Self.encoded(edit))", headers: auth)
            #expect(change.status == 405 && change.body.isEmpty, "\(change.status)")
            #expect(try await harness.engine.marks(for: [9_759_201])[9_759_201]?.isRead != true)
        }
    }

    /// The `url` of every subscription `subscription/list` gives with `headers`.
    private func subscriptionURLs(_ harness: ReaderHarness, token: String, headers: [(String, String)]) async throws -> [String] {
        let answer = try await harness.get(Self.api + "subscription/list", token: token, headers: headers)
        #expect(answer.status == 200, "\(answer.status) \(answer.text)")
        return (ReaderHarness.json(answer)["subscriptions"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
    }

    @Test func theBaseURLIsTheOneAProxyForwardsButNeverAHostWithMarkup() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let proxied = try await subscriptionURLs(
                harness, token: token, headers: [("X-Forwarded-Host", "news.example.org"), ("X-Forwarded-Proto", "https")])
            #expect(proxied == ["https://news.example.org/feed.atom", "https://news.example.org/section/2/feed.atom"], "\(proxied)")
            let direct = "http://127.0.0.1:\(harness.server.port)/"
            let markup = try await subscriptionURLs(harness, token: token, headers: [("X-Forwarded-Host", "a\"><script>")])
            #expect(markup == [direct + "feed.atom", direct + "section/2/feed.atom"], "\(markup)")
        }
    }

    @Test func everyPathButTheLoginIs401WithoutAToken() async throws {
        try await ReaderHarness.with { harness in
            let edit = try await harness.editToken(try await harness.token())
            let read = "i=9759201&a=user%2F-%2Fstate%2Fcom.google%2Fread&a=user%2F-%2Fstate%2Fcom.google%2Fstarred&T=\(Self.encoded(edit))"
            // Those that only read, asked either way; those that change, as POSTs with the edit token.
            let reads =
                [
                    "token", "user-info", "subscription/list", "tag/list", "unread-count", "stream/contents/feed%2Fzhihu-daily",
                    "stream/items/ids?s=\(Self.readingList)", "stream/items/contents?i=9759201",
                ].map { Self.api + $0 } + ["/api/greader/reader/atom/feed%2Fzhihu-daily"]
            let asked: [(String, String, String)] =
                reads.flatMap { [("GET", $0, ""), ("POST", $0, "")] } + [
                    ("POST", Self.api + "stream/items/contents", "i=9759201"), ("POST", Self.api + "edit-tag", read),
                    ("POST", Self.api + "mark-all-as-read", "s=feed%2Fzhihu-daily&T=\(Self.encoded(edit))"),
                ]
            for (method, target, form) in asked {
                for token in [nil, String(repeating: "0", count: 64)] {
                    let answer =
                        method == "GET"
                        ? try await harness.get(target, token: token) : try await harness.post(target, form: form, token: token)
                    #expect(answer.status == 401, "\(method) \(target) with \(token ?? "no token"): \(answer.status) \(answer.text)")
                    #expect(!answer.text.contains("9759201") && !answer.text.contains("reader"), "\(method) \(target): \(answer.text)")
                }
            }
            var unread = ItemQuery(stream: .all, limit: 1_000)
            unread.excluding = .read
            #expect(try await harness.engine.itemKeys(unread).keys.count == 30)
            #expect(try await harness.engine.favorites().isEmpty)
        }
    }

    @Test func itemContentsTakesAThousandIdsInOnePostAndRefusesMore() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let archived = ReaderHarness.refIDs(
                try await harness.get(Self.api + "stream/items/ids?s=\(Self.readingList)&n=100", token: token))
            #expect(archived.count == 30)
            // The archive's 30 among 970 it does not hold, in the long form apps send.
            let ids = archived + (1...970).map(Int64.init)
            let form = ids.map { "i=" + Self.encoded(ReaderHarness.longID($0)) }.joined(separator: "&")
            let thousand = try await harness.post(Self.api + "stream/items/contents", form: form, token: token)
            #expect(thousand.status == 200, "\(thousand.status) \(thousand.text.prefix(200))")
            #expect(ReaderHarness.itemIDs(thousand) == archived)
            let more = try await harness.post(Self.api + "stream/items/contents", form: form + "&i=971", token: token)
            #expect(more.status == 400, "\(more.status) \(more.text.prefix(200))")
        }
    }
}
