/// The system's libzstd (Debian's libzstd1), loaded with `dlopen` on first use like `Zlib`: only
/// reading or writing a story body needs it, so an offline list never maps it. The few functions
/// used are declared here by hand, so building needs no zstd header.
///
/// `@unchecked Sendable`: the function pointers are immutable code addresses in a library that is
/// never unloaded; the contexts zstd needs are never shared between threads (`ZstdContexts`
/// lends each to one caller at a time), and dictionaries are read-only once made.
struct Zstd: @unchecked Sendable {
    typealias CreateContext = @convention(c) () -> OpaquePointer?
    typealias FreeContext = @convention(c) (OpaquePointer) -> Int
    typealias CreateDecompressionDictionary = @convention(c) (UnsafeRawPointer, Int) -> OpaquePointer?
    /// `ZSTD_decompress_usingDDict`: context, destination and its capacity, source and its size,
    /// dictionary; the bytes written, or an error code.
    typealias Decode =
        @convention(c) (OpaquePointer, UnsafeMutableRawPointer, Int, UnsafeRawPointer, Int, OpaquePointer) -> Int
    /// `ZSTD_compress2`: a compression context with its parameters and dictionary, destination and
    /// its capacity, source and its size; the bytes written, or an error code.
    typealias Encode = @convention(c) (OpaquePointer, UnsafeMutableRawPointer, Int, UnsafeRawPointer, Int) -> Int
    /// `ZSTD_CCtx_setParameter`: context, parameter, value; 0 or an error code.
    typealias SetParameter = @convention(c) (OpaquePointer, Int32, Int32) -> Int
    /// `ZSTD_CCtx_getParameter`: context, parameter, where to write its value; 0 or an error code.
    typealias GetParameter = @convention(c) (OpaquePointer, Int32, UnsafeMutablePointer<Int32>) -> Int
    /// `ZSTD_CCtx_loadDictionary`: context, dictionary and its size (copied); 0 or an error code.
    typealias LoadDictionary = @convention(c) (OpaquePointer, UnsafeRawPointer, Int) -> Int
    typealias CompressBound = @convention(c) (Int) -> Int
    typealias IsError = @convention(c) (Int) -> UInt32

    /// zstd's numbers for the compression parameters set (`ZSTD_cParameter`, stable API).
    enum Parameter {
        static let compressionLevel: Int32 = 100
        static let hashLog: Int32 = 102
    }

    let createCompressionContext: CreateContext
    let freeCompressionContext: FreeContext
    let createDecompressionContext: CreateContext
    let createDecompressionDictionary: CreateDecompressionDictionary
    let setParameter: SetParameter
    /// Read by tests only, and in zstd's experimental section: nil when the library lacks it,
    /// which must not stop bodies from being read.
    let getParameter: GetParameter?
    let loadDictionary: LoadDictionary
    let compress: Encode
    let decompressUsingDictionary: Decode
    let compressBound: CompressBound
    let isError: IsError

    #if canImport(Darwin)
        static let libraryName = "libzstd.1.dylib"
    #else
        static let libraryName = "libzstd.so.1"
    #endif

    /// nil when libzstd cannot be loaded; bodies are then stored with zlib (format 1).
    static let shared: Zstd? = {
        guard case .success(let library) = SharedLibrary.open(libraryName, package: "libzstd1") else { return nil }
        guard let createCCtx = library.function("ZSTD_createCCtx", as: CreateContext.self),
            let freeCCtx = library.function("ZSTD_freeCCtx", as: FreeContext.self),
            let createDCtx = library.function("ZSTD_createDCtx", as: CreateContext.self),
            let createDDict = library.function("ZSTD_createDDict", as: CreateDecompressionDictionary.self),
            let setParameter = library.function("ZSTD_CCtx_setParameter", as: SetParameter.self),
            let loadDictionary = library.function("ZSTD_CCtx_loadDictionary", as: LoadDictionary.self),
            let compress = library.function("ZSTD_compress2", as: Encode.self),
            let decompress = library.function("ZSTD_decompress_usingDDict", as: Decode.self),
            let bound = library.function("ZSTD_compressBound", as: CompressBound.self),
            let isError = library.function("ZSTD_isError", as: IsError.self)
        else { return nil }
        return Zstd(
            createCompressionContext: createCCtx, freeCompressionContext: freeCCtx,
            createDecompressionContext: createDCtx, createDecompressionDictionary: createDDict,
            setParameter: setParameter, getParameter: library.function("ZSTD_CCtx_getParameter", as: GetParameter.self),
            loadDictionary: loadDictionary,
            compress: compress, decompressUsingDictionary: decompress, compressBound: bound, isError: isError)
    }()

    /// A compression context that packs with `dictionary` at `level`, its hash tables of
    /// 2^`hashLog` entries (nil: what the level picks); nil when zstd refused any of it. zstd
    /// makes the context's own digested dictionary on its first frame and keeps it for the next.
    func compressionContext(dictionary: [UInt8], level: Int32, hashLog: Int32?) -> OpaquePointer? {
        guard let context = createCompressionContext() else { return nil }
        var settings = [(Parameter.compressionLevel, level)]
        if let hashLog { settings.append((Parameter.hashLog, hashLog)) }
        let made =
            settings.allSatisfy { isError(setParameter(context, $0.0, $0.1)) == 0 }
            && dictionary.withUnsafeBytes { isError(loadDictionary(context, $0.baseAddress!, $0.count)) == 0 }
        guard made else {
            _ = freeCompressionContext(context)
            return nil
        }
        return context
    }
}

/// zstd's compression or decompression contexts, lent to one caller at a time and kept for the
/// next: making one allocates and clears hundreds of KB, more than a body's whole work. There are
/// never more than the threads that packed or read a body at once.
final class ZstdContexts: Sendable {
    /// A context's address, handed between threads only through the lock.
    private struct Context: @unchecked Sendable { let pointer: OpaquePointer }
    private let idle = Locked<[Context]>([])
    private let create: @Sendable () -> OpaquePointer?

    init(create: @escaping @Sendable () -> OpaquePointer?) { self.create = create }

    /// `body`'s result with a context of its own, or nil when zstd could not make one.
    func with<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
        guard let context = idle.withLock({ $0.popLast() })?.pointer ?? create() else { return nil }
        defer { idle.withLock { $0.append(Context(pointer: context)) } }
        return body(context)
    }
}
