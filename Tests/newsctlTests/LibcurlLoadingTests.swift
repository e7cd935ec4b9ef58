import Foundation
import Testing
import TestSupport
@testable import newsctl

extension ProcessTests {
    /// libcurl is mapped only by a command that goes to the network. The dynamic loader says what
    /// it loads (`LD_DEBUG=libs`, on stderr), so the check needs no hook in newsctl.
    @Suite struct LibcurlLoadingTests {
        private static let fixtures = "file://" + Fixtures.apiRoot
        private static let loaderDebug = ["LD_DEBUG": "libs"]

        /// The loader's lines that name libcurl.
        private func libcurlLines(_ stderr: String) -> [Substring] {
            stderr.split(separator: "\n").filter { $0.contains("libcurl") }
        }

        @Test func offlineCommandsNeverLoadLibcurlAndANetworkReadDoes() async throws {
            let newsctl = try NewsctlProcess()
            let network = try await newsctl.run(["latest", "--base-url", Self.fixtures], environment: Self.loaderDebug)
            #expect(network.status == 0)
            #expect(network.stdout.contains("为什么春天的风总是特别大？"))
            #expect(libcurlLines(network.stderr).contains { $0.contains("calling init:") }, "libcurl was not loaded")

            let offline: [[String]] = [
                ["latest", "--offline"], ["status"],
                ["search", "x"], ["search", "春天"], ["fav", "list"], ["doctor"],
            ]
            for arguments in offline {
                let result = try await newsctl.run(arguments, environment: Self.loaderDebug)
                #expect(result.status == 0, "\(arguments): \(result.stderr.suffix(300))")
                #expect(result.stderr.contains("calling init:"), "\(arguments): LD_DEBUG said nothing")
                #expect(libcurlLines(result.stderr).isEmpty, "\(arguments) loaded libcurl")
            }
        }

        /// A library that is not libcurl where libcurl is looked for first (a broken install).
        private func brokenLibcurl() throws -> [String: String] {
            let folder = try Fixtures.temporaryFolder()
            try "not a library".write(toFile: folder + "/libcurl.so.4", atomically: true, encoding: .utf8)
            return ["LD_LIBRARY_PATH": folder]
        }

        @Test func anUnusableLibcurlIsTheNetworkDownWithOneLineNotACrash() async throws {
            let newsctl = try NewsctlProcess()
            let result = try await newsctl.run(["latest", "--base-url", Self.fixtures], environment: try brokenLibcurl())
            #expect(result.status == 69)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == "newsctl: 无法加载 libcurl，不能联网，本地也没有缓存今日内容\n")
        }

        @Test func anUnusableLibcurlServesTheArchiveAsOffline() async throws {
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["latest", "--base-url", Self.fixtures]).status == 0)
            let result = try await newsctl.run(
                ["latest", "--refresh", "--base-url", Self.fixtures],
                environment: try brokenLibcurl())
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("为什么春天的风总是特别大？"))
            #expect(result.stdout.contains("离线"), "\(result.stdout.suffix(200))")
        }
    }
}
