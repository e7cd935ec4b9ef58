import Foundation
import SyncEngine

/// A column of `count` stories served by a `LoopbackServer` in the shape of `section/ID` and
/// `section/ID/before/TS`, `perPage` a page, newest first: story `i` (0 the newest) has id
/// `firstID + count - 1 - i`, ran `i` days before `newest`, and its page's `timestamp` is the
/// cursor of the next page. The last page has no `timestamp`, or, when the stories fill their
/// pages exactly, points to a page without stories: the two ends the source has.
public struct SectionPages: Sendable {
    public let id: Int64
    public let name: String
    public let count: Int
    public let perPage: Int
    public let firstID: Int64
    public let newest: Day
    /// The cursor of the newest story; each older story's is a day earlier.
    public let newestCursor: Int64
    /// Where story `i`'s thumbnail lives: `imageRoot/v2-s<i>.jpg`.
    public let imageRoot: String

    public init(
        id: Int64 = 2, name: String = "瞎扯 · 如何正确地吐槽", count: Int, perPage: Int = 10, firstID: Int64 = 9_000_000,
        newest: Day = Day(year: 2023, month: 8, day: 15) ?? Day.firstIssue, newestCursor: Int64 = 1_692_057_600,
        imageRoot: String = "https://pic1.zhimg.com"
    ) {
        self.id = id
        self.name = name
        self.count = count
        self.perPage = perPage
        self.firstID = firstID
        self.newest = newest
        self.newestCursor = newestCursor
        self.imageRoot = imageRoot
    }

    /// The thumbnail address of story `index`.
    public func thumbnail(_ index: Int) -> String { imageRoot + "/v2-s\(index).jpg" }

    /// The id of story `index` (0 the newest).
    public func storyID(_ index: Int) -> Int64 { firstID + Int64(count - 1 - index) }

    /// The cursor the page after the one ending with story `index` is asked with.
    public func cursor(after index: Int) -> Int64 { newestCursor - Int64(index) * 86_400 }

    /// How many pages the column takes, the empty last page included.
    public var pageCount: Int { count / perPage + 1 }

    /// The path of page `page` (0 the newest) below the server's root.
    public func path(ofPage page: Int) -> String {
        page == 0 ? "/api/4/section/\(id)" : "/api/4/section/\(id)/before/\(cursor(after: page * perPage - 1))"
    }

    /// The body of page `page`.
    public func body(ofPage page: Int) -> String {
        let first = page * perPage
        let last = min(count, first + perPage) - 1
        var stories: [String] = []
        if first <= last {
            for index in first...last {
                let day = newest.adding(days: -index)
                stories.append(
                    #"{"id":\#(storyID(index)),"title":"\#(name) \#(index)","date":"\#(day)","display_date":"\#(day.month) 月 \#(day.day) 日","images":["\#(thumbnail(index))"]}"#
                )
            }
        }
        let hasNext = last >= first && (last < count - 1 || count % perPage == 0)
        let timestamp = hasNext ? #""timestamp":\#(cursor(after: last)),"# : ""
        return #"{"name":"\#(name)",\#(timestamp)"stories":[\#(stories.joined(separator: ","))]}"#
    }

    /// Serves every page on `server`.
    public func serve(on server: LoopbackServer) {
        for page in 0..<pageCount {
            server.setReply(.body(status: 200, text: body(ofPage: page)), for: path(ofPage: page))
        }
    }
}

extension Fixtures {
    /// The text of a file in `Tests/Fixtures/sections` (made in the shapes public clients
    /// decode, not captured), by name.
    public static func section(_ name: String) throws -> String {
        try String(contentsOfFile: shapesFolder + "/../sections/" + name, encoding: .utf8)
    }
}
