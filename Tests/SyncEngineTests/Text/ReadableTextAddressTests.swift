import Testing
import TestSupport

@testable import SyncEngine

/// Addresses of links and images as the text keeps them: the quick path for printable ASCII
/// (most addresses) must give what the scalar-by-scalar cleaning gives.
@Suite struct ReadableTextAddressTests {
    @Test func printableASCIIAddresses_areKeptAsWritten() {
        let href = "https://zhuanlan.zhihu.com/p/1?a=1&b=%E4%B8%AD#x~!$'()*+,;=@[]"
        #expect(ReadableTextBuilder.cleanURL(href) == href)
        // One space, control or non-ASCII scalar takes the long way: trimmed, encoded, dropped.
        #expect(ReadableTextBuilder.cleanURL(" https://a.example/x y\u{0B}\t中 ") == "https://a.example/x%20y%0B中")
        #expect(ReadableTextBuilder.cleanURL("https://a.example/\u{1B}[31mx") == "https://a.example/x")
        #expect(ReadableTextBuilder.cleanURL("") == "")
    }

    @Test func imageAddresses_needACharacterAfterTheScheme() {
        #expect(ReadableTextBuilder.webAddress("http://a") == "http://a")
        #expect(ReadableTextBuilder.webAddress("https://a") == "https://a")
        #expect(ReadableTextBuilder.webAddress("//a") == "https://a")
        #expect(ReadableTextBuilder.webAddress("http://") == nil)
        #expect(ReadableTextBuilder.webAddress("https://") == nil)
        // A combining mark joins the scheme's last "/": that is no web address.
        #expect(ReadableTextBuilder.webAddress("https://\u{301}a") == nil)
        #expect(ReadableTextBuilder.webAddress("http://a\u{301}") == "http://a\u{301}")
    }

    /// A link shows its own address when its text and URL agree without scheme, spaces and
    /// trailing slashes: the byte-wise path for ASCII gives what the Character-wise one gives.
    @Test func comparableLinkText_isTheSameTheQuickWayAndTheLongWay() {
        let pieces = [
            "", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{A0}", "h", "H", "http", "HTTPS", "hTtP://", "https://", "http:/",
            "https:", "/", "//", "a", "a.example", "中", "\u{301}", "\u{212A}", "?q=1", "#x",
        ]
        var generator = SplitMix(seed: 33)
        var checked = 0
        for _ in 0..<4_000 {
            let count = Int.random(in: 0...5, using: &generator)
            let string = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let quick = ReadableTextBuilder.comparable(string)
            let long = ReadableTextBuilder.generalComparable(string)
            #expect(quick == long && quick.utf8.elementsEqual(long.utf8), "\(string.debugDescription)")
            checked += 1
        }
        #expect(ReadableTextBuilder.comparable(" HTTPS://http://a.example// ") == "a.example")
        #expect(ReadableTextBuilder.comparable("https://") == "")
        #expect(checked == 4_000)
    }

    /// Whether a link gets a number: the byte-wise scheme test and the shortcut for Chinese link
    /// text give what the Character-wise comparisons give.
    @Test func linksWithoutNumbers_areTheSameTheQuickWayAndTheLongWay() {
        let pieces = [
            "", " ", "\t", "\u{A0}", "h", "HTTP://", "https://", "/", "a.example", "javascript:", "JaVaScRiPt:",
            "vbscript:", "VBScript", "data:", "DATA", ":", "中", "文", "ア", "한", "\u{3000}", "\u{D7FF}", "\u{E000}",
            "\u{301}", "\u{212A}", "é", "😀", "?q=1", "#x",
        ]
        var generator = SplitMix(seed: 0x4C1)
        var shown = 0
        for _ in 0..<6_000 {
            func string() -> String {
                (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            let url = string()
            // Texts that often are the URL, once with a piece of Chinese added.
            let text = Bool.random(using: &generator) ? url + string() : string()
            #expect(
                ReadableTextBuilder.hasUnsafeScheme(url) == ReadableTextBuilder.generalHasUnsafeScheme(url),
                "\(url.debugDescription)")
            let long = ReadableTextBuilder.generalComparable(url) == ReadableTextBuilder.generalComparable(text)
            #expect(ReadableTextBuilder.showsItsURL(url, text: text) == long, "\(url.debugDescription) \(text.debugDescription)")
            if long { shown += 1 }
        }
        // The generated links cover both answers.
        #expect(shown > 500)
        #expect(ReadableTextBuilder.hasUnsafeScheme("JavaScript:alert(1)"))
        #expect(!ReadableTextBuilder.hasUnsafeScheme("https://javascript:"))
        #expect(!ReadableTextBuilder.showsItsURL("https://a.example/", text: "a.example 中"))
        #expect(ReadableTextBuilder.showsItsURL("https://a.example/", text: " a.example"))
    }
}
