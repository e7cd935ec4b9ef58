/// A zstd dictionary story bodies are stored with (`StoredBody`), trained once on the real story
/// bodies in the captures by `scripts/train-body-dictionary` and shipped in the source as base64,
/// decoded on first use (no resource bundle, and a string literal compiles at once).
///
/// Each dictionary has a format number of its own, written as the first byte of every row it
/// packed, so that a later dictionary never makes the rows of an earlier one unreadable: add a new
/// dictionary beside the old ones, never change one that has shipped.
///
/// `@unchecked Sendable`: zstd's decompression dictionary is read-only once made and may be used by
/// many threads at once; the contexts, which may not, are lent to one caller at a time.
struct BodyDictionary: @unchecked Sendable {
    /// The format byte of the rows this dictionary packs.
    let format: UInt8
    /// The zstd level bodies are packed at: fewer bytes than zlib 9 for no more CPU, where level 3
    /// packs larger and levels 5 and up cost much more CPU for little (the details sync is bound
    /// by CPU). Figures in bench/RESULTS.md.
    static let level: Int32 = 4
    /// Log2 of the entries in the hash table of the dictionary's digest. For a 15 KiB dictionary
    /// level 4 picks 14, its table for inputs of up to 16 KB; 15, the most its 16 KiB window
    /// allows, finds the same matches with fewer false candidates, so packing takes less CPU for
    /// the same bytes (bench/RESULTS.md). Frames decode the same with either.
    static let hashLog: Int32 = 15

    private let decompression: OpaquePointer
    private let compressors: ZstdContexts
    private let decompressors: ZstdContexts
    private let zstd: Zstd

    /// Dictionary 1, trained on the captured bodies of 2016-2017; nil without libzstd.
    static let one: BodyDictionary? = Zstd.shared.flatMap { BodyDictionary(format: 2, base64: first, zstd: $0) }

    /// The dictionary whose rows start with `format`, or nil (no such dictionary, or no libzstd).
    static func reading(format: UInt8) -> BodyDictionary? {
        format == 2 ? one : nil
    }

    /// Made once per process (`one`): a dictionary never frees its zstd objects.
    /// `hashLog` nil packs with the tables level 4 alone picks (as rows were packed before
    /// `hashLog`; tests compare with it).
    init?(format: UInt8, base64: String, zstd: Zstd, hashLog: Int32? = Self.hashLog) {
        guard let bytes = Base64.decode(base64),
            let decompression = bytes.withUnsafeBytes({ zstd.createDecompressionDictionary($0.baseAddress!, $0.count) })
        else { return nil }
        self.format = format
        self.decompression = decompression
        self.zstd = zstd
        // Each context digests the dictionary itself, with its parameters: a shared digest made at
        // a level keeps that level's tables, and zstd's API that sets them takes C structures.
        compressors = ZstdContexts { zstd.compressionContext(dictionary: bytes, level: Self.level, hashLog: hashLog) }
        decompressors = ZstdContexts { zstd.createDecompressionContext() }
    }

    /// The value of zstd parameter `parameter` (`Zstd.Parameter`) in the contexts that pack, or
    /// nil when zstd could not make one or does not know the parameter.
    func compressionParameter(_ parameter: Int32) -> Int32? {
        compressors.with { context -> Int32? in
            var value: Int32 = 0
            guard let getParameter = zstd.getParameter else { return nil }
            return zstd.isError(getParameter(context, parameter, &value)) == 0 ? value : nil
        } ?? nil
    }

    /// `source` compressed into `destination` after its first `offset` bytes (which must leave
    /// room for `bound(source.count)`); the frame's size, or nil when zstd failed.
    func compress(_ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>, offset: Int)
        -> Int?
    {
        let written = compressors.with { context in
            zstd.compress(
                context, destination.baseAddress! + offset, destination.count - offset, source.baseAddress!, source.count)
        }
        guard let written, zstd.isError(written) == 0 else { return nil }
        return written
    }

    /// The most bytes compressing `count` bytes can give.
    func bound(_ count: Int) -> Int { zstd.compressBound(count) }

    /// Whether `frame` decoded fills `destination` exactly: a frame that is not zstd, was packed
    /// with another dictionary, is cut short or decodes to more or fewer bytes is refused.
    func decompress(_ frame: UnsafeRawBufferPointer, into destination: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        guard let source = frame.baseAddress, !frame.isEmpty, let target = destination.baseAddress else { return false }
        let produced = decompressors.with { context in
            zstd.decompressUsingDictionary(context, target, destination.count, source, frame.count, decompression)
        }
        guard let produced, zstd.isError(produced) == 0 else { return false }
        return produced == destination.count
    }
}

/// RFC 4648 base64 without padding checks beyond what decoding needs; line breaks are skipped.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="), UInt8(ascii: "\n"), UInt8(ascii: " "): continue
            default: return nil
            }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return bytes
    }
}
