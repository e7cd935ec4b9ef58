import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// Every fault of the source, each through the built binary: it ends in time (twice the
    /// deadline plus room for a loaded machine; the slow faults would take a minute or more), with
    /// one line and the exit code DESIGN.md gives, writes nothing, and the cached page is still
    /// served (as stale) where there is one.
    @Suite(.serialized) struct FaultTests {
        /// A misbehaving source, set up on a loopback server (or replacing it).
        struct Fault: Sendable, CustomStringConvertible {
            let description: String
            /// Exit code when nothing is cached.
            let exitWithoutCache: Int32
            /// `stale_reason` when the cached page is served instead.
            let staleReason: String
            /// Sets the fault for a path on the server; returns the base URL to use.
            let install: @Sendable (LoopbackServer, String) async throws -> String

            static func reply(_ name: String, _ exit: Int32, _ reason: String, _ reply: LoopbackServer.Reply) -> Fault {
                Fault(description: name, exitWithoutCache: exit, staleReason: reason) { server, path in
                    server.setReply(reply, for: path)
                    return await server.baseURL
                }
            }
        }

        static let deadline = 3.0

        static let faults: [Fault] = [
            .reply(
                "403 need_login", 69, "server_error",
                .body(status: 403, text: #"{"error":{"code":10003,"message":"请登录","name":"need_login"}}"#)),
            .reply("429 with Retry-After", 69, "server_error", .body(status: 429, text: "{}", headers: ["Retry-After": "1"])),
            .reply("500", 69, "server_error", .body(status: 500, text: "{}")),
            .reply(
                "HTML instead of JSON", 65, "bad_response",
                .body(status: 200, contentType: "text/html", text: "<!DOCTYPE html><html>请登录</html>")),
            .reply(
                "truncated body", 69, "offline", .truncated(text: String(repeating: "{\"date\":\"20230313\"}", count: 50), sentBytes: 40)),
            .reply("slow drip", 69, "offline", .drip(text: String(repeating: " ", count: 10_000), bytesPerChunk: 1, pause: .seconds(2))),
            .reply("never answers", 69, "offline", .delayed(.seconds(60), .body(status: 200, text: "{}"))),
            .reply("body over the size cap", 65, "bad_response", .body(status: 200, text: String(repeating: " ", count: 9 * 1024 * 1024))),
            .reply("wrong date", 65, "bad_response", .fixture("news/before/20230312")),
            .reply("wrong types", 65, "bad_response", .body(status: 200, text: #"{"date":20230313,"stories":{"id":"x"}}"#)),
            Fault(description: "connection reset", exitWithoutCache: 69, staleReason: "offline") { _, _ in
                try ResettingListener.shared.baseURL
            },
        ]

        private static let dayPath = "/api/4/news/before/20230314"

        @Test(arguments: faults)
        func withNothingCachedEndsInTimeWithOneLineAndWritesNothing(_ fault: Fault) async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = try await fault.install(server, Self.dayPath)
            server.setReply(.body(status: 200, text: #"{"date":"20230314","stories":[],"top_stories":[]}"#), for: "/api/4/news/latest")
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["before", "20230314", "--timeout", String(Self.deadline), "--base-url", base])
            print("fault '\(fault)', nothing cached: exit \(result.status) after \(String(format: "%.2f", result.seconds)) s")
            #expect(result.status == fault.exitWithoutCache, "\(result.stderr)")
            #expect(.seconds(result.seconds) < TimeBound.process(.seconds(Self.deadline)), "took \(result.seconds) s")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("newsctl: "))
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")

            let offline = try await newsctl.run(["before", "20230314", "--offline"])
            #expect(offline.status == 69, "the failed fetch must have written nothing")
            await server.stop()
        }

        @Test(arguments: faults)
        func withACachedPageServesItAsStale(_ fault: Fault) async throws {
            let server = LoopbackServer()
            try await server.start()
            let newsctl = try NewsctlProcess()
            let fresh = try await newsctl.run(["latest", "--json", "--base-url", await server.baseURL])
            #expect(fresh.status == 0)

            let base = try await fault.install(server, "/api/4/news/latest")
            let result = try await newsctl.run(["latest", "--json", "--timeout", String(Self.deadline), "--base-url", base])
            print("fault '\(fault)', cached page: exit \(result.status) after \(String(format: "%.2f", result.seconds)) s")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(.seconds(result.seconds) < TimeBound.process(.seconds(Self.deadline)), "took \(result.seconds) s")
            let object = try result.stdout.jsonObject()
            #expect(object["origin"] as? String == "cache")
            #expect(object["stale"] as? Bool == true)
            #expect(object["stale_reason"] as? String == fault.staleReason)

            let offline = try await newsctl.run(["latest", "--json", "--offline"])
            let before = try fresh.stdout.jsonObject(), after = try offline.stdout.jsonObject()
            #expect(after["fetched_at"] as? String == before["fetched_at"] as? String, "nothing was written")
            #expect((after["stories"] as? [Any])?.count == (before["stories"] as? [Any])?.count)
            await server.stop()
        }

        @Test func sigtermEndsACommandWith143() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.delayed(.seconds(30), .fixture("news/latest")), for: "/api/4/news/latest")
            let result = try await NewsctlProcess().run(["latest", "--base-url", await server.baseURL]) { pid in
                for _ in 0..<1_000 where server.requestCount("/api/4/news/latest") == 0 {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                kill(pid, SIGTERM)
            }
            #expect(result.status == 143)
            #expect(result.stderr == "newsctl: 已取消\n")
            await server.stop()
        }

        @Test func ctrlCEndsACommandCleanlyWithOneLine() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.delayed(.seconds(30), .fixture("news/latest")), for: "/api/4/news/latest")
            let newsctl = try NewsctlProcess()
            let started = ContinuousClock.now
            // A deadline longer than the server's 30 s: only the Ctrl-C can end the command early.
            let result = try await newsctl.run(["latest", "--timeout", "40", "--base-url", await server.baseURL]) { pid in
                for _ in 0..<1_000 where server.requestCount("/api/4/news/latest") == 0 {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                kill(pid, SIGINT)
            }
            #expect(result.status == 130)
            #expect(result.stderr == "newsctl: 已取消\n")
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < TimeBound.wellBefore(.seconds(30)), "took \(elapsed)")
            let doctor = try await newsctl.run(["doctor"])
            #expect(doctor.status == 0, "\(doctor.stdout)")
            await server.stop()
        }
    }
}

extension ResettingListener {
    /// One listener for the whole run: it resets every connection anyway.
    nonisolated(unsafe) private static var instance: ResettingListener?
    // nonisolated(unsafe): set under `lock` only.
    private static let lock = NSLock()

    static var shared: ResettingListener {
        get throws {
            try lock.withLock {
                if let instance { return instance }
                let listener = try ResettingListener()
                instance = listener
                return listener
            }
        }
    }
}
