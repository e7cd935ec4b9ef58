/// Where logins' passwords are checked: a thread of its own, one check at a time. Argon2id holds
/// a core and 64 MiB for a while; on the engine's thread it would hold up the archive's readers
/// and syncs, and on Swift's cooperative pool (one thread per core) every task of a server.
/// One at a time also bounds the memory many logins at once can take.
actor PasswordChecker {
    /// The process's checker.
    static let shared = PasswordChecker()

    private let executor = ThreadExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        // A checker without a thread of its own runs on the main actor's, never the shared pool.
        executor?.asUnownedSerialExecutor() ?? MainActor.sharedUnownedExecutor
    }

    /// Whether `password` is the one `hash` (libsodium's Argon2id string) was made from.
    func verify(_ password: String, hash: String) throws(AccountError) -> Bool {
        try PasswordHash.verify(password, hash: hash)
    }
}
