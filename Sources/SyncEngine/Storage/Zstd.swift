#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's libzstd (Debian's libzstd1), loaded with `dlopen` on first use like `Zlib`: only
/// reading or writing a story body needs it, so an offline list never maps it. The few functions
/// used are declared here by hand, so building needs no zstd header.
///
/// `@unchecked Sendable`: the function pointers are immutable code addresses in a library that is
/// never unloaded; the contexts zstd needs are never shared between threads (`ZstdContexts`
/// lends each to one caller at a time), and dictionaries are read-only once made.
struct Zstd: @unchecked Sendable {
    typealias CreateContext = @convention(c) () -> OpaquePointer?
    typealias CreateCompressionDictionary = @convention(c) (UnsafeRawPointer, Int, Int32) -> OpaquePointer?
    typealias CreateDecompressionDictionary = @convention(c) (UnsafeRawPointer, Int) -> OpaquePointer?
    /// `ZSTD_compress_usingCDict` and `ZSTD_decompress_usingDDict`: context, destination and its
    /// capacity, source and its size, dictionary; the bytes written, or an error code.
    typealias Code =
        @convention(c) (OpaquePointer, UnsafeMutableRawPointer, Int, UnsafeRawPointer, Int, OpaquePointer) -> Int
    typealias CompressBound = @convention(c) (Int) -> Int
    typealias IsError = @convention(c) (Int) -> UInt32

    let createCompressionContext: CreateContext
    let createDecompressionContext: CreateContext
    let createCompressionDictionary: CreateCompressionDictionary
    let createDecompressionDictionary: CreateDecompressionDictionary
    let compressUsingDictionary: Code
    let decompressUsingDictionary: Code
    let compressBound: CompressBound
    let isError: IsError

    #if canImport(Darwin)
        static let libraryName = "libzstd.1.dylib"
    #else
        static let libraryName = "libzstd.so.1"
    #endif

    /// nil when libzstd cannot be loaded; bodies are then stored with zlib (format 1).
    static let shared: Zstd? = {
        guard let library = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: type) }
        }
        guard let createCCtx = symbol("ZSTD_createCCtx", as: CreateContext.self),
            let createDCtx = symbol("ZSTD_createDCtx", as: CreateContext.self),
            let createCDict = symbol("ZSTD_createCDict", as: CreateCompressionDictionary.self),
            let createDDict = symbol("ZSTD_createDDict", as: CreateDecompressionDictionary.self),
            let compress = symbol("ZSTD_compress_usingCDict", as: Code.self),
            let decompress = symbol("ZSTD_decompress_usingDDict", as: Code.self),
            let bound = symbol("ZSTD_compressBound", as: CompressBound.self),
            let isError = symbol("ZSTD_isError", as: IsError.self)
        else { return nil }
        return Zstd(
            createCompressionContext: createCCtx, createDecompressionContext: createDCtx,
            createCompressionDictionary: createCDict, createDecompressionDictionary: createDDict,
            compressUsingDictionary: compress, decompressUsingDictionary: decompress, compressBound: bound,
            isError: isError)
    }()
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
