import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// Ctrl-C during a sync, through the built binary: what it fetched is kept, and status says
    /// when it ran and that it was interrupted.
    @Suite struct SyncInterruptTests {
        @Test func anInterruptedSyncIsTheLastSyncMarkedAsInterrupted() async throws {
            let server = LoopbackServer()
            try await server.start()
            // 20230314 (latest) to 20230311 answer at once; 20230310 does not answer for 30 s.
            let slow = "/api/4/news/before/20230311"
            server.setReply(.delayed(.seconds(30), .fixture("news/before/20230312")), for: slow)
            let newsctl = try NewsctlProcess()
            let started = ContinuousClock.now
            let result = try await newsctl.run(
                ["sync", "--days", "10", "--concurrency", "1", "--timeout", "40", "--base-url", await server.baseURL]
            ) { pid in
                for _ in 0..<3_000 where server.requestCount(slow) == 0 {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                kill(pid, SIGINT)
            }
            #expect(result.status == 130, "\(result.stderr)")
            #expect(result.stderr == "newsctl: 同步已中断：已取得的内容已保存，再次同步即可从中断处继续\n")
            #expect(ContinuousClock.now - started < TimeBound.wellBefore(.seconds(30)))

            let status = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            #expect(status["days"] as? Int == 4, "the latest day and the three before it were kept")
            #expect(status["last_sync"] is String, "\(status)")
            #expect(status["last_sync_interrupted"] as? Bool == true)
            let text = try await newsctl.run(["status"])
            let line = text.stdout.split(separator: "\n").first { $0.hasPrefix("上次同步：") }
            #expect(line?.hasPrefix("上次同步：刚刚") == true, "\(text.stdout)")
            #expect(line?.hasSuffix("（已中断）") == true, "\(text.stdout)")
            let english = try await newsctl.run(["status", "--lang", "en"])
            #expect(english.stdout.contains(" (interrupted)\n"), "\(english.stdout)")

            // A sync that then finishes is no longer marked.
            let finished = try await newsctl.run(["sync", "--days", "4", "--base-url", await server.baseURL])
            #expect(finished.status == 0, "\(finished.stderr)")
            let after = try await newsctl.run(["status", "--json"]).stdout.jsonObject()
            #expect(after["last_sync_interrupted"] as? Bool == false)
            #expect(try await newsctl.run(["status"]).stdout.contains("已中断") == false)
            await server.stop()
        }
    }
}
