import Foundation
import Testing
import TestSupport

@testable import newsctl

/// chafa's output for each protocol, parsed as the terminal would: the 48 x 32 quadrant picture
/// (red, green / blue, yellow) drawn 6 cells wide with 10 x 20 cells, so 60 x 40 pixels, 2 rows.
@Suite(.enabled(if: GraphicsLibraries.all, Comment(rawValue: GraphicsLibraries.missing)))
struct PictureRendererTests {
    private let escape = "\u{1B}"

    private func quadrants(_ pictureProtocol: PictureProtocol, truecolor: Bool = true, columns: Int = 6) throws -> RenderedPicture {
        let picture = try PictureDecoder().decode(Fixtures.picture("quadrants.png"))
        let renderer = PictureRenderer(pictureProtocol: pictureProtocol, truecolor: truecolor, cell: CellSize(width: 10, height: 20))
        return try renderer.render(picture, columns: columns)
    }

    /// The text between each `opening` and the next `closing`, failing the test on anything outside them.
    private func sequences(_ text: String, opening: String, closing: String) -> [Substring] {
        var found: [Substring] = []
        var rest = text[...]
        while let start = rest.range(of: opening) {
            #expect(rest[..<start.lowerBound].isEmpty, "text outside the sequences: \(rest[..<start.lowerBound].debugDescription)")
            guard let end = rest[start.upperBound...].range(of: closing) else {
                Issue.record("a sequence without its end")
                return found
            }
            found.append(rest[start.upperBound..<end.lowerBound])
            rest = rest[end.upperBound...]
        }
        #expect(rest.isEmpty, "text after the sequences: \(rest.prefix(40).debugDescription)")
        return found
    }

    @Test func rowsKeepTheAspectRatioForTheCellShape() throws {
        let picture = DecodedPicture(width: 100, height: 50, rgba: [UInt8](repeating: 0, count: 100 * 50 * 4))
        #expect(PictureRenderer(pictureProtocol: .symbols).rows(for: picture, columns: 40) == 10)  // 1:2 cells
        #expect(PictureRenderer(pictureProtocol: .kitty, cell: CellSize(width: 8, height: 16)).rows(for: picture, columns: 40) == 10)
        #expect(PictureRenderer(pictureProtocol: .kitty, cell: CellSize(width: 10, height: 10)).rows(for: picture, columns: 40) == 20)
        let sliver = DecodedPicture(width: 1000, height: 1, rgba: [UInt8](repeating: 0, count: 4000))
        #expect(PictureRenderer(pictureProtocol: .symbols).rows(for: sliver, columns: 10) == 1)
    }

    /// kitty: APC sequences `ESC _G<keys>;<base64> ESC \`, the first with `a=T` (transmit and
    /// show), `f=32` (RGBA), the pixel size and the cells; chunks of at most 4096 base64 bytes,
    /// `m=1` on all but the last; each chunk's base64 decodes on its own (as kitty decodes it,
    /// chunk by chunk: chafa pads each), and together they are the picture scaled, quadrants and all.
    @Test func kittyIsTheGraphicsProtocolWithThePicturesPixels() throws {
        let rendered = try quadrants(.kitty)
        #expect(rendered.columns == 6 && rendered.rows == 2 && rendered.text.count == 1)
        let chunks = sequences(rendered.text[0], opening: escape + "_G", closing: escape + "\\")
        try #require(chunks.count >= 2)
        var keys: [String: String] = [:]
        var pixels: [UInt8] = []
        for (index, chunk) in chunks.enumerated() {
            let parts = chunk.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let chunkKeys = Dictionary(
                parts[0].split(separator: ",").map { pair in
                    let field = pair.split(separator: "=", maxSplits: 1)
                    return (String(field[0]), String(field.count > 1 ? field[1] : ""))
                }, uniquingKeysWith: { $1 })
            if index == 0 { keys = chunkKeys }
            #expect(chunkKeys["m"] == (index == chunks.count - 1 ? "0" : "1"), "chunk \(index): \(parts[0])")
            let data = parts.count > 1 ? parts[1] : ""
            #expect(data.utf8.count <= 4096, "chunk \(index) has \(data.utf8.count) bytes")
            let decoded = try #require(Data(base64Encoded: String(data)), "chunk \(index) is not base64")
            pixels += decoded
        }
        #expect(keys["a"] == "T" && keys["f"] == "32", "\(keys)")
        #expect(keys["s"] == "60" && keys["v"] == "40", "pixel size \(keys)")
        #expect(keys["c"] == "6" && keys["r"] == "2", "cells \(keys)")
        try #require(pixels.count == 60 * 40 * 4, "\(pixels.count) bytes of pixels")
        let image = DecodedPicture(width: 60, height: 40, rgba: pixels)
        for (x, y, colour) in [(5, 5, [255, 0, 0]), (55, 5, [0, 255, 0]), (5, 35, [0, 0, 255]), (55, 35, [255, 255, 0])] {
            let pixel = image.pixel(x: x, y: y)
            let actual = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
            #expect(zip(actual, colour).allSatisfy { abs($0 - $1) <= 8 }, "(\(x), \(y)): \(actual), expected \(colour)")
        }
    }

    /// iTerm2: one OSC `ESC ]1337;File=inline=1;width=6;height=2;…:<base64> BEL`, whose file
    /// is a TIFF (what chafa sends) of the scaled picture's size.
    @Test func itermIsAnInlineFileOfThePicturesSize() throws {
        let rendered = try quadrants(.iterm)
        let bodies = sequences(rendered.text[0], opening: escape + "]1337;File=", closing: "\u{07}")
        try #require(bodies.count == 1)
        let parts = bodies[0].split(separator: ":", maxSplits: 1)
        try #require(parts.count == 2)
        let arguments = Set(parts[0].split(separator: ";").map(String.init))
        #expect(arguments.isSuperset(of: ["inline=1", "width=6", "height=2"]), "\(arguments)")
        let file = try #require(Data(base64Encoded: String(parts[1])), "the payload is not base64")
        let size = try #require(tiffSize(Array(file)), "not a TIFF: \(Array(file.prefix(8)))")
        #expect(size.width == 60 && size.height == 40, "\(size)")
    }

    /// Sixels: one DCS `ESC P…q` whose raster attributes `"1;1;<width>;<height>` give the
    /// scaled size (chafa rounds the height down to whole six-pixel bands), ended by `ESC \`.
    @Test func sixelsCarryTheScaledRasterSize() throws {
        let rendered = try quadrants(.sixel)
        let bodies = sequences(rendered.text[0], opening: escape + "P", closing: escape + "\\")
        try #require(bodies.count == 1)
        let body = bodies[0]
        let introducer = try #require(body.firstIndex(of: "q"))
        #expect(body[..<introducer].allSatisfy { $0.isNumber || $0 == ";" }, "parameters \(body[..<introducer])")
        let raster = body[body.index(after: introducer)...]
        #expect(raster.hasPrefix("\"1;1;60;36#"), "raster attributes: \(raster.prefix(16))")
        #expect(raster.allSatisfy { $0.isASCII && !$0.isNewline && $0 != "\u{1B}" }, "a sixel body holds no escapes")
    }

    /// Symbols: one string a row, each `columns` symbols wide, with no escape but SGR colour
    /// (`ESC [ … m`), and the quadrants' colours in them. 24 columns, 8 rows: runs of equal cells
    /// that chafa would otherwise repeat with REP (`ESC [ n b`) or skip with cursor moves.
    @Test(arguments: [true, false])
    func symbolsHaveOnlyColourEscapes(truecolor: Bool) throws {
        let rendered = try quadrants(.symbols, truecolor: truecolor, columns: 24)
        #expect(rendered.columns == 24 && rendered.rows == 8)
        #expect(rendered.text.count == 8, "\(rendered.text.map(\.debugDescription))")
        let sgr = /\x1B\[[0-9;]*m/
        for row in rendered.text {
            let visible = row.replacing(sgr, with: "")
            #expect(!visible.contains("\u{1B}"), "an escape other than SGR in \(row.debugDescription)")
            #expect(visible.unicodeScalars.allSatisfy { $0.value >= 0x20 }, "a control character in \(row.debugDescription)")
            #expect(visible.count == 24, "\(visible.debugDescription) is not 24 columns")
        }
        let colours = truecolor ? ["2;255;0;0", "2;0;255;0", "2;0;0;255", "2;255;255;0"] : ["5;196", "5;46", "5;21", "5;226"]
        let all = rendered.text.joined()
        for colour in colours { #expect(all.contains(colour), "\(colour) missing from \(all.debugDescription)") }
    }
}

/// The width and height tags (256, 257) of a little- or big-endian TIFF's first directory.
private func tiffSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 8 else { return nil }
    let little = bytes[0] == 0x49 && bytes[1] == 0x49
    guard little || (bytes[0] == 0x4D && bytes[1] == 0x4D) else { return nil }
    func number(_ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        let slice = bytes[at..<at + count]
        return (little ? Array(slice.reversed()) : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
    }
    guard number(2, 2) == 42, let directory = number(4, 4), let entries = number(directory, 2) else { return nil }
    var size: (width: Int?, height: Int?) = (nil, nil)
    for entry in 0..<entries {
        let at = directory + 2 + entry * 12
        guard let tag = number(at, 2), let type = number(at + 2, 2) else { return nil }
        let value = type == 3 ? number(at + 8, 2) : number(at + 8, 4)
        if tag == 256 { size.width = value }
        if tag == 257 { size.height = value }
    }
    guard let width = size.width, let height = size.height else { return nil }
    return (width, height)
}
