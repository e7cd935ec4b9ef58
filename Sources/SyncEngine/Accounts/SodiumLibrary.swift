#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libsodium, loaded with `dlopen` on first use rather than linked: only the accounts need it
/// (a password's hash, a login's token), and nothing else newsctl does should map it. Its C
/// signatures are declared here, so no headers are needed to build.
///
/// `@unchecked Sendable`: every stored property is immutable after `load`, the raw pointers are
/// code addresses in a library that is never unloaded, and libsodium's functions are safe to call
/// from any thread once `sodium_init` has run.
struct SodiumLibrary: @unchecked Sendable {
    /// The soname Debian's `libsodium23` (libsodium 1.0.x) installs.
    static let defaultName = "libsodium.so.23"

    /// The process's libsodium: loaded, resolved and `sodium_init`-ed once, on first use (a
    /// `static let` is initialised exactly once, thread-safely).
    static let shared: Result<SodiumLibrary, AccountError> = load(defaultName)

    /// `crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE` and `…_MEMLIMIT_INTERACTIVE` (64 MiB):
    /// libsodium's figures for a login a person waits for.
    static let opsLimit: UInt64 = 2
    static let memLimit = 67_108_864
    /// `crypto_pwhash_STRBYTES`: the buffer a hash string is written into, its NUL included.
    static let hashStringBytes = 128
    /// `crypto_hash_sha256_BYTES`.
    static let sha256Bytes = 32

    typealias InitFunction = @convention(c) () -> Int32
    /// `crypto_pwhash_argon2id_str(out, passwd, passwdlen, opslimit, memlimit)`.
    typealias HashFunction =
        @convention(c) (
            UnsafeMutablePointer<CChar>, UnsafePointer<CChar>, UInt64, UInt64, Int
        ) -> Int32
    /// `crypto_pwhash_str_verify(str, passwd, passwdlen)`: 0 when the password matches.
    typealias VerifyFunction = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UInt64) -> Int32
    /// `randombytes_buf(buf, size)`.
    typealias RandomFunction = @convention(c) (UnsafeMutableRawPointer, Int) -> Void
    /// `crypto_hash_sha256(out, in, inlen)`.
    typealias SHA256Function = @convention(c) (UnsafeMutablePointer<UInt8>, UnsafePointer<UInt8>, UInt64) -> Int32

    let hashPassword: HashFunction
    let verifyPassword: VerifyFunction
    let randomBytes: RandomFunction
    let sha256: SHA256Function

    /// Opens `name`, resolves every function the accounts call and runs `sodium_init`. A library
    /// that is missing, lacks a function or fails to initialise is an error, never a crash.
    static func load(_ name: String) -> Result<SodiumLibrary, AccountError> {
        func failure(_ reason: String) -> Result<SodiumLibrary, AccountError> {
            .failure(AccountError(code: .noCrypto, message: "libsodium could not be loaded (install libsodium23): \(reason)"))
        }
        // RTLD_LOCAL: its symbols stay out of the global namespace.
        guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return failure(dlerror().map { String(cString: $0) } ?? "\(name) not found")
        }
        var missing: [String] = []
        func symbol(_ symbolName: String) -> UnsafeMutableRawPointer? {
            let address = dlsym(library, symbolName)
            if address == nil { missing.append(symbolName) }
            return address
        }
        let addresses = (
            initialise: symbol("sodium_init"), hash: symbol("crypto_pwhash_argon2id_str"),
            verify: symbol("crypto_pwhash_str_verify"), random: symbol("randombytes_buf"),
            sha256: symbol("crypto_hash_sha256")
        )
        guard missing.isEmpty, let initialise = addresses.initialise, let hash = addresses.hash,
            let verify = addresses.verify, let random = addresses.random, let sha256 = addresses.sha256
        else {
            dlclose(library)
            return failure("\(name) lacks \(missing.joined(separator: ", "))")
        }
        // 0: initialised now; 1: already (another part of the process did); -1: failed.
        let initialised = unsafeBitCast(initialise, to: InitFunction.self)()
        guard initialised >= 0 else {
            dlclose(library)
            return failure("sodium_init failed")
        }
        return .success(
            SodiumLibrary(
                hashPassword: unsafeBitCast(hash, to: HashFunction.self),
                verifyPassword: unsafeBitCast(verify, to: VerifyFunction.self),
                randomBytes: unsafeBitCast(random, to: RandomFunction.self),
                sha256: unsafeBitCast(sha256, to: SHA256Function.self)))
    }
}
