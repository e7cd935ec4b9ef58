import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// `StoryDetailScanner` answers only when it gives what `JSONDecoder` gives, and answers for the
/// details the source sends.
@Suite struct StoryDetailScannerTests {
    /// What the DTO says, to compare: the detail as the client makes it, and the id the answer names.
    private struct Read: Equatable {
        let named: Int64?
        let detail: StoryDetail

        init(_ dto: StoryDetailDTO) {
            named = dto.id
            detail = dto.toDomain(id: 9_759_301)
        }
    }

    /// Every JSON file the project has beside the details: fixtures, shapes, the fuzz corpus and,
    /// when present, the captures (day pages and counters too: the scanner must decline or agree).
    private static func bodies() throws -> [(name: String, body: [UInt8])] {
        let repository = URL(fileURLWithPath: Fixtures.apiRoot).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var folders = [Fixtures.apiRoot + "/news", Fixtures.apiRoot + "/story-extra", Fixtures.shapesFolder]
        folders.append(repository.appendingPathComponent("Fuzz/corpus/story-detail").path)
        if let captures = Fixtures.capturesFolder { folders.append(captures) }
        var bodies: [(name: String, body: [UInt8])] = []
        for folder in folders {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
                var isFolder: ObjCBool = false
                let path = folder + "/" + name
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                    !name.hasSuffix(".md")
                else { continue }
                bodies.append((path, try Array(Data(contentsOf: URL(fileURLWithPath: path)))))
            }
        }
        return bodies
    }

    /// The scanner's answer, checked against JSONDecoder's: nil when the scanner declined.
    @discardableResult
    private func agreed(_ body: [UInt8], _ name: String) -> StoryDetailDTO? {
        let decoded = try? JSONDecoder().decode(StoryDetailDTO.self, from: Data(body))
        guard let scanned = StoryDetailScanner.detail(body) else { return nil }
        #expect(decoded.map(Read.init) == Read(scanned), "\(name): the scanner must answer as JSONDecoder does")
        return scanned
    }

    @Test func theScannerReadsEveryDetailAsJSONDecoderDoes() throws {
        let bodies = try Self.bodies()
        var details = 0
        for (name, body) in bodies {
            let scanned = agreed(body, name)
            let file = URL(fileURLWithPath: name).lastPathComponent
            // Every detail the project has (fixtures, shapes, captures) is in the usual shape: read.
            if file.hasPrefix("detail-") || name.contains("/news/") && Int64(file) != nil {
                details += 1
                #expect(scanned != nil, "\(name) is a detail: the scanner must read it")
            }
        }
        #expect(details >= 8, "only \(details) details found")
    }

    @Test func everyByteChangedOrCutAgreesWithJSONDecoderOrIsDeclined() throws {
        let body = Array(
            #"""
            {"body":"<div class=\"main-wrap\">\n<p>\u4e2d\u6587 \/ \"q\" \\ \ud83d\ude00 text</p></div>","image_source":"",
            "title":"标题","url":"https://daily.zhihu.com/story/9759301","image":"https://pic1.zhimg.com/a.jpg",
            "share_url":null,"js":[],"ga_prefix":"031407","images":["x"],"type":0,"id":9759301,"css":["c"],
            "section":{"thumbnail":"t","id":2,"name":"瞎扯"},"publish_time":1678752000,"extra":[1,{"x":true},null,-2]}
            """#.utf8)
        #expect(agreed(body, "the detail") != nil)
        let replacements: [UInt8] = [0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0x31, 0x2E, 0x00, 0xFF, 0x20, 0x6E]
        let declined = declinedMutations(of: body, replacing: replacements) { agreed($0, $1) == nil }
        #expect(declined > 0)
    }

    @Test(arguments: [
        #"{"title":"a","body":"b","id":1.5}"#,
        #"{"title":"a","body":"b","type":1.0}"#,
        #"{"title":"a","body":"b","type":true}"#,
        #"{"title":"a","body":"b","image":7}"#,
        #"{"title":"a","body":"b","section":{"name":3}}"#,
        #"{"title":"a","body":"b","section":[]}"#,
        #"{"title":"a","body":"b","publish_time":"1"}"#,
        #"{"title":"a","title":"b","body":"b"}"#,
        #"{"title":"a","body":"b","body":"c"}"#,
        #"{"title":null,"body":"b"}"#,
        #"{"title":"a"}"#,
        #"{"title":"a","body":null,"type":0}"#,
        #"{"title":"a","body":"\ud83d"}"#,
        #"{"title":"a","body":"b"} x"#,
        #"["title","a"]"#,
    ])
    func whatJSONDecoderMustJudgeIsDeclined(_ text: String) {
        #expect(StoryDetailScanner.detail(Array(text.utf8)) == nil)
    }

    @Test func offSiteArticlesAndQuotedIdsAreReadAsTheDTOReadsThem() throws {
        let offSite = try #require(agreed(Array(#"{"title":"a","type":1,"url":"https://x","id":"42"}"#.utf8), "off-site"))
        #expect(offSite.body == nil && offSite.id == 42 && offSite.type == 1)
        let bodyLater = try #require(agreed(Array(#"{"body":null,"title":"a","type":1,"id":"x"}"#.utf8), "null body"))
        #expect(bodyLater.body == nil && bodyLater.id == nil)
        let empty = try #require(agreed(Array(#"{"title":"","body":"","image":"","share_url":"","section":null}"#.utf8), "empty"))
        #expect(empty.image == nil && empty.shareURL == nil && empty.body == "" && empty.sectionName == nil)
    }

    /// The eight-bytes-at-a-time search finds what a byte-at-a-time one finds, wherever it is.
    @Test func theSpecialByteSearchFindsTheFirstOne() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xE4, 0xFF, 0x41]
        for length in 0..<40 {
            for _ in 0..<100 {
                // Mostly plain bytes, now and then one to find.
                let body = (0..<length).map { _ in
                    Int.random(in: 0..<6, using: &generator) == 0
                        ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0x20...0xFF, using: &generator)
                }
                let expected = body.firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? body.count
                for start in 0...length {
                    let found = body.withUnsafeBufferPointer { StoryDetailScanner(scanning: $0).specialByte(from: start) }
                    let want = body[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? body.count
                    #expect(found == want, "\(body) from \(start)")
                    if start == 0 { #expect(found == expected) }
                }
            }
        }
    }
}
