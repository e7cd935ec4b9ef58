import Glibc

/// A C library opened with `dlopen` on first use, the way SyncEngine loads libcurl: a machine
/// without it still runs every command, and only drawing a picture says what to install.
///
/// `@unchecked Sendable`: the handle is never closed and only read after `open`.
struct SharedLibrary: @unchecked Sendable {
    /// The soname opened, e.g. `libturbojpeg.so.0`.
    let soname: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `soname` (`RTLD_LOCAL`: its symbols clash with nothing else in the process).
    static func open(_ soname: String, package: String) -> Result<SharedLibrary, PictureDrawingError> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.missingLibrary(soname: soname, package: package))
        }
        return .success(SharedLibrary(soname: soname, handle: handle))
    }

    /// The address of `symbol` as the function type `T`, or nil when the library lacks it.
    func function<T>(_ symbol: String, as type: T.Type) -> T? {
        guard let address = dlsym(handle, symbol) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}

/// Resolves a library's functions one by one, remembering which are missing, so a loader says
/// all of them in one error rather than stopping at the first.
struct SymbolResolver {
    let library: SharedLibrary
    let package: String
    private(set) var missing: [String] = []

    init(_ library: SharedLibrary, package: String) {
        self.library = library
        self.package = package
    }

    /// `symbol` as `T`; a placeholder nil is recorded as missing.
    mutating func callAsFunction<T>(_ symbol: String, _ type: T.Type) -> T? {
        let function = library.function(symbol, as: type)
        if function == nil { missing.append(symbol) }
        return function
    }

    /// The error for the missing functions, if any.
    var failure: PictureDrawingError? {
        missing.isEmpty ? nil : .incompleteLibrary(soname: library.soname, package: package, missing: missing)
    }
}
