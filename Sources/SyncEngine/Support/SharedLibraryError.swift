/// Why a `SharedLibrary` cannot be used. Each loader turns it into its own error and wording.
package enum SharedLibraryError: Error, Equatable {
    /// `soname` could not be opened (`reason`: what `dlopen` said): `package` installs it.
    case missing(soname: String, package: String, reason: String)
    /// `soname` opened but lacks the functions `missing` (too old a version, or another library).
    case incomplete(soname: String, package: String, missing: [String])

    /// What went wrong in a few words: `dlopen`'s message, or `<soname> lacks <functions>`.
    package var reason: String {
        switch self {
        case .missing(_, _, let reason): reason
        case .incomplete(let soname, _, let missing): "\(soname) lacks \(missing.joined(separator: ", "))"
        }
    }
}
