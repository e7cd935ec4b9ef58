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

    /// Whether a signal has asked the command to stop: for a wait that no task cancellation
    /// reaches (the password prompt's read of the terminal).
    static var isSignalled: Bool { received.load(ordering: .relaxed) != 0 }

    /// The command a first signal cancels, once `cancels(_:)` has named it.
    private static let command = Mutex<Task<Void, Never>?>(nil)

    /// Keeps the signal sources alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    // nonisolated(unsafe): written once by `install` on the main thread, and never read afterwards.

    /// The signals among the three that newsctl was started with ignored (`nohup` ignores SIGHUP,
    /// a shell's background job SIGINT): a program newsctl hands over to gets them ignored too.
    nonisolated(unsafe) private(set) static var ignoredAtStart: Set<Int32> = []
    // nonisolated(unsafe): written once by `catchEarly` on the main thread, before any exec reads it.

    /// Catches the three signals while the command takes its first steps, before `install`:
    /// a first one is noted (`cancels(_:)` then cancels the command), any second one ends the
    /// process at once. No thread is started: a command that never waits (`latest --offline`)
    /// ends before `install` would start libdispatch's. A signal newsctl was started with
    /// ignored stays ignored. Call it first, on the main thread.
    static func catchEarly() {
        _ = received.load(ordering: .relaxed)  // Made before a handler can touch it.
        for number in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(number) { Interrupt.caught($0) }
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                signal(number, SIG_IGN)
                ignoredAtStart.insert(number)
            }
        }
    }

    /// The handler until `install`: only what a signal handler may do (an atomic, `_exit`).
    private static func caught(_ number: Int32) {
        let (first, _) = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
        if !first { _exit(exitStatus) }
    }

    /// Watches the three signals from dispatch sources (on libdispatch's thread), once the
    /// command first waits; a first one cancels the command that `cancels(_:)` names.
    static func install() {
        let queue = DispatchQueue(label: "newsctl.signals")
        for number in [SIGINT, SIGTERM, SIGHUP] {
            // Delivered to the source below instead of killing the process.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                // Any second signal, whichever it is, ends the process at once.
                let (first, _) = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                guard first else { _exit(exitStatus) }
                command.withLock { $0 }?.cancel()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Names the command task a first signal cancels. The command starts before it is named (it
    /// runs at once, up to its first wait), so a signal that came in the meantime cancels it now.
    static func cancels(_ task: Task<Void, Never>) {
        let signalled = command.withLock { slot in
            slot = task
            return received.load(ordering: .relaxed) != 0
        }
        if signalled { task.cancel() }
    }
}
