import SyncEngine

/// A picture's address in the site, `picture/<key>.<ext>`: the key is the engine's picture
/// identity (`PictureKey`) in base64url, so it is stable across runs and machines, names only a
/// picture the archive holds (it is looked up, never read as a file name), and cannot climb out
/// of `picture/`; the extension is the kept format's.
enum PicturePath {
    /// `picture/aHR0cHM6Ly9waWMxLnpoaW1nLmNvbS92Mi1hYmMuanBn.jpg`, without the leading slash; nil
    /// for an address that is no picture's.
    static func path(url: String, format: PictureFormat) -> String? {
        guard let key = PictureKey(url: url) else { return nil }
        return "picture/" + base64URL(Array(key.value.utf8)) + "." + fileExtension(format)
    }

    /// The picture's address and format a `/picture/…` path names; nil for any other path.
    static func parse(_ path: String) -> (url: String, format: PictureFormat)? {
        guard path.hasPrefix("/picture/") else { return nil }
        let name = path.dropFirst("/picture/".count)
        guard let dot = name.lastIndex(of: "."), !name[..<dot].contains("/") else { return nil }
        guard
            let format = PictureFormat.allCases.first(where: {
                fileExtension($0) == name[name.index(after: dot)...]
            })
        else { return nil }
        guard let bytes = decodeBase64URL(name[..<dot]), let url = String(validating: bytes, as: UTF8.self),
            PictureKey(url: url)?.value == url  // The key itself, not another spelling of its address.
        else { return nil }
        return (url, format)
    }

    /// "jpg", "png", "gif", "webp".
    static func fileExtension(_ format: PictureFormat) -> String {
        format == .jpeg ? "jpg" : format.rawValue
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func base64URL(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0..<(chunk.count + 1) { out.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decodeBase64URL(_ text: Substring) -> [UInt8]? {
        var values: [Int] = []
        for byte in text.utf8 {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            values.append(value)
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            var value = 0
            for (offset, sextet) in chunk.enumerated() { value |= sextet << (18 - 6 * offset) }
            for position in 0..<(chunk.count - 1) { out.append(UInt8((value >> (16 - 8 * position)) & 0xFF)) }
            index += 4
        }
        // Only the canonical spelling names a picture: one path per picture.
        return base64URL(out) == String(text) ? out : nil
    }
}
