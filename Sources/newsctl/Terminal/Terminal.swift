#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about where output goes, read once at start-up.
struct Terminal: Sendable {
    /// Columns to lay text out in.
    let width: Int
    /// Whether stdout is a terminal and colour is allowed.
    let useColor: Bool
    /// Whether stderr is a terminal (progress messages go there only then).
    let stderrIsTerminal: Bool

    /// Width: the terminal's, else `$COLUMNS`, else 80. Colour: only on a terminal, never with
    /// `--no-color` or a non-empty `NO_COLOR`.
    static func detect(noColor: Bool) -> Terminal {
        let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        var size = winsize()
        var width = 0
        if stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 {
            width = Int(size.ws_col)
        }
        if width <= 0, let columns = Environment.value("COLUMNS").flatMap({ Int($0) }), columns > 0 {
            width = columns
        }
        let colorRefused = noColor || !(Environment.value("NO_COLOR") ?? "").isEmpty
        return Terminal(
            width: width > 0 ? max(width, 20) : 80,
            useColor: stdoutIsTerminal && !colorRefused,
            stderrIsTerminal: isatty(STDERR_FILENO) == 1)
    }
}

/// The process environment, read through libc (no Foundation needed).
enum Environment {
    /// The variable's value; nil when it is unset or empty (`NEWSCTL_BASE_URL=` is as if unset).
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// Writes text to stdout or stderr, unbuffered: each call is one `write(2)` loop.
struct Output: Sendable {
    /// Where the text goes instead of stdout and stderr (a test's record): each text, and whether
    /// it is for stderr. Nil: the descriptors.
    var sink: (@Sendable (_ text: String, _ isError: Bool) -> Void)?

    init(sink: (@Sendable (_ text: String, _ isError: Bool) -> Void)? = nil) {
        self.sink = sink
    }

    func out(_ text: String) {
        guard let sink else { return Self.write(text, to: STDOUT_FILENO) }
        sink(text, false)
    }

    func err(_ text: String) {
        guard let sink else { return Self.write(text, to: STDERR_FILENO) }
        sink(text, true)
    }

    /// Writes everything, retrying short writes; gives up quietly on a closed pipe.
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                // allowed: a non-empty buffer has a base address.
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
