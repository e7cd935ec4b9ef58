import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// Every real story body in `../shared/zhihu-daily/captures` reads as clean text, when that folder exists.
@Suite struct ReadableTextConformanceTests {
    private struct Detail {
        let name: String
        let body: String
    }

    private static func details() throws -> [Detail] {
        guard let folder = Fixtures.capturesFolder else { return [] }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix("detail-") && $0.hasSuffix(".json") }.sorted()
        return try names.compactMap { name in
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            return (object?["body"] as? String).map { Detail(name: name, body: $0) }
        }
    }

    /// The texts of the `<h2 class="question-title">` elements, found by plain substring search.
    private static func questionTitles(in body: String) -> [String] {
        body.components(separatedBy: "<h2 class=\"question-title\">").dropFirst().map {
            $0.components(separatedBy: "</h2>")[0].trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test(.enabled(if: Fixtures.capturesFolder != nil, "the captures folder is not beside the repository"))
    func everyCapturedBodyReadsAsCleanText() throws {
        let details = try Self.details()
        #expect(!details.isEmpty)
        for detail in details {
            let text = ReadableText(html: detail.body)
            let plain = text.plainText
            let headings = text.blocks.compactMap { block -> String? in
                if case .heading(let heading) = block { return heading }
                return nil
            }
            for title in Self.questionTitles(in: detail.body) where !title.isEmpty {
                #expect(headings.contains(title), "\(detail.name): question title \(title)")
            }
            #expect(!plain.isEmpty, "\(detail.name)")
            #expect(plain.firstRange(of: #/<[A-Za-z\/]/#) == nil, "\(detail.name): a tag is left")
            #expect(!plain.contains("&nbsp;"), "\(detail.name)")
            #expect(!plain.contains("&amp;"), "\(detail.name)")
            #expect(!plain.contains("window.daily"), "\(detail.name)")
            #expect(!hasForbiddenScalars(plain), "\(detail.name): a control character is left")
            #expect(text.blocks.contains { if case .link(text: "查看知乎讨论", _) = $0 { true } else { false } },
                    "\(detail.name): no view-more link")
        }
    }
}
