import Testing
import TestSupport

@testable import SyncEngine

/// Element names are numbered through packed bytes when short and ASCII, through a dictionary
/// otherwise: either way a name keeps its number and two names never share one.
@Suite struct ReadableTextNamesTests {
    @Test func names_keepTheirNumbersHoweverTheyAreStored() {
        let pieces = ["a", "b", "div", "h1", "x", "\u{0}", "é", "中", "0123456789abcdef", "-", ";", "\u{037E}"]
        var generator = SplitMix(seed: 0x7A6)
        var builder = ReadableTextBuilder()
        var expected: [String: Int] = [:]
        for _ in 0..<3_000 {
            let name = (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if let id = expected[name] {
                #expect(builder.numbered(name) == id, "\(name.debugDescription)")
            } else {
                #expect(builder.numbered(name) == nil, "\(name.debugDescription)")
                expected[name] = expected.count
                builder.remember(name, as: expected.count - 1)
            }
        }
        // Both ways were taken: 16 ASCII bytes are packed, 17 are not, nor a NUL or non-ASCII.
        #expect(ReadableTextBuilder.PackedName("0123456789abcdef") != nil)
        #expect(ReadableTextBuilder.PackedName("0123456789abcdefa") == nil)
        #expect(ReadableTextBuilder.PackedName("a\u{0}") == nil)
        #expect(ReadableTextBuilder.PackedName("é") == nil)
        #expect(ReadableTextBuilder.PackedName("ab") != ReadableTextBuilder.PackedName("ba"))
    }

    @Test func manyNames_areFoundWithoutAScanOfThemAll() {
        var builder = ReadableTextBuilder()
        for id in 0..<100 { builder.remember("n\(id)", as: id) }
        for id in 0..<100 {
            let name = "n\(id)"
            #expect(builder.numbered(name) == id, "\(name)")
        }
        #expect(builder.numbered("n100") == nil)
    }

    @Test func anEndTagSpelledAsAnEquivalentName_closesItsElementAsBefore() {
        // U+037E is canonically the ASCII semicolon: the dictionary took both as one name.
        #expect(ReadableText(html: "<p><x\u{037E}>a<b>b</x;>c</b></p>").blocks == [.paragraph("a**b**c")])
    }

    @Test func everyTagTheBuilderKnows_isReadAsBefore() {
        // Spot checks through the whole builder: the switch on tags gives the blocks the name
        // comparisons gave.
        let text = ReadableText(
            html: "<h3>T</h3><ol start=\"3\"><li>x</li></ol><ul><li>y</li></ul><blockquote><p>q</p></blockquote>"
                + "<table><tr><td>1</td><th>2</th></tr></table><pre>a\n b</pre><div class=\"meta\">m</div>"
                + "<figure><img src=\"https://i.example/1.jpg\"><figcaption>c</figcaption></figure><p><b>B</b><em>E</em>"
                + "<strong>S</strong><i>I</i><a href=\"https://l.example\">L</a><br>n</p><hr>")
        #expect(
            text.blocks == [
                .heading("T"), .listItem("x", ordinal: 3), .listItem("y", ordinal: nil), .quote("q"), .paragraph("1 | 2"),
                .paragraph("a\n b"), .byline("m"), .image(number: 1, caption: "c"), .paragraph("**B***E***S***I*L[1]\nn"), .rule,
            ])
    }
}
