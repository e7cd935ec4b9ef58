import ArgumentParser

struct Latest: MainActorCommand {
    static let configuration = CommandConfiguration(
        commandName: "latest",
        abstract: "Today's stories and the top stories.",
        discussion: "Today is the source's latest day. Served from the network, or from the archive when the network fails.")

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await runOnMainActor()
    }

    @MainActor
    func runOnMainActor() async throws {
        let status = await NewsListCommand.run(.latest, settings: try options.resolve())
        guard status == 0 else { throw ExitCode(status) }
    }
}
