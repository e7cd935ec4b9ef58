import ServiceLifecycle

/// Runs a `WebServer.Periodic` until the server stops.
struct PeriodicService: Service {
    let periodic: WebServer.Periodic

    func run() async throws {
        // Cancelled, a sync under way stops as `newsctl sync` does on Ctrl-C: nothing half-written.
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await periodic.run()
                try await Task.sleep(for: periodic.interval)
            }
        }
    }
}
