#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a program newsctl hands over to (exec) must get back: newsctl ignores SIGINT, SIGTERM and
/// SIGHUP (`Interrupt` takes them from dispatch sources instead), and an async command runs on a
/// dispatch worker thread, which blocks every signal; both survive exec. Left so, Ctrl-C did
/// nothing to an export, and SIGHUP stayed pending forever on a server.
enum ExecSignals {
    /// Puts the three signals back as newsctl found them (their default action, or ignored under
    /// `nohup`) and unblocks every signal; call it just before `execv`.
    static func restoreForExec() {
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, Interrupt.ignoredAtStart.contains(number) ? SIG_IGN : SIG_DFL) }
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
    }
}
