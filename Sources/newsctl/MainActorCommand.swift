import ArgumentParser

/// A command whose work starts on the main actor, where `Newsctl.main` parses it: run from
/// there, it reaches its engine and views without a hop to Swift's pool and back (the protocol's
/// nonisolated `run()` would start there, on a thread of its own).
protocol MainActorCommand: AsyncParsableCommand {
    /// The command's work, as `run()` does it.
    @MainActor func runOnMainActor() async throws
}
