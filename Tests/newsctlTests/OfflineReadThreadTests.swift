import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// newsctl runs its command at once on the thread it starts on (`Task.immediate`), not
    /// queued for a main actor that libdispatch would hand to a thread of its own: up to the
    /// command's first wait, its work (opening the archive among it) is done by the process's
    /// first thread. With its engine on the main actor too (`Configuration.runsOnMainActor`), an
    /// optimized `latest --offline` starts no thread at all (seen with strace; an unoptimized
    /// build still hops to Swift's pool at the interactor's calls).
    @Suite struct OfflineReadThreadTests {
        fileprivate static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
        /// strace is there and may trace (a container may forbid ptrace).
        fileprivate static let canTrace: Bool = {
            guard let strace else { return false }
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: strace)
            probe.arguments = ["-qq", "-o", "/dev/null", "/bin/true"]
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }()

        @Test(
            .enabled(if: ProcessTests.OfflineReadThreadTests.canTrace, "needs strace, allowed to trace (scripts/setup --tests installs it)")
        )
        func anOfflineListOpensTheArchiveOnTheFirstThread() async throws {
            let strace = try #require(Self.strace)
            let newsctl = try NewsctlProcess()
            let filled = try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(filled.status == 0, "\(filled.stderr)")
            let trace = try Fixtures.temporaryFolder() + "/trace"
            // LeakSanitizer cannot run under ptrace: in an address-sanitized build it would end
            // the traced process with 1 (CI at stop 37), so leaks are not looked for in this run.
            let sanitizer = ProcessInfo.processInfo.environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
            let read = try await newsctl.run(
                ["latest", "--offline"], environment: ["ASAN_OPTIONS": sanitizer + "detect_leaks=0"],
                launcher: [strace, "-f", "-qq", "-e", "trace=execve,openat", "-o", trace])
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout.contains("为什么春天的风总是特别大？"))
            // Each line: the calling thread's id, then the call.
            let calls = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            let firstThread = try #require(calls.first { $0.contains("execve(") }?.split(separator: " ").first)
            let opens = calls.filter { $0.contains("openat(") && $0.contains("\"\(newsctl.databasePath)\"") }
            #expect(!opens.isEmpty, "no open of the archive in \(calls.count) calls")
            for open in opens { #expect(open.split(separator: " ").first == firstThread, "\(open)") }
        }
    }
}
