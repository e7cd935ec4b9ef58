import Testing
import TestSupport

@testable import SyncEngine

/// A result's title as it reads: `SearchIndex.displayed` gives what `SearchText.display` gives,
/// and leaves a title without markers as it is.
@Suite struct SearchTitleTests {
    @Test func aTitleReadsAsDisplayMakesIt() {
        let pieces = [
            "为什么", "春天", "“风”", "—", "…", "A·B", "Café", "😀", "\u{E000}", "\u{E001}", "\u{200B}", "\u{E002}", "\u{2000}",
            "\u{200C}", "e\u{301}", " ", "\u{E000}匹配\u{E001}",
        ]
        var random = SplitMix(seed: 33)
        var marked = 0
        for _ in 0..<3000 {
            let title = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            let expected = SearchText.display(title)
            #expect(SearchIndex.displayed(title) == expected, "\(title.unicodeScalars.map { $0.value })")
            #expect(Array(SearchIndex.displayed(title).utf8) == Array(expected.utf8))
            if expected != title { marked += 1 }
        }
        #expect(marked > 500, "titles with markers: \(marked)")
        #expect(SearchIndex.displayed("\u{E000}") == "")
        #expect(SearchIndex.displayed("为什么春天的风总是特别大？") == "为什么春天的风总是特别大？")
    }
}
