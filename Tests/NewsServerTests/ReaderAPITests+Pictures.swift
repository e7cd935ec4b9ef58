import Foundation
import SyncEngine
import Testing
import TestSupport

extension ReaderAPITests {
    /// An item's pictures: one the archive keeps is an address on this server (the site's
    /// `/picture/…`, tested with the site), as the client reached it; one it lacks is the
    /// source's, asked with no Referer; never the source's markup.
    @Test func anItemsPicturesAreThisServersWhereTheArchiveKeepsThem() async throws {
        try await ReaderHarness.with { harness in
            let kept = "http://127.0.0.1:\(await harness.source.port)/pictures/one.jpg"
            let missing = "https://pic1.zhimg.com/v2-missing.jpg"
            harness.source.setReply(.bytes(contentType: "image/jpeg", try Fixtures.picture("baseline.jpg")), for: "/pictures/one.jpg")
            let body = """
                <div class="main-wrap content-wrap"><div class="content-inner"><div class="question"><div class="answer">
                <div class="content"><p>第一段。</p><p><img class="content-image" src="\(kept)" alt="留着的图"></p>
                <p><img class="content-image" src="\(missing)" alt="没有的图"></p><p onclick="x()">第二段。</p>
                <script>alert(1)</script></div></div></div></div></div>
                """
            let story: [String: Any] = [
                "id": 9_759_302, "title": "有图的故事", "type": 0, "body": body, "url": "https://daily.zhihu.com/story/9759302",
            ]
            let json = String(decoding: try JSONSerialization.data(withJSONObject: story), as: UTF8.self)
            harness.source.setReply(.body(status: 200, text: json), for: "/api/4/news/9759302")
            _ = try await harness.engine.detail(id: 9_759_302, policy: .networkFirst)
            _ = try await harness.engine.picture(url: kept)
            let token = try await harness.token()
            let answer = try await harness.post(Self.api + "stream/items/contents", form: "i=9759302", token: token)
            let item = (ReaderHarness.json(answer)["items"] as? [[String: Any]])?.first
            let html = (item?["summary"] as? [String: Any])?["content"] as? String ?? ""
            let server = "http://127.0.0.1:\(harness.server.port)/picture/"
            #expect(html.contains("<img src=\"\(server)"), "\(html)")
            #expect(!html.contains(kept), "\(html)")
            #expect(html.contains("src=\"\(missing)\"") && html.contains("referrerpolicy=\"no-referrer\""), "\(html)")
            #expect(!html.contains("<script") && !html.contains("onclick") && !html.contains("content-inner"), "\(html)")
        }
    }
}
