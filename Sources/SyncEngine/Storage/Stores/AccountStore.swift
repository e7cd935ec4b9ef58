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

    /// Keeps a token's hash for `name`, and ends the account's oldest logins beyond `limit`.
    func addToken(hash: [UInt8], name: String, at time: Double, limit: Int = tokenLimit) throws {
        try database.transaction {
            try database.run(
                "INSERT INTO account_token (token_hash, account, created_at) VALUES (?, ?, ?)", [.blob(hash), .text(name), .real(time)])
            try database.run(
                """
                DELETE FROM account_token WHERE account = ?1 AND token_hash NOT IN (
                    SELECT token_hash FROM account_token WHERE account = ?1 ORDER BY created_at DESC LIMIT ?2)
                """, [.text(name), .integer(Int64(limit))])
        }
    }

    /// The account a token's hash belongs to; nil when it belongs to none.
    func account(tokenHash: [UInt8]) throws(DatabaseError) -> String? {
        try database.query("SELECT account FROM account_token WHERE token_hash = ?", [.blob(tokenHash)]) { $0.text(at: 0) }.first
    }
}
