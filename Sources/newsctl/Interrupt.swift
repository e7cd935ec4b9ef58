import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C (SIGINT) and SIGTERM into cancellation of the running command, so transfers stop,
/// no write is cut halfway (a transaction either commits or rolls back), and the command ends
/// with one line. A second signal ends the process at once.
enum Interrupt {
    /// The shell's convention for a command ended by SIGINT.
    static let exitStatus: Int32 = 130

    /// Keeps the signal sources alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    // nonisolated(unsafe): written once by `install` on the main thread before any signal can
    // arrive, and never read afterwards.

    static func install(_ onInterrupt: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "newsctl.signals")
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN) // Delivered to the source below instead of killing the process.
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            var received = 0
            source.setEventHandler {
                received += 1
                if received > 1 { _exit(exitStatus) }
                onInterrupt()
            }
            source.resume()
            sources.append(source)
        }
    }
}
