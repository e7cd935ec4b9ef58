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
        private static let strace = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

        @Test func anOfflineListOpensTheArchiveOnTheFirstThread() async throws {
            guard let strace = Self.strace else {
                print("skipped: strace is not installed")
                return
            }
            let newsctl = try NewsctlProcess()
            let filled = try await newsctl.run(["latest", "--base-url", "file://" + Fixtures.apiRoot])
            #expect(filled.status == 0, "\(filled.stderr)")
            let trace = try Fixtures.temporaryFolder() + "/trace"
            let read = try await newsctl.run(
                ["latest", "--offline"], launcher: [strace, "-f", "-qq", "-e", "trace=execve,openat", "-o", trace])
            if read.status != 0, read.stderr.contains("strace:") {
                // strace is there but may not trace (a container that forbids ptrace).
                print("skipped: strace could not trace newsctl: \(read.stderr)")
                return
            }
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
