import Testing
@testable import SyncEngine

/// `StoredBody`'s formats: zstd with dictionary 1 (format 2) and zlib (format 1), both readable,
/// and untrusted bytes from disk refused without a crash.
@Suite struct StoredBodyTests {
    /// A body shaped like the real ones: the page's wrapper markup around Chinese paragraphs.
    private let html =
        "<div class=\"main-wrap content-wrap\">\n<div class=\"headline\">\n\n<div class=\"img-place-holder\"></div>\n</div>\n"
        + "<div class=\"content-inner\">\n<div class=\"question\">\n<h2 class=\"question-title\">为什么春天的风总是特别大？</h2>\n"
        + "<div class=\"answer\">\n<div class=\"meta\">\n<img class=\"avatar\" src=\"https://pic1.zhimg.com/v2-a.jpg\">\n"
        + "<span class=\"author\">气象小站，</span><span class=\"bio\">天气爱好者</span>\n</div>\n<div class=\"content\">\n"
        + (1...30).map { "<p>第 \($0) 段：春天的时候，冷空气和暖空气在这里交汇，气压差变大，风也就大了。</p>\n" }.joined()
        + "</div>\n</div>\n</div>\n</div>\n</div>"
    private let text = (1...30).map { "第 \($0) 段：春天的时候，冷空气和暖空气在这里交汇，气压差变大，风也就大了。" }.joined(separator: "\n")

    private func bytes(_ value: SQLValue) -> [UInt8]? {
        if case .blob(let bytes) = value { return bytes }
        return nil
    }

    private func unpacked(_ bytes: [UInt8]) -> (text: String?, html: String?) {
        bytes.withUnsafeBytes { (StoredBody.text(of: $0), StoredBody.html(of: $0)) }
    }

    @Test func aBodyIsPackedWithZstdAndItsDictionaryAndReadsBackTheSame() throws {
        let dictionary = try #require(BodyDictionary.one, "libzstd1 is part of the build machine (scripts/setup)")
        let packed = try #require(bytes(StoredBody.pack(html: html, text: text)))
        #expect(packed.first == dictionary.format)
        #expect(packed.first == 2)
        #expect(unpacked(packed).text == text)
        #expect(unpacked(packed).html == html)
        let zlib = try #require(bytes(StoredBody.pack(html: html, text: text, dictionary: nil)))
        #expect(packed.count < zlib.count, "zstd with the dictionary is smaller than zlib 9 on a body like the real ones")
    }

    /// A synced detail waits for its batch holding its packed body: the bytes written, not the
    /// room the compressor was given (about the size of text and HTML together).
    @Test func aPackedBodyHoldsOnlyItsOwnBytesInBothFormats() throws {
        let joined = text.utf8.count + html.utf8.count
        for dictionary in [BodyDictionary.one, nil] {
            let packed = try #require(bytes(StoredBody.pack(html: html, text: text, dictionary: dictionary)))
            #expect(packed.count * 3 < joined, "a body like the real ones packs to well under a third")
            #expect(packed.capacity < packed.count + 64, "\(packed.capacity) bytes held for \(packed.count)")
        }
    }

    @Test func withoutZstdABodyIsPackedWithZlibAsBefore() throws {
        let packed = try #require(bytes(StoredBody.pack(html: html, text: text, dictionary: nil)))
        #expect(packed.first == 1)
        #expect(unpacked(packed).text == text)
        #expect(unpacked(packed).html == html)
    }

    @Test func emptyTextAndUnicodeEdgesRoundTripInBothFormats() throws {
        for dictionary in [BodyDictionary.one, nil] {
            for (html, text) in [("<p>only html</p>", ""), ("<p>\u{0}x\u{10FFFF}😀</p>", "\u{0}x\u{10FFFF}😀")] {
                let packed = try #require(bytes(StoredBody.pack(html: html, text: text, dictionary: dictionary)))
                #expect(unpacked(packed).text == text)
                #expect(unpacked(packed).html == html)
            }
        }
    }

    /// A row of the format written before zstd (its bytes as zlib's `compress2` wrote them then).
    @Test func aZlibRowWrittenBeforeIsReadable() throws {
        let packed = try #require(bytes(StoredBody.pack(html: "<p>旧的正文</p>", text: "旧的正文", dictionary: nil)))
        let header: [UInt8] = [1, 12, 0, 0, 0, 19, 0, 0, 0]
        #expect(Array(packed.prefix(9)) == header)
        #expect(unpacked(packed).text == "旧的正文")
        #expect(unpacked(packed).html == "<p>旧的正文</p>")
    }

    @Test func aCutOrDamagedZstdRowIsNoBodyNotACrash() throws {
        _ = try #require(BodyDictionary.one, "libzstd1 is part of the build machine (scripts/setup)")
        let packed = try #require(bytes(StoredBody.pack(html: html, text: text)))
        for length in [0, 1, 8, 9, 10, 13, packed.count / 2, packed.count - 1] {
            #expect(unpacked(Array(packed.prefix(length))).html == nil, "cut to \(length) bytes")
        }
        var longer = packed
        longer.append(0)
        #expect(unpacked(longer).html == nil, "a byte after the frame")
        func withLength(_ value: UInt32, at offset: Int) -> [UInt8] {
            var changed = packed
            withUnsafeBytes(of: value.littleEndian) { changed.replaceSubrange(offset..<offset + 4, with: $0) }
            return changed
        }
        let htmlCount = UInt32(html.utf8.count)
        #expect(unpacked(withLength(htmlCount + 1, at: 5)).html == nil, "the header claims more than the frame holds")
        #expect(unpacked(withLength(htmlCount - 1, at: 5)).html == nil, "the header claims less than the frame holds")
        #expect(unpacked(withLength(UInt32.max, at: 5)).html == nil, "a length above the cap is refused before allocating")
        var otherFormat = packed
        otherFormat[0] = 3
        #expect(unpacked(otherFormat).html == nil, "a dictionary this build does not know")
        // No checksum in the frame: a damaged byte is refused or decodes to other bytes of the
        // same lengths (SQLite guards the file); it never crashes or reads out of bounds.
        for position in 9..<packed.count {
            var damaged = packed
            damaged[position] ^= 0x5A
            _ = unpacked(damaged)
        }
    }

    @Test func theShippedDictionaryDecodes() throws {
        let bytes = try #require(Base64.decode(BodyDictionary.first))
        #expect(bytes.count == 15360)
        #expect(Array(bytes.prefix(4)) == [0x37, 0xA4, 0x30, 0xEC], "zstd's dictionary magic number")
        #expect(Base64.decode("TWFu") == Array("Man".utf8))
        #expect(Base64.decode("TWE=") == Array("Ma".utf8))
        #expect(Base64.decode("T*E=") == nil)
    }
}
