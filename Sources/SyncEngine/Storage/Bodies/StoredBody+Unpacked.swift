#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension StoredBody {
    /// A stored BLOB's text and HTML bytes, decoded into memory from `malloc` that the caller
    /// owns and frees with `free`, and where the HTML starts; nil as for `inflate`, whose checks
    /// it makes. For `story_text`, which hands the text to SQLite as it is: no zero-filled array,
    /// no `String` made (with its UTF-8 check) and copied again.
    static func unpacked(_ packed: UnsafeRawBufferPointer) -> (bytes: UnsafeMutablePointer<UInt8>, textCount: Int)? {
        guard packed.count > headerSize else { return nil }
        func length(at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(packed[offset + $1]) << (8 * $1) }
        }
        let textCount = length(at: 1), htmlCount = length(at: 5)
        let total = textCount + htmlCount
        guard total > 0, total <= maximumLength, let memory = malloc(total) else { return nil }
        let bytes = memory.bindMemory(to: UInt8.self, capacity: total)
        let stream = UnsafeRawBufferPointer(rebasing: packed[headerSize...])
        let decoded: Bool
        if packed[0] == zlibFormat {
            if let zlib = Zlib.shared, let source = stream.baseAddress {
                var produced = CUnsignedLong(total)
                let code = zlib.uncompress(
                    bytes, &produced, source.assumingMemoryBound(to: UInt8.self), CUnsignedLong(stream.count))
                decoded = code == 0 && produced == CUnsignedLong(total)
            } else {
                decoded = false
            }
        } else if let dictionary = BodyDictionary.reading(format: packed[0]) {
            decoded = dictionary.decompress(stream, into: UnsafeMutableBufferPointer(start: bytes, count: total))
        } else {
            decoded = false
        }
        guard decoded else {
            free(memory)
            return nil
        }
        return (bytes, textCount)
    }
}
