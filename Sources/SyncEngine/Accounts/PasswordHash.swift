/// Passwords and tokens through libsodium (`SodiumLibrary`): a password is kept only as its
/// salted Argon2id hash string (`$argon2id$v=19$m=65536,t=2,p=1$…`, the salt inside), a token
/// only as its SHA-256.
enum PasswordHash {
    /// A hash of no one's password, checked against when a login names no account, so that it
    /// takes as long as a wrong password; nil without libsodium.
    static let decoy: String? = try? make("")

    /// The Argon2id hash string of `password`, with a fresh random salt each time.
    static func make(_ password: String) throws(AccountError) -> String {
        let sodium = try SodiumLibrary.shared.get()
        var out = [CChar](repeating: 0, count: SodiumLibrary.hashStringBytes)
        let bytes = Array(password.utf8CString)
        let status = bytes.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                sodium.hashPassword(
                    output.baseAddress!, input.baseAddress!, UInt64(input.count - 1), SodiumLibrary.opsLimit, SodiumLibrary.memLimit)
            }
        }
        // Fails only when the memory it needs cannot be had.
        guard status == 0 else { throw AccountError(code: .noCrypto, message: "could not hash the password (out of memory)") }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` is the one `hash` (a string `make` gave) was made from.
    static func verify(_ password: String, hash: String) throws(AccountError) -> Bool {
        let sodium = try SodiumLibrary.shared.get()
        let bytes = Array(password.utf8CString)
        let stored = Array(hash.utf8CString)
        return bytes.withUnsafeBufferPointer { input in
            stored.withUnsafeBufferPointer { stored in
                sodium.verifyPassword(stored.baseAddress!, input.baseAddress!, UInt64(input.count - 1)) == 0
            }
        }
    }

    /// `count` bytes from the system's generator (libsodium's `randombytes_buf`).
    static func randomBytes(_ count: Int) throws(AccountError) -> [UInt8] {
        let sodium = try SodiumLibrary.shared.get()
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            // No bytes asked for, none written: an empty array may have no address.
            if let address = buffer.baseAddress { sodium.randomBytes(address, count) }
        }
        return bytes
    }

    /// The SHA-256 of `bytes`.
    static func sha256(_ bytes: [UInt8]) throws(AccountError) -> [UInt8] {
        let sodium = try SodiumLibrary.shared.get()
        var digest = [UInt8](repeating: 0, count: SodiumLibrary.sha256Bytes)
        let status = bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                // A pointer even for no bytes: an empty array may have none.
                withUnsafePointer(to: UInt8(0)) { empty in
                    sodium.sha256(output.baseAddress!, input.baseAddress ?? empty, UInt64(input.count))
                }
            }
        }
        guard status == 0 else { throw AccountError(code: .noCrypto, message: "crypto_hash_sha256 failed") }
        return digest
    }
}
