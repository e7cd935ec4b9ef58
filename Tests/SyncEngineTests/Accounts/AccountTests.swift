import Foundation
import Testing
@testable import SyncEngine

/// The reader API's accounts on a real archive file: passwords kept only as Argon2id hashes,
/// tokens only as their SHA-256, both ending with their account and surviving a rebuild. One
/// test at a time: each password hash fills 64 MiB and keeps a core busy, so the suite never
/// holds more than one hash's memory and core.
@Suite(.serialized) struct AccountTests {
    private func engine(_ path: String, clock: TestClock = TestClock()) throws -> SyncEngine {
        try SyncEngine(configuration: .init(databasePath: path), clock: clock)
    }

    private func column<T>(_ path: String, _ sql: String, _ read: (Statement) -> T) throws -> [T] {
        try Database(path: path).query(sql, row: read)
    }

    @Test func aPasswordIsKeptOnlyAsASaltedArgon2idHash() async throws {
        let path = try temporaryDatabasePath()
        let engine = try engine(path)
        try await engine.addAccount(name: "alice", password: "correct horse")
        try await engine.addAccount(name: "bob", password: "correct horse")
        let hashes = try column(path, "SELECT password_hash FROM account ORDER BY name") { $0.text(at: 0) }
        #expect(hashes.count == 2)
        for hash in hashes {
            #expect(hash.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$"), "\(hash)")
            #expect(!hash.contains("correct horse"))
        }
        #expect(hashes[0] != hashes[1], "each hash has its own salt")
        let stored = try column(path, "SELECT group_concat(name || password_hash || created_at) FROM account") { $0.text(at: 0) }
        #expect(stored.allSatisfy { !$0.contains("correct") })
    }

    @Test func aLoginChecksThePasswordAndGivesATokenOnlyItsHashOfIsKept() async throws {
        let path = try temporaryDatabasePath()
        let engine = try engine(path)
        try await engine.addAccount(name: "alice", password: "correct horse")
        #expect(try await engine.logIn(name: "alice", password: "wrong horse") == nil)
        #expect(try await engine.logIn(name: "nobody", password: "correct horse") == nil)
        #expect(try await engine.logIn(name: "alice", password: "") == nil)
        let token = try #require(try await engine.logIn(name: "alice", password: "correct horse"))
        #expect(token.count == 64 && token.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(token)")
        #expect(try await engine.account(forToken: token) == "alice")
        #expect(try await engine.account(forToken: token.uppercased()) == "alice")
        #expect(try await engine.account(forToken: String(token.dropLast())) == nil)
        #expect(try await engine.account(forToken: String(repeating: "0", count: 64)) == nil)
        #expect(try await engine.account(forToken: "not a token") == nil)

        let second = try #require(try await engine.logIn(name: "alice", password: "correct horse"))
        #expect(second != token, "every login has its own token")
        let kept = try column(path, "SELECT token_hash, account FROM account_token") { ($0.bytes(at: 0), $0.text(at: 1)) }
        let expected = try [token, second].map { try PasswordHash.sha256(try #require(Hex.decode($0))) }
        #expect(Set(kept.map(\.0)) == Set(expected))
        #expect(kept.allSatisfy { $0.1 == "alice" })
        let plain = try Database(path: path).query(
            "SELECT count(*) FROM account_token WHERE lower(hex(token_hash)) IN (?, ?)", [.text(token), .text(second)]
        ) { $0.int64(at: 0) }
        #expect(plain == [0], "the table never holds a token itself")
        #expect(try await engine.accounts() == [AccountSummary(name: "alice", createdAt: 1_678_770_000, tokenCount: 2)])
    }

    @Test func removingAnAccountEndsItsTokens() async throws {
        let path = try temporaryDatabasePath()
        let engine = try engine(path)
        try await engine.addAccount(name: "alice", password: "correct horse")
        try await engine.addAccount(name: "bob", password: "battery staple")
        let alices = try #require(try await engine.logIn(name: "alice", password: "correct horse"))
        let bobs = try #require(try await engine.logIn(name: "bob", password: "battery staple"))
        try await engine.removeAccount(name: "alice")
        #expect(try await engine.account(forToken: alices) == nil)
        #expect(try await engine.account(forToken: bobs) == "bob")
        #expect(try column(path, "SELECT account FROM account_token") { $0.text(at: 0) } == ["bob"])
        #expect(try await engine.accounts().map(\.name) == ["bob"])
        let again = await #expect(throws: AccountError.self) { try await engine.removeAccount(name: "alice") }
        #expect(again?.code == .notFound)
        #expect(try await engine.logIn(name: "alice", password: "correct horse") == nil)
    }

    @Test func anAccountIsNotAddedTwice() async throws {
        let path = try temporaryDatabasePath()
        let engine = try engine(path)
        try await engine.addAccount(name: "alice", password: "correct horse")
        let error = await #expect(throws: AccountError.self) { try await engine.addAccount(name: "alice", password: "other") }
        #expect(error?.code == .exists)
        #expect(try await engine.logIn(name: "alice", password: "other") == nil, "the first password stays")
        #expect(try await engine.logIn(name: "alice", password: "correct horse") != nil)
    }

    /// Names that look alike are one account, as Swift compares them: "café" with its "é" as one
    /// character or as "e" and a combining accent.
    @Test func namesWrittenTwoWaysAreOneAccount() async throws {
        let engine = try engine(try temporaryDatabasePath())
        try await engine.addAccount(name: "caf\u{E9}", password: "correct horse")
        let error = await #expect(throws: AccountError.self) { try await engine.addAccount(name: "cafe\u{301}", password: "other") }
        #expect(error?.code == .exists)
        #expect(try await engine.logIn(name: "cafe\u{301}", password: "correct horse") != nil)
        try await engine.removeAccount(name: "cafe\u{301}")
        #expect(try await engine.accounts().isEmpty)
    }

    /// A read-only archive keeps no login's token: it refuses every login, before any password is
    /// checked, so a right password is not told from a wrong one by the answer.
    @Test func aReadOnlyArchiveRefusesRightAndWrongPasswordsAlike() async throws {
        let path = try temporaryDatabasePath()
        try await engine(path).addAccount(name: "alice", password: "correct horse")
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.readOnly = true
        let readOnly = try SyncEngine(configuration: configuration, clock: TestClock())
        for password in ["correct horse", "wrong horse"] {
            let error = await #expect(throws: AccountError.self) { _ = try await readOnly.logIn(name: "alice", password: password) }
            #expect(error?.code == .storage, "\(password)")
        }
    }

    @Test(arguments: [
        "", String(repeating: "a", count: 65), "e" + String(repeating: "\u{301}", count: 300), "a b", "a\tb", "a\nb", "a:b", "a/b",
        "a\u{7}b", "\u{3000}", "a\u{200B}b",
    ])
    func aBadNameIsRefused(_ name: String) async throws {
        let path = try temporaryDatabasePath()
        let engine = try engine(path)
        let error = await #expect(throws: AccountError.self) { try await engine.addAccount(name: name, password: "pw") }
        #expect(error?.code == .badName)
        #expect(try await engine.accounts().isEmpty)
    }

    @Test(arguments: ["a", String(repeating: "a", count: 64), "知乎读者", "alice.smith@example.org", "a-b_c"])
    func aGoodNameIsTaken(_ name: String) async throws {
        let engine = try engine(try temporaryDatabasePath())
        try await engine.addAccount(name: name, password: "pw")
        #expect(try await engine.accounts().map(\.name) == [name])
    }

    @Test func aRebuildKeepsAccountsAndTheirTokens() async throws {
        let path = try temporaryDatabasePath()
        let token: String
        do {
            let engine = try engine(path)
            try await engine.addAccount(name: "alice", password: "correct horse")
            try await engine.addAccount(name: "bob", password: "battery staple")
            token = try #require(try await engine.logIn(name: "alice", password: "correct horse"))
        }
        let report = try ArchiveMaintenance.rebuild(databasePath: path)
        #expect(report.keptAccounts == 2)
        #expect(report.unreadableTables.isEmpty)
        let reopened = try engine(path)
        #expect(try await reopened.accounts().map { [$0.name, "\($0.tokenCount)"] } == [["alice", "1"], ["bob", "0"]])
        #expect(try await reopened.account(forToken: token) == "alice")
        #expect(try await reopened.logIn(name: "bob", password: "battery staple") != nil)
    }

    @Test func aRebuildThatCannotReadTheAccountsChangesNothingUnlessForced() async throws {
        let path = try temporaryDatabasePath()
        do {
            let engine = try engine(path)
            try await engine.addAccount(name: "alice", password: "correct horse")
            try await engine.markRead(id: 1)
        }
        do {
            // The old file's accounts become unreadable (a view over a table that is gone).
            try Database(path: path).execute(
                """
                DROP TABLE account_token; DROP TABLE account; CREATE TABLE gone (x);
                CREATE VIEW account AS SELECT x AS name, x AS password_hash, x AS created_at FROM gone; DROP TABLE gone
                """)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: SyncError.self) { try ArchiveMaintenance.rebuild(databasePath: path) }
        #expect(error?.unreadableTables == ["account"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        let forced = try ArchiveMaintenance.rebuild(databasePath: path, force: true)
        #expect(forced.unreadableTables == ["account"])
        #expect(forced.keptRows["read_mark"] == 1)
        #expect(forced.keptAccounts == 0)
    }

    @Test func aMissingLibsodiumIsAnErrorNotACrash() {
        guard case .failure(let error) = SodiumLibrary.load("libsodium-not-installed.so.23") else {
            Issue.record("a library that is not there loaded")
            return
        }
        #expect(error.code == .noCrypto)
        #expect(error.message.contains("libsodium-not-installed.so.23") && error.message.contains("libsodium23"), "\(error)")
        guard case .failure(let lacking) = SodiumLibrary.load("libc.so.6") else {
            Issue.record("libc passed for libsodium")
            return
        }
        #expect(lacking.message.contains("lacks sodium_init"), "\(lacking)")
    }

    @Test func hexGoesBothWays() {
        #expect(Hex.encode([0x00, 0x0f, 0xa5, 0xff]) == "000fa5ff")
        #expect(Hex.decode("000fA5ff") == [0x00, 0x0f, 0xa5, 0xff])
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
        #expect(Hex.decode("") == [])
    }
}

extension AccountTests {
    /// A client that logs in on every run adds a login each time: the account keeps its newest
    /// `AccountStore.tokenLimit`, and the oldest end.
    @Test func anAccountKeepsItsNewestLoginsOnly() async throws {
        let path = try temporaryDatabasePath()
        let engine = try engine(path)
        try await engine.addAccount(name: "alice", password: "pw")
        let store = AccountStore(database: try Database(path: path))
        let hash = try #require(try store.passwordHash(name: "alice"))
        for index in 0..<5 {
            let added = try store.addToken(
                hash: [UInt8](repeating: UInt8(index), count: 32), name: "alice", passwordHash: hash, at: Double(index), limit: 3)
            #expect(added)
        }
        #expect(try store.summaries().first?.tokenCount == 3)
        #expect(try store.account(tokenHash: [UInt8](repeating: 1, count: 32)) == nil)
        #expect(try store.account(tokenHash: [UInt8](repeating: 4, count: 32)) == "alice")
        // A login made with a clock gone back is kept all the same: the newest is the one just made.
        #expect(try store.addToken(hash: [UInt8](repeating: 9, count: 32), name: "alice", passwordHash: hash, at: -100, limit: 3))
        #expect(try store.account(tokenHash: [UInt8](repeating: 9, count: 32)) == "alice")
        #expect(try store.summaries().first?.tokenCount == 3)
    }

    /// A password changed (the account removed and added again) while a login with the old one
    /// was checked: that login keeps no token.
    @Test func aLoginCheckedAgainstAPasswordSinceChangedKeepsNoToken() async throws {
        let path = try temporaryDatabasePath()
        let engine = try engine(path)
        try await engine.addAccount(name: "alice", password: "old")
        let store = AccountStore(database: try Database(path: path))
        let old = try #require(try store.passwordHash(name: "alice"))
        try await engine.removeAccount(name: "alice")
        try await engine.addAccount(name: "alice", password: "new")
        #expect(try !store.addToken(hash: [UInt8](repeating: 7, count: 32), name: "alice", passwordHash: old, at: 1))
        #expect(try store.summaries().first?.tokenCount == 0)
    }
}
