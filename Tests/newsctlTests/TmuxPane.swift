import Foundation
import TestSupport

/// A real terminal for the reader: a tmux server of its own (private socket, no user config) with
/// one pane running an interactive bash, driven with `send-keys` and read with `capture-pane`.
final class TmuxPane {
    static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { executable != nil }

    let folder: String
    private let socket: String

    init(columns: Int = 80, rows: Int = 24) throws {
        folder = try Fixtures.temporaryFolder()
        socket = folder + "/tmux.sock"
        // A plain prompt and no history or rc files: what is on screen is ours alone. The
        // sanitizers' settings are kept through `env -i` (the server has them, the pane would
        // not), so a sanitized newsctl in the pane reports into scripts/sanitize's folder.
        let sanitizers = NewsctlProcess.sanitizerEnvironment.sorted { $0.key < $1.key }
            .map { "\($0.key)='\($0.value.replacingOccurrences(of: "'", with: "'\\''"))' " }.joined()
        let shell =
            "env -i PATH=/usr/bin:/bin HOME=\(folder) TERM=tmux-256color PS1='$ ' \(sanitizers)bash --norc --noprofile -i"
        // The server this starts keeps the descriptors it was given: no pipe, or reading it never ends.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y", String(rows), shell], capturing: false)
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// Types text as it is (no key names).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
    }

    /// Sends keys by tmux's names: "Enter", "End", "C-c", "j".
    func press(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    /// Runs a command line in the pane's shell.
    func run(_ commandLine: String) throws {
        try type(commandLine)
        try press("Enter")
    }

    /// The screen's text now, one string per row; with `escapes`, colours and attributes too;
    /// with `history`, the rows scrolled off the top before them.
    func screen(escapes: Bool = false, history: Bool = false) throws -> [String] {
        try tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : []) + (history ? ["-S", "-"] : [])).components(separatedBy: "\n")
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-x", String(columns), "-y", String(rows)])
    }

    /// Whether the program in the pane has the alternate screen on.
    func isAlternateScreen() throws -> Bool {
        try tmux(["display-message", "-p", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Waits until the screen satisfies `condition`, with room for a loaded machine; returns the
    /// last screen seen either way, so a failed expectation shows what was there.
    @discardableResult
    func waitFor(timeout: Duration = .seconds(20), _ condition: ([String]) -> Bool) async throws -> (Bool, [String]) {
        let deadline = ContinuousClock.now + timeout
        var lines = try screen()
        while !condition(lines) {
            guard ContinuousClock.now < deadline else { return (false, lines) }
            try await Task.sleep(for: .milliseconds(100))
            lines = try screen()
        }
        return (true, lines)
    }

    /// Waits until some row contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(20)) async throws -> (Bool, [String]) {
        try await waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Waits for the status line a command line ends with (`echo EXIT=$?` prints `EXIT=0`): a row
    /// that is `name=` and digits alone. Matching the status line itself, not any row that holds
    /// `name=`, keeps a typed command line that wraps (a long path puts `EXIT=$?` at a row's start)
    /// from passing for it. Returns whether the status was `expected`, and the last screen seen.
    @discardableResult
    func waitForStatus(_ name: String = "EXIT", _ expected: Int = 0, timeout: Duration = .seconds(20)) async throws -> (Bool, [String]) {
        func status(_ lines: [String]) -> Int? {
            for line in lines {
                let row = line.trimmingCharacters(in: .whitespaces)
                guard row.hasPrefix(name + "=") else { continue }
                let digits = row.dropFirst(name.count + 1)
                if !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits) { return value }
            }
            return nil
        }
        let (ended, lines) = try await waitFor(timeout: timeout) { status($0) != nil }
        return (ended && status(lines) == expected, lines)
    }

    /// Runs tmux to its end with posix_spawn and waitpid (Foundation's Process never reaped the
    /// client that starts the server here), its output through a file.
    @discardableResult
    private func tmux(_ arguments: [String], capturing: Bool = true) throws -> String {
        let outputPath = folder + "/tmux-output"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // The server the first call starts keeps the descriptors it was given: never the file read.
        posix_spawn_file_actions_addopen(&actions, 1, capturing ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The calling thread (a concurrency pool thread) blocks nearly every signal, and a spawned
        // program inherits that mask: the server then never saw SIGCHLD, SIGHUP or SIGTERM, so
        // `kill-server` left it running (with its pane and every descriptor it was given) after
        // every test; under TSan those held the symbolizer's pipes and `swift test` never ended.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let program = Self.executable ?? "/usr/bin/tmux"
        let argv: [UnsafeMutablePointer<CChar>?] = ([program, "-u", "-S", socket] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        guard posix_spawn(&pid, program, &actions, &attributes, argv, environ) == 0 else {
            throw CocoaError(.executableLoad)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard capturing else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}
