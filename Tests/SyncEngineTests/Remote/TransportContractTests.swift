import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// The real libcurl transport against a real loopback server.
@Suite struct CurlTransportTests {
    private let transport = CurlTransport()

    private func withServer(_ body: (LoopbackServer, String) async throws -> Void) async throws {
        let server = LoopbackServer()
        try await server.start()
        try await body(server, await server.baseURL)
        await server.stop()
    }

    /// Expects the request to fail with `code` (what the caller sees) by `limit` (a `TimeBound`).
    private func expectFailure(_ code: TransportError.Code, within limit: Duration,
                               _ request: () async throws -> HTTPResponse) async {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await request()
            Issue.record("expected \(code), got a response")
        } catch let error as TransportError {
            #expect(error.code == code, "\(error)")
        } catch {
            Issue.record("expected a TransportError, got \(error)")
        }
        let elapsed = start.duration(to: clock.now)
        #expect(elapsed < limit, "took \(elapsed)")
    }

    @Test func fetchesABody() async throws {
        try await withServer { server, base in
            let response = try await transport.get(base + "/news/latest", timeout: .seconds(5))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == (try Fixtures.text("news/latest")))
        }
    }

    @Test func httpErrorsAreResponsesNotTransportErrors() async throws {
        try await withServer { server, base in
            server.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/latest")
            let serverError = try await transport.get(base + "/news/latest", timeout: .seconds(5))
            let missing = try await transport.get(base + "/news/missing", timeout: .seconds(5))
            #expect(serverError.status == 500)
            #expect(missing.status == 404)
        }
    }

    @Test func aRefusedConnectionFailsAtOnce() async throws {
        // Start and stop a server to get a port nobody listens on.
        let server = LoopbackServer()
        try await server.start()
        let base = await server.baseURL
        await server.stop()
        // Refused, not timed out: the code says so, and it never waits for the 20 s deadline.
        await expectFailure(.connect, within: TimeBound.wellBefore(.seconds(20))) {
            try await transport.get(base + "/news/latest", timeout: .seconds(20))
        }
    }

    @Test func aHostThatNeverAcceptsIsAConnectFailureAtTheDeadline() async throws {
        let stalled = try StalledListener()
        await expectFailure(.connect, within: TimeBound.within(.milliseconds(700))) {
            try await transport.get(stalled.baseURL + "/news/latest", timeout: .milliseconds(700))
        }
    }

    @Test func aServerThatNeverAnswersTimesOutAtTheDeadline() async throws {
        try await withServer { server, base in
            server.setReply(.delayed(.seconds(30), .fixture("news/latest")), for: "/api/4/news/latest")
            await expectFailure(.timeout, within: TimeBound.within(.milliseconds(500))) {
                try await transport.get(base + "/news/latest", timeout: .milliseconds(500))
            }
        }
    }

    @Test func aSlowDripIsCutAtTheDeadline() async throws {
        try await withServer { server, base in
            server.setReply(.drip(text: try Fixtures.text("news/latest"), bytesPerChunk: 8, pause: .milliseconds(100)),
                            for: "/api/4/news/latest")
            await expectFailure(.timeout, within: TimeBound.within(.milliseconds(800))) {
                try await transport.get(base + "/news/latest", timeout: .milliseconds(800))
            }
        }
    }

    @Test func aTruncatedBodyIsAnError() async throws {
        try await withServer { server, base in
            server.setReply(.truncated(text: try Fixtures.text("news/latest"), sentBytes: 100), for: "/api/4/news/latest")
            await expectFailure(.truncated, within: TimeBound.within(.seconds(5))) {
                try await transport.get(base + "/news/latest", timeout: .seconds(5))
            }
        }
    }

    @Test func aBodyOverTheCapIsRefused() async throws {
        var options = CurlTransport.Options()
        options.maxBodyBytes = 1_024
        let small = CurlTransport(options: options)
        try await withServer { server, base in
            await expectFailure(.tooLarge, within: TimeBound.within(.seconds(5))) {
                try await small.get(base + "/news/latest", timeout: .seconds(5))
            }
        }
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        try await withServer { server, base in
            server.setReply(.delayed(.seconds(30), .fixture("news/latest")), for: "/api/4/news/latest")
            let start = ContinuousClock.now
            let request = Task { try await transport.get(base + "/news/latest", timeout: .seconds(20)) }
            try await Task.sleep(for: .milliseconds(200))
            request.cancel()
            let result = await request.result
            #expect(throws: TransportError.self) { try result.get() }
            if case .failure(let error as TransportError) = result { #expect(error.code == .cancelled) }
            // Cancelled, not timed out: the code says so, and it never waits for the 20 s deadline.
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < TimeBound.wellBefore(.seconds(20)), "took \(elapsed)")
        }
    }

    @Test func readsAFileURLAndReportsAMissingFile() async throws {
        let response = try await transport.get("file://" + Fixtures.apiRoot + "/news/latest", timeout: .seconds(2))
        #expect(response.status == 200)
        #expect(!response.body.isEmpty)
        await expectFailure(.notFound, within: TimeBound.within(.seconds(2))) {
            try await transport.get("file://" + Fixtures.apiRoot + "/news/before/19990101", timeout: .seconds(2))
        }
    }

    @Test func sendsItsUserAgentAndReusesTheConnection() async throws {
        try await withServer { server, base in
            for _ in 0..<3 { _ = try await transport.get(base + "/news/latest", timeout: .seconds(5)) }
            #expect(server.userAgents.allSatisfy { $0.hasPrefix("newsctl/") })
            #expect(server.userAgents.count == 3)
            #expect(server.connectionCount == 1)
        }
    }
}
