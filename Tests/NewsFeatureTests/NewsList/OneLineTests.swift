import Testing

@testable import NewsFeature

/// `NewsListPresenter.oneLine` puts a title on one line: the words between runs of line breaks,
/// tabs and spaces, one space apart; other spaces and a space under a combining mark stay.
@MainActor
@Suite struct OneLineTests {
    @Test(arguments: [
        ("", ""), (" ", ""), ("  ", ""), ("标题", "标题"), ("a b", "a b"), ("a  b", "a b"), (" a", "a"), ("a ", "a"),
        ("a\r\nb", "a b"), ("a\nb", "a b"), ("a\rb", "a b"), ("a\tb", "a b"), ("a\u{0B}b", "a b"), ("a\u{0C}b", "a b"),
        ("a\u{85}b", "a b"), ("a\u{2028}b", "a b"), ("a\u{2029}b", "a b"), ("a \r\n b", "a b"),
        ("a \u{301}b", "a \u{301}b"), ("\u{301} ", "\u{301}"), ("a\u{A0}b", "a\u{A0}b"), ("a\u{3000}b", "a\u{3000}b"),
        ("知乎 · 25 分钟阅读", "知乎 · 25 分钟阅读"), ("朱熹为什么有两个字", "朱熹为什么有两个字"), ("· 作者", "· 作者"),
        ("a\u{301} b", "a\u{301} b"), (" \u{301}", " \u{301}"), ("👩‍👩‍👧 家\r\n", "👩‍👩‍👧 家"),
    ])
    func foldsToOneLine(text: String, line: String) {
        #expect(NewsListPresenter.oneLine(text) == line, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
}
