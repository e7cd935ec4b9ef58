import Foundation
import TestSupport

/// A source for the web front's tests on the loopback server: two days; on the newest, a photo
/// story (headline picture with its credit, a captioned body picture, a picture the source lacks,
/// a link, comments) and a hostile story (scripts, event handlers, `javascript:` links, an
/// iframe, styles, a `<script>` in its title); on the day before, a plain story without a publish time.
struct WebSource {
    let root: String
    static let latest = "20230320"
    static let earlier = "20230319"
    static let photo: Int64 = 2_023_032_001
    static let hostile: Int64 = 2_023_032_002
    static let plain: Int64 = 2_023_031_901
    static let hostileTitle = "<script>alert(\"title\")</script>恶意标题"
    var headline: String { root + "/pictures/head.jpg" }
    var bodyPicture: String { root + "/pictures/body.png" }
    var lostPicture: String { root + "/pictures/lost.jpg" }

    func serve(_ server: LoopbackServer, extraStory: Bool = false) throws {
        var latestStories: [[String: Any]] = [item(Self.photo, "带图的文章"), item(Self.hostile, Self.hostileTitle)]
        if extraStory { latestStories.append(item(Self.photo + 10, "后来加上的文章")) }
        server.setReply(
            .body(
                status: 200, text: try json(["date": Self.latest, "stories": latestStories, "top_stories": [item(Self.photo, "带图的文章")]])),
            for: "/api/4/news/latest")
        server.setReply(
            .body(status: 200, text: try json(["date": Self.earlier, "stories": [item(Self.plain, "前一天的文章")]])),
            for: "/api/4/news/before/\(Self.latest)")
        let photoBody = """
            <div class="question"><h2 class="question-title">天为什么是蓝的？</h2><div class="answer"><div class="meta"><span class="author">气象君，</span><span class="bio">气象爱好者</span></div>
            <div class="content"><p>因为<strong>瑞利散射</strong>。</p><figure><img src="\(bodyPicture)"><figcaption>三月的气压图</figcaption></figure>
            <p><img src="\(lostPicture)" alt="丢了的图"></p></div></div>
            <div class="view-more"><a href="https://www.zhihu.com/question/123456">查看知乎讨论</a></div></div>
            """
        try detail(server, Self.photo, "带图的文章", body: photoBody, image: headline, credit: "Yestone.com 版权图片库")
        let hostileBody = """
            <script>alert(1)</script><div class="content"><p onclick="alert(4)" style="color:red">正文<img src="x" onerror="alert(2)"></p>
            <p><a href="javascript:alert(3)">点我</a></p><iframe src="https://evil.example/"></iframe><style>body{display:none}</style>
            <p>&lt;script&gt;alert(5)&lt;/script&gt; 是文字</p></div>
            """
        try detail(server, Self.hostile, Self.hostileTitle, body: hostileBody, image: nil, credit: "<b onmouseover=\"alert(6)\">credit</b>")
        try detail(server, Self.plain, "前一天的文章", body: "<div class=\"content\"><p>平常的一段。</p></div>", image: nil, credit: nil)
        if extraStory { try detail(server, Self.photo + 10, "后来加上的文章", body: "<p>新的。</p>", image: nil, credit: nil) }
        server.setReply(.bytes(contentType: "image/jpeg", try Fixtures.picture("baseline.jpg")), for: "/pictures/head.jpg")
        server.setReply(.bytes(contentType: "image/png", try Fixtures.picture("picture.png")), for: "/pictures/body.png")
        server.setReply(.body(status: 404, contentType: "text/html", text: "<html>404</html>"), for: "/pictures/lost.jpg")
        for id in [Self.photo, Self.hostile, Self.plain, Self.photo + 10] {
            server.setReply(
                .body(status: 200, text: "{\"long_comments\":1,\"popularity\":7,\"short_comments\":2,\"comments\":3}"),
                for: "/api/4/story-extra/\(id)")
            CommentPages.serve(server, story: id, short: [id % 1000 * 10 + 2, id % 1000 * 10 + 1], long: [id % 1000 * 10 + 3])
        }
        server.setReply(
            .body(
                status: 200,
                text: CommentPages.json([
                    CommentPages.comment(7, content: "<script>alert(7)</script>评论", author: "<img src=x onerror=alert(8)>")
                ])),
            for: CommentPages.longPath(Self.hostile))
    }

    private func item(_ id: Int64, _ title: String) -> [String: Any] {
        [
            "id": id, "title": title, "hint": "作者 · 1 分钟阅读", "type": 0, "ga_prefix": "032007",
            "url": "https://daily.zhihu.com/story/\(id)", "images": [] as [String], "image": headline,
        ]
    }

    private func detail(_ server: LoopbackServer, _ id: Int64, _ title: String, body: String, image: String?, credit: String?) throws {
        var object: [String: Any] = [
            "id": id, "title": title, "type": 0, "body": body, "url": "https://daily.zhihu.com/story/\(id)",
            "share_url": "http://daily.zhihu.com/story/\(id)",
        ]
        // The plain story has none, as in the older captures.
        if id != Self.plain { object["publish_time"] = 1_679_270_400 + Int(id % 100) * 60 }
        if let image { object["image"] = image }
        if let credit { object["image_source"] = credit }
        if id == Self.photo { object["section"] = ["id": 2, "name": "瞎扯", "thumbnail": ""] as [String: Any] }
        server.setReply(.body(status: 200, text: try json(object)), for: "/api/4/news/\(id)")
    }

    private func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Starts a loopback source and fills a new archive from it with the built newsctl: two days
    /// with details, comments and pictures.
    static func archive() async throws -> (LoopbackServer, WebSource, NewsctlProcess) {
        let server = LoopbackServer()
        try await server.start()
        let source = WebSource(root: String((await server.baseURL).dropLast("/api/4".count)))
        try source.serve(server)
        let newsctl = try NewsctlProcess()
        let sync = try await newsctl.run(["sync", "--days", "2", "--details", "--comments", "--images", "--base-url", await server.baseURL])
        guard sync.status == 0 else { throw WebSourceError(message: "sync failed: \(sync.stderr) \(sync.stdout)") }
        return (server, source, newsctl)
    }
}

struct WebSourceError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
