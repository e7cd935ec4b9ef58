import Testing

@testable import NewsWeb

/// The Atom writer on its own: what the archive says of a story (title, author, address, text)
/// reaches the XML escaped, without the characters XML 1.0 forbids, and links only to the web.
@Suite struct AtomFeedTests {
    func feed(base: String, original: String, title: String = "题目") -> String {
        let entry = AtomFeed.Entry(
            id: "urn:zhihu-daily:story:1", title: title, link: base + "story/1.html", original: original,
            updated: "2023-03-20T08:01:00+08:00", author: "作者\u{0}", categories: ["瞎扯\"/><x"], html: "<p>正文\u{1B}</p>")
        return AtomFeed(
            id: "urn:newsctl:feed.atom", title: "知乎日报", subtitle: "", base: base, selfPath: "feed.atom", language: "zh-CN",
            entries: [entry]
        ).xml
    }

    @Test func anAddressThatIsNoWebAddressIsNoLink() {
        for original in ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:x"] {
            let withoutSite = feed(base: "", original: original)
            #expect(!withoutSite.lowercased().contains("script:") && !withoutSite.contains("data:"), "\(withoutSite)")
            #expect(
                withoutSite.contains("<content") && !withoutSite.contains("<link rel=\"alternate\" type=\"text/html\" href=\"\(original)"))
            let onSite = feed(base: "http://192.0.2.1:8080/", original: original)
            #expect(!onSite.lowercased().contains("script:") && !onSite.contains("data:"), "\(onSite)")
            #expect(
                onSite.contains("<link rel=\"alternate\" type=\"text/html\" href=\"http://192.0.2.1:8080/story/1.html\"/>"), "\(onSite)")
        }
        let related = feed(base: "http://192.0.2.1:8080/", original: "https://daily.zhihu.com/story/1")
        #expect(related.contains("<link rel=\"related\" type=\"text/html\" href=\"https://daily.zhihu.com/story/1\"/>"), "\(related)")
    }

    @Test func textIsEscapedAndCharactersXMLForbidsAreLeftOut() {
        let xml = feed(base: "", original: "https://daily.zhihu.com/story/1?a=1&b=<2>", title: "\u{1}A\u{B} & <b>\"'\u{FFFE}\u{FFFF}")
        #expect(xml.contains("<title>A &amp; &lt;b&gt;&quot;&apos;</title>"), "\(xml)")
        #expect(xml.contains("<name>作者</name>") && xml.contains("<content type=\"html\">&lt;p&gt;正文&lt;/p&gt;</content>"), "\(xml)")
        #expect(xml.contains("<category term=\"瞎扯&quot;/&gt;&lt;x\"/>"), "\(xml)")
        #expect(xml.contains("href=\"https://daily.zhihu.com/story/1?a=1&amp;b=&lt;2&gt;\""), "\(xml)")
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(xml)")
    }
}
