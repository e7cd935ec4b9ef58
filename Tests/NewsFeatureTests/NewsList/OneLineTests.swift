import Testing

@testable import NewsFeature

/// `NewsListPresenter.oneLine` gives a title already on one line back as it is, and folds
/// everything else as splitting at breaks, tabs and spaces and joining with one space does.
@MainActor
@Suite struct OneLineTests {
    private static func folded(_ text: String) -> String {
        text.split(whereSeparator: { $0.isNewline || $0 == "\t" || $0 == " " }).joined(separator: " ")
    }

    @Test func everyFormFoldsAsSplittingAndJoiningDoes() {
        let texts = [
            "", " ", "  ", "标题", "朱熹为什么有两个字", "a b", "a  b", " a", "a ", "a\r\nb", "a\nb", "a\rb", "a\tb", "a\u{0B}b",
            "a\u{0C}b", "a\u{85}b", "a\u{2028}b", "a\u{2029}b", "a \u{301}b", "a\u{301} b", " \u{301}", "\u{301} ", "知乎 · 25 分钟阅读",
            "· 作者", "a \r\n b", "👩‍👩‍👧 家", "a\u{A0}b", "a\u{3000}b",
        ]
        for text in texts {
            #expect(NewsListPresenter.oneLine(text) == Self.folded(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
