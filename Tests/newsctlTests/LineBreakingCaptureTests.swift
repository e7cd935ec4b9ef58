import Foundation
@testable import NewsFeature
import SyncEngine
import Testing
import TestSupport
@testable import newsctl

/// Every text of the real captures (`../shared/zhihu-daily/captures`, when present) and of the
/// project's comment fixtures, laid out as `show`, the reader, lists and comments lay it out, at
/// every width from 40 to 120: no line starts with a closing mark or ends with an opening one, and
/// none is wider than the screen.
@Suite(.enabled(if: Fixtures.capturesFolder != nil, "needs ../shared/zhihu-daily/captures"))
struct LineBreakingCaptureTests {
    /// The marks the rules name, written out here rather than taken from `LineBreaking`.
    private static let closing = Set("。，、；：？！）」』】》〉〕〗〙〛］｝…‥”’・ー々")
    private static let opening = Set("（「『【《〈〔〖〘〚［｛“‘")

    @MainActor @Test func noWrappedLineOfTheCapturesBreaksTheChineseRules() throws {
        let captures = try #require(Fixtures.capturesFolder)
        let files = try FileManager.default.contentsOfDirectory(atPath: captures).filter { $0.hasSuffix(".json") }.sorted()
        var details: [DetailViewData] = []
        var stories: [StoryItemViewData] = []
        var comments: [String] = []
        for name in files {
            guard
                let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: captures + "/" + name)))
                    as? [String: Any]
            else { continue }
            if let body = object["body"] as? String {
                details.append(Self.detail(title: object["title"] as? String ?? "", body: body))
            }
            for key in ["stories", "top_stories"] {
                for story in object[key] as? [[String: Any]] ?? [] {
                    stories.append(Self.item(title: story["title"] as? String ?? "", hint: story["hint"] as? String ?? ""))
                }
            }
        }
        for path in ["story/9759306/long-comments", "story/9759306/short-comments", "story/9759301/long-comments"] {
            let object = try JSONSerialization.jsonObject(with: Data(try Fixtures.text(path).utf8)) as? [String: Any]
            for comment in object?["comments"] as? [[String: Any]] ?? [] {
                comments.append(comment["content"] as? String ?? "")
                comments.append((comment["reply_to"] as? [String: Any])?["content"] as? String ?? "")
            }
        }
        try #require(
            details.count >= 5 && stories.count >= 50 && comments.count >= 3, "\(details.count) \(stories.count) \(comments.count)")
        // The two places the issue saw: "）后台留言" and "。4 世纪末" began lines of `show 9530275`.
        let paragraphs = details.flatMap(\.blocks).compactMap { block -> String? in
            if case .paragraph(let text) = block { return text } else { return nil }
        }
        #expect(paragraphs.contains { $0.contains("微信（LonelyPlanet-CN）后台留言") })
        #expect(paragraphs.contains { $0.contains("殉道。4 世纪末") })
        // A line of the text itself may begin with a mark ("…..." is a paragraph of 9085125); a wrap never does.
        let textLines = Set(
            (details.flatMap { [$0.title] + $0.blocks.map(Self.text) } + stories.map(\.title) + comments)
                .flatMap { $0.split(separator: "\n").map { $0.drop { $0 == " " } } }
                .filter { Self.closing.contains($0.first ?? "a") }.map(String.init))

        var lines = 0
        for width in 40...120 {
            var rows: [Row] = []
            for detail in details { rows += StoryRows.detail(detail, width: width) }
            for (index, story) in stories.enumerated() { rows += StoryRows.item(story, marker: "\(index + 1).", width: width) }
            for comment in comments { rows += StoryRows.wrapped(comment, width: width, firstPrefix: "  ", prefix: "  ") }
            for row in rows {
                let text = row.spans.map(\.text).joined()
                let content = text.drop { $0 == " " || $0 == "│" }
                if let first = content.first, Self.closing.contains(first) {
                    #expect(textLines.contains { $0.hasPrefix(content) }, "\(width): \(text)")
                }
                if let last = content.last { #expect(!Self.opening.contains(last), "\(width): \(text)") }
                #expect(TerminalText.width(of: text) <= width, "\(width): \(text)")
            }
            lines += rows.count
        }
        #expect(lines > 50_000, "enough lines to mean something: \(lines)")
    }

    private static func text(_ block: DetailBlockViewData) -> String {
        switch block {
        case .heading(let text), .byline(let text), .paragraph(let text), .quote(let text), .image(let text), .link(let text):
            return text
        case .listItem(_, let text): return text
        case .rule: return ""
        }
    }

    /// What the detail presenter makes of a story (its own mapping, not a copy of it).
    @MainActor private static func detail(title: String, body: String) -> DetailViewData {
        let detail = StoryDetail(
            id: 1, title: title, bodyHTML: body, image: nil, imageSource: nil, shareURL: nil, url: "", type: 0,
            sectionName: nil, publishTime: nil)
        let provenance = Provenance(origin: .cache, fetchedAt: Date(timeIntervalSince1970: 0), age: .zero, isFinal: true, staleReason: nil)
        let page = DetailPage(
            detail: detail, provenance: provenance, extra: nil, extraProvenance: nil, marks: StoryMarks(isFavorite: false, isRead: false))
        return DetailPresenter.viewData(page, strings: Strings(language: .zh), dates: DateFormatting(language: .zh))
    }

    private static func item(title: String, hint: String) -> StoryItemViewData {
        StoryItemViewData(id: 9_530_275, title: title, hint: hint, image: nil, url: "")
    }
}
