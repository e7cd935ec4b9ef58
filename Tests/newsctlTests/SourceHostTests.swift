import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// The source as it answers in 2026, through the built binary: daily.zhihu.com first, a host
    /// that accepts and never answers paid for once, and `doctor --network`.
    @Suite(.serialized) struct SourceHostTests {
        private static let latestPath = "/api/4/news/latest"

        /// A server that accepts every connection and answers nothing for a minute.
        private static func silentServer() async throws -> LoopbackServer {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.delayed(.seconds(60), .fixture("news/latest")), for: latestPath)
            return server
        }

        /// Said once, in the top command's help (each command's --base-url points there).
        @Test func theHelpPutsDailyFirstAndSaysWhy() async throws {
            let result = try await NewsctlProcess().run(["--help"])
            let help = result.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
            let daily = try #require(help.range(of: "https://daily.zhihu.com/api/4"))
            let newsAt = try #require(help.range(of: "https://news-at.zhihu.com/api/4"))
            #expect(daily.lowerBound < newsAt.lowerBound)
            #expect(help.contains("2024"), "\(help)")
        }

        @Test func aSilentFirstHostIsPaidForOnceAndTheNextProcessStartsFromTheHostThatAnswered() async throws {
            let silent = try await Self.silentServer()
            let live = LoopbackServer()
            try await live.start()
            let bases = "\(await silent.baseURL),\(await live.baseURL)"
            let newsctl = try NewsctlProcess()

            let first = try await newsctl.run(["latest", "--json", "--timeout", "10", "--base-url", bases])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(.seconds(first.seconds) < TimeBound.process(.seconds(10)), "took \(first.seconds) s")
            #expect(silent.requestCount(Self.latestPath) == 1)

            let second = try await newsctl.run(["latest", "--json", "--refresh", "--timeout", "10", "--base-url", bases])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(silent.requestCount(Self.latestPath) == 1, "a new process does not ask the silent host again")
            #expect(live.requestCount(Self.latestPath) == 2)

            let liveOnly = try await NewsctlProcess().run(["latest", "--json", "--refresh", "--base-url", await live.baseURL])
            #expect(liveOnly.status == 0)
            print(
                "silent host first: first command \(String(format: "%.2f", first.seconds)) s, second \(String(format: "%.2f", second.seconds)) s;"
                    + " the working host alone \(String(format: "%.2f", liveOnly.seconds)) s")

            // doctor --network says which host the archive prefers now.
            let doctor = try await newsctl.run(["doctor", "--network", "--json", "--timeout", "2", "--base-url", bases])
            let report = try doctor.stdout.jsonObject()
            let preferred = try #require(report["preferred_base_url"] as? [String: Any])
            #expect(preferred["url"] as? String == (await live.baseURL))
            // In text, its times are Beijing's date and time, as status words them, not UTC ISO.
            let text = try await newsctl.run(["doctor", "--network", "--timeout", "2", "--base-url", bases])
            let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("优先使用：") }, "\(text.stdout)")
            let time = #"\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}"#
            #expect(
                line.wholeMatch(of: try Regex("优先使用：\(await live.baseURL)（自 \(time) 起，因为之前的地址没有应答）；\(time) 之后重新按给定顺序尝试（北京时间）")) != nil,
                "\(line)")
            await silent.stop()
            await live.stop()
        }

        @Test func everyRequestNamesNewsctlAndItsVersion() async throws {
            let version = try await NewsctlProcess().run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(version.first?.isNumber == true, "\(version)")
            let server = LoopbackServer()
            try await server.start()
            let result = try await NewsctlProcess().run(["latest", "--base-url", await server.baseURL])
            #expect(result.status == 0)
            #expect(!server.userAgents.isEmpty)
            #expect(server.userAgents.allSatisfy { $0.hasPrefix("newsctl/\(version) (SyncEngine/") }, "\(server.userAgents)")
            await server.stop()
        }

        @Test(.enabled(if: MismatchedTLSServer.isAvailable, "python3 runs the TLS server"))
        func doctorNetworkSaysStepByStepHowEachHostAnswers() async throws {
            let live = LoopbackServer()
            try await live.start()
            let refused = try await LoopbackServer.refusedBaseURL()
            let silent = try await Self.silentServer()
            let tls = try MismatchedTLSServer()
            defer { tls.stop() }
            let bases = [await live.baseURL, refused, await silent.baseURL, tls.baseURL]
            let environment = ["SSL_CERT_FILE": MismatchedTLSServer.caBundlePath]
            let newsctl = try NewsctlProcess()
            let arguments = ["doctor", "--network", "--timeout", "2", "--base-url", bases.joined(separator: ",")]

            let json = try await newsctl.run(arguments + ["--json"], environment: environment)
            #expect(json.status == 0, "one host works: \(json.stderr)")
            // Every host at once: the silent one's 2 s, not the sum.
            #expect(.seconds(json.seconds) < TimeBound.process(.seconds(2)), "took \(json.seconds) s")
            let report = try json.stdout.jsonObject()
            let hosts = try #require(report["hosts"] as? [[String: Any]])
            try #require(hosts.count == 4)
            #expect(hosts.map { $0["base_url"] as? String } == bases)
            #expect(hosts.map { $0["works"] as? Bool } == [true, false, false, false])
            #expect(hosts[0]["latest_date"] as? String == "20230314")
            #expect(hosts[0]["stories"] as? Int == 6)
            func steps(_ host: [String: Any]) -> [(String, Bool, String)] {
                (host["steps"] as? [[String: Any]] ?? []).map {
                    ($0["step"] as? String ?? "", $0["ok"] as? Bool ?? false, $0["detail"] as? String ?? "")
                }
            }
            #expect(steps(hosts[0]).map(\.0) == ["resolve", "connect", "http", "page"])
            #expect(steps(hosts[0]).allSatisfy { $0.1 })
            #expect((hosts[0]["steps"] as? [[String: Any]])?.allSatisfy { $0["ms"] is Double } == true, "each step is timed")
            #expect(steps(hosts[1]).map { "\($0.0) \($0.1)" } == ["resolve true", "connect false"])
            #expect(steps(hosts[2]).map { "\($0.0) \($0.1)" } == ["resolve true", "connect true", "http false"])
            #expect(steps(hosts[2]).last?.2.contains("no answer") == true, "\(steps(hosts[2]))")
            #expect(steps(hosts[3]).map { "\($0.0) \($0.1)" } == ["resolve true", "connect true", "tls false"])
            #expect(hosts[3]["certificate_names"] as? [String] == MismatchedTLSServer.certificateNames)
            #expect(report["preferred_base_url"] is NSNull)
            #expect(report["working"] as? Int == 1)

            let text = try await newsctl.run(arguments, environment: environment)
            #expect(text.status == 0)
            #expect(text.stdout.contains("证书属于 *.cdn.example.net, cdn.example.net，而不是 localhost"), "\(text.stdout)")
            #expect(text.stdout.contains("已连接，但 2000 毫秒内没有应答"), "\(text.stdout)")
            #expect(text.stdout.contains("优先使用：无"))
            #expect(text.stdout.contains("4 个地址中 1 个可用"))
            await live.stop()
            await silent.stop()
        }

        @Test func doctorNetworkExitsUnavailableWhenNoHostWorks() async throws {
            let silent = try await Self.silentServer()
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(
                [
                    "doctor", "--network", "--timeout", "1", "--base-url",
                    "\(try await LoopbackServer.refusedBaseURL()),\(await silent.baseURL)",
                ])
            #expect(result.status == 69)
            #expect(result.stdout.contains("2 个地址都不可用"), "\(result.stdout)")
            #expect(result.stderr.hasPrefix("newsctl: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: newsctl.databasePath), "a network check creates no archive")
            await silent.stop()
        }
    }
}
