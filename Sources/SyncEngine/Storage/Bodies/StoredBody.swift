/// A story's body as the archive stores it: its readable text (what the search index holds)
/// followed by its HTML, compressed together into one BLOB.
///
/// The text is stored once: the HTML after it repeats its words, and the compressor stores a
/// repeat as a back-reference, so the pair takes hardly more than the HTML alone. Snippets read
/// the text by decompressing, never by parsing HTML again, and the index is always fed the very
/// text it will be asked to remove later, whatever `ReadableText` becomes.
///
/// Format: one byte, the text's and the HTML's lengths in UTF-8 bytes as little-endian `UInt32`s,
/// then the text and the HTML compressed as one stream. The byte says how:
/// - `1`: a zlib stream (level 9); written when libzstd is missing.
/// - `2`: a zstd frame made with dictionary 1 (`BodyDictionary`). A later dictionary gets the
///   next number; every format stays readable.
///
/// A body stored as TEXT (an archive of schema 3 being migrated, or neither zlib nor zstd there
/// when it was written) is the HTML alone.
enum StoredBody {
    static let zlibFormat: UInt8 = 1
    static let headerSize = 9
    /// Larger than any body the client accepts (its body cap), so a corrupt length is refused.
    static let maximumLength = 64 << 20

    /// The value to store for a body and its readable text.
    static func pack(html: String, text: String) -> SQLValue {
        pack(html: html, text: text, dictionary: BodyDictionary.one)
    }

    /// `pack` with zstd and `dictionary`, or with zlib when it is nil.
    static func pack(html: String, text: String, dictionary: BodyDictionary?) -> SQLValue {
        var joined = Array(text.utf8)
        let textCount = joined.count
        joined.append(contentsOf: html.utf8)
        return pack(joined: joined, textCount: textCount, dictionary: dictionary).map { .blob($0) } ?? .text(html)
    }

    /// The stored bytes of text and HTML joined, or nil when neither compressor could pack them.
    static func pack(joined: [UInt8], textCount: Int, dictionary: BodyDictionary?) -> [UInt8]? {
        guard !joined.isEmpty, joined.count <= maximumLength else { return nil }
        if let dictionary, let packed = zstdPacked(joined, textCount: textCount, with: dictionary) { return packed }
        guard let zlib = Zlib.shared else { return nil }
        var bound = zlib.compressBound(CUnsignedLong(joined.count))
        var packed = [UInt8](repeating: 0, count: headerSize + Int(bound))
        let code = packed.withUnsafeMutableBufferPointer { buffer in
            joined.withUnsafeBufferPointer { source in
                zlib.compress2(buffer.baseAddress! + headerSize, &bound, source.baseAddress!, CUnsignedLong(source.count), 9)
            }
        }
        guard code == 0 else { return nil }
        packed.replaceSubrange(0..<headerSize, with: header(zlibFormat, textCount: textCount, total: joined.count))
        return exactly(packed, count: headerSize + Int(bound))
    }

    private static func zstdPacked(_ joined: [UInt8], textCount: Int, with dictionary: BodyDictionary) -> [UInt8]? {
        var packed = [UInt8](repeating: 0, count: headerSize + dictionary.bound(joined.count))
        let size = packed.withUnsafeMutableBufferPointer { destination in
            joined.withUnsafeBufferPointer { dictionary.compress($0, into: destination, offset: headerSize) }
        }
        guard let size else { return nil }
        packed.replaceSubrange(0..<headerSize, with: header(dictionary.format, textCount: textCount, total: joined.count))
        return exactly(packed, count: headerSize + size)
    }

    /// The first `count` bytes in an array of their own size. The compressor writes into room for
    /// the worst case (about the size of text and HTML together, four to five times what it
    /// writes), and removing the unused end would keep that room allocated while a synced detail
    /// waits for its batch, and waiting details are what a sync's peak memory is made of.
    private static func exactly(_ bytes: [UInt8], count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
            initialized = destination.initialize(fromContentsOf: bytes[..<count])
        }
    }

    private static func header(_ format: UInt8, textCount: Int, total: Int) -> [UInt8] {
        var bytes = [format]
        withUnsafeBytes(of: UInt32(textCount).littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt32(total - textCount).littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Deflates every body stored as text (an archive of schema 3) with the readable text the
    /// index was fed then, a few hundred at a time: ten years of bodies do not fit in memory.
    /// `packed` is called after each body.
    static func packAll(in database: Database, packed: () -> Void = {}) throws(DatabaseError) {
        var last = Int64.min
        while true {
            let rows = try database.query(
                "SELECT id, body, body_text FROM story_detail WHERE id > ? AND typeof(body) = 'text' ORDER BY id LIMIT 256",
                [.integer(last)]
            ) { ($0.int64(at: 0), $0.text(at: 1), $0.optionalText(at: 2)) }
            guard let final = rows.last else { return }
            for (id, html, text) in rows {
                let value = pack(html: html, text: text ?? TextFunctions.indexedText(ofHTML: html))
                try database.run("UPDATE story_detail SET body = ? WHERE id = ?", [value, .integer(id)])
                packed()
            }
            last = final.0
        }
    }

    /// The readable text of a stored BLOB, or nil when it is not one `pack` made (or the library
    /// that packed it is missing). Only the part asked for becomes a String: snippets need the text, a story the HTML.
    static func text(of packed: UnsafeRawBufferPointer) -> String? {
        inflate(packed).map { String(decoding: $0.joined[..<$0.textCount], as: UTF8.self) }
    }

    /// The HTML of a stored BLOB, or nil as for `text(of:)`.
    static func html(of packed: UnsafeRawBufferPointer) -> String? {
        inflate(packed).map { String(decoding: $0.joined[$0.textCount...], as: UTF8.self) }
    }

    /// The text and HTML bytes, one after the other, and where the HTML starts. The bytes come
    /// from disk: lengths above `maximumLength` and streams that do not decode to exactly the
    /// lengths in the header are refused.
    static func inflate(_ packed: UnsafeRawBufferPointer) -> (joined: [UInt8], textCount: Int)? {
        guard packed.count > headerSize else { return nil }
        func length(at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(packed[offset + $1]) << (8 * $1) }
        }
        let textCount = length(at: 1), htmlCount = length(at: 5)
        let total = textCount + htmlCount
        guard total > 0, total <= maximumLength else { return nil }
        let stream = UnsafeRawBufferPointer(rebasing: packed[headerSize...])
        var joined = [UInt8](repeating: 0, count: total)
        let decoded: Bool
        if packed[0] == zlibFormat {
            guard let zlib = Zlib.shared else { return nil }
            var produced = CUnsignedLong(total)
            let code = joined.withUnsafeMutableBufferPointer { buffer in
                zlib.uncompress(
                    buffer.baseAddress!, &produced, stream.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    CUnsignedLong(stream.count))
            }
            decoded = code == 0 && produced == CUnsignedLong(total)
        } else {
            guard let dictionary = BodyDictionary.reading(format: packed[0]) else { return nil }
            decoded = joined.withUnsafeMutableBufferPointer { dictionary.decompress(stream, into: $0) }
        }
        return decoded ? (joined, textCount) : nil
    }
}

/// The system's zlib, loaded with `dlopen` on first use: only reading or writing a story body
/// needs it, so an offline list never maps it. It is part of every Linux and Apple system.
///
/// `@unchecked Sendable`: the function pointers are immutable code addresses in a library that is
/// never unloaded, and zlib's one-shot functions keep no shared state.
struct Zlib: @unchecked Sendable {
    typealias Compress2 =
        @convention(c) (
            UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<CUnsignedLong>, UnsafePointer<UInt8>, CUnsignedLong, Int32
        ) -> Int32
    typealias Uncompress =
        @convention(c) (
            UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<CUnsignedLong>, UnsafePointer<UInt8>, CUnsignedLong
        ) -> Int32
    typealias CompressBound = @convention(c) (CUnsignedLong) -> CUnsignedLong

    let compress2: Compress2
    let uncompress: Uncompress
    let compressBound: CompressBound

    #if canImport(Darwin)
        static let libraryName = "libz.1.dylib"
    #else
        static let libraryName = "libz.so.1"
    #endif

    /// nil when zlib cannot be loaded; bodies are then stored as text.
    static let shared: Zlib? = {
        guard case .success(let library) = SharedLibrary.open(libraryName, package: "zlib1g"),
            let compress2 = library.function("compress2", as: Compress2.self),
            let uncompress = library.function("uncompress", as: Uncompress.self),
            let compressBound = library.function("compressBound", as: CompressBound.self)
        else { return nil }
        return Zlib(compress2: compress2, uncompress: uncompress, compressBound: compressBound)
    }()
}
