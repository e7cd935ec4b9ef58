#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A C library opened with `dlopen` on first use rather than linked: a machine without it still
/// runs everything that does not need it, and only what needs it says what to install. libsodium,
/// libcurl, zlib, libzstd and newsctl's picture decoders are loaded through it.
///
/// A loader keeps what it resolves in a `static let`, so each library is opened once per process.
///
/// `@unchecked Sendable`: the handle is only read after `open`, and only `close` (by a loader
/// that gives up on the library before any of its functions is used) ever closes it.
package struct SharedLibrary: @unchecked Sendable {
    /// The soname opened, e.g. `libturbojpeg.so.0`.
    package let soname: String
    /// The Debian package that installs `soname`, e.g. `libturbojpeg0`.
    package let package: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `soname`, which `package` installs (`RTLD_NOW`: every symbol bound now;
    /// `RTLD_LOCAL`: its symbols stay out of the global namespace and clash with nothing else the
    /// process loads).
    package static func open(_ soname: String, package: String) -> Result<SharedLibrary, SharedLibraryError> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "\(soname) not found"
            return .failure(.missing(soname: soname, package: package, reason: reason))
        }
        return .success(SharedLibrary(soname: soname, package: package, handle: handle))
    }

    /// The address of `symbol` as the function type `T`, or nil when the library lacks it.
    package func function<T>(_ symbol: String, as type: T.Type) -> T? {
        guard let address = dlsym(handle, symbol) else { return nil }
        return unsafeBitCast(address, to: type)
    }

    /// Closes the library: only for a loader that gives up on it, before anything it resolved
    /// is kept or called.
    package func close() {
        dlclose(handle)
    }
}

/// Resolves a library's functions one by one, remembering which are missing, so a loader says
/// all of them in one error rather than stopping at the first.
package struct SymbolResolver {
    package let library: SharedLibrary
    package private(set) var missing: [String] = []

    package init(_ library: SharedLibrary) {
        self.library = library
    }

    /// `symbol` as `T`; a nil is recorded as missing.
    package mutating func callAsFunction<T>(_ symbol: String, _ type: T.Type) -> T? {
        let function = library.function(symbol, as: type)
        if function == nil { missing.append(symbol) }
        return function
    }

    /// The error naming the missing functions, for a loader one of whose functions came back nil.
    package var failure: SharedLibraryError {
        .incomplete(soname: library.soname, package: library.package, missing: missing)
    }
}
