extension PictureHeader {
    /// The size in a JPEG's first frame header (SOF0–SOF15 but C4, C8, CC), found by walking the
    /// markers from the start as libjpeg does: each segment skipped by its length, which must
    /// stay within the bytes; fill bytes (`FF FF …`) before a marker skipped, as stray bytes
    /// between segments are (libjpeg warns and goes on). Walking, not searching for `FF C0`,
    /// matters: an EXIF thumbnail is a JPEG of its own inside APP1, with a frame header of its own.
    static func jpeg(_ reader: HeaderBytes) throws(PictureError) -> PictureHeader {
        var offset = 2  // After SOI.
        while true {
            while try reader.byte(offset) != 0xFF { offset += 1 }
            while try reader.byte(offset) == 0xFF { offset += 1 }
            let marker = try reader.byte(offset)
            let segment = offset + 1  // Its length, for a marker that has one.
            offset = segment
            switch marker {
            case 0x00, 0x01, 0xD0...0xD7:  // A stuffed zero (stray bytes to libjpeg), TEM, RSTn: no length.
                continue
            case 0xD8:
                throw reader.bad("a second start of image at byte \(offset - 2)")
            case 0xD9:
                throw reader.bad("the image ends before its frame header")
            case 0xDA:
                throw reader.bad("a scan before the frame header")
            default:
                break
            }
            let length = try reader.bigEndian16(segment)
            guard length >= 2 else { throw reader.bad("segment FF\(hex(marker)) at byte \(segment - 2) claims \(length) bytes") }
            guard segment + length <= reader.count else {
                let overrun = segment + length - reader.count
                let segmentName = "segment FF\(hex(marker)) at byte \(segment - 2)"
                throw PictureError(.truncated, .jpeg, "a JPEG cut short: \(segmentName) runs \(overrun) bytes past the end")
            }
            if isFrameHeader(marker) { return try frame(reader, at: segment, length: length) }
            offset = segment + length
        }
    }

    /// SOF0–SOF15, but DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }

    /// A frame header: precision, height, width, then 3 bytes for each of its components.
    private static func frame(_ reader: HeaderBytes, at segment: Int, length: Int) throws(PictureError) -> PictureHeader {
        guard length >= 8 else { throw reader.bad("a frame header of \(length) bytes") }
        let height = try reader.bigEndian16(segment + 3), width = try reader.bigEndian16(segment + 5)
        let components = Int(try reader.byte(segment + 7))
        guard components > 0, length == 8 + 3 * components else {
            throw reader.bad("a frame header of \(length) bytes for \(components) components")
        }
        // A height of 0 (set later by a DNL marker) is refused too: libjpeg-turbo cannot decode it.
        return try PictureHeader(reader, width: width, height: height)
    }
}
