import Dispatch
import NewsFeature

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a link with the desktop's opener, its output thrown away so it cannot draw over the
/// reader, and every child reaped.
enum Launcher {
    /// How long an opener is given to report failure. `xdg-open` hands the address on and exits
    /// at once; one still running after this is showing it (a browser in the foreground).
    static let verdictBound: Duration = .seconds(4)

    /// `xdg-open` from `PATH`, if there is one.
    static var opener: String? {
        let path = Environment.value("PATH") ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/xdg-open" }.first { access($0, X_OK) == 0 }
    }

    /// Starts the opener and, on a thread of its own, waits for it: `.opened` when it exits 0 or
    /// is still running after `bound`, `.failed` when it exits otherwise or cannot be started,
    /// `.noOpener` when there is none or the URL is not a web address.
    static func open(_ url: String, bound: Duration = verdictBound) async -> LinkOpening {
        guard let opener, url.hasPrefix("http://") || url.hasPrefix("https://") else { return .noOpener }
        guard let pid = spawn(opener, url) else { return .failed }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: verdict(of: pid, within: bound)) }
        }
    }

    /// Starts the opener without waiting for what it says (the child is still reaped).
    static func openInBackground(_ url: String) {
        Task.detached { _ = await open(url) }
    }

    /// Polls the child until it exits or `bound` passes; a child still running then is left to a
    /// thread that reaps it when it ends, so none is left a zombie.
    private static func verdict(of pid: pid_t, within bound: Duration) -> LinkOpening {
        let clock = ContinuousClock()
        let deadline = clock.now + bound
        var status: Int32 = 0
        while clock.now < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return exitedSuccessfully(status) ? .opened : .failed }
            if result < 0 && errno != EINTR { return .failed }
            usleep(20_000)
        }
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        return .opened
    }

    /// `WIFEXITED(status) && WEXITSTATUS(status) == 0`, which Swift cannot import as macros.
    private static func exitedSuccessfully(_ status: Int32) -> Bool {
        status & 0x7f == 0 && (status >> 8) & 0xff == 0
    }

    /// The opener with its input and output on /dev/null; nil when it could not be started.
    private static func spawn(_ opener: String, _ url: String) -> pid_t? {
        // Children are waited for, so SIGCHLD must not be ignored (which would reap them first).
        signal(SIGCHLD, SIG_DFL)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            let flags = descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", flags, 0)
        }
        var pid = pid_t()
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup(url), nil]
        defer { for argument in arguments { free(argument) } }
        return posix_spawn(&pid, opener, &actions, nil, arguments, environ) == 0 ? pid : nil
    }
}

/// The presenters' `LinkOpener` in a terminal: `xdg-open`, waited for off the main actor.
@MainActor
final class TerminalLinkOpener: LinkOpener {
    func open(_ url: String) async -> LinkOpening {
        await Launcher.open(url)
    }
}
