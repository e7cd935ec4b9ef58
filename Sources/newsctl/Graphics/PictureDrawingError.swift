import SyncEngine

/// Why a picture's bytes could not become pixels or escape text. Each says in one line what
/// happened and, for a missing library, which Debian package to install.
enum PictureDrawingError: Error, Equatable, CustomStringConvertible {
    /// The library `soname` could not be opened: `package` provides it.
    case missingLibrary(soname: String, package: String)
    /// The library opened but lacks functions newsctl calls (too old a version).
    case incompleteLibrary(soname: String, package: String, missing: [String])
    /// `PictureCheck` refused the bytes (not a picture, truncated, over a cap): nothing decoded them.
    case refused(PictureError)
    /// The decoder found the picture broken past its header.
    case undecodable(PictureFormat, String)
    /// chafa could not draw (no canvas for this size).
    case renderFailed(String)

    /// The Debian package that would mend this, when installing one would.
    var installHint: String? {
        switch self {
        case .missingLibrary(_, let package), .incompleteLibrary(_, let package, _): return package
        default: return nil
        }
    }

    /// The library that could not be used, when one could not.
    var library: String? {
        switch self {
        case .missingLibrary(let soname, _), .incompleteLibrary(let soname, _, _): return soname
        default: return nil
        }
    }

    /// One line, e.g. `libturbojpeg.so.0 is not installed: apt-get install libturbojpeg0`.
    var description: String {
        switch self {
        case .missingLibrary(let soname, let package):
            return "\(soname) is not installed: apt-get install \(package)"
        case .incompleteLibrary(let soname, let package, let missing):
            return "\(soname) lacks \(missing.joined(separator: ", ")): apt-get install a newer \(package)"
        case .refused(let error):
            return "not drawn: \(error)"
        case .undecodable(let format, let reason):
            return "a broken \(format): \(reason)"
        case .renderFailed(let reason):
            return "chafa could not draw: \(reason)"
        }
    }
}

extension PictureDrawingError {
    /// The picture's form of a library that cannot be used (`dlopen`'s own message is left out:
    /// the line says what to install).
    init(_ error: SharedLibraryError) {
        switch error {
        case .missing(let soname, let package, _): self = .missingLibrary(soname: soname, package: package)
        case .incomplete(let soname, let package, let missing):
            self = .incompleteLibrary(soname: soname, package: package, missing: missing)
        }
    }
}
