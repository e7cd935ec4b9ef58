import Foundation
import TestSupport

/// Runs the built `newsctl` binary as a user would.
struct NewsctlProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        let seconds: Double
    }

    /// `script`, which gives a command a pseudo-terminal, for the tests of what newsctl does on one.
    static let script = "/usr/bin/script"
    static let hasScript = FileManager.default.isExecutableFile(atPath: script)

    /// The binary sits beside the test bundle in the build folder.
    static let binary: String = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("newsctl").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return "newsctl"
    }()

    /// The sanitizers' settings of this test process (`TSAN_OPTIONS`, `ASAN_OPTIONS`,
    /// `LSAN_OPTIONS`, …), as scripts/sanitize sets them: given to every newsctl the tests start,
    /// whose environment is otherwise clean, so that a sanitized newsctl uses the same suppressions
    /// and writes its reports where the script looks for them (`log_path`), not onto the output a
    /// test captures. Empty in an ordinary run.
    static let sanitizerEnvironment: [String: String] = ProcessInfo.processInfo.environment.filter {
        $0.key.hasSuffix("SAN_OPTIONS")
    }

    let databasePath: String

    init() throws {
        databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
    }

    /// Runs on an archive another test or process uses too.
    init(databasePath: String) {
        self.databasePath = databasePath
    }

    /// Runs newsctl to its end. `input` is what its stdin gives (nothing when nil);
    /// `whileRunning` gets the process id once it has started (to send it a signal, say).
    func run(
        _ arguments: [String], environment: [String: String] = [:], executable: String = binary,
        launcher: [String] = [], input: String? = nil, whileRunning: (@Sendable (Int32) async -> Void)? = nil
    ) async throws -> Result {
        let folder = try Fixtures.temporaryFolder()
        let stdoutPath = folder + "/stdout"
        let stderrPath = folder + "/stderr"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let process = Process()
        if let tool = launcher.first {
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = Array(launcher.dropFirst()) + [executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        // A clean environment: only what the test sets, plus the archive it owns (and the
        // sanitizers' settings, when the tests run under one).
        var env = ["PATH": "/usr/bin:/bin", "HOME": folder, "NEWSCTL_DB": databasePath]
        env.merge(Self.sanitizerEnvironment) { $1 }
        env.merge(environment) { $1 }
        process.environment = env
        if let input {
            let inputPath = folder + "/stdin"
            _ = FileManager.default.createFile(atPath: inputPath, contents: Data(input.utf8))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        let start = Date()
        let status: Int32 = try await withThrowingTaskGroup(of: Int32?.self) { group in
            group.addTask {
                try await withCheckedThrowingContinuation { continuation in
                    process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                    do { try process.run() } catch { continuation.resume(throwing: error) }
                }
            }
            if let whileRunning {
                group.addTask {
                    while !process.isRunning { try await Task.sleep(for: .milliseconds(5)) }
                    await whileRunning(process.processIdentifier)
                    return nil
                }
            }
            var status: Int32 = -1
            for try await result in group { if let result { status = result } }
            return status
        }
        // Returns at once (the process has ended), and is what breaks Foundation's cycle between a
        // Process and its run loop source: without it every Process run here leaks (with its
        // arguments and environment), which LeakSanitizer reports at the end of the tests.
        process.waitUntilExit()
        return Result(
            status: status,
            stdout: try String(contentsOfFile: stdoutPath, encoding: .utf8),
            stderr: try String(contentsOfFile: stderrPath, encoding: .utf8),
            seconds: Date().timeIntervalSince(start))
    }
}

extension String {
    /// Parses a line of JSON output.
    func jsonObject() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(utf8))
        guard let dictionary = object as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
        return dictionary
    }

}
