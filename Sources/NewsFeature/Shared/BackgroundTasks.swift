/// Named background tasks of a screen: starting one under a name cancels the one before it, and
/// all of them are cancelled when the owner (a presenter) is released.
@MainActor
final class BackgroundTasks {
    private var tasks: [String: Task<Void, Never>] = [:]

    func run(_ name: String, _ work: @escaping @MainActor @Sendable () async -> Void) {
        tasks[name]?.cancel()
        tasks[name] = Task { await work() }
    }

    func cancel(_ name: String) {
        tasks.removeValue(forKey: name)?.cancel()
    }

    isolated deinit {
        for task in tasks.values { task.cancel() }
    }
}
