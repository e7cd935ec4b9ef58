/// A picture's bytes read through bounds checks: a read past the end throws `.truncated`, so no
/// header reader can read what is not there, whatever a length field claims.
struct HeaderBytes {
    let bytes: [UInt8]
    let format: PictureFormat

    var count: Int { bytes.count }

    /// The `width` bytes at `offset`, or `.truncated` when they are not all there.
    private func range(_ offset: Int, _ width: Int) throws(PictureError) -> Range<Int> {
        guard offset >= 0, offset <= bytes.count - width else {
            throw PictureError(.truncated, format, "a \(format) header cut short: \(bytes.count) bytes, byte \(offset + width) needed")
        }
        return offset..<offset + width
    }

    func byte(_ offset: Int) throws(PictureError) -> UInt8 { bytes[try range(offset, 1).lowerBound] }

    func bigEndian16(_ offset: Int) throws(PictureError) -> Int { try number(range(offset, 2), bigEndian: true) }
    func bigEndian32(_ offset: Int) throws(PictureError) -> Int { try number(range(offset, 4), bigEndian: true) }
    func littleEndian16(_ offset: Int) throws(PictureError) -> Int { try number(range(offset, 2), bigEndian: false) }
    func littleEndian24(_ offset: Int) throws(PictureError) -> Int { try number(range(offset, 3), bigEndian: false) }
    func littleEndian32(_ offset: Int) throws(PictureError) -> Int { try number(range(offset, 4), bigEndian: false) }

    /// Whether the ASCII `text` stands at `offset` (`.truncated` when the bytes end first).
    func has(_ text: String, at offset: Int) throws(PictureError) -> Bool {
        let expected = Array(text.utf8)
        return bytes[try range(offset, expected.count)].elementsEqual(expected)
    }

    /// The ASCII text of the `width` bytes at `offset`, for messages (`.truncated` when short).
    func text(_ offset: Int, _ width: Int) throws(PictureError) -> String {
        String(decoding: bytes[try range(offset, width)].map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// `.truncated` unless the bytes reach `end`.
    func require(upTo end: Int) throws(PictureError) {
        _ = try range(0, end)
    }

    /// A refusal of this picture's header as breaking its format's rules.
    func bad(_ message: String) -> PictureError {
        PictureError(.badHeader, format, "a bad \(format) header: \(message)")
    }

    private func number(_ range: Range<Int>, bigEndian: Bool) -> Int {
        let ordered = bigEndian ? Array(bytes[range]) : bytes[range].reversed()
        return ordered.reduce(0) { $0 << 8 | Int($1) }
    }
}
