import Testing

@testable import SyncEngine

@Suite struct PictureKeyTests {
    @Test func aZhimgPictureIsOnePictureWhateverItsQuerySchemeOrFragment() throws {
        let key = try #require(PictureKey(url: "https://pic1.zhimg.com/v2-3f1b2c_r.jpg"))
        #expect(key.value == "https://pic1.zhimg.com/v2-3f1b2c_r.jpg")
        for address in [
            "https://pic1.zhimg.com/v2-3f1b2c_r.jpg?source=8673f162",
            "http://pic1.zhimg.com/v2-3f1b2c_r.jpg?source=1940ef5c",
            "//pic1.zhimg.com/v2-3f1b2c_r.jpg",
            "HTTPS://PIC1.ZHIMG.COM/v2-3f1b2c_r.jpg#top",
            "  https://pic1.zhimg.com/v2-3f1b2c_r.jpg?source=8673f162&x=1  ",
        ] {
            #expect(PictureKey(url: address) == key, "\(address)")
        }
        #expect(PictureKey(url: "https://zhimg.com/a.png?source=1")?.value == "https://zhimg.com/a.png")
        #expect(PictureKey(url: "https://pic1.zhimg.com?source=1")?.value == "https://pic1.zhimg.com/")
    }

    @Test func theFileNameStillTellsPicturesApart() {
        #expect(PictureKey(url: "https://pic1.zhimg.com/v2-a_r.jpg") != PictureKey(url: "https://pic1.zhimg.com/v2-a_b.jpg"))
        #expect(PictureKey(url: "https://pic1.zhimg.com/V2-A.jpg") != PictureKey(url: "https://pic1.zhimg.com/v2-a.jpg"))
    }

    @Test func anotherHostKeepsItsQueryAndScheme() {
        #expect(PictureKey(url: "http://example.com/pic.php?id=2#x")?.value == "http://example.com/pic.php?id=2")
        #expect(PictureKey(url: "http://example.com/pic.php?id=2") != PictureKey(url: "http://example.com/pic.php?id=3"))
        #expect(PictureKey(url: "HTTP://Example.COM/Pic.jpg")?.value == "http://example.com/Pic.jpg")
        // Not zhimg.com's: a look-alike host, a port, a user name.
        #expect(PictureKey(url: "https://evilzhimg.com/a.jpg?source=1")?.value == "https://evilzhimg.com/a.jpg?source=1")
        #expect(PictureKey(url: "https://pic1.zhimg.com:8443/a.jpg?source=1")?.value == "https://pic1.zhimg.com:8443/a.jpg?source=1")
        #expect(PictureKey(url: "http://u@pic1.zhimg.com/a.jpg?source=1")?.value == "http://u@pic1.zhimg.com/a.jpg?source=1")
    }

    @Test func aKeyIsItsOwnKeyWhenCuttingLeavesASpaceAtTheEnd() throws {
        // Found by the picture-check fuzzer: the no-break space before the query or the fragment
        // ended the key, and reading the key again trimmed it away.
        let zhimg = try #require(PictureKey(url: "https://pic1.zhimg.com/a\u{A0}?source=1"))
        #expect(zhimg.value == "https://pic1.zhimg.com/a%C2%A0")
        #expect(PictureKey(url: zhimg.value) == zhimg)
        let other = try #require(PictureKey(url: "http://example.com/a b\u{2028}#x"))
        #expect(other.value == "http://example.com/a%20b%E2%80%A8")
        #expect(PictureKey(url: other.value) == other)
        let host = try #require(PictureKey(url: "http://Example.com\u{A0}#x"))
        #expect(host.value == "http://example.com%c2%a0")
        #expect(PictureKey(url: host.value) == host)
    }

    @Test func addressesAreSplitOnTheirDelimitersNotOnCharacters() {
        // `/` and a combining acute accent are one Character, but the path still starts at the `/`.
        #expect(PictureKey(url: "https://pic1.zhimg.com/\u{301}a.jpg?source=1")?.value == "https://pic1.zhimg.com/\u{301}a.jpg")
        #expect(PictureKey(url: "https:/\u{301}/pic1.zhimg.com/a.jpg") == nil)
    }

    @Test func noKeyForWhatIsNoWebAddress() {
        for address in [
            "", "   ", "/relative/a.jpg", "a.jpg", "data:image/png;base64,iVBOR", "javascript:alert(1)", "https://", "ftp://x/a.jpg",
        ] {
            #expect(PictureKey(url: address) == nil, "\(address)")
        }
    }

    @Test func aBodysImageAddressesGiveTheKeysOfThePicturesTheyShow() throws {
        let html = """
            <p><img src="//pic2.zhimg.com/v2-aa_b.jpg?source=8673f162" alt="气压图"></p>
            <figure><img class="lazy" data-original="http://pic2.zhimg.com/v2-aa_b.jpg" src="data:image/gif;base64,R0lGOD"></figure>
            <p><img src="https://pic3.zhimg.com/v2-bb_b.png"></p>
            """
        let readable = ReadableText(html: html)
        #expect(readable.images.count == 3)
        let keys = readable.images.map { PictureKey(url: $0.url)?.value }
        #expect(keys == ["https://pic2.zhimg.com/v2-aa_b.jpg", "https://pic2.zhimg.com/v2-aa_b.jpg", "https://pic3.zhimg.com/v2-bb_b.png"])
    }
}
