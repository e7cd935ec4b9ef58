extension PictureHeader {
    /// A WebP's size from its first chunk, checked as libwebp checks it: `VP8 ` (lossy) in its
    /// key frame header, `VP8L` (lossless) after its signature byte, `VP8X` (extended: alpha,
    /// animation, metadata) as the canvas. The RIFF size must fit the bytes.
    static func webp(_ reader: HeaderBytes) throws(PictureError) -> PictureHeader {
        let riffSize = try reader.littleEndian32(4)
        guard riffSize >= 12 else { throw reader.bad("a RIFF size of \(riffSize)") }
        guard riffSize + 8 <= reader.count else {
            throw PictureError(.truncated, .webp, "a WebP cut short: \(reader.count) of the \(riffSize + 8) bytes its RIFF header claims")
        }
        let chunkSize = try reader.littleEndian32(16)
        let data = 20
        guard data + chunkSize <= riffSize + 8 else {
            throw reader.bad("the first chunk's \(chunkSize) bytes run past the RIFF size \(riffSize)")
        }
        if try reader.has("VP8 ", at: 12) { return try lossy(reader, at: data, chunkSize: chunkSize) }
        if try reader.has("VP8L", at: 12) { return try lossless(reader, at: data, chunkSize: chunkSize) }
        if try reader.has("VP8X", at: 12) { return try extended(reader, at: data, chunkSize: chunkSize) }
        throw reader.bad("a first chunk '\(try reader.text(12, 4))', not VP8, VP8L or VP8X")
    }

    /// A VP8 key frame: the 3-byte frame tag (key frame, version ≤ 3, shown, first partition
    /// within the chunk), the start code 9D 01 2A, then 14-bit width and height (2 bits of scale).
    private static func lossy(_ reader: HeaderBytes, at data: Int, chunkSize: Int) throws(PictureError) -> PictureHeader {
        guard chunkSize >= 10 else { throw reader.bad("a VP8 chunk of \(chunkSize) bytes") }
        let tag = try reader.littleEndian24(data)
        guard tag & 1 == 0 else { throw reader.bad("a VP8 frame that is not a key frame") }
        guard (tag >> 1) & 7 <= 3, (tag >> 4) & 1 == 1, tag >> 5 < chunkSize else {
            throw reader.bad("a VP8 frame tag \(tag) (version, shown frame or partition size)")
        }
        guard try reader.byte(data + 3) == 0x9D, try reader.byte(data + 4) == 0x01, try reader.byte(data + 5) == 0x2A else {
            throw reader.bad("no VP8 start code")
        }
        let width = try reader.littleEndian16(data + 6) & 0x3FFF, height = try reader.littleEndian16(data + 8) & 0x3FFF
        return try PictureHeader(reader, width: width, height: height)
    }

    /// VP8L: the signature byte 2F, then 14 bits of width - 1, 14 of height - 1, the alpha bit
    /// and a 3-bit version that must be 0.
    private static func lossless(_ reader: HeaderBytes, at data: Int, chunkSize: Int) throws(PictureError) -> PictureHeader {
        guard chunkSize >= 5 else { throw reader.bad("a VP8L chunk of \(chunkSize) bytes") }
        guard try reader.byte(data) == 0x2F else { throw reader.bad("no VP8L signature") }
        let bits = try reader.littleEndian32(data + 1)
        guard bits >> 29 == 0 else { throw reader.bad("VP8L version \(bits >> 29)") }
        return try PictureHeader(reader, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
    }

    /// VP8X: flags, 3 reserved bytes, then 24 bits of canvas width - 1 and of height - 1. Every
    /// frame and the still image must fit the canvas (libwebp refuses them otherwise), and the
    /// canvas may not exceed 2³² - 1 pixels.
    private static func extended(_ reader: HeaderBytes, at data: Int, chunkSize: Int) throws(PictureError) -> PictureHeader {
        guard chunkSize == 10 else { throw reader.bad("a VP8X chunk of \(chunkSize) bytes, not 10") }
        let width = try reader.littleEndian24(data + 4) + 1, height = try reader.littleEndian24(data + 7) + 1
        guard width * height < 1 << 32 else { throw reader.bad("a canvas of \(width) x \(height) pixels, over 2³² - 1") }
        return try PictureHeader(reader, width: width, height: height)
    }
}
