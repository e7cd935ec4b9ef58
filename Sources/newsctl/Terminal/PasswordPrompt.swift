#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a password from stdin, never from the command line: on a terminal typed after a prompt
/// (on stderr) without echo; otherwise the first line of what stdin gives.
///
/// On a terminal the line is read byte by byte with echo and the terminal's signals off, so that
/// Ctrl-C (and Ctrl-Z, Ctrl-Backslash) arrives as a byte: the prompt then ends as `.interrupted`, after
/// the terminal's mode is put back; so does a SIGTERM or SIGHUP, which the wait for the next key
/// watches for. Every way out puts the mode back.
enum PasswordPrompt {
    enum Failure: Error, Equatable {
        /// stdin ended before a password.
        case noInput
        /// An empty line.
        case empty
        /// Longer than `maximumBytes`.
        case tooLong
        /// The two passwords typed were not the same.
        case mismatch
        /// Ctrl-C, Ctrl-Z or Ctrl-Backslash at the prompt, or a signal asking newsctl to stop.
        case interrupted
    }

    /// The most bytes a password may have; stdin is not read further.
    static let maximumBytes = 4_096

    /// The password: on a terminal asked with `prompt`, then again with `confirmation` (when
    /// given) and refused unless both are the same; else stdin's first line (no confirmation).
    static func read(prompt: String, confirmation: String?) -> Result<String, Failure> {
        guard isatty(STDIN_FILENO) == 1 else { return firstLine() }
        let first = typed(prompt)
        guard case .success(let password) = first, let confirmation else { return first }
        switch typed(confirmation) {
        case .success(let again): return again == password ? .success(password) : .failure(.mismatch)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The first line of stdin, without its line end; the whole of it when it has none.
    private static func firstLine() -> Result<String, Failure> {
        var bytes: [UInt8] = []
        var lineEnded = false
        while let byte = readByte() {
            if byte == UInt8(ascii: "\n") {
                lineEnded = true
                break
            }
            guard bytes.count < maximumBytes else { return .failure(.tooLong) }
            bytes.append(byte)
        }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return finished(bytes, endedEarly: !lineEnded && bytes.isEmpty)
    }

    /// One byte of stdin; nil at its end or on an error. A signal's interruption is retried.
    private static func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// A line typed at the terminal after `prompt`, not echoed. Backspace takes back a character
    /// and Ctrl-U the whole line; Enter ends it, Ctrl-C gives up, Ctrl-D on an empty line ends input.
    private static func typed(_ prompt: String) -> Result<String, Failure> {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
            Output().err(prompt)
            return firstLine()
        }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // The mode first, then the prompt: a key typed as soon as the prompt shows is already
        // read without echo, and Ctrl-C is a byte, not a signal.
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet) == 0 else {
            Output().err(prompt)
            return firstLine()
        }
        Output().err(prompt)
        // The line the user ended stays on screen empty: the newline echo would have given.
        // TCSADRAIN, not TCSAFLUSH: what was typed after Enter is kept for the shell.
        defer {
            _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &saved)
            Output().err("\n")
        }
        var bytes: [UInt8] = []
        while true {
            guard waitForKey() else { return .failure(.interrupted) }
            guard let byte = readByte() else { return finished(bytes, endedEarly: bytes.isEmpty) }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return finished(bytes, endedEarly: false)
            case 0x03, 0x1A, 0x1C: return .failure(.interrupted)  // Ctrl-C, Ctrl-Z, Ctrl-Backslash
            case 0x04 where bytes.isEmpty: return .failure(.noInput)  // Ctrl-D
            case 0x15: bytes.removeAll()  // Ctrl-U
            case 0x7F, 0x08:  // Backspace: the last character, all its UTF-8 bytes.
                while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            case ..<0x20: break  // Another control key is no part of a password.
            default:
                guard bytes.count < maximumBytes else { return .failure(.tooLong) }
                bytes.append(byte)
            }
        }
    }

    /// Waits until stdin has a byte (or has ended); false when a signal asked newsctl to stop
    /// meanwhile. The signals reach newsctl through dispatch sources, which interrupt no read, so
    /// the wait looks for them between short polls.
    private static func waitForKey() -> Bool {
        while !Interrupt.isSignalled {
            var entry = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 100)
            // Ready, ended or failed: the read says which. A signal's interruption looks again.
            if ready > 0 || (ready < 0 && errno != EINTR) { return true }
        }
        return false
    }

    private static func finished(_ bytes: [UInt8], endedEarly: Bool) -> Result<String, Failure> {
        if endedEarly { return .failure(.noInput) }
        guard !bytes.isEmpty else { return .failure(.empty) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}
