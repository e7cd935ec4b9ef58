import Testing
@testable import NewsFeature

/// The `**strong**` marks of a story's readable text read as emphasis, never printed; whatever
/// does not pair stays text.
@Suite struct EmphasizedTextTests {
    typealias Run = EmphasizedText.Run

    private func runs(_ markup: String) -> [Run] { EmphasizedText(markup: markup).runs }

    /// The real capture's heading (story 9729913, `<p><strong>1.版型剪裁不同</strong></p>`) and
    /// its later sentence with three strong words.
    @Test func theCapturesStrongParagraphsAreEmphasis_withoutTheirMarks() {
        #expect(runs("**1.版型剪裁不同**") == [Run(text: "1.版型剪裁不同", isEmphasis: true)])
        #expect(
            runs("启发是，**第一**，服装设计；**第二**，工艺") == [
                Run(text: "启发是，", isEmphasis: false), Run(text: "第一", isEmphasis: true),
                Run(text: "，服装设计；", isEmphasis: false), Run(text: "第二", isEmphasis: true),
                Run(text: "，工艺", isEmphasis: false),
            ])
        // Story 9530275's "<strong>0 5 |</strong> <strong>科索沃 中世纪建筑群遗址</strong>".
        #expect(
            EmphasizedText(markup: "**0 5 |** **科索沃 中世纪建筑群遗址**").plainText == "0 5 | 科索沃 中世纪建筑群遗址")
    }

    @Test(arguments: [
        // Unpaired: the marks are text.
        ("**未闭合", [Run(text: "**未闭合", isEmphasis: false)]),
        ("末尾**", [Run(text: "末尾**", isEmphasis: false)]),
        ("a**b", [Run(text: "a**b", isEmphasis: false)]),
        // Three marks: the first two pair, the third stays.
        ("**a** b**", [Run(text: "a", isEmphasis: true), Run(text: " b**", isEmphasis: false)]),
        // Four or more asterisks are text, alone or beside words.
        ("****", [Run(text: "****", isEmphasis: false)]),
        ("a****b", [Run(text: "a****b", isEmphasis: false)]),
        ("**a****b**", [Run(text: "a****b", isEmphasis: true)]),
        // A mark beside a space does not open or close: arithmetic and footnotes stay.
        ("2 ** 3 = 8", [Run(text: "2 ** 3 = 8", isEmphasis: false)]),
        ("** 注 **", [Run(text: "** 注 **", isEmphasis: false)]),
        // Across a link's number and a line break, and bold around em (`***both***`).
        ("**看[1]这里** 后", [Run(text: "看[1]这里", isEmphasis: true), Run(text: " 后", isEmphasis: false)]),
        ("**上\n下**", [Run(text: "上\n下", isEmphasis: true)]),
        ("***both***", [Run(text: "*both*", isEmphasis: true)]),
        ("", []),
    ])
    func edgeCases(markup: String, expected: [Run]) {
        #expect(runs(markup) == expected)
    }
}
