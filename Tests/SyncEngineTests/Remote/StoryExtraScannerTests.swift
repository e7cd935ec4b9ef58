import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// `StoryExtraScanner` answers only when it gives what `JSONDecoder` gives, and answers for the
/// counters the source sends.
@Suite struct StoryExtraScannerTests {
    /// What the DTO says, to compare.
    private struct Read: Equatable {
        let extra: StoryExtra
        init(_ dto: StoryExtraDTO) { extra = dto.toDomain() }
    }

    /// The scanner's answer, checked against JSONDecoder's: nil when the scanner declined.
    @discardableResult
    private func agreed(_ body: [UInt8], _ name: String) -> StoryExtraDTO? {
        let decoded = try? JSONDecoder().decode(StoryExtraDTO.self, from: Data(body))
        guard let scanned = StoryExtraScanner.extra(body) else { return nil }
        #expect(decoded.map(Read.init) == Read(scanned), "\(name): the scanner must answer as JSONDecoder does")
        return scanned
    }

    @Test func theScannerReadsTheFixturesCountersAsJSONDecoderDoes() throws {
        let folder = Fixtures.apiRoot + "/story-extra"
        var read = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where !name.hasSuffix(".md") {
            let body = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            if agreed(body, name) != nil { read += 1 }
        }
        #expect(read >= 1, "the fixtures' counters are in the usual shape: the scanner must read them")
    }

    @Test func theSourcesShapeIsReadWithEveryCount() throws {
        let body = Array(#"{"long_comments":5,"popularity":148,"short_comments":32,"comments":37}"#.utf8)
        let read = try #require(agreed(body, "the source's shape")).toDomain()
        #expect(read == StoryExtra(popularity: 148, comments: 37, longComments: 5, shortComments: 32))
        // Likes for popularity, missing counts as the DTO fills them in.
        let likes = try #require(agreed(Array(#" {"likes":3,"long_comments":null,"short_comments":2} "#.utf8), "likes"))
        #expect(likes.toDomain() == StoryExtra(popularity: 3, comments: 2, longComments: 0, shortComments: 2))
    }

    @Test func everyByteChangedOrCutAgreesWithJSONDecoderOrIsDeclined() {
        let body = Array(#"{"long_comments":5,"popularity":148,"short_comments":32,"comments":37,"likes":-1}"#.utf8)
        #expect(agreed(body, "the counters") != nil)
        let replacements: [UInt8] = [0x22, 0x5C, 0x2C, 0x7D, 0x5D, 0x31, 0x2E, 0x00, 0xFF, 0x20, 0x6E, 0x2D, 0x65]
        let declined = declinedMutations(of: body, replacing: replacements) { agreed($0, $1) == nil }
        #expect(declined > 0)
    }

    @Test(arguments: [
        #"{"count":{"popularity":1}}"#,
        #"{"popularity":1,"popularity":2}"#,
        #"{"popularity":1.5}"#,
        #"{"popularity":"1"}"#,
        #"{"popularity":1,"comments":true}"#,
        #"{"popularity":1,"other":0}"#,
        #"{"comments":3}"#,
        #"{"popularity":null}"#,
        #"{"popularity":1,"long_comments":9223372036854775807,"short_comments":1}"#,
        #"{"popularity":1} x"#,
        #"[1]"#,
    ])
    func whatJSONDecoderMustJudgeIsDeclined(_ text: String) {
        #expect(StoryExtraScanner.extra(Array(text.utf8)) == nil)
    }

    /// Counts whose sum overflows are refused as bad data, not added with a trap.
    @Test func countsThatOverflowWhenAddedAreBadData() {
        let body = #"{"popularity":1,"long_comments":9223372036854775807,"short_comments":1}"#
        #expect(throws: (any Error).self) { try JSONDecoder().decode(StoryExtraDTO.self, from: Data(body.utf8)) }
    }
}
