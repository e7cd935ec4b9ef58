import ArgumentParser
import SyncEngine

struct Before: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "before",
        abstract: "The stories of the day before <yyyyMMdd>.",
        discussion: "Like the API: `before 20230421` shows 20230420. Past days come from the archive when it has them.")

    @Argument(help: ArgumentHelp("A date as yyyyMMdd; the day before it is shown.", valueName: "yyyyMMdd"))
    var date: String

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        _ = try Self.shownDay(date, words: options.words)
    }

    func run() async throws {
        try await runOnMainActor()
    }

    @MainActor
    func runOnMainActor() async throws {
        let status = await NewsListCommand.run(.day(try Self.shownDay(date, words: options.words)), settings: try options.resolve())
        guard status == 0 else { throw ExitCode(status) }
    }

    /// The day `before <text>` shows: the date - 1, checked against the archive's bounds.
    static func shownDay(_ text: String, words: CommandStrings) throws -> Day {
        let date: Day
        do {
            date = try Day.parse(text)
        } catch {
            throw ValidationError(words.notADay(error))
        }
        let shown = date.adding(days: -1)
        guard shown >= Day.firstIssue else {
            throw ValidationError(words.tooEarly(text))
        }
        // The clock only bounds input here; which day is today always comes from the source.
        let tomorrow = Day(containingUnixTime: Int64(SystemClock().now().timeIntervalSince1970)).adding(days: 1)
        guard shown <= tomorrow else {
            throw ValidationError(words.inTheFuture(text, latest: tomorrow.adding(days: 1)))
        }
        return shown
    }
}
