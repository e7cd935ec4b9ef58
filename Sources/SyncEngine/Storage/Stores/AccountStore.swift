/// The accounts the reader API logs in with (`account`) and their logins' tokens
/// (`account_token`): user data, kept by a rebuild. It stores what it is given; hashing the
/// password and the token is the caller's (`PasswordHash`).
struct AccountStore {
    let database: Database

    /// Adds an account; false when one of that name is there already (it is left as it was).
    func add(name: String, passwordHash: String, at time: Double) throws(DatabaseError) -> Bool {
        try !database.query(
            "INSERT INTO account (name, password_hash, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING RETURNING name",
            [.text(name), .text(passwordHash), .real(time)]
        ) { _ in true }.isEmpty
    }

    /// Removes an account and, by the foreign key's cascade, its tokens; false when there was none.
    func remove(name: String) throws(DatabaseError) -> Bool {
        try !database.query("DELETE FROM account WHERE name = ? RETURNING name", [.text(name)]) { _ in true }.isEmpty
    }

    /// The stored hash string of an account's password; nil when there is no such account.
    func passwordHash(name: String) throws(DatabaseError) -> String? {
        try database.query("SELECT password_hash FROM account WHERE name = ?", [.text(name)]) { $0.text(at: 0) }.first
    }

    /// Every account by name, with how many tokens it has.
    func summaries() throws(DatabaseError) -> [AccountSummary] {
        try database.query(
            """
            SELECT a.name, a.created_at, (SELECT count(*) FROM account_token t WHERE t.account = a.name)
            FROM account a ORDER BY a.name
            """
        ) { row in
            AccountSummary(name: row.text(at: 0), createdAt: row.double(at: 1), tokenCount: Int(row.int64(at: 2)))
        }
    }

    /// How many logins an account keeps: a client that logs in on every run (newsboat does) would
    /// otherwise add a row for ever. The oldest beyond it end; an app holding one logs in again.
    static let tokenLimit = 100

    /// Keeps a token's hash for `name` when its password's hash is `passwordHash` (false, and
    /// nothing kept, when it is not: the account was removed, or given another password, while a
    /// login was checked), and ends the account's oldest logins beyond `limit`, never this one.
    /// `transaction` throws untyped errors; what it throws is a `DatabaseError` or the body's.
    func addToken(hash: [UInt8], name: String, passwordHash: String, at time: Double, limit: Int = tokenLimit) throws -> Bool {
        try database.transaction {
            let added = try !database.query(
                """
                INSERT INTO account_token (token_hash, account, created_at)
                SELECT ?1, name, ?3 FROM account WHERE name = ?2 AND password_hash = ?4
                RETURNING account
                """, [.blob(hash), .text(name), .real(time), .text(passwordHash)]
            ) { _ in true }.isEmpty
            guard added else { return false }
            try database.run(
                """
                DELETE FROM account_token WHERE account = ?1 AND token_hash <> ?3 AND token_hash NOT IN (
                    SELECT token_hash FROM account_token WHERE account = ?1 AND token_hash <> ?3
                    ORDER BY created_at DESC, token_hash LIMIT ?2)
                """, [.text(name), .integer(Int64(max(limit - 1, 0))), .blob(hash)])
            return true
        }
    }

    /// The account a token's hash belongs to; nil when it belongs to none.
    func account(tokenHash: [UInt8]) throws(DatabaseError) -> String? {
        try database.query("SELECT account FROM account_token WHERE token_hash = ?", [.blob(tokenHash)]) { $0.text(at: 0) }.first
    }
}
