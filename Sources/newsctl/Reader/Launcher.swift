import NewsFeature

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a link with the desktop's opener, never waiting for it.
enum Launcher {
    /// `xdg-open` from `PATH`, if there is one.
    static var opener: String? {
        let path = Environment.value("PATH") ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/xdg-open" }.first { access($0, X_OK) == 0 }
    }

    /// Starts the opener with its input and output on /dev/null; children are reaped by the
    /// kernel (SIGCHLD ignored), so none is left waiting. False when it was not started: no
    /// opener, a URL that is not a web address, or the spawn failed.
    @discardableResult
    static func openInBackground(_ url: String) -> Bool {
        guard let opener, url.hasPrefix("http://") || url.hasPrefix("https://") else { return false }
        signal(SIGCHLD, SIG_IGN)
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
        return posix_spawn(&pid, opener, &actions, nil, arguments, environ) == 0
    }
}

/// The presenters' `LinkOpener` in a terminal: `xdg-open`, in the background.
@MainActor
final class BackgroundLinkOpener: LinkOpener {
    func open(_ url: String) -> Bool {
        Launcher.openInBackground(url)
    }
}
