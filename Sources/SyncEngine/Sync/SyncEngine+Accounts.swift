// The accounts the server's reader API logs in with, kept in the archive's user data
// (`AccountStore`): a password only as libsodium's Argon2id hash string, a login's token only as
// its SHA-256. Passwords are never stored, logged or put in an error's message.

extension SyncEngine {
    /// How many random bytes a login's token carries (it is given as twice as many hex digits).
    public static let tokenByteCount = 32

    /// Adds an account whose password is `password`, kept only as its salted Argon2id hash.
    ///
    /// - Throws: `.badName` when `name` breaks `AccountName`'s rules, `.exists` when there is an
    ///   account of that name, `.noCrypto` without libsodium, `.storage` when the archive fails.
    public func addAccount(name: String, password: String) throws(AccountError) {
        guard AccountName.isValid(name) else {
            throw AccountError(
                code: .badName,
                message: "an account's name is 1 to \(AccountName.maximumLength) characters, without spaces, control characters, ':' or '/'"
            )
        }
        try requireWritableAccounts("add an account")
        guard try storedName(name) == nil else { throw AccountError(code: .exists, message: "there is an account named \(name) already") }
        let hash = try PasswordHash.make(password)
        let added: Bool
        do { added = try archive.accounts.add(name: name, passwordHash: hash, at: clock.now().timeIntervalSince1970) } catch {
            throw AccountError.wrapping(error)
        }
        guard added else { throw AccountError(code: .exists, message: "there is an account named \(name) already") }
    }

    /// Every account by name, with when it was added and how many logins it has.
    public func accounts() throws(AccountError) -> [AccountSummary] {
        do { return try archive.accounts.summaries() } catch { throw AccountError.wrapping(error) }
    }

    /// Removes an account; every login's token it had ends with it.
    ///
    /// - Throws: `.notFound` when there is no account named `name`; `.storage` when the archive fails.
    public func removeAccount(name: String) throws(AccountError) {
        try requireWritableAccounts("remove an account")
        let stored = try storedName(name) ?? name
        let removed: Bool
        do { removed = try archive.accounts.remove(name: stored) } catch { throw AccountError.wrapping(error) }
        guard removed else { throw AccountError(code: .notFound, message: "there is no account named \(name)") }
    }

    /// Checks `password` against the account's; when it matches, starts a login and returns its
    /// token (random, `tokenByteCount` bytes as lowercase hex), of which only the SHA-256 is
    /// kept. Nil when there is no such account or the password is wrong (which one is not said),
    /// or when the account's password changed while this one was checked.
    /// The slow check runs on `PasswordChecker`'s thread, neither the engine's (a login does not
    /// hold up the archive's readers and syncs) nor one of Swift's shared pool.
    public nonisolated func logIn(name: String, password: String) async throws(AccountError) -> String? {
        let (name, stored) = try await storedPasswordHash(name)
        // As slow as a wrong password without an account, so the time does not say which names exist.
        guard let checked = stored ?? PasswordHash.decoy else { return nil }
        let matches = try await PasswordChecker.shared.verify(password, hash: checked)
        guard matches, let stored else { return nil }
        let token = try PasswordHash.randomBytes(Self.tokenByteCount)
        guard try await keepToken(try PasswordHash.sha256(token), name: name, passwordHash: stored) else { return nil }
        return Hex.encode(token)
    }

    /// The name an account is kept under and its password's hash (nil: no such account).
    private func storedPasswordHash(_ name: String) throws(AccountError) -> (name: String, hash: String?) {
        // Before any password is checked: a read-only archive refuses every login alike, so its
        // answer does not tell a right password from a wrong one.
        try requireWritableAccounts("log in")
        let name = try storedName(name) ?? name
        do { return (name, try archive.accounts.passwordHash(name: name)) } catch { throw AccountError.wrapping(error) }
    }

    /// Keeps a login's token for `name` while its password's hash is still `passwordHash`
    /// (false when the account was removed, or removed and added again, meanwhile).
    private func keepToken(_ tokenHash: [UInt8], name: String, passwordHash: String) throws(AccountError) -> Bool {
        do {
            return try archive.accounts.addToken(
                hash: tokenHash, name: name, passwordHash: passwordHash, at: clock.now().timeIntervalSince1970)
        } catch {
            throw AccountError.wrapping(error)
        }
    }

    /// The account a login's token (as `logIn` gave it) belongs to; nil when it belongs to none,
    /// whether it never did, its account was removed, or it is not a token at all.
    public func account(forToken token: String) throws(AccountError) -> String? {
        guard let bytes = Hex.decode(token), bytes.count == Self.tokenByteCount else { return nil }
        let tokenHash = try PasswordHash.sha256(bytes)
        do { return try archive.accounts.account(tokenHash: tokenHash) } catch { throw AccountError.wrapping(error) }
    }

    /// The name an account is kept under that is `name` as Swift compares text: the same letters
    /// written another way (an "é" as one character or as "e" and its accent) are one account, as
    /// they look alike; SQLite alone would compare their bytes.
    private func storedName(_ name: String) throws(AccountError) -> String? {
        do { return try archive.accounts.summaries().first { $0.name == name }?.name } catch { throw AccountError.wrapping(error) }
    }

    private func requireWritableAccounts(_ what: String) throws(AccountError) {
        do { try requireWritable(what) } catch { throw AccountError.wrapping(error) }
    }
}

extension SyncEngine {
    /// The edit token (`T`) of a login: derived from its token, so it ends with the login and
    /// needs no storing; a page of another site cannot read it, so a POST that carries it was
    /// made by the login's client. 64 lowercase hex digits.
    public nonisolated static func editToken(forToken token: String) throws(AccountError) -> String {
        Hex.encode(try PasswordHash.sha256(Array("newsctl edit token:".utf8) + Array(token.utf8)))
    }
}
