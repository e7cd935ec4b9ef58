/// What a picture's header says, read without decoding a pixel.
struct PictureHeader: Equatable {
    let format: PictureFormat
    /// The size the picture is drawn at: a PNG's IHDR, a GIF's logical screen, a JPEG's frame,
    /// a WebP's bitstream or canvas.
    let width: Int
    let height: Int
    /// The pixels a decoder allocates for the first frame: more than `width` × `height` only for
    /// a GIF whose first image is larger than its screen (a decoder allocates the image's size).
    let firstFramePixels: Int

    /// The header of `bytes`: the format from the magic bytes, then that format's reader.
    init(_ bytes: [UInt8]) throws(PictureError) {
        let format = try PictureFormat.detect(bytes)
        let reader = HeaderBytes(bytes: bytes, format: format)
        switch format {
        case .jpeg: self = try Self.jpeg(reader)
        case .png: self = try Self.png(reader)
        case .gif: self = try Self.gif(reader)
        case .webp: self = try Self.webp(reader)
        }
    }

    /// A header whose frame is the whole picture; a 0 width or height is refused.
    init(_ reader: HeaderBytes, width: Int, height: Int, firstFramePixels: Int? = nil) throws(PictureError) {
        guard width > 0, height > 0 else { throw reader.bad("it claims \(width) x \(height) pixels") }
        self.format = reader.format
        self.width = width
        self.height = height
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        self.firstFramePixels = max(overflow ? .max : area, firstFramePixels ?? 0)
    }

    var pixels: Int {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : area
    }

    // MARK: PNG

    /// The IHDR chunk, which must come first: width and height (1 to 2³¹ - 1), and a bit depth and
    /// colour type that go together, as libpng requires.
    private static func png(_ reader: HeaderBytes) throws(PictureError) -> PictureHeader {
        guard try reader.bigEndian32(8) == 13, try reader.has("IHDR", at: 12) else {
            throw reader.bad("the first chunk is '\(try reader.text(12, 4))', not a 13-byte IHDR")
        }
        let width = try reader.bigEndian32(16), height = try reader.bigEndian32(20)
        let depth = try reader.byte(24), colourType = try reader.byte(25)
        try reader.require(upTo: 33)  // The chunk's CRC.
        let depths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard depths[colourType]?.contains(depth) == true else {
            throw reader.bad("bit depth \(depth) with colour type \(colourType)")
        }
        let limit = Int(Int32.max)
        guard width <= limit, height <= limit else { throw reader.bad("it claims \(width) x \(height) pixels, over 2³¹ - 1") }
        return try PictureHeader(reader, width: width, height: height)
    }

    // MARK: GIF

    /// The logical screen's size, and the first image's: a decoder allocates the image's size, and
    /// nothing keeps it within the screen (a 1 x 1 screen may hold a 65535 x 65535 image).
    private static func gif(_ reader: HeaderBytes) throws(PictureError) -> PictureHeader {
        let version = try reader.text(3, 3)
        guard version == "87a" || version == "89a" else { throw reader.bad("version '\(version)', not 87a or 89a") }
        let width = try reader.littleEndian16(6), height = try reader.littleEndian16(8)
        guard width > 0, height > 0 else { throw reader.bad("its screen is \(width) x \(height) pixels") }
        let screenFlags = try reader.byte(10)
        var offset = 13 + colourTableSize(screenFlags)
        while true {
            switch try reader.byte(offset) {
            case 0x2C:  // Image descriptor: left, top, width, height.
                let frame = try reader.littleEndian16(offset + 5) * reader.littleEndian16(offset + 7)
                return try PictureHeader(reader, width: width, height: height, firstFramePixels: frame)
            case 0x21:  // Extension: a label, then data sub-blocks up to an empty one.
                offset += 2
                while true {
                    let length = Int(try reader.byte(offset))
                    offset += 1 + length
                    if length == 0 { break }
                }
            case 0x3B:
                throw reader.bad("it ends before its first image")
            case let byte:
                throw reader.bad("byte \(hex(byte)) at \(offset), where an image or an extension belongs")
            }
        }
    }

    /// The bytes of the colour table that a GIF's packed flags announce (0 when there is none).
    private static func colourTableSize(_ flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }
}
