import SyncEngine

/// libzip, loaded with `dlopen` on first use rather than linked: only an EPUB edition needs it, and
/// a machine without it still runs everything else. Its C signatures are declared here, so no
/// headers are needed to build.
///
/// `@unchecked Sendable`: every stored property is a code address in a library that is never
/// unloaded, set once in `load`; each archive libzip opens is used by one task only
/// (`ZipContainer`), and libzip shares nothing between archives that a caller must guard.
struct ZipLibrary: @unchecked Sendable {
    /// The soname Debian's `libzip4` (libzip 1.x) installs, and the package.
    static let defaultName = "libzip.so.4"
    static let package = "libzip4"

    /// The process's libzip, loaded once on first use (a `static let` is initialised exactly once).
    static let shared: Result<ZipLibrary, SharedLibraryError> = load(defaultName)

    /// `zip_open` flags and compression methods, from `zip.h`.
    static let create: Int32 = 1
    static let truncate: Int32 = 8
    static let stored: Int32 = 0
    static let deflated: Int32 = 8
    /// `ZIP_FL_ENC_UTF_8`: entry names are UTF-8.
    static let utf8Names: UInt32 = 2048
    /// `ZIP_OPSYS_UNIX`, and a regular file readable by all (`0100644`) in the upper half of the
    /// external attributes, as Unix zip writes them.
    static let unix: UInt8 = 3
    static let regularFile: UInt32 = 0o100644 << 16

    /// `zip_open(path, flags, errorp)`.
    typealias Open = @convention(c) (UnsafePointer<CChar>, Int32, UnsafeMutablePointer<Int32>) -> OpaquePointer?
    /// `zip_close(archive)`: writes the archive (to a temporary file renamed over `path`).
    typealias Close = @convention(c) (OpaquePointer) -> Int32
    /// `zip_discard(archive)`: closes without writing.
    typealias Discard = @convention(c) (OpaquePointer) -> Void
    /// `zip_source_file(archive, fname, start, len)`: `len` bytes of a file from `start`, read at close.
    typealias SourceFile = @convention(c) (OpaquePointer, UnsafePointer<CChar>, UInt64, Int64) -> OpaquePointer?
    /// `zip_source_free(source)`.
    typealias SourceFree = @convention(c) (OpaquePointer) -> Void
    /// `zip_file_add(archive, name, source, flags)`: the new entry's index, or -1.
    typealias FileAdd = @convention(c) (OpaquePointer, UnsafePointer<CChar>, OpaquePointer, UInt32) -> Int64
    /// `zip_set_file_compression(archive, index, method, level)`.
    typealias SetCompression = @convention(c) (OpaquePointer, UInt64, Int32, UInt32) -> Int32
    /// `zip_file_set_dostime(archive, index, time, date, flags)`.
    typealias SetDOSTime = @convention(c) (OpaquePointer, UInt64, UInt16, UInt16, UInt32) -> Int32
    /// `zip_file_set_external_attributes(archive, index, flags, opsys, attributes)`.
    typealias SetAttributes = @convention(c) (OpaquePointer, UInt64, UInt32, UInt8, UInt32) -> Int32
    /// `zip_strerror(archive)`: the archive's last error in words.
    typealias StringError = @convention(c) (OpaquePointer) -> UnsafePointer<CChar>?
    /// `zip_error_init_with_code(error, code)`, `zip_error_strerror(error)`, `zip_error_fini(error)`.
    typealias ErrorInit = @convention(c) (UnsafeMutableRawPointer, Int32) -> Void
    typealias ErrorString = @convention(c) (UnsafeMutableRawPointer) -> UnsafePointer<CChar>?
    typealias ErrorFini = @convention(c) (UnsafeMutableRawPointer) -> Void

    let open: Open
    let close: Close
    let discard: Discard
    let sourceFile: SourceFile
    let sourceFree: SourceFree
    let fileAdd: FileAdd
    let setCompression: SetCompression
    let setDOSTime: SetDOSTime
    let setAttributes: SetAttributes
    let stringError: StringError
    let errorInit: ErrorInit
    let errorString: ErrorString
    let errorFini: ErrorFini

    /// Opens `name` and resolves every function the container calls; a library that is missing or
    /// lacks one is an error, never a crash.
    static func load(_ name: String) -> Result<ZipLibrary, SharedLibraryError> {
        let library: SharedLibrary
        switch SharedLibrary.open(name, package: package) {
        case .success(let opened): library = opened
        case .failure(let error): return .failure(error)
        }
        var resolve = SymbolResolver(library)
        let functions = (
            open: resolve("zip_open", Open.self), close: resolve("zip_close", Close.self),
            discard: resolve("zip_discard", Discard.self), sourceFile: resolve("zip_source_file", SourceFile.self),
            sourceFree: resolve("zip_source_free", SourceFree.self), fileAdd: resolve("zip_file_add", FileAdd.self),
            setCompression: resolve("zip_set_file_compression", SetCompression.self),
            setDOSTime: resolve("zip_file_set_dostime", SetDOSTime.self),
            setAttributes: resolve("zip_file_set_external_attributes", SetAttributes.self),
            stringError: resolve("zip_strerror", StringError.self),
            errorInit: resolve("zip_error_init_with_code", ErrorInit.self),
            errorString: resolve("zip_error_strerror", ErrorString.self), errorFini: resolve("zip_error_fini", ErrorFini.self)
        )
        guard let open = functions.open, let close = functions.close, let discard = functions.discard,
            let sourceFile = functions.sourceFile, let sourceFree = functions.sourceFree, let fileAdd = functions.fileAdd,
            let setCompression = functions.setCompression, let setDOSTime = functions.setDOSTime,
            let setAttributes = functions.setAttributes,
            let stringError = functions.stringError, let errorInit = functions.errorInit,
            let errorString = functions.errorString, let errorFini = functions.errorFini
        else {
            library.close()
            return .failure(resolve.failure)
        }
        return .success(
            ZipLibrary(
                open: open, close: close, discard: discard, sourceFile: sourceFile, sourceFree: sourceFree, fileAdd: fileAdd,
                setCompression: setCompression, setDOSTime: setDOSTime, setAttributes: setAttributes, stringError: stringError,
                errorInit: errorInit,
                errorString: errorString, errorFini: errorFini))
    }

    /// The words for an error code `zip_open` gave.
    func describe(code: Int32) -> String {
        // A `zip_error_t` is two ints and a pointer; 64 bytes leave room for any version's.
        let error = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 16)
        defer { error.deallocate() }
        error.initializeMemory(as: UInt8.self, repeating: 0, count: 64)
        errorInit(error, code)
        defer { errorFini(error) }
        return errorString(error).map { String(cString: $0) } ?? "libzip error \(code)"
    }
}
