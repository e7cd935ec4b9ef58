#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A story's body HTML as the archive stores it: deflated with zlib, the one stored copy of the
/// text (the search index and snippets derive the readable text from it, see `TextFunctions`).
///
/// The HTML is mostly Chinese text and compresses to about half; the readable text it used to be
/// stored beside, and the index's own copy, are gone. Format: one byte `1`, the HTML's length in
/// UTF-8 bytes as a little-endian `UInt32`, then the zlib stream. A body stored as TEXT (zlib
/// missing when it was written) is read as it is.
enum StoredBody {
    private static let format: UInt8 = 1
    private static let headerSize = 5
    /// Larger than any body the client accepts (its body cap), so a corrupt length is refused.
    private static let maximumLength = 64 << 20

    /// The value to store for `html`.
    static func pack(_ html: String) -> SQLValue {
        guard let zlib = Zlib.shared else { return .text(html) }
        var html = html
        return html.withUTF8 { source -> SQLValue in
            guard !source.isEmpty, source.count <= maximumLength else { return .text(String(decoding: source, as: UTF8.self)) }
            var bound = zlib.compressBound(CUnsignedLong(source.count))
            var packed = [UInt8](repeating: 0, count: headerSize + Int(bound))
            let code = packed.withUnsafeMutableBufferPointer { buffer in
                zlib.compress2(buffer.baseAddress! + headerSize, &bound, source.baseAddress!, CUnsignedLong(source.count), 9)
            }
            guard code == 0 else { return .text(String(decoding: source, as: UTF8.self)) }
            packed[0] = format
            withUnsafeBytes(of: UInt32(source.count).littleEndian) { packed.replaceSubrange(1..<headerSize, with: $0) }
            packed.removeLast(packed.count - headerSize - Int(bound))
            return .blob(packed)
        }
    }

    /// Deflates every body still stored as text (an archive from before step 4 of `Migrations`),
    /// a few hundred at a time: the bodies of ten years do not fit in memory at once.
    static func packAll(in database: Database) throws(DatabaseError) {
        var last = Int64.min
        while true {
            let rows = try database.query(
                "SELECT id, body FROM story_detail WHERE id > ? AND typeof(body) = 'text' ORDER BY id LIMIT 256", [.integer(last)]
            ) { ($0.int64(at: 0), $0.text(at: 1)) }
            guard let final = rows.last else { return }
            for (id, html) in rows {
                try database.run("UPDATE story_detail SET body = ? WHERE id = ?", [pack(html), .integer(id)])
            }
            last = final.0
        }
    }

    /// The HTML of a stored BLOB, or nil when it is not one `pack` made (or zlib is missing).
    static func unpack(_ packed: UnsafeRawBufferPointer) -> String? {
        guard packed.count > headerSize, packed[0] == format, let zlib = Zlib.shared else { return nil }
        let length = Int(packed[1]) | Int(packed[2]) << 8 | Int(packed[3]) << 16 | Int(packed[4]) << 24
        guard length <= maximumLength else { return nil }
        if length == 0 { return "" }
        let source = packed.baseAddress!.assumingMemoryBound(to: UInt8.self) + headerSize
        return String(unsafeUninitializedCapacity: length) { buffer in
            var produced = CUnsignedLong(length)
            let code = zlib.uncompress(buffer.baseAddress!, &produced, source, CUnsignedLong(packed.count - headerSize))
            return code == 0 && produced == CUnsignedLong(length) ? length : 0
        }.nilIfEmpty
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
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
        guard let library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL),
            let compress2 = dlsym(library, "compress2"), let uncompress = dlsym(library, "uncompress"),
            let compressBound = dlsym(library, "compressBound")
        else { return nil }
        return Zlib(
            compress2: unsafeBitCast(compress2, to: Compress2.self), uncompress: unsafeBitCast(uncompress, to: Uncompress.self),
            compressBound: unsafeBitCast(compressBound, to: CompressBound.self))
    }()
}
