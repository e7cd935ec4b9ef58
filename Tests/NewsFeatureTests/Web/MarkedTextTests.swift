import NewsFeature
import Testing

/// The marks a web page shows as `<strong>` and `<em>`: the readable text's `**…**` and `*…*`.
@Suite struct MarkedTextTests {
    typealias Run = MarkedText.Run

    private func runs(_ markup: String) -> [Run] { MarkedText(markup: markup).runs }

    @Test func emphasisIsReadBesideStrong() {
        // Story 9085125's credit lines, `<p><em>photo@163.com</em></p>`.
        #expect(runs("*photo@163.com*") == [Run(text: "photo@163.com", isEmphasis: true)])
        #expect(
            runs("因为**散射**和*折射*。") == [
                Run(text: "因为"), Run(text: "散射", isStrong: true), Run(text: "和"), Run(text: "折射", isEmphasis: true), Run(text: "。"),
            ])
        // `<b><i>x</i></b>` and `<i>a <b>b</b></i>`.
        #expect(runs("***两者***") == [Run(text: "两者", isStrong: true, isEmphasis: true)])
        #expect(
            runs("*a **b***") == [Run(text: "a ", isEmphasis: true), Run(text: "b", isStrong: true, isEmphasis: true)])
        #expect(MarkedText(markup: "作者*名*，简介").plainText == "作者名，简介")
    }

    @Test func aLoneOrSpacedAsteriskIsText() {
        #expect(runs("5 * 3 * 2") == [Run(text: "5 * 3 * 2")])
        #expect(runs("*注：见下") == [Run(text: "*注：见下")])
        #expect(runs("a ** b") == [Run(text: "a ** b")])
        #expect(runs("**** 分隔") == [Run(text: "**** 分隔")])
        #expect(runs("").isEmpty)
    }
}
