import ArgumentParser
import NewsFeature
import SyncEngine

/// The accounts the reader API of `newsctl serve` (`/api/greader`) logs in with: an app logs in
/// with an account's name and password.
struct Account: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "The accounts reader apps log in with: add, list, remove. Passwords are read from stdin.",
        subcommands: [Add.self, List.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an account; its password is asked for twice on a terminal, else read from stdin's first line.")

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        @OptionGroup var options: ArchiveOptions

        func validate() throws {
            guard AccountName.isValid(name) else { throw ValidationError(options.words.badAccountName(name)) }
        }

        func run() async throws {
            try await AccountCommand(settings: try options.resolve()).add(name)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "The accounts, with when each was added and its active logins.")

        @OptionGroup var options: ArchiveOptions

        func run() async throws {
            try await AccountCommand(settings: try options.resolve()).list()
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove an account; its logins end with it.")

        @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
        var name: String

        @OptionGroup var options: ArchiveOptions

        func run() async throws {
            try await AccountCommand(settings: try options.resolve()).remove(name)
        }
    }
}

/// Runs the account commands on the archive, as text or JSON; a failure is one line on stderr
/// and its exit status.
@MainActor
struct AccountCommand {
    let settings: Settings
    private let output = Output()
    private var words: CommandStrings { CommandStrings(language: settings.language) }
    private var errorLine: ErrorLine { ErrorLine(output: output, verbose: settings.verbose) }

    func add(_ name: String) async throws {
        let password: String
        switch PasswordPrompt.read(prompt: words.passwordPrompt(name), confirmation: words.passwordConfirmation) {
        case .success(let typed): password = typed
        case .failure(let failure):
            errorLine.note(words.passwordFailure(failure))
            throw ExitCode(failure == .interrupted ? Interrupt.exitStatus : ExitStatus.usage)
        }
        let engine = try open(.writes)
        do { try await engine.addAccount(name: name, password: password) } catch { throw fail(error, name: name) }
        if settings.json {
            output.out(JSONValue.object([("account", .string(name)), ("added", .bool(true))]).serialized() + "\n")
        } else {
            output.out(TerminalText.sanitize(words.accountAdded(name)) + "\n")
        }
    }

    func list() async throws {
        let engine = try open(.reads)
        let accounts: [AccountSummary]
        do { accounts = try await engine.accounts() } catch { throw fail(error, name: "") }
        if settings.json {
            let items: [JSONValue] = accounts.map { account in
                .object([
                    ("name", .string(account.name)),
                    ("created_at", .string(DateFormatting.iso8601(unixTime: Int64(account.createdAt.rounded(.down))))),
                    ("active_logins", .int(Int64(account.tokenCount))),
                ])
            }
            output.out(JSONValue.object([("accounts", .array(items))]).serialized() + "\n")
            return
        }
        guard !accounts.isEmpty else {
            output.out(words.noAccounts + "\n")
            return
        }
        let dates = DateFormatting(language: settings.language)
        output.out(
            accounts.map { account in
                let created = dates.beijingDateTime(unixTime: Int64(account.createdAt.rounded(.down)))
                return TerminalText.sanitize(words.accountRow(account.name, created: created, tokens: account.tokenCount)) + "\n"
            }.joined())
    }

    func remove(_ name: String) async throws {
        let engine = try open(.reads)
        let tokens: Int
        do {
            tokens = try await engine.accounts().first { $0.name == name }?.tokenCount ?? 0
            try await engine.removeAccount(name: name)
        } catch {
            throw fail(error, name: name)
        }
        if settings.json {
            output.out(
                JSONValue.object([("account", .string(name)), ("removed", .bool(true)), ("ended_logins", .int(Int64(tokens)))])
                    .serialized() + "\n")
        } else {
            output.out(TerminalText.sanitize(words.accountRemoved(name, tokens: tokens)) + "\n")
        }
    }

    private func open(_ use: Archive.Use) throws -> SyncEngine {
        switch Archive.open(settings, errorLine: errorLine, use: use) {
        case .success(let engine): return engine
        case .failure(let failure): throw ExitCode(failure.status)
        }
    }

    /// Writes the line `error` calls for and gives the exit status to end with.
    private func fail(_ error: AccountError, name: String) -> ExitCode {
        let message: String
        let status: Int32
        switch error.code {
        case .badName: (message, status) = (words.badAccountName(name), ExitStatus.usage)
        case .exists: (message, status) = (words.accountExists(name), ExitStatus.usage)
        case .notFound: (message, status) = (words.noSuchAccount(name), ExitStatus.notFound)
        case .noCrypto: (message, status) = (words.noCrypto, ExitStatus.unavailable)
        case .storage:
            guard let syncError = error.syncError else { (message, status) = (error.message, ExitStatus.ioError); break }
            let viewData = ErrorPresenter(language: settings.language).viewData(for: syncError, subject: "")
            errorLine.write(viewData)
            return ExitCode(ExitStatus.forError(viewData.kind))
        }
        errorLine.write(ErrorViewData(kind: .invalidInput, message: message, detail: error.message, retryTitle: ""))
        return ExitCode(status)
    }
}
