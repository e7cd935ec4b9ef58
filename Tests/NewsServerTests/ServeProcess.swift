import Foundation
import TestSupport

/// The built `newsctl` (and the `newsctl-serve` beside it) run as a user would, for `serve`: it
/// runs until signalled, so its first stdout line (the address) is read as it comes.
final class ServeProcess: Sendable {
    /// newsctl sits beside the test bundle in the build folder, newsctl-serve beside it.
    static let newsctl: String = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("newsctl").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return "newsctl"
    }()

    struct Ended {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    private let process: Process
    private let stderrPath: String
    private let ended: Task<Int32, Never>
    /// The first line newsctl serve printed: its address.
    let firstLine: String

    private init(process: Process, stderrPath: String, ended: Task<Int32, Never>, firstLine: String) {
        self.process = process
        self.stderrPath = stderrPath
        self.ended = ended
        self.firstLine = firstLine
    }

    /// A test that fails before it signals the server leaves no server running behind it.
    deinit {
        if process.isRunning { process.terminate() }
    }

    /// A clean environment, as NewsctlProcess gives: only the archive and what the test sets.
    static func environment(databasePath: String, folder: String) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": folder, "NEWSCTL_DB": databasePath]
    }

    /// Runs `newsctl arguments` to its end.
    static func run(_ arguments: [String], databasePath: String, executable: String = newsctl) async throws -> Ended {
        let server = try await start(arguments, databasePath: databasePath, executable: executable)
        return try await server.waitForExit()
    }

    /// Starts `newsctl arguments` and waits (on a thread of its own) for its first stdout line,
    /// or its end when it prints none.
    static func start(
        _ arguments: [String], databasePath: String, executable: String = newsctl, environment extra: [String: String] = [:]
    ) async throws -> ServeProcess {
        let folder = try Fixtures.temporaryFolder()
        let stderrPath = folder + "/stderr"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment(databasePath: databasePath, folder: folder).merging(extra) { $1 }
        let stdout = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        let (exits, exited) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = {
            exited.yield($0.terminationStatus)
            exited.finish()
        }
        try process.run()
        let ended = Task {
            var iterator = exits.makeAsyncIterator()
            return await iterator.next() ?? -1
        }
        let reader = stdout.fileHandleForReading
        let firstLine: String = await withCheckedContinuation { continuation in
            Thread {
                var line: [UInt8] = []
                while true {
                    let byte = reader.readData(ofLength: 1)
                    guard let first = byte.first, first != UInt8(ascii: "\n") else { break }
                    line.append(first)
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }.start()
        }
        return ServeProcess(process: process, stderrPath: stderrPath, ended: ended, firstLine: firstLine)
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// What it has written on stderr so far.
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Its exit status and output once it has ended.
    func waitForExit() async throws -> Ended {
        let status = await ended.value
        // Returns at once (it has ended), and breaks Foundation's cycle between the Process and
        // its run loop source (see NewsctlProcess).
        process.waitUntilExit()
        return Ended(status: status, stdout: firstLine, stderr: stderr)
    }

    /// Waits for its end for at most `bound`; nil when it is still running then (it is killed).
    func waitForExit(within bound: Duration) async throws -> Ended? {
        let deadline = ContinuousClock.now + bound
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        guard !process.isRunning else {
            signal(SIGKILL)
            _ = try await waitForExit()
            return nil
        }
        return try await waitForExit()
    }
}
