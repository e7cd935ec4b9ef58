import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// `DayPageScanner` answers only when it gives what `JSONDecoder` gives, and answers for the
/// pages the source usually sends.
@Suite struct DayPageScannerTests {
    private struct Page: Equatable {
        let date: String
        let stories: [Story]
        let topStories: [Story]
        let skipped: [SkippedStory]

        init(_ dto: DayPageDTO) {
            date = dto.date
            stories = dto.stories.map { $0.toDomain() }
            topStories = dto.topStories.map { $0.toDomain() }
            skipped = dto.skipped
        }
    }

    /// Every day page the project has: fixtures, shapes, the fuzz corpus and, when present, the captures.
    private static func pages() throws -> [(name: String, body: [UInt8])] {
        var folders = [Fixtures.apiRoot + "/news/before", Fixtures.shapesFolder]
        let repository = URL(fileURLWithPath: Fixtures.apiRoot).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        folders.append(repository.appendingPathComponent("Fuzz/corpus/day-page").path)
        if let captures = Fixtures.capturesFolder { folders.append(captures) }
        var pages = [(name: "news/latest", body: Array(try Fixtures.text("news/latest").utf8))]
        for folder in folders {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
                let body = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
                let isDay = folder.hasSuffix("before") || name.contains("before-") || name.contains("latest")
                if isDay { pages.append((name, body)) }
            }
        }
        return pages
    }

    /// The scanner's answer, checked against JSONDecoder's: nil when the scanner declined.
    private func agreed(_ body: [UInt8], _ name: String) -> DayPageDTO? {
        let decoded = try? JSONDecoder().decode(DayPageDTO.self, from: Data(body))
        guard let scanned = DayPageScanner.page(body) else { return nil }
        #expect(decoded.map(Page.init) == Page(scanned), "\(name): the scanner must answer as JSONDecoder does")
        return scanned
    }

    @Test func theScannerReadsEveryUsualPageAsJSONDecoderDoes() throws {
        let pages = try Self.pages()
        #expect(pages.count >= 10)
        var read = 0
        for (name, body) in pages {
            guard agreed(body, name) != nil else { continue }
            read += 1
        }
        // The fixtures of past days are pages in the usual shapes (news/latest has a story
        // without an id, to skip: JSONDecoder's).
        #expect(agreed(Array(try Fixtures.text("news/latest").utf8), "news/latest") == nil)
        for name in ["news/before/20230312", "news/before/20230313", "news/before/20230314"] {
            #expect(agreed(Array(try Fixtures.text(name).utf8), name) != nil, "\(name) is read")
        }
        // Pages with a story to skip or a quirk (a quoted id) are JSONDecoder's; the rest are read.
        #expect(read * 2 >= pages.count, "the scanner read \(read) of \(pages.count) pages")
    }

    @Test func everyByteChangedOrCutAgreesWithJSONDecoderOrIsDeclined() throws {
        let body = Array(
            #"""
            {"date":"20230314","stories":[{"id":9759187,"title":"标题\u4e2d\"\\\/\n","hint":null,"images":["a",""],
            "type":0,"ga_prefix":"031407","image_hue":"0x7c98b3","url":"u","extra":[1,{"x":true},null,-2,"\ud83d\ude00"]}],
            "top_stories":[{"id":1,"title":"t","image":"","images":["b"],"ga_prefix":31407}]}
            """#.utf8)
        #expect(agreed(body, "the page") != nil)
        let replacements: [UInt8] = [0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0x31, 0x2E, 0x00, 0xFF, 0x20]
        let declined = declinedMutations(of: body, replacing: replacements) { agreed($0, $1) == nil }
        #expect(declined > 0)
    }

    @Test(arguments: [
        #"{"date":"20230314","stories":[{"id":"9759187","title":"quoted id"}]}"#,
        #"{"date":"20230314","stories":[{"id":0,"title":"not positive"}]}"#,
        #"{"date":"20230314","stories":[{"id":1,"title":""}]}"#,
        #"{"date":"20230314","stories":[{"id":1,"title":"a","hint":7}]}"#,
        #"{"date":"20230314","stories":[{"id":1,"title":"a","type":1.0}]}"#,
        #"{"date":"20230314","stories":[{"id":1,"id":2,"title":"a"}]}"#,
        #"{"date":"20230314","date":"20230315","stories":[]}"#,
        #"{"date":"20230314","stories":[{"id":1,"title":"\ud83d"}]}"#,
        #"{"date":"20230314","stories":[]} x"#,
    ])
    func whatJSONDecoderMustJudgeIsDeclined(_ text: String) {
        #expect(DayPageScanner.page(Array(text.utf8)) == nil)
    }
}
