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
        let library: SharedLibrary
        switch SharedLibrary.open(name, package: "libsodium23") {
        case .success(let opened): library = opened
        case .failure(let error): return failure(error.reason)
        }
        var resolve = SymbolResolver(library)
        let functions = (
            initialise: resolve("sodium_init", InitFunction.self),
            hash: resolve("crypto_pwhash_argon2id_str", HashFunction.self),
            verify: resolve("crypto_pwhash_str_verify", VerifyFunction.self),
            random: resolve("randombytes_buf", RandomFunction.self),
            sha256: resolve("crypto_hash_sha256", SHA256Function.self)
        )
        guard let initialise = functions.initialise, let hash = functions.hash, let verify = functions.verify,
            let random = functions.random, let sha256 = functions.sha256
        else {
            library.close()
            return failure(resolve.failure.reason)
        }
        // 0: initialised now; 1: already (another part of the process did); -1: failed.
        guard initialise() >= 0 else {
            library.close()
            return failure("sodium_init failed")
        }
        return .success(SodiumLibrary(hashPassword: hash, verifyPassword: verify, randomBytes: random, sha256: sha256))
    }
}
