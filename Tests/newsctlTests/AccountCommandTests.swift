import Foundation
import Testing
import TestSupport
@testable import SyncEngine

extension ProcessTests {
    /// `newsctl account`, end to end: the password comes from stdin (never the command line), is
    /// kept only as its hash, and the accounts list, log in and go as the engine says.
    @Suite struct AccountCommandTests {
        @Test func anAccountAddedFromStdinLogsInWithThatPasswordAndGoesWithItsLogins() async throws {
            let newsctl = try NewsctlProcess()
            let added = try await newsctl.run(["account", "add", "alice"], input: "correct horse\nnot read\n")
            #expect(added.status == 0 && added.stdout == "已添加账户 alice\n" && added.stderr.isEmpty, "\(added)")
            let hash = try Database(path: newsctl.databasePath).query("SELECT password_hash FROM account") { $0.text(at: 0) }
            #expect(hash.count == 1 && hash.allSatisfy { $0.hasPrefix("$argon2id$") && !$0.contains("correct") })

            let token: String
            do {
                let engine = try SyncEngine(configuration: .init(databasePath: newsctl.databasePath))
                #expect(try await engine.logIn(name: "alice", password: "correct horse\nnot read") == nil)
                #expect(try await engine.logIn(name: "alice", password: "not read") == nil)
                token = try #require(try await engine.logIn(name: "alice", password: "correct horse"))
            }

            let listed = try await newsctl.run(["account", "list", "--json"])
            #expect(listed.status == 0, "\(listed)")
            let accounts = try #require(try listed.stdout.jsonObject()["accounts"] as? [[String: Any]])
            #expect(accounts.count == 1)
            #expect(accounts.first?["name"] as? String == "alice")
            #expect(accounts.first?["active_logins"] as? Int == 1)
            #expect((accounts.first?["created_at"] as? String)?.hasSuffix("Z") == true)
            let text = try await newsctl.run(["account", "list", "--lang", "en"])
            #expect(text.status == 0 && text.stdout.hasPrefix("alice  added ") && text.stdout.hasSuffix("  1 active login\n"), "\(text)")

            let removed = try await newsctl.run(["account", "rm", "alice", "--lang", "en"])
            #expect(removed.status == 0 && removed.stdout == "removed the account alice (1 login ended with it)\n", "\(removed)")
            let engine = try SyncEngine(configuration: .init(databasePath: newsctl.databasePath))
            #expect(try await engine.account(forToken: token) == nil)
            let empty = try await newsctl.run(["account", "list", "--lang", "en"])
            #expect(empty.stdout == "no accounts yet; add one with newsctl account add NAME\n")
        }

        @Test func mistakesAreOneLineAndTheirExitStatus() async throws {
            let newsctl = try NewsctlProcess()
            let first = try await newsctl.run(["account", "add", "alice"], input: "correct horse")
            #expect(first.status == 0, "\(first)")
            let cases: [(arguments: [String], input: String?, status: Int32, line: String)] = [
                (
                    ["account", "add", "alice"], "other\n", 64,
                    "newsctl: there is an account named alice already; to change its password, newsctl account rm alice first\n"
                ),
                (
                    ["account", "add", "a:b"], "pw\n", 64,
                    "newsctl: 'a:b' cannot be an account name: it must be 1 to 64 characters, without spaces, control characters, ':' or '/'\n"
                ),
                (
                    // The terminal is not told to turn red: a bad name's control characters are shown as �.
                    ["account", "add", "a\u{1B}[31mb"], "pw\n", 64,
                    "newsctl: 'a\u{FFFD}[31mb' cannot be an account name: it must be 1 to 64 characters, without spaces, control characters, ':' or '/'\n"
                ),
                (
                    ["account", "add", "bob"], nil, 64,
                    "newsctl: no password was read: type it at the prompt, or give it as stdin's first line\n"
                ),
                (["account", "add", "bob"], "\nsecond line\n", 64, "newsctl: the password cannot be empty\n"),
                (["account", "rm", "bob"], nil, 66, "newsctl: there is no account named bob (see newsctl account list)\n"),
            ]
            for (arguments, input, status, line) in cases {
                let result = try await newsctl.run(arguments + ["--lang", "en"], input: input)
                #expect(result.status == status && result.stderr.hasSuffix(line) && result.stdout.isEmpty, "\(arguments): \(result)")
            }
            let zh = try await newsctl.run(["account", "rm", "bob"])
            #expect(zh.status == 66 && zh.stderr == "newsctl: 没有名为 bob 的账户（见 newsctl account list）\n", "\(zh)")
            let list = try await newsctl.run(["account", "list", "--json"])
            #expect((try list.stdout.jsonObject()["accounts"] as? [[String: Any]])?.map { $0["name"] as? String } == ["alice"])
        }

        @Test func anArchiveThatIsNotThereIsNotMadeToListOrRemove() async throws {
            let newsctl = try NewsctlProcess()
            for arguments in [["account", "list"], ["account", "rm", "alice"]] {
                let result = try await newsctl.run(arguments)
                #expect(result.status == 66 && result.stdout.isEmpty, "\(result)")
                #expect(!FileManager.default.fileExists(atPath: newsctl.databasePath))
            }
        }

        @Test func helpListsTheCommandAndItsOwnHelpItsSubcommands() async throws {
            let newsctl = try NewsctlProcess()
            let help = try await newsctl.run(["--help"])
            let listed = help.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("account ") }
            #expect(help.status == 0 && listed, "\(help.stdout)")
            let own = try await newsctl.run(["account", "--help"])
            #expect(own.status == 0 && own.stdout.contains("add") && own.stdout.contains("rm"), "\(own)")
        }
    }

    /// The prompt on a real terminal (tmux): the password is not echoed, asked twice, and the
    /// terminal's mode is put back after it, Ctrl-C included.
    @Suite(.enabled(if: TmuxPane.isAvailable, "tmux is not installed: the password prompt's terminal tests need it"))
    struct AccountPromptTests {
        private func show(_ lines: [String]) -> Comment { Comment(rawValue: lines.joined(separator: "\n")) }

        @Test func thePasswordIsNotEchoedAndIsAskedTwice() async throws {
            let pane = try TmuxPane()
            try pane.run("cd \(pane.folder)")
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            try pane.run(
                "stty -g > before; NEWSCTL_DB=\(database) \(NewsctlProcess.binary) account add alice --lang en; echo EXIT=$?; stty -g > after"
            )
            var (ok, lines) = try await pane.waitFor("Password for alice:")
            #expect(ok, show(lines))
            try pane.type("s3cret-Pässword")
            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor("The same password again:")
            #expect(ok, show(lines))
            try pane.type("s3cret-Pässwordx")
            try pane.press("BSpace")
            try pane.press("Enter")
            (ok, lines) = try await pane.waitForStatus()
            #expect(ok, show(lines))
            #expect(lines.contains { $0.contains("added the account alice") }, show(lines))
            #expect(!lines.contains { $0.contains("s3cret") || $0.contains("Pässword") }, show(lines))
            // Keys newsctl had not read when the signal came stay in the terminal for the shell:
            // Ctrl-U drops them from its line before the next command.
            try pane.press("C-u")
            try pane.run("cmp -s before after && echo MODE=0 || echo MODE=1")
            (ok, lines) = try await pane.waitForStatus("MODE")
            #expect(ok, show(lines))
            let engine = try SyncEngine(configuration: .init(databasePath: database))
            #expect(try await engine.logIn(name: "alice", password: "s3cret-Pässword") != nil)
        }

        @Test func twoDifferentPasswordsOrCtrlCAddNothingAndPutTheTerminalBack() async throws {
            let pane = try TmuxPane()
            try pane.run("cd \(pane.folder)")
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            let command = "NEWSCTL_DB=\(database) \(NewsctlProcess.binary) account add alice --lang en"
            try pane.run("stty -g > before; \(command); echo EXIT=$?")
            var (ok, lines) = try await pane.waitFor("Password for alice:")
            #expect(ok, show(lines))
            try pane.type("one")
            try pane.press("Enter")
            (ok, lines) = try await pane.waitFor("The same password again:")
            #expect(ok, show(lines))
            try pane.type("two")
            try pane.press("Enter")
            (ok, lines) = try await pane.waitForStatus("EXIT", 64)
            #expect(ok && lines.contains { $0.contains("the two passwords differ; no account was added") }, show(lines))

            try pane.run("clear; \(command); echo CTRLC=$?; stty -g > after")
            // The new prompt, once `clear` has wiped the first one (typing at the old one's sight
            // went to the shell, and Ctrl-C ended the whole line).
            (ok, lines) = try await pane.waitFor { screen in
                screen.contains { $0.contains("Password for alice:") } && !screen.contains { $0.contains("EXIT=") }
            }
            #expect(ok, show(lines))
            try pane.type("half")
            try pane.press("C-c")
            (ok, lines) = try await pane.waitForStatus("CTRLC", 130)
            #expect(ok && lines.contains { $0.contains("cancelled; no account was added") }, show(lines))
            // Keys newsctl had not read when the signal came stay in the terminal for the shell:
            // Ctrl-U drops them from its line before the next command.
            try pane.press("C-u")
            try pane.run("cmp -s before after && echo MODE=0 || echo MODE=1")
            (ok, lines) = try await pane.waitForStatus("MODE")
            #expect(ok, show(lines))
            #expect(!FileManager.default.fileExists(atPath: database), "nothing was made")
        }

        /// Ctrl-Z at the prompt gives up as Ctrl-C does (the terminal's signals are off there, so
        /// it would have been a byte of the password), and a SIGTERM ends the wait for the next
        /// key (its signal reaches newsctl through a dispatch source, which interrupts no read):
        /// both put the terminal's mode back and add nothing.
        @Test func ctrlZOrASignalAtThePromptPutTheTerminalBack() async throws {
            let pane = try TmuxPane()
            try pane.run("cd \(pane.folder)")
            let database = try Fixtures.temporaryFolder() + "/news.sqlite"
            let name = "term\(UInt32.random(in: 0...UInt32.max))"
            let command = "NEWSCTL_DB=\(database) \(NewsctlProcess.binary) account add \(name) --lang en"
            try pane.run("stty -g > before; \(command); echo CTRLZ=$?")
            var (ok, lines) = try await pane.waitFor("Password for \(name):")
            #expect(ok, show(lines))
            try pane.type("half")
            try pane.press("C-z")
            (ok, lines) = try await pane.waitForStatus("CTRLZ", 130)
            #expect(ok, show(lines))

            try pane.run("clear; \(command); echo TERM=$?; stty -g > after")
            // The new prompt, once `clear` has wiped the first one.
            (ok, lines) = try await pane.waitFor { screen in
                screen.contains { $0.contains("Password for \(name):") } && !screen.contains { $0.contains("CTRLZ=") }
            }
            #expect(ok, show(lines))
            try pane.type("half")
            let kill = Process()
            kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
            kill.arguments = ["-TERM", "-f", "account add \(name)"]
            try kill.run()
            kill.waitUntilExit()
            #expect(kill.terminationStatus == 0, "pkill found the prompt")
            (ok, lines) = try await pane.waitForStatus("TERM", 143)
            #expect(ok && lines.contains { $0.contains("cancelled; no account was added") }, show(lines))
            // Keys newsctl had not read when the signal came stay in the terminal for the shell:
            // Ctrl-U drops them from its line before the next command.
            try pane.press("C-u")
            try pane.run("cmp -s before after && echo MODE=0 || echo MODE=1")
            (ok, lines) = try await pane.waitForStatus("MODE")
            #expect(ok, show(lines))
            #expect(!FileManager.default.fileExists(atPath: database), "nothing was made")
        }
    }
}
