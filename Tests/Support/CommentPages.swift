import Foundation

/// Comment pages in the shapes of `API.md` for the loopback source: `{"comments":[…]}`, newest first.
public enum CommentPages {
    public static func longPath(_ story: Int64) -> String { "/api/4/story/\(story)/long-comments" }
    public static func shortPath(_ story: Int64, before: Int64? = nil) -> String {
        "/api/4/story/\(story)/short-comments" + (before.map { "/before/\($0)" } ?? "")
    }

    /// One comment: "评论<id>" by "用户<id % 100>", written at `time` (default: id seconds after
    /// 2023-03-14 00:00 UTC+8), liked `id % 7` times.
    public static func comment(_ id: Int64, content: String? = nil, author: String? = nil, time: Int64? = nil) -> [String: Any] {
        [
            "id": id, "author": author ?? "用户\(id % 100)", "content": content ?? "评论\(id)",
            "avatar": "http://pic1.zhimg.com/\(id)_im.jpg", "time": time ?? (1_678_723_200 + id % 86_400), "likes": Int(id % 7),
        ]
    }

    /// A page of comments with these ids, in this order.
    public static func page(_ ids: [Int64]) -> String {
        json(ids.map { comment($0) })
    }

    public static func json(_ comments: [[String: Any]]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: ["comments": comments], options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Serves a thread of short comments with ids `ids` (newest first) 20 a page the way the
    /// source does: the first page, then `before/LAST` for each next one, and an empty page after
    /// the last. Long comments: `long` as their one page.
    public static func serve(_ server: LoopbackServer, story: Int64, short ids: [Int64], long: [Int64] = []) {
        server.setReply(.body(status: 200, text: page(long)), for: longPath(story))
        var cursor: Int64? = nil
        var rest = ids[...]
        while true {
            let chunk = Array(rest.prefix(20))
            server.setReply(.body(status: 200, text: page(chunk)), for: shortPath(story, before: cursor))
            guard let last = chunk.last else { break }
            rest = rest.dropFirst(chunk.count)
            cursor = last
        }
    }
}
