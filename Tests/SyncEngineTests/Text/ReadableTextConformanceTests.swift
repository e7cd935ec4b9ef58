import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// Every real story detail in `../shared/zhihu-daily/captures` goes through the real client and
/// reads as clean text, when that folder exists.
///
/// The body shapes in the captures, by year (all inside `div.main-wrap > div.content-inner`):
/// - 2016 (8640098): a titled question, one answer, the view-more link inside the answer's
///   content; a `headline-background` "相关新闻" link in the headline.
/// - 2016 (9064596, 9085125): an empty `question-title`, one answer; the view-more link after the
///   answer, or inside its content after an `<hr>`.
/// - 2017 (9530275): three questions, so three answers: an empty title over an organisation's
///   note (no byline), a titled question with its view-more link, an empty title over a note.
/// - 2020 (9729913, reconstructed): adds `image_hue` and `url`; `<figure>` images, a hidden
///   `a.originUrl` in the byline, and the curly-quoted `<script>` after the wrap.
/// - Not in the captures: a question without any `h2`, two answers to one question, a body with
///   only the view-more link, an off-site (`type` 1) detail: `ResponseShapeTests` has those.
@Suite struct ReadableTextConformanceTests {
    private struct Detail {
        let name: String
        let id: Int64
        let json: [String: Any]
        let data: [UInt8]
        var body: String? { json["body"] as? String }
    }

    private static func details() throws -> [Detail] {
        guard let folder = Fixtures.capturesFolder else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix("detail-") && $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let id = try #require(Int64(name.split(separator: "-")[1]))
            return Detail(name: name, id: id, json: json, data: Array(data))
        }
    }

    /// The texts of the `<h2 class="question-title">` elements, found by plain substring search.
    private static func questionTitles(in body: String) -> [String] {
        body.components(separatedBy: "<h2 class=\"question-title\">").dropFirst().map {
            $0.components(separatedBy: "</h2>")[0].trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The runs of Han characters in `html`'s text, element by element: what a reader must see.
    /// Elements the reader drops on purpose (script, the hidden original link) are left out.
    private static func hanRuns(in html: String) -> [String] {
        let visible = html.replacing(#/<script[^>]*>.*?</script>/#.dotMatchesNewlines(), with: " ")
            .replacing(#/<a [^>]*class="originUrl"[^>]*>.*?</a>/#, with: " ")
            .replacing(#/<[^>]*>/#, with: " ")
        return visible.matches(of: #/\p{Han}+/#).map { String($0.output) }
    }

    /// Whether `runs` occur in `text` in this order.
    private static func inOrder(_ runs: [String], in text: String) -> String? {
        var rest = text[...]
        for run in runs {
            guard let found = rest.range(of: run) else { return run }
            rest = rest[found.upperBound...]
        }
        return nil
    }

    @Test(.enabled(if: Fixtures.capturesFolder != nil, "the captures folder is not beside the repository"))
    func everyCapturedDetailGivesReadableTextOrAnOffSiteMarker() async throws {
        let details = try Self.details()
        #expect(details.count >= 5)
        for detail in details {
            let records = RecordingLogHandler.Records()
            let story = try await MemoryTransport(bodies: ["news/\(detail.id)": detail.data]).client(logging: records)
                .detail(detail.id)
            #expect(story.title == detail.json["title"] as? String, "\(detail.name)")
            guard let body = detail.body else {
                #expect(story.isOffSite && story.readableText == nil && !story.url.isEmpty, "\(detail.name)")
                continue
            }
            let text = try #require(story.readableText, "\(detail.name)")
            let runs = Self.hanRuns(in: body)
            if !runs.isEmpty { #expect(!text.plainText.isEmpty, "\(detail.name)") }
            // Every piece of Chinese text in the body is read, in the body's order: several
            // answers, questions and their view-more links keep their order.
            #expect(Self.inOrder(runs, in: text.plainText) == nil, "\(detail.name): lost or out of order")
        }
    }

    @Test(.enabled(if: Fixtures.capturesFolder != nil, "the captures folder is not beside the repository"))
    func everyAnswerIsReadInOrder() throws {
        for detail in try Self.details() {
            guard let body = detail.body else { continue }
            let plain = ReadableText(html: body).plainText
            let answers = body.components(separatedBy: "<div class=\"answer\">").dropFirst()
            #expect(!answers.isEmpty, "\(detail.name)")
            // The longest run of each answer (up to the next answer), found after the previous one's.
            let samples = answers.compactMap { Self.hanRuns(in: $0).max { $0.count < $1.count } }
            #expect(samples.count == answers.count, "\(detail.name)")
            #expect(Self.inOrder(samples, in: plain) == nil, "\(detail.name): answers out of order")
        }
    }

    @Test(.enabled(if: Fixtures.capturesFolder != nil, "the captures folder is not beside the repository"))
    func questionTitlesAndViewMoreLinksAreBlocks() throws {
        for detail in try Self.details() {
            guard let body = detail.body else { continue }
            let text = ReadableText(html: body)
            let headings = text.blocks.compactMap { block -> String? in
                if case .heading(let heading) = block { return heading }
                return nil
            }
            #expect(headings == Self.questionTitles(in: body).filter { !$0.isEmpty }, "\(detail.name)")
            // Each view-more link is a link block pointing at its question.
            let hrefs = body.matches(of: #/<div class="view-more"><a href="([^"]*)"/#).map { String($0.output.1) }
            #expect(!hrefs.isEmpty, "\(detail.name)")
            let links = text.blocks.compactMap { block -> String? in
                guard case .link(text: "查看知乎讨论", let reference) = block else { return nil }
                return text.references[reference - 1]
            }
            #expect(links == hrefs, "\(detail.name)")
        }
    }

    @Test(.enabled(if: Fixtures.capturesFolder != nil, "the captures folder is not beside the repository"))
    func everyCapturedBodyReadsAsCleanText() throws {
        let details = try Self.details()
        #expect(!details.isEmpty)
        for detail in details {
            guard let body = detail.body else { continue }
            let plain = ReadableText(html: body).plainText
            #expect(!plain.isEmpty, "\(detail.name)")
            #expect(plain.firstRange(of: #/<[A-Za-z\/]/#) == nil, "\(detail.name): a tag is left")
            #expect(!plain.contains("&nbsp;"), "\(detail.name)")
            #expect(!plain.contains("&amp;"), "\(detail.name)")
            #expect(!plain.contains("window.daily"), "\(detail.name)")
            #expect(!hasForbiddenScalars(plain), "\(detail.name): a control character is left")
        }
    }
}
