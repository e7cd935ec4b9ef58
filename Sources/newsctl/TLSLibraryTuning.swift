#if canImport(Glibc)
    import Glibc
#endif

/// Keeps GnuTLS from setting itself up when a sync loads libcurl.
///
/// Debian's libcurl (the OpenSSL build) links librtmp and libldap, which link GnuTLS, and loading
/// GnuTLS runs its global set-up (its configuration, random generator, algorithm tables) although
/// newsctl never uses it: curl speaks only HTTP and HTTPS here, with OpenSSL. With
/// `GNUTLS_NO_IMPLICIT_INIT=1` that set-up is skipped; librtmp and libldap call
/// `gnutls_global_init` themselves before using GnuTLS. Skipping it keeps most of GnuTLS's code
/// out of memory and lowers a sync's peak a little (bench/RESULTS.md).
/// Only for `sync`, which starts no other program (a child would inherit the variable), and
/// only when the user has not set it.
enum TLSLibraryTuning {
    static let variable = "GNUTLS_NO_IMPLICIT_INIT"

    /// Call before libcurl is loaded, while no other thread runs (`setenv` is not thread-safe).
    static func forSync() {
        #if os(Linux)
            setenv(variable, "1", 0)
        #endif
    }
}
