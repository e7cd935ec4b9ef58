import Foundation
import TestSupport

/// Story 9759301 as a photo story: after its captioned figure, two more images, one captioned
/// by its alt text and one bare with a long address (wider than 80 columns with its indent).
enum PhotoStory {
    static let id = "9759301"
    static let path = "/api/4/news/9759301"
    static let headline = "https://pic1.zhimg.com/v2-headline9759301.jpg?source=8673f162"
    static let wind = "https://pic1.zhimg.com/v2-wind.jpg"
    static let front = "https://pic2.zhimg.com/v2-front.jpg"
    static let long = "https://pic3.zhimg.com/v2-9b3a413801d4030aa412d2a4e7956fe7_720w.jpg?source=8673f162"

    /// The detail as the source would send it.
    static func json() throws -> String {
        let object = try JSONSerialization.jsonObject(with: Data(Fixtures.text("news/9759301").utf8))
        guard var detail = object as? [String: Any], let body = detail["body"] as? String else {
            throw CocoaError(.coderReadCorrupt)
        }
        let more = """
            <p><img class="content-image" src="\(front)" alt="冷锋过境"></p>
            <p><img class="content-image" src="\(long)" alt=""></p>
            """
        detail["body"] = body.replacingOccurrences(of: "<p>第二，", with: more + "<p>第二，")
        let data = try JSONSerialization.data(withJSONObject: detail)
        return String(decoding: data, as: UTF8.self)
    }
}

/// A story whose body is given, served as the source sends a detail: the picture tests' stories.
enum BodyStory {
    /// Serves story `id` titled 有图的故事 with `body` (and any further keys) at `/api/4/news/<id>`.
    static func serve(_ id: Int64, body: String, more: [String: Any] = [:], on server: LoopbackServer) throws {
        var story: [String: Any] = [
            "id": id, "title": "有图的故事", "type": 0, "body": body, "share_url": "http://daily.zhihu.com/story/\(id)",
            "url": "https://daily.zhihu.com/story/\(id)",
        ]
        story.merge(more) { _, given in given }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: story, options: [.sortedKeys]), as: UTF8.self)
        server.setReply(.body(status: 200, text: json), for: "/api/4/news/\(id)")
    }
}
