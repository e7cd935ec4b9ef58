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

    let databasePath: String

    init() throws {
        databasePath = try Fixtures.temporaryFolder() + "/news.sqlite"
    }

    func run(_ arguments: [String], environment: [String: String] = [:], executable: String = binary) async throws -> Result {
        let folder = try Fixtures.temporaryFolder()
        let stdoutPath = folder + "/stdout"
        let stderrPath = folder + "/stderr"
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // A clean environment: only what the test sets, plus the archive it owns.
        var env = ["PATH": "/usr/bin:/bin", "HOME": folder, "NEWSCTL_DB": databasePath]
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        let start = Date()
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        return Result(status: status,
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
