import Testing
import TestSupport

@testable import SyncEngine

/// The tokenizer's quick paths for ASCII (eight bytes widened at once, class names compared as
/// bytes) give what the general ones give.
@Suite struct HTMLTokenizerQuickPathTests {
    private static let pieces = [
        "a", "<p class=\"x\">", "0123456789abcdef", "\r\n", "\r", "\n", "中文", "é", "😀", " ", "\u{301}", "&amp;", "\r\r\n",
        "ABCDEFG", "\u{7F}", "\u{80}",
    ]

    @Test func scalars_areTheStringsWithEveryLineBreakANewline() {
        var generator = SplitMix(seed: 0x33)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...12, using: &generator)
            var string = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            var expected: [Unicode.Scalar] = []
            var previousWasReturn = false
            for scalar in string.unicodeScalars {
                if scalar == "\n" && previousWasReturn {
                    previousWasReturn = false
                    continue
                }
                previousWasReturn = scalar == "\r"
                expected.append(scalar == "\r" ? "\n" : scalar)
            }
            let scalars = string.withUTF8 { HTMLTokenizer.scalars($0) }
            #expect(scalars == expected, "\(string.debugDescription)")
        }
    }

    @Test func classes_areFoundAsTheGeneralSplitFindsThem() {
        let names = ["meta", "avatar", "originUrl", "img-place-holder"]
        let pieces = names + ["Meta", "x", " ", "\t", "\n", "\u{0C}", "\u{0B}", "中", "\u{301}", "-", "meta2"]
        var generator = SplitMix(seed: 0x34)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0...6, using: &generator)
            let classes = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let tokens = classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{0C}" })
            for asked in [["meta"], ["avatar"], ["originUrl", "img-place-holder"], []] {
                let expected = tokens.contains { token in asked.contains { token == $0 } }
                let attributes = [HTMLAttribute(name: "id", value: "a"), HTMLAttribute(name: "class", value: classes)]
                #expect(attributes.hasClass(in: asked) == expected, "\(classes.debugDescription) \(asked)")
            }
        }
        #expect([HTMLAttribute(name: "id", value: "meta")].hasClass(in: ["meta"]) == false)
    }
}
