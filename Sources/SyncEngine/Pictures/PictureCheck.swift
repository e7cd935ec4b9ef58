/// The checks a picture's untrusted bytes pass before the archive may keep them, all made on the
/// header alone, before anything decodes a pixel: the format from the magic bytes (JPEG, PNG,
/// GIF, WebP; never the `Content-Type`), a byte cap, and a pixel cap read from the header, so a
/// decompression bomb (a 200-byte PNG that claims 30000 x 30000) costs nothing.
///
/// ```swift
/// let picture = try PictureCheck().check(response.body)
/// print(picture.format, picture.width, picture.height)  // JPEG 690 400
/// ```
public struct PictureCheck: Sendable, Equatable {
    /// The default byte cap: 8 MiB.
    public static let defaultMaxBytes = 8 * 1024 * 1024
    /// The default pixel cap: 40 megapixels (40,000,000).
    public static let defaultMaxPixels = 40_000_000

    /// The most bytes a picture may have.
    public var maxBytes: Int
    /// The most pixels (width × height) a picture, or the first frame a decoder would allocate,
    /// may have.
    public var maxPixels: Int

    /// A check with these caps (by default 8 MiB and 40 megapixels).
    public init(maxBytes: Int = defaultMaxBytes, maxPixels: Int = defaultMaxPixels) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    /// The format and size of the picture in `bytes`, or why it may not be kept: `.tooLarge`
    /// (checked first, on the count alone), `.notAPicture`, `.truncated`, `.badHeader`, then
    /// `.tooManyPixels`. Reads the header only, in time bounded by the byte count.
    public func check(_ bytes: [UInt8]) throws(PictureError) -> PictureInfo {
        guard bytes.count <= maxBytes else {
            throw PictureError(.tooLarge, nil, "\(bytes.count) bytes, over the \(maxBytes)-byte limit")
        }
        let header = try PictureHeader(bytes)
        let pixels = max(header.pixels, header.firstFramePixels)
        guard pixels <= maxPixels else {
            let framed = pixels > header.pixels ? " (in its first frame)" : ""
            throw PictureError(
                .tooManyPixels, header.format,
                "a \(header.format) of \(header.width) x \(header.height) pixels: \(pixels)\(framed), over the \(maxPixels)-pixel limit")
        }
        return PictureInfo(format: header.format, width: header.width, height: header.height)
    }
}

/// What the header of a picture that passed `PictureCheck` says.
public struct PictureInfo: Sendable, Equatable, CustomStringConvertible {
    /// The format its magic bytes name.
    public let format: PictureFormat
    /// Its width in pixels (at least 1): a GIF's logical screen, a WebP's canvas.
    public let width: Int
    /// Its height in pixels (at least 1).
    public let height: Int

    /// Made by `PictureCheck`; public for tests and embedders that hold known pictures.
    public init(format: PictureFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// `JPEG 690 x 400`.
    public var description: String { "\(format) \(width) x \(height)" }
}
