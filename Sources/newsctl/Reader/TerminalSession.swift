#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns the terminal while the reader runs: raw input, the alternate screen, a hidden cursor and
/// wheel reports; `leave()` gives all of it back exactly as it was found.
@MainActor
final class TerminalSession {
    struct Size: Equatable {
        let columns: Int
        let rows: Int
    }

    private var original = termios()
    private var hasOriginal = false
    private(set) var isActive = false

    /// Both ends must be a terminal: keys come from one, the screen goes to the other.
    static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    static func size() -> Size {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return Size(columns: 80, rows: 24)
        }
        return Size(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// Raw mode (no echo, no line editing, no signals from keys: Ctrl-C and Ctrl-Z arrive as
    /// keys), then the alternate screen, cursor hidden, wheel reports on.
    func enter() {
        guard !isActive else { return }
        if !hasOriginal {
            hasOriginal = tcgetattr(STDIN_FILENO, &original) == 0
        }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        if hasOriginal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) }
        // Alternate screen, clear, hide the cursor, SGR wheel reports (1000 + 1006).
        Output.write("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h", to: STDOUT_FILENO)
        isActive = true
    }

    /// Everything `enter()` changed, undone: safe to call twice.
    func leave() {
        guard isActive else { return }
        Output.write("\u{1B}[?1006l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l", to: STDOUT_FILENO)
        if hasOriginal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
        isActive = false
    }
}
