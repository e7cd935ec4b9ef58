import Foundation
import Testing
import TestSupport

@testable import newsctl

/// Decoding the real pictures in Tests/Fixtures/pictures with Debian's decoders: the size the
/// header gave, and colours the way the pictures were made (see its README).
@Suite(.enabled(if: GraphicsLibraries.decoders, Comment(rawValue: GraphicsLibraries.missing)))
struct PictureDecoderTests {
    typealias RGBA = (r: Int, g: Int, b: Int, a: Int)

    private func decoded(_ name: String) throws -> DecodedPicture {
        try PictureDecoder().decode(Fixtures.picture(name))
    }

    /// `actual` within `tolerance` of `expected` in every channel (lossy formats move colours a little).
    private func expectColour(
        _ picture: DecodedPicture, x: Int, y: Int, _ expected: RGBA, tolerance: Int, _ comment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let pixel = picture.pixel(x: x, y: y)
        let actual = [Int(pixel.r), Int(pixel.g), Int(pixel.b), Int(pixel.a)]
        let wanted = [expected.r, expected.g, expected.b, expected.a]
        let close = zip(actual, wanted).allSatisfy { abs($0 - $1) <= tolerance }
        #expect(close, "\(comment) at (\(x), \(y)): \(actual), expected \(wanted) ± \(tolerance)", sourceLocation: sourceLocation)
    }

    /// Each gradient fixture: its size, and its top row's colour and bottom row's, ImageMagick's
    /// `gradient:top-bottom` running down the picture.
    @Test(
        arguments: [
            ("baseline.jpg", 97, 61, (255, 165, 0, 255), (0, 0, 128, 255)),  // orange to navy
            ("progressive.jpg", 61, 97, (0, 128, 128, 255), (255, 192, 203, 255)),  // teal to pink
            ("picture.png", 73, 41, (255, 255, 0, 255), (128, 0, 128, 255)),  // yellow to purple, 16-bit
            ("picture.gif", 59, 37, (0, 128, 0, 255), (255, 255, 255, 255)),  // green to white
            ("lossy.webp", 83, 47, (255, 0, 0, 255), (0, 0, 255, 255)),  // red to blue
            ("lossless.webp", 47, 83, (0, 0, 255, 255), (255, 255, 0, 255)),  // blue to yellow
            ("alpha.webp", 71, 43, (255, 0, 0, 51), (0, 0, 255, 255)),  // 20 % red to opaque blue
            ("animated.webp", 53, 31, (255, 0, 0, 255), (255, 0, 0, 255)),  // first frame red (the second is blue)
        ] as [(String, Int, Int, RGBA, RGBA)])
    func gradients(name: String, width: Int, height: Int, top: RGBA, bottom: RGBA) throws {
        let picture = try decoded(name)
        #expect(picture.width == width && picture.height == height, "\(name): \(picture.width) x \(picture.height)")
        #expect(picture.rgba.count == width * height * 4)
        expectColour(picture, x: width / 2, y: 0, top, tolerance: 40, "\(name) top")
        expectColour(picture, x: width / 2, y: height - 1, bottom, tolerance: 40, "\(name) bottom")
    }

    /// A 48 x 32 picture of four 24 x 16 quadrants (red, green / blue, yellow): exact in the
    /// lossless formats, close in JPEG; the interlaced GIF's rows land where they belong.
    @Test(arguments: [
        ("quadrants.png", 0), ("quadrants.gif", 0), ("interlaced.gif", 0), ("quadrants.webp", 0), ("quadrants.jpg", 12),
    ])
    func quadrants(name: String, tolerance: Int) throws {
        let picture = try decoded(name)
        #expect(picture.width == 48 && picture.height == 32)
        let corners: [(Int, Int, RGBA, String)] = [
            (0, 0, (255, 0, 0, 255), "red"), (23, 15, (255, 0, 0, 255), "red"),
            (24, 0, (0, 255, 0, 255), "green"), (47, 15, (0, 255, 0, 255), "green"),
            (0, 16, (0, 0, 255, 255), "blue"), (23, 31, (0, 0, 255, 255), "blue"),
            (24, 16, (255, 255, 0, 255), "yellow"), (47, 31, (255, 255, 0, 255), "yellow"),
        ]
        for (x, y, colour, named) in corners {
            expectColour(picture, x: x, y: y, colour, tolerance: tolerance, "\(name) \(named)")
        }
    }

    /// A JPEG much wider than the drawing needs is decoded at libjpeg-turbo's smallest n/8 that
    /// is still wide enough (a drawing 40 pixels wide of the 97 x 61 one: 4/8, 49 x 31, the
    /// sizes rounded up), with the same colours; one the drawing needs whole stays whole, and
    /// the other formats are decoded whole.
    @Test func aWideJPEGIsDecodedAtTheSmallestScaleWideEnough() throws {
        let bytes = try Fixtures.picture("baseline.jpg")
        let scaled = try PictureDecoder().decode(bytes, pixelsWide: 40)
        #expect(scaled.width == 49 && scaled.height == 31, "\(scaled.width) x \(scaled.height)")
        #expect(scaled.rgba.count == 49 * 31 * 4)
        expectColour(scaled, x: 24, y: 0, (255, 165, 0, 255), tolerance: 40, "scaled top")
        expectColour(scaled, x: 24, y: 30, (0, 0, 128, 255), tolerance: 40, "scaled bottom")
        let whole = try PictureDecoder().decode(bytes, pixelsWide: 90)
        #expect(whole.width == 97 && whole.height == 61, "90 of 97 needs them all: \(whole.width) x \(whole.height)")
        let png = try PictureDecoder().decode(Fixtures.picture("picture.png"), pixelsWide: 10)
        #expect(png.width == 73 && png.height == 41)
        #expect(JPEGDecoder.eighths(from: 690, toAtLeast: 576) == 7)  // a Zhihu body picture, 72 columns of symbols
        #expect(JPEGDecoder.eighths(from: 1080, toAtLeast: 576) == 5)
        #expect(JPEGDecoder.eighths(from: 400, toAtLeast: 576) == 8)
    }

    /// A PNG whose header claims 30000 x 30000 pixels is refused by the check before any decoder
    /// runs (its body is a 73 x 41 picture's, which a decoder would happily read).
    @Test func aBombIsRefusedBeforeDecoding() throws {
        var bomb = try Fixtures.picture("picture.png")
        for (offset, byte) in [0x00, 0x00, 0x75, 0x30, 0x00, 0x00, 0x75, 0x30].enumerated() { bomb[16 + offset] = UInt8(byte) }
        #expect {
            try PictureDecoder().decode(bomb)
        } throws: { error in
            guard case .refused(let refusal) = error as? PictureDrawingError else { return false }
            return refusal.code == .tooManyPixels
        }
    }

    /// An HTML page served as a picture never reaches a decoder.
    @Test func aPageIsNotAPicture() {
        #expect {
            try PictureDecoder().decode(Array("<!DOCTYPE html><p>403</p>".utf8))
        } throws: { error in
            guard case .refused(let refusal) = error as? PictureDrawingError else { return false }
            return refusal.code == .notAPicture
        }
    }

    /// An animated WebP whose first frame sits at x 512 on a 57-pixel canvas (found by the
    /// picture-decode fuzzer: pasting it trapped) is broken, as libwebp's demuxer says.
    @Test func anAnimationFrameOffItsCanvasIsUndecodable() throws {
        let bytes = try #require(Data(base64Encoded: Self.frameOffCanvas))
        #expect {
            try PictureDecoder().decode(Array(bytes))
        } throws: { error in
            guard case .undecodable(.webp, let reason) = error as? PictureDrawingError else { return false }
            return reason.contains("off its 57 x 31 canvas")
        }
    }

    private static let frameOffCanvas =
        "UklGRuAAAABXRUJQVlA4WAoAAAACAAAAOAAAHgAAQU5JTQYAAAD/////AABBTk1GWgAAAAABAAAAADQAAB4AAGQAAAJWUDggQgAAAHADAJ0BKjUAHwA+"
        + "0WiuUagmJCKkCAEAGglnANImgAAgjSRhoAD+6zb/9CbHtRX//Qk/+Js/4mz4OYeQFg1rQAAAAEFOTUZSAAAAAAAAAAAANBoKAAB42u1JAAAeAABkAAAA"
        + "VlA4IDoAAAC0AgCdASo1AB8APtFco1GCQAABoJZwDP3As82hKwAA/vCbQ//oSf/8TZ//SbPhFd7looFnkLmk9cgA"

    /// A JPEG cut after its header: the decoder's own complaint, not a crash or a grey picture.
    @Test func aTruncatedBodyIsUndecodable() throws {
        let whole = try Fixtures.picture("progressive.jpg")
        #expect {
            try PictureDecoder().decode(Array(whole.prefix(whole.count / 3)))
        } throws: { error in
            guard case .undecodable(.jpeg, _) = error as? PictureDrawingError else { return false }
            return true
        }
    }
}

/// A machine without a decoder: loading fails with one line saying what to install. Needs no
/// library, so it runs everywhere.
@Suite struct PictureLibraryMissingTests {
    @Test func aMissingLibraryNamesItsPackage() {
        let soname = "libnewsctl-no-such-decoder.so.0"
        let loads: [(Result<Void, PictureDrawingError>, String)] = [
            (JPEGDecoder.load(soname).map { _ in }, "libturbojpeg0"), (PNGDecoder.load(soname).map { _ in }, "libspng0"),
            (WebPDecoder.load(soname).map { _ in }, "libwebp7"), (GIFDecoder.load(soname).map { _ in }, "libgif7"),
            (ChafaLibrary.load(soname, glib: "libglib-2.0.so.0").map { _ in }, "libchafa0"),
        ]
        for (result, package) in loads {
            guard case .failure(let error) = result else {
                Issue.record("\(soname) loaded for \(package)")
                continue
            }
            #expect(error == .missingLibrary(soname: soname, package: package))
            #expect(error.installHint == package)
            #expect(error.description == "\(soname) is not installed: apt-get install \(package)")
            #expect(!error.description.contains("\n"))
        }
    }

    /// A library that opens but is not the one expected (here libc as libturbojpeg) names the
    /// functions it lacks and the package, rather than crashing on a nil pointer.
    @Test func aLibraryWithoutTheFunctionsSaysWhichAreMissing() {
        guard case .failure(let error) = JPEGDecoder.load("libc.so.6") else {
            Issue.record("libc passed for libturbojpeg")
            return
        }
        #expect(
            error
                == .incompleteLibrary(
                    soname: "libc.so.6", package: "libturbojpeg0",
                    missing: ["tjInitDecompress", "tjDecompressHeader3", "tjDecompress2", "tjDestroy", "tjGetErrorStr2"]))
    }
}
