import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// Several newsctl processes reading and writing one archive at once (the stress script in
    /// `scripts/stress` does the same at length, plus a SIGKILL loop).
    @Suite struct MultiProcessTests {
        @Test func writersAndReadersShareOneArchiveWithoutLockErrors() async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["before", "20230314", "--base-url", base]).status == 0)

            let commands: [[String]] = [
                ["before", "20230314", "--refresh", "--base-url", base],
                ["before", "20230313", "--refresh", "--base-url", base],
                ["latest", "--refresh", "--base-url", base],
                ["before", "20230312", "--refresh", "--base-url", base],
                ["before", "20230314", "--offline"],
                ["before", "20230314", "--offline", "--json"],
            ]
            let rounds = 4
            let results = try await withThrowingTaskGroup(of: NewsctlProcess.Result.self) { group in
                for command in commands {
                    group.addTask {
                        var last: NewsctlProcess.Result?
                        for _ in 0..<rounds {
                            let result = try await newsctl.run(command)
                            if result.status != 0 { return result }
                            last = result
                        }
                        return try #require(last)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(!result.stderr.contains("locked"))
            }
            let doctor = try await newsctl.run(["doctor", "--json"])
            #expect(try doctor.stdout.jsonObject()["healthy"] as? Bool == true)
            #expect(try doctor.stdout.jsonObject()["days"] as? Int == 4)
            await server.stop()
        }
    }
}
