import Testing
import TestSupport

@testable import SyncEngine

/// `String(scalars:)` encodes scalars itself and, with Swift 6.2, hands the bytes to the string
/// unvalidated: its strings must be the ones the standard library makes of the same scalars.
@Suite struct ScalarTextTests {
    /// Every UTF-8 length and its edges, the ones `ReadableText` meets most, and a combining mark.
    private static let scalars: [Unicode.Scalar] = [
        "\u{0}", "a", "\u{7F}", "\u{80}", "é", "\u{7FF}", "\u{800}", "中", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}",
        "\u{10000}", "😀", "\u{10FFFF}", "\u{301}", " ", "\n",
    ]

    @Test func strings_areTheStandardLibrarysOfTheSameScalars() {
        var generator = SplitMix(seed: 0x5CA1)
        // Lengths past 15 bytes too: a string that long is stored out of line.
        for _ in 0..<4_000 {
            let count = Int.random(in: 0...40, using: &generator)
            let scalars = (0..<count).map { _ in Self.scalars.randomElement(using: &generator)! }
            var expected = String.UnicodeScalarView()
            expected.append(contentsOf: scalars)
            let made = String(scalars: scalars)
            #expect(made == String(expected), "\(scalars)")
            #expect(Array(made.utf8) == Array(String(expected).utf8))
            #expect(Array(made.unicodeScalars) == scalars)
            #expect(made.count == String(expected).count)
            #expect(String(scalars: scalars[...]) == made)
        }
    }

    @Test func aLongText_isEncodedWhole() {
        let scalars = Array(repeating: Self.scalars, count: 2_000).flatMap { $0 }
        var expected = String.UnicodeScalarView()
        expected.append(contentsOf: scalars)
        #expect(Array(String(scalars: scalars).utf8) == Array(String(expected).utf8))
    }
}
