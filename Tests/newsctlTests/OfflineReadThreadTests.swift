import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// A cold `latest --offline` runs on the thread it starts on: its engine is on the main actor
    /// (`Configuration.runsOnMainActor`), and the command starts at once instead of being queued
    /// for a main actor that libdispatch would hand to a thread of its own. The only thread it
    /// starts is libdispatch's, which watches for Ctrl-C.
    @Suite struct OfflineReadThreadTests {
        private static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

        @Test func anOfflineListStartsNoThreadButTheSignalWatcher() async throws {
            guard let strace = Self.strace else {
                print("skipped: strace is not installed")
                return
            }
            // A sanitizer starts threads of its own in every process.
            guard NewsctlProcess.sanitizerEnvironment.isEmpty else {
                print("skipped: under a sanitizer, which starts threads of its own")
                return
            }
            let newsctl = try NewsctlProcess()
            let filled = try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(filled.status == 0, "\(filled.stderr)")
            let trace = try Fixtures.temporaryFolder() + "/trace"
            let read = try await newsctl.run(
                ["latest", "--offline"], launcher: [strace, "-f", "-qq", "-e", "trace=clone,clone3", "-o", trace])
            if read.status != 0, read.stderr.contains("strace:") {
                // strace is there but may not trace (a container that forbids ptrace).
                print("skipped: strace could not trace newsctl: \(read.stderr)")
                return
            }
            let calls = try String(contentsOfFile: trace, encoding: .utf8)
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout.contains("为什么春天的风总是特别大？"))
            let started = calls.split(separator: "\n").filter { $0.contains("clone(") || $0.contains("clone3(") }
            #expect(started.count <= 1, "threads started: \(started.joined(separator: "\n"))")
        }
    }
}
