import Testing
@testable import SyncEngine

@Suite struct HTMLTokenizerTests {
    private func tokens(_ html: String) -> [HTMLToken] {
        Array(HTMLTokenizer(html))
    }

    @Test func attributes_quotedUnquotedBareAndDuplicated() {
        #expect(
            tokens("<A HREF = 'x' data-x=y title=\"t &amp; u\" href=\"dup\" disabled/>") == [
                .startTag(
                    name: "a",
                    attributes: [
                        HTMLAttribute(name: "href", value: "x"), HTMLAttribute(name: "data-x", value: "y"),
                        HTMLAttribute(name: "title", value: "t & u"), HTMLAttribute(name: "disabled", value: ""),
                    ], selfClosing: true)
            ])
    }

    /// A few attributes are checked for duplicates in place, many through a set: the first of
    /// each name wins either way.
    @Test func duplicatedAttributesOfAHugeTag_theFirstWins() {
        let names = (0..<40).map { "a\($0)" }
        let html = "<p " + (names + names).enumerated().map { "\($0.element)=\($0.offset)" }.joined(separator: " ") + " A3=x>"
        #expect(
            tokens(html) == [
                .startTag(
                    name: "p", attributes: names.enumerated().map { HTMLAttribute(name: $0.element, value: "\($0.offset)") },
                    selfClosing: false)
            ])
    }

    @Test func curlyQuotes_areAnUnquotedValueAndTheScriptStaysRawText() {
        #expect(
            tokens("<script type=“text/javascript”>if (a<b) {}</script>") == [
                .startTag(name: "script", attributes: [HTMLAttribute(name: "type", value: "“text/javascript”")], selfClosing: false),
                .text("if (a<b) {}"),
                .endTag(name: "script"),
            ])
    }

    @Test func rawText_endsOnlyAtItsOwnEndTag() {
        #expect(
            tokens("<style>a</styles></p></STYLE>b") == [
                .startTag(name: "style", attributes: [], selfClosing: false),
                .text("a</styles></p>"),
                .endTag(name: "style"),
                .text("b"),
            ])
    }

    @Test func comments_doctypesAndBogusMarkup_produceNoTokens() {
        #expect(
            tokens("a<!-- x -->b<!-->c<!--->d<!DOCTYPE html>e<?php ?>f</ x>g</>h") == [
                .text("a"), .text("b"), .text("c"), .text("d"), .text("e"), .text("f"), .text("g"), .text("h"),
            ])
    }

    @Test func crlf_isReadAsLF() {
        #expect(tokens("a\r\nb\rc") == [.text("a\nb\nc")])
    }
}
