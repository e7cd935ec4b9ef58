/// A picture format the archive keeps, as its magic bytes tell it: never as a `Content-Type`
/// header or a file name says, since a refused hotlink answers an HTML page as `image/jpeg`.
public enum PictureFormat: String, Sendable, CaseIterable {
    /// JPEG (JFIF, EXIF or bare), baseline or progressive: `FF D8 FF`.
    case jpeg
    /// PNG: `89 'PNG' 0D 0A 1A 0A`.
    case png
    /// GIF, version 87a or 89a: `'GIF87a'` or `'GIF89a'`.
    case gif
    /// WebP, lossy, lossless or extended: `'RIFF'`, four bytes of size, `'WEBP'`.
    case webp

    /// The media type to serve the picture with (`image/jpeg`…).
    public var mediaType: String { "image/\(rawValue)" }

    /// The magic bytes that open a picture of this format; nil stands for any byte (a RIFF size).
    var signature: [UInt8?] {
        switch self {
        case .jpeg: return [0xFF, 0xD8, 0xFF]
        case .png: return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .gif: return Array("GIF8".utf8)  // 7a or 9a: checked by the header reader
        case .webp: return Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8)
        }
    }

    /// The format whose magic bytes open `bytes`, or the error saying why there is none.
    static func detect(_ bytes: [UInt8]) throws(PictureError) -> PictureFormat {
        for format in allCases {
            let signature = format.signature
            let compared = min(bytes.count, signature.count)
            let matches = (0..<compared).allSatisfy { signature[$0] == nil || signature[$0] == bytes[$0] }
            guard matches, compared > 0 else { continue }
            if compared < signature.count {
                throw PictureError(.truncated, format, "\(bytes.count) bytes, cut short inside the \(format) signature")
            }
            return format
        }
        throw PictureError(.notAPicture, nil, "not a picture: \(describeUnknown(bytes))")
    }

    /// What bytes of no known format look like, for the error: a page, a RIFF file of another
    /// kind, or their first bytes.
    private static func describeUnknown(_ bytes: [UInt8]) -> String {
        guard !bytes.isEmpty else { return "empty" }
        if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == UInt8(ascii: "<") {
            return "an HTML or XML page (a refused hotlink answers one)"
        }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12 {
            return "a RIFF file of type '\(String(decoding: bytes[8..<12], as: UTF8.self))', not WebP"
        }
        let opening = bytes.prefix(8).map { hex($0) }.joined(separator: " ")
        return "\(bytes.count) bytes opening with \(opening)"
    }
}

/// A byte as two upper-case hexadecimal digits.
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
}

extension PictureFormat: CustomStringConvertible {
    /// The format's usual name: `JPEG`, `PNG`, `GIF`, `WebP`.
    public var description: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .gif: return "GIF"
        case .webp: return "WebP"
        }
    }
}
