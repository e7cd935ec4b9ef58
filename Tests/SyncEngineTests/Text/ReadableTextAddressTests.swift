import Testing

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
}
