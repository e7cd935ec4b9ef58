import Dispatch
import Synchronization
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP (the terminal closed) into cancellation of the running command, so transfers stop,
/// no write is cut halfway (a transaction either commits or rolls back), and the command ends
/// with one line. A second signal ends the process at once.
enum Interrupt {
    /// The signal that asked the command to stop, 0 before any.
    private static let received = Atomic<Int32>(0)

    /// The shell's convention for a command ended by a signal: 128 + its number (130 for SIGINT,
    /// 143 for SIGTERM).
    static var exitStatus: Int32 {
        let signal = received.load(ordering: .relaxed)
        return 128 + (signal == 0 ? SIGINT : signal)
    }

    /// Keeps the signal sources alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    // nonisolated(unsafe): written once by `install` on the main thread before any signal can
    // arrive, and never read afterwards.

    /// The signals among the three that newsctl was started with ignored (`nohup` ignores SIGHUP,
    /// a shell's background job SIGINT): a program newsctl hands over to gets them ignored too.
    nonisolated(unsafe) private(set) static var ignoredAtStart: Set<Int32> = []
    // nonisolated(unsafe): written once by `install` on the main thread, before any exec reads it.

    static func install(_ onInterrupt: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "newsctl.signals")
        for number in [SIGINT, SIGTERM, SIGHUP] {
            // Delivered to the source below instead of killing the process.
            let previous = signal(number, SIG_IGN)
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                ignoredAtStart.insert(number)
            }
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                // Any second signal, whichever it is, ends the process at once.
                let (first, _) = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                guard first else { _exit(exitStatus) }
                onInterrupt()
            }
            source.resume()
            sources.append(source)
        }
    }
}
