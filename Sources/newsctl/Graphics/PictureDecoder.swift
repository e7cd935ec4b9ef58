import SyncEngine

/// A picture's bytes to pixels: `PictureCheck` first (format from the magic bytes, byte and pixel
/// caps from the header), then Debian's decoder for the format, loaded on first use.
struct PictureDecoder: Sendable {
    var check = PictureCheck()

    /// The pixels of `bytes`, or why not: refused by the check (nothing decoded), a decoder
    /// library that is not installed (naming its package), or a picture broken past its header.
    ///
    /// - Parameter pixelsWide: the fewest pixels across the drawing needs; a JPEG much wider is
    ///   decoded at a smaller scale (libjpeg-turbo's n/8), at least this wide. Nil: full size.
    func decode(_ bytes: [UInt8], pixelsWide: Int? = nil) throws(PictureDrawingError) -> DecodedPicture {
        let info: PictureInfo
        do { info = try check.check(bytes) } catch { throw .refused(error) }
        switch info.format {
        case .jpeg:
            return try JPEGDecoder.shared.get().decode(bytes, width: info.width, height: info.height, pixelsWide: pixelsWide)
        case .png: return try PNGDecoder.shared.get().decode(bytes, width: info.width, height: info.height)
        case .gif: return try GIFDecoder.shared.get().decode(bytes, width: info.width, height: info.height)
        case .webp: return try WebPDecoder.shared.get().decode(bytes, width: info.width, height: info.height)
        }
    }
}
