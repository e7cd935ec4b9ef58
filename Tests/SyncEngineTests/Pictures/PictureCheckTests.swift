import Testing
import TestSupport

@testable import SyncEngine

@Suite struct PictureCheckTests {
    /// Each committed picture: its format and size, and the bytes its header needs (every shorter
    /// prefix is cut short; a WebP needs all the bytes its RIFF size claims).
    static let pictures: [(file: String, format: PictureFormat, width: Int, height: Int, headerEnd: Int?)] = [
        ("baseline.jpg", .jpeg, 97, 61, 177),
        ("progressive.jpg", .jpeg, 61, 97, 177),
        ("picture.png", .png, 73, 41, 33),
        ("picture.gif", .gif, 59, 37, 222),
        ("lossy.webp", .webp, 83, 47, nil),
        ("lossless.webp", .webp, 47, 83, nil),
        ("alpha.webp", .webp, 71, 43, nil),
        ("animated.webp", .webp, 53, 31, nil),
    ]

    @Test(arguments: pictures.map(\.file))
    func readsTheFormatAndSizeOfRealPictures(_ file: String) throws {
        let expected = try #require(Self.pictures.first { $0.file == file })
        let info = try PictureCheck().check(Fixtures.picture(file))
        #expect(info == PictureInfo(format: expected.format, width: expected.width, height: expected.height))
    }

    @Test(arguments: pictures.map(\.file))
    func refusesEveryPrefixThatCutsTheHeaderShort(_ file: String) throws {
        let expected = try #require(Self.pictures.first { $0.file == file })
        let bytes = try Fixtures.picture(file)
        let headerEnd = expected.headerEnd ?? bytes.count
        for count in 1..<headerEnd {
            #expect(Self.code(Array(bytes.prefix(count))) == .truncated, "\(file) cut to \(count) bytes")
        }
        for count in [headerEnd, (headerEnd + bytes.count) / 2, bytes.count] {
            #expect(try PictureCheck().check(Array(bytes.prefix(count))).width == expected.width, "\(file) cut to \(count) bytes")
        }
    }

    @Test func aGIF87aIsAPictureAndAnotherVersionIsNot() throws {
        var bytes = try Fixtures.picture("picture.gif")
        bytes.replaceSubrange(3..<6, with: Array("87a".utf8))
        #expect(try PictureCheck().check(bytes) == PictureInfo(format: .gif, width: 59, height: 37))
        bytes.replaceSubrange(3..<6, with: Array("85a".utf8))
        #expect(Self.code(bytes) == .badHeader)
    }

    // MARK: Not pictures

    @Test func refusesAnHTMLPageServedAsAPicture() throws {
        let page = "\u{FEFF}\n<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body>Hotlinking denied</body></html>"
        let error = try #require(throws: PictureError.self) { try PictureCheck().check(Array(page.utf8)) }
        #expect(error.code == .notAPicture && error.format == nil)
        #expect(error.message.contains("HTML"))
    }

    @Test func refusesEmptyAndUnknownBytes() throws {
        #expect(Self.code([]) == .notAPicture)
        #expect(Self.code(Array("{\"error\":\"not found\"}".utf8)) == .notAPicture)
        let wave = Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WAVEfmt ".utf8) + [UInt8](repeating: 0, count: 32)
        let error = try #require(throws: PictureError.self) { try PictureCheck().check(wave) }
        #expect(error.code == .notAPicture && error.message.contains("WAVE"))
    }

    // MARK: Caps

    @Test func aPNGBombIsRefusedFromItsHeader() throws {
        let bomb = Self.png(width: 30000, height: 30000, padTo: 200)
        #expect(bomb.count == 200)
        let error = try #require(throws: PictureError.self) { try PictureCheck().check(bomb) }
        #expect(error.code == .tooManyPixels && error.format == .png)
        #expect(error.message.contains("30000 x 30000") && error.message.contains("900000000"))
        // The header itself is sound: only the pixel cap refuses it.
        #expect(try PictureCheck(maxPixels: .max).check(bomb) == PictureInfo(format: .png, width: 30000, height: 30000))
    }

    @Test func thePixelCapIsInclusive() throws {
        let png = try Fixtures.picture("picture.png")
        #expect(try PictureCheck(maxPixels: 73 * 41).check(png).height == 41)
        #expect(throws: PictureError.self) { try PictureCheck(maxPixels: 73 * 41 - 1).check(png) }
        #expect(PictureCheck().maxPixels == 40_000_000 && PictureCheck().maxBytes == 8 << 20)
    }

    @Test func aNineMiBAnswerIsTooLarge() throws {
        let answer = try Fixtures.picture("baseline.jpg") + [UInt8](repeating: 0, count: 9 << 20)
        #expect(Self.code(answer) == .tooLarge)
        #expect(try PictureCheck(maxBytes: 10 << 20).check(answer).width == 97)
        let png = try Fixtures.picture("picture.png")
        #expect(throws: PictureError.self) { try PictureCheck(maxBytes: png.count - 1).check(png) }
        #expect(try PictureCheck(maxBytes: png.count).check(png).width == 73)
    }

    @Test func aGIFWhoseFirstImageOutgrowsItsScreenIsABomb() throws {
        // A 1 x 1 screen, no colour table, then an image of 65535 x 65535: decoders allocate the image.
        let bomb = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0] + [2, 0, 0x3B]
        let error = try #require(throws: PictureError.self) { try PictureCheck().check(bomb) }
        #expect(error.code == .tooManyPixels && error.message.contains("first frame"))
        #expect(try PictureCheck(maxPixels: .max).check(bomb) == PictureInfo(format: .gif, width: 1, height: 1))
    }

    @Test func aWebPCanvasOverTheCapIsRefused() throws {
        var bytes = try Fixtures.picture("alpha.webp")
        bytes.replaceSubrange(24..<30, with: [0x3F, 0x1F, 0x00, 0x3F, 0x1F, 0x00])  // 8000 x 8000
        #expect(Self.code(bytes) == .tooManyPixels)
        #expect(try PictureCheck(maxPixels: .max).check(bytes) == PictureInfo(format: .webp, width: 8000, height: 8000))
    }

    // MARK: Impossible headers

    @Test func headersClaimingNoPixelsOrImpossibleSizesAreBad() throws {
        #expect(Self.code(Self.png(width: 0, height: 10, padTo: 60)) == .badHeader)
        #expect(Self.code(Self.png(width: 10, height: 1 << 31, padTo: 60)) == .badHeader)
        var gif = try Fixtures.picture("picture.gif")
        gif.replaceSubrange(6..<8, with: [0, 0])
        #expect(Self.code(gif) == .badHeader)
        var jpeg = try Fixtures.picture("baseline.jpg")
        jpeg.replaceSubrange(165..<167, with: [0, 0])  // The frame's width (its height is at 163).
        #expect(Self.code(jpeg) == .badHeader)
        var lossy = try Fixtures.picture("lossy.webp")
        lossy.replaceSubrange(26..<28, with: [0, 0xC0])  // Width 0, scale bits set.
        #expect(Self.code(lossy) == .badHeader)
        var canvas = try Fixtures.picture("animated.webp")
        canvas.replaceSubrange(24..<30, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])  // 2²⁴ x 2²⁴
        #expect(Self.code(canvas) == .badHeader)
    }

    @Test func aPNGWhoseFirstChunkIsNotIHDRIsBad() throws {
        var png = try Fixtures.picture("picture.png")
        png.replaceSubrange(12..<16, with: Array("IDAT".utf8))
        #expect(Self.code(png) == .badHeader)
        png = try Fixtures.picture("picture.png")
        png[24] = 3  // Bit depth 3 does not exist.
        #expect(Self.code(png) == .badHeader)
    }

    @Test func webPChunksAreCheckedAsLibwebpChecksThem() throws {
        var lossy = try Fixtures.picture("lossy.webp")
        lossy[20] |= 1  // Not a key frame.
        #expect(Self.code(lossy) == .badHeader)
        lossy = try Fixtures.picture("lossy.webp")
        lossy[23] = 0  // No start code.
        #expect(Self.code(lossy) == .badHeader)
        var lossless = try Fixtures.picture("lossless.webp")
        lossless[24] |= 0x20  // Version 1.
        #expect(Self.code(lossless) == .badHeader)
        var riff = try Fixtures.picture("lossless.webp")
        riff[4] &+= 1  // A RIFF size one byte longer than the file.
        #expect(Self.code(riff) == .truncated)
    }

    // MARK: JPEG markers

    @Test func aJPEGSegmentRunningPastTheEndIsCutShort() throws {
        var jpeg = try Fixtures.picture("baseline.jpg")
        jpeg.replaceSubrange(4..<6, with: [0xFF, 0xF0])  // APP0 claims 65520 bytes of a 576-byte file.
        let error = try #require(throws: PictureError.self) { try PictureCheck().check(jpeg) }
        #expect(error.code == .truncated && error.message.contains("FFE0"))
    }

    @Test func anEXIFSegmentBeforeTheFrameIsSkippedWithItsThumbnail() throws {
        // APP1: "Exif\0\0", a big-endian TIFF header with an empty IFD, then a thumbnail that is a
        // JPEG of its own (61 x 97): searching for a frame marker would find the thumbnail's.
        let thumbnail = try Fixtures.picture("progressive.jpg")
        let exif = Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0] + thumbnail
        let length = exif.count + 2
        let app1 = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif
        let jpeg = try Fixtures.picture("baseline.jpg")
        let withEXIF = Array(jpeg[0..<2]) + app1 + Array(jpeg[2...])
        #expect(try PictureCheck().check(withEXIF) == PictureInfo(format: .jpeg, width: 97, height: 61))
    }

    @Test func fillBytesStandaloneMarkersAndStrayBytesAreSkipped() throws {
        let jpeg = try Fixtures.picture("baseline.jpg")
        // Before the first DQT: a TEM, a restart marker, a stuffed zero and stray bytes; fill bytes before the frame.
        let noise: [UInt8] = [0xFF, 0x01, 0xFF, 0xFF, 0xD3, 0xFF, 0x00, 0x12, 0x34]
        let noisy = Array(jpeg[0..<20]) + noise + Array(jpeg[20..<158]) + [0xFF, 0xFF, 0xFF] + Array(jpeg[158...])
        #expect(try PictureCheck().check(noisy) == PictureInfo(format: .jpeg, width: 97, height: 61))
    }

    @Test func aJPEGEndingOrScanningBeforeItsFrameIsBad() throws {
        let jpeg = try Fixtures.picture("baseline.jpg")
        #expect(Self.code(Array(jpeg[0..<20]) + [0xFF, 0xD9] + Array(jpeg[20...])) == .badHeader)
        #expect(Self.code(Array(jpeg[0..<20]) + [0xFF, 0xDA, 0, 2] + Array(jpeg[20...])) == .badHeader)
        var badLength = jpeg
        badLength.replaceSubrange(4..<6, with: [0, 1])
        #expect(Self.code(badLength) == .badHeader)
    }

    // MARK: Helpers

    /// The code of the error checking `bytes` throws; nil when they pass.
    static func code(_ bytes: [UInt8]) -> PictureError.Code? {
        do {
            _ = try PictureCheck().check(bytes)
            return nil
        } catch {
            return error.code
        }
    }

    /// A PNG signature and an 8-bit RGBA IHDR (with its CRC) claiming `width` x `height`, then
    /// zeros up to `padTo` bytes.
    static func png(width: UInt32, height: UInt32, padTo count: Int) -> [UInt8] {
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let chunk = Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        let bytes = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + chunk + bigEndian(crc32(chunk))
        return bytes + [UInt8](repeating: 0, count: max(0, count - bytes.count))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
