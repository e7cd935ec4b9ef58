import Foundation
import NewsWeb
import SyncEngine
import Testing
import TestSupport

/// The Google Reader API over HTTP in this process, as apps speak it: logging in, every endpoint
/// and parameter, both item id forms, the edit token, bad input.
@Suite struct ReaderAPITests {
    static let api = "/api/greader/reader/api/0/"

    @Test func withoutAnAccountEveryPathIs401AndTheLogSaysHowToAddOne() async throws {
        try await ReaderHarness.with(withAccount: false) { harness in
            for target in ["/api/greader/reader/api/0/subscription/list", "/api/greader/reader/atom/feed%2Fzhihu-daily", "/api/greader/x"] {
                let answer = try await harness.get(target, token: "00")
                #expect(answer.status == 401, "\(target): \(answer.status)")
            }
            #expect(try await harness.logIn().status == 401)
            #expect(harness.noAccountCalls.withLock { $0 } == 4)
        }
    }

    @Test func clientLoginAnswersTheThreeLinesOr401AndOnlyAsAPost() async throws {
        try await ReaderHarness.with { harness in
            let right = try await harness.logIn()
            #expect(right.status == 200)
            let lines = right.text.split(separator: "\n").map(String.init)
            #expect(lines.count == 3 && lines[0].hasPrefix("SID=") && lines[1] == "LSID=null" && lines[2].hasPrefix("Auth="), "\(lines)")
            #expect(lines[2].dropFirst(5).count == 64)
            #expect(try await harness.logIn(password: "wrong").status == 401)
            #expect(try await harness.logIn(name: "nobody").status == 401)
            #expect(try await harness.post("/api/greader/accounts/ClientLogin", form: "Email=reader", token: nil).status == 400)
            #expect(try await harness.get("/api/greader/accounts/ClientLogin?Email=reader&Passwd=secret", token: nil).status == 405)
            #expect(harness.noAccountCalls.withLock { $0 } == 0)
        }
    }

    @Test func fiveWrongPasswordsInAMinuteFromOneAddressCloseItsLoginsWith429() async throws {
        try await ReaderHarness.with { harness in
            for _ in 0..<5 { #expect(try await harness.logIn(password: "wrong").status == 401) }
            let closed = try await harness.logIn()
            #expect(closed.status == 429, "\(closed.status) \(closed.text)")
            #expect(Int(closed.headers["retry-after"] ?? "") ?? 0 > 0)
            // Another client behind a proxy on this machine is another address.
            #expect(try await harness.logIn(headers: [("X-Forwarded-For", "192.0.2.7")]).status == 200)
            // A token already given still works: only logins are closed.
            let token = try await ReaderHarness.tokenFrom(harness.logIn(headers: [("X-Forwarded-For", "192.0.2.8")]))
            #expect(try await harness.get(Self.api + "user-info", token: token).status == 200)
        }
    }

    @Test func aRequestNeedsAValidTokenInEitherFormAndARemovedAccountsTokensEnd() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            #expect(try await harness.get(Self.api + "tag/list", token: nil).status == 401)
            #expect(try await harness.get(Self.api + "tag/list", token: String(repeating: "0", count: 64)).status == 401)
            #expect(try await harness.get(Self.api + "tag/list", token: "not a token").status == 401)
            #expect(try await harness.get(Self.api + "tag/list", token: token).status == 200)
            #expect(try await harness.get(Self.api + "tag/list", token: "reader/" + token).status == 200)
            let info = ReaderHarness.json(try await harness.get(Self.api + "user-info", token: token))
            #expect(info["userName"] as? String == "reader")
            try await harness.engine.removeAccount(name: "reader")
            #expect(try await harness.get(Self.api + "tag/list", token: token).status == 401)
        }
    }

    @Test func subscriptionsAreTheDailyFeedAndEachSectionInOneFolder() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let list = ReaderHarness.json(try await harness.get(Self.api + "subscription/list?output=json", token: token))
            let subscriptions = list["subscriptions"] as? [[String: Any]] ?? []
            #expect(subscriptions.map { $0["id"] as? String } == ["feed/zhihu-daily", "feed/zhihu-daily/section/2"], "\(list)")
            #expect(subscriptions.map { $0["title"] as? String } == ["知乎日报", harness.column.name])
            let folder = (subscriptions.first?["categories"] as? [[String: Any]])?.first
            #expect(folder?["id"] as? String == "user/-/label/知乎日报" && folder?["label"] as? String == "知乎日报")
            #expect(subscriptions.first?["url"] as? String == "http://127.0.0.1:\(harness.server.port)/feed.atom")
            let tags = ReaderHarness.json(try await harness.get(Self.api + "tag/list", token: token))["tags"] as? [[String: Any]] ?? []
            #expect(
                tags.map { $0["id"] as? String } == [
                    "user/-/state/com.google/starred", "user/-/label/知乎日报", "user/-/label/" + harness.column.name,
                ])
        }
    }

    @Test func unreadCountsFollowTheReadMarks() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            func counts() async throws -> [String: Int] {
                let json = ReaderHarness.json(try await harness.get(Self.api + "unread-count?output=json", token: token))
                return Dictionary(
                    uniqueKeysWithValues: (json["unreadcounts"] as? [[String: Any]] ?? []).compactMap { entry in
                        (entry["id"] as? String).map { ($0, entry["count"] as? Int ?? -1) }
                    })
            }
            let before = try await counts()
            #expect(before["feed/zhihu-daily"] == 18 && before["feed/zhihu-daily/section/2"] == 12, "\(before)")
            #expect(before["user/-/state/com.google/reading-list"] == 30, "\(before)")
            try await harness.engine.markRead(id: 9_759_301)
            try await harness.engine.markRead(id: 9_000_011)
            let after = try await counts()
            #expect(
                after["feed/zhihu-daily"] == 17 && after["feed/zhihu-daily/section/2"] == 11
                    && after["user/-/state/com.google/reading-list"] == 28)
        }
    }

    @Test func streamContentsPagesThroughAFeedNewestFirstWithItsText() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            var seen: [Int64] = []
            var continuation: String?
            repeat {
                let target = Self.api + "stream/contents/feed%2Fzhihu-daily?n=5" + (continuation.map { "&c=" + $0 } ?? "")
                let answer = try await harness.get(target, token: token)
                #expect(answer.status == 200)
                let page = ReaderHarness.itemIDs(answer)
                #expect(page.count <= 5 && !page.isEmpty)
                seen += page
                continuation = ReaderHarness.json(answer)["continuation"] as? String
            } while continuation != nil && seen.count < 100
            #expect(seen.count == 18 && Set(seen).count == 18, "\(seen)")
            #expect(seen.first.map { $0 / 100 } == 97593 && seen.last.map { $0 / 100 } == 97590, "\(seen)")
            // The story with text: its readable HTML, and the archive's address for it.
            let one = ReaderHarness.json(try await harness.get(Self.api + "stream/contents/feed%2Fzhihu-daily?n=6", token: token))
            let item = (one["items"] as? [[String: Any]] ?? []).first { ($0["id"] as? String)?.hasSuffix("94ea45") ?? false }
            let html = (item?["summary"] as? [String: Any])?["content"] as? String ?? ""
            #expect(!html.isEmpty && !html.contains("<script") && !html.contains("class=\"content-inner\""), "\(html)")
            #expect((item?["alternate"] as? [[String: Any]])?.first?["href"] as? String == "https://daily.zhihu.com/story/9759301")
            #expect((item?["origin"] as? [String: Any])?["streamId"] as? String == "feed/zhihu-daily")
            #expect(Int64(item?["timestampUsec"] as? String ?? "") == (item?["published"] as? Int64).map { $0 * 1_000_000 })
        }
    }

    @Test func oldestFirstTimesAndStatesCutAStream() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let newest = ReaderHarness.itemIDs(try await harness.get(Self.api + "stream/contents/feed%2Fzhihu-daily?n=100", token: token))
            let oldest = ReaderHarness.itemIDs(
                try await harness.get(Self.api + "stream/contents/feed%2Fzhihu-daily?n=100&r=o", token: token))
            #expect(oldest == newest.reversed())
            // 2023-03-13 00:00 to 23:59:59 in Beijing: that day's five stories.
            let day = ReaderHarness.itemIDs(
                try await harness.get(Self.api + "stream/contents/feed%2Fzhihu-daily?n=100&ot=1678636800&nt=1678723199", token: token))
            #expect(Set(day) == Set(9_759_201...9_759_205), "\(day)")
            try await harness.engine.markRead(id: 9_759_201)
            _ = try await harness.engine.addFavorite(id: 9_759_202, policy: .cacheOnly)
            let unread = ReaderHarness.itemIDs(
                try await harness.get(
                    Self.api + "stream/contents/feed%2Fzhihu-daily?n=100&xt=user%2F-%2Fstate%2Fcom.google%2Fread", token: token))
            #expect(unread.count == 17 && !unread.contains(9_759_201))
            let starred = ReaderHarness.itemIDs(
                try await harness.get(Self.api + "stream/contents/user%2F-%2Fstate%2Fcom.google%2Fstarred", token: token))
            #expect(starred == [9_759_202])
            let read = ReaderHarness.itemIDs(try await harness.get(Self.api + "stream/contents/user/-/state/com.google/read", token: token))
            #expect(read == [9_759_201])
            let section = ReaderHarness.itemIDs(
                try await harness.get(Self.api + "stream/contents/feed/zhihu-daily/section/2?n=100", token: token))
            #expect(section == (0..<12).map { harness.column.storyID($0) })
        }
    }

    @Test func itemIDsAreDecimalAndItemContentsTakesBothFormsInTheOrderGiven() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let refs = ReaderHarness.json(
                try await harness.get(Self.api + "stream/items/ids?s=user%2F-%2Fstate%2Fcom.google%2Freading-list&n=10000", token: token))
            let ids = (refs["itemRefs"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? String).flatMap { Int64($0) } }
            #expect(ids.count == 30 && refs["continuation"] == nil, "\(refs)")
            let form = "i=tag%3Agoogle.com%2C2005%3Areader%2Fitem%2F000000000094ea45&i=9759201&i=9000000&i=123"
            let contents = try await harness.post(Self.api + "stream/items/contents", form: form, token: token)
            #expect(ReaderHarness.itemIDs(contents) == [9_759_301, 9_759_201, 9_000_000], "\(contents.text)")
            let bad = try await harness.post(
                Self.api + "stream/items/contents", form: "i=tag%3Agoogle.com%2C2005%3Areader%2Fitem%2Fxyz", token: token)
            #expect(bad.status == 400)
        }
    }

    @Test func editTagMarksReadUnreadStarredAndUnstarredOnlyWithTheEditToken() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let edit = try await harness.editToken(token)
            let read = "a=user%2F-%2Fstate%2Fcom.google%2Fread"
            let item = "i=tag%3Agoogle.com%2C2005%3Areader%2Fitem%2F000000000094ea45"
            // No token, a wrong one, a GET: refused, nothing changed.
            let without = try await harness.post(Self.api + "edit-tag", form: "\(item)&\(read)", token: token)
            #expect(without.status == 401 && without.headers["x-reader-google-bad-token"] == "true")
            #expect(
                try await harness.post(Self.api + "edit-tag", form: "\(item)&\(read)&T=\(String(repeating: "0", count: 64))", token: token)
                    .status == 401)
            #expect(try await harness.get(Self.api + "edit-tag?\(item)&\(read)&T=\(edit)", token: token).status == 405)
            #expect(try await harness.engine.marks(for: [9_759_301])[9_759_301]?.isRead != true)
            // Both id forms, many at once; a token read with its newline still counts.
            let marked = try await harness.post(Self.api + "edit-tag", form: "\(item)&i=9759201&\(read)&T=\(edit)%0A", token: token)
            #expect(marked.status == 200 && marked.text == "OK", "\(marked.text)")
            var marks = try await harness.engine.marks(for: [9_759_301, 9_759_201])
            #expect(marks[9_759_301]?.isRead == true && marks[9_759_201]?.isRead == true)
            // newsboat's unread: r=read&a=kept-unread.
            let unread = "i=9759201&r=user%2F-%2Fstate%2Fcom.google%2Fread&a=user%2F-%2Fstate%2Fcom.google%2Fkept-unread&T=\(edit)"
            #expect(try await harness.post(Self.api + "edit-tag", form: unread, token: token).text == "OK")
            marks = try await harness.engine.marks(for: [9_759_201])
            #expect(marks[9_759_201]?.isRead != true)
            let star = "\(item)&a=user%2F-%2Fstate%2Fcom.google%2Fstarred&T=\(edit)"
            #expect(try await harness.post(Self.api + "edit-tag", form: star, token: token).text == "OK")
            #expect(try await harness.engine.favorites().map(\.id) == [9_759_301])
            let unstar = "\(item)&r=user%2F-%2Fstate%2Fcom.google%2Fstarred&T=\(edit)"
            #expect(try await harness.post(Self.api + "edit-tag", form: unstar, token: token).text == "OK")
            #expect(try await harness.engine.favorites().isEmpty)
        }
    }

    @Test func markAllAsReadMarksAStreamUpToItsTime() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let edit = try await harness.editToken(token)
            // Up to the end of 2023-03-12 in Beijing: the stories of the 11th and 12th.
            let answer = try await harness.post(
                Self.api + "mark-all-as-read", form: "s=feed%2Fzhihu-daily&ts=1678636799000000&T=\(edit)", token: token)
            #expect(answer.status == 200 && answer.text == "OK")
            let marks = try await harness.engine.marks(for: [9_759_001, 9_759_104, 9_759_201, 9_000_000])
            #expect(marks[9_759_001]?.isRead == true && marks[9_759_104]?.isRead == true)
            #expect(marks[9_759_201]?.isRead != true && marks[9_000_000]?.isRead != true)
            #expect(try await harness.post(Self.api + "mark-all-as-read", form: "T=\(edit)", token: token).status == 400)
        }
    }

    @Test func badParametersAre400OrUnknownStreams404NeverACrash() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            for query in ["n=abc", "n=0", "n=-5", "c=garbage", "c=1.x", "r=x", "ot=-1", "nt=soon", "xt=user%2F-%2Flabel%2Fx", "it=bogus"] {
                let answer = try await harness.get(Self.api + "stream/contents/feed%2Fzhihu-daily?" + query, token: token)
                #expect(answer.status == 400, "\(query): \(answer.status)")
                #expect(try await harness.get(Self.api + "stream/items/ids?" + query, token: token).status == 400, "\(query)")
            }
            for stream in ["feed%2Fnope", "feed%2Fzhihu-daily%2Fsection%2Fx", "user%2F-%2Fstate%2Fcom.google%2Flike", "%E7%8C%AB"] {
                #expect(try await harness.get(Self.api + "stream/contents/" + stream, token: token).status == 404, "\(stream)")
            }
            #expect(try await harness.get(Self.api + "nothing-here", token: token).status == 404)
            let edit = try await harness.editToken(token)
            #expect(try await harness.post(Self.api + "edit-tag", form: "i=12x&T=\(edit)", token: token).status == 400)
            #expect(try await harness.post(Self.api + "edit-tag", form: "T=\(edit)", token: token).status == 400)
            #expect(
                try await harness.post(Self.api + "mark-all-as-read", form: "s=feed%2Fzhihu-daily&ts=x&T=\(edit)", token: token).status
                    == 400)
            #expect(try await harness.post(Self.api + "edit-tag", form: "i=%ZZ", token: token).status == 400)
        }
    }

    @Test func pagingIsStableWhileASyncAddsStories() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let stream = Self.api + "stream/contents/user%2F-%2Fstate%2Fcom.google%2Freading-list?n=7"
            let first = try await harness.get(stream, token: token)
            var seen = ReaderHarness.itemIDs(first)
            var continuation = ReaderHarness.json(first)["continuation"] as? String
            // A sync between pages: newer section stories, and an older day.
            let grown = SectionPages(count: 15, firstID: 9_000_000, newestCursor: harness.column.newestCursor + 3 * 86_400)
            grown.serve(on: harness.source)
            _ = try await harness.engine.section(grown.id, reach: .pages(2), policy: .networkFirst)
            let older =
                #"{"date":"20230310","stories":[{"id":9758901,"title":"更早的一天","hint":"","url":"https://daily.zhihu.com/story/9758901","ga_prefix":"031007","images":[],"type":0,"image_hue":""}]}"#
            harness.source.setReply(.body(status: 200, text: older), for: "/api/4/news/before/20230311")
            _ = try await harness.engine.page(for: Day("20230310") ?? .firstIssue, policy: .networkFirst)
            while let next = continuation {
                let page = try await harness.get(stream + "&c=" + next, token: token)
                #expect(page.status == 200)
                seen += ReaderHarness.itemIDs(page)
                continuation = ReaderHarness.json(page)["continuation"] as? String
            }
            #expect(Set(seen).count == seen.count, "an item came twice: \(seen)")
            let all = try await harness.engine.itemKeys(ItemQuery(stream: .all, limit: 1_000)).keys.map(\.id)
            let newAtTheTop = Set(all).subtracting(seen)
            #expect(newAtTheTop == [9_000_012, 9_000_013, 9_000_014], "\(newAtTheTop)")
            #expect(seen.contains(9_758_901), "the older day's story, after the cursor, is on a later page")
            #expect(seen.count + newAtTheTop.count == all.count)
        }
    }

    @Test func thePostsOfTheAPINeedNoOriginButTheSitesStillDo() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            let edit = try await harness.editToken(token)
            let answer = try await harness.post(
                Self.api + "edit-tag", form: "i=9759201&a=user%2F-%2Fstate%2Fcom.google%2Fread&T=\(edit)", token: token)
            #expect(answer.status == 200)
            #expect(try await harness.post("/story/1/favorite", form: "", token: nil).status == 403)
        }
    }

    @Test func theAtomFormCarriesLongIdsAndTheReadStateNewsboatReads() async throws {
        try await ReaderHarness.with { harness in
            let token = try await harness.token()
            try await harness.engine.markRead(id: 9_759_301)
            let answer = try await harness.get("/api/greader/reader/atom/feed%2Fzhihu-daily?n=6", token: token)
            #expect(answer.status == 200 && answer.headers["content-type"]?.hasPrefix("application/atom+xml") == true)
            let xml = answer.text
            #expect(xml.components(separatedBy: "<entry>").count == 7)
            #expect(xml.contains("<id>tag:google.com,2005:reader/item/000000000094ea45</id>"), "\(xml)")
            let scheme = "scheme=\"http://www.google.com/reader/\""
            #expect(xml.contains("<category term=\"user/-/state/com.google/read\" \(scheme) label=\"read\"/>"))
            #expect(xml.components(separatedBy: "label=\"fresh\"").count == 6)
            #expect(try await harness.get("/api/greader/reader/atom/feed%2Fzhihu-daily", token: nil).status == 401)
        }
    }
}

extension ReaderHarness {
    /// The `Auth` token of a login's answer.
    static func tokenFrom(_ answer: RawHTTPClient.Response) throws -> String {
        guard answer.status == 200, let line = answer.text.split(separator: "\n").first(where: { $0.hasPrefix("Auth=") }) else {
            throw RawHTTPClient.Failure(description: "no login: \(answer.status) \(answer.text)")
        }
        return String(line.dropFirst(5))
    }
}
