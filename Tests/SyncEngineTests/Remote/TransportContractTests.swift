import Foundation
import Testing
import TestSupport
@testable import SyncEngine
import SyncEngineURLSession

/// Makes one of the real transports, optionally with a body cap; a test argument.
struct TransportMaker: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (_ maxBodyBytes: Int?) -> any HTTPTransport

    var testDescription: String { name }

    #if canImport(CCurl)
        static let curl = TransportMaker(name: "curl") { cap in
            var options = CurlTransport.Options()
            if let cap { options.maxBodyBytes = cap }
            return CurlTransport(options: options)
        }
    #endif

    static let urlSession = TransportMaker(name: "URLSession") { cap in
        var options = URLSessionTransport.Options()
        if let cap { options.maxBodyBytes = cap }
        return URLSessionTransport(options: options)
    }

    /// Every transport the `HTTPTransport` contract is checked on: the two a Linux build has, or
    /// URLSession alone in a build without libcurl (`SYNCENGINE_TRANSPORT=urlsession`).
    #if canImport(CCurl)
        static let all = [curl, urlSession]
    #else
        static let all = [urlSession]
    #endif
}

/// The `HTTPTransport` contract, on each real transport (libcurl and URLSession) against a real
/// loopback server. The few items URLSession cannot meet on Linux are curl-only tests that say why.
@Suite struct TransportContractTests {

    private func withServer(_ body: (LoopbackServer, String) async throws -> Void) async throws {
        let server = LoopbackServer()
        try await server.start()
        try await body(server, await server.baseURL)
        await server.stop()
    }

    /// Expects the request to fail with `code` (what the caller sees) by `limit` (a `TimeBound`).
    private func expectFailure(
        _ code: TransportError.Code, within limit: Duration,
        _ request: () async throws -> HTTPResponse
    ) async {
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

    @Test(arguments: TransportMaker.all)
    func fetchesABody(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        try await withServer { server, base in
            let response = try await transport.get(base + "/news/latest", timeout: .seconds(5))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == (try Fixtures.text("news/latest")))
        }
    }

    @Test(arguments: TransportMaker.all)
    func httpErrorsAreResponsesNotTransportErrors(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        try await withServer { server, base in
            server.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/latest")
            let serverError = try await transport.get(base + "/news/latest", timeout: .seconds(5))
            let missing = try await transport.get(base + "/news/missing", timeout: .seconds(5))
            #expect(serverError.status == 500)
            #expect(missing.status == 404)
        }
    }

    @Test(arguments: TransportMaker.all)
    func aRefusedConnectionFailsAtOnce(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        // A port that refuses and that no other server of the parallel suite can take (one borrowed
        // from a stopped server was sometimes taken, and answered).
        let base = try await LoopbackServer.refusedBaseURL()
        // Refused, not timed out: the code says so, and it never waits for the 20 s deadline.
        await expectFailure(.connect, within: TimeBound.wellBefore(.seconds(20))) {
            try await transport.get(base + "/news/latest", timeout: .seconds(20))
        }
    }

    // Curl-only: URLSession reports no "connected" moment before the response, so a connection
    // never accepted and a server that accepted but never answered look the same to it when the
    // deadline passes (`.timeout`). Its deadline is checked below, its code is not.
    #if canImport(CCurl)
        @Test func aHostThatNeverAcceptsIsAConnectFailureAtTheDeadline() async throws {
            let transport = TransportMaker.curl.make(nil)
            let stalled = try StalledListener()
            await expectFailure(.connect, within: TimeBound.within(.milliseconds(700))) {
                try await transport.get(stalled.baseURL + "/news/latest", timeout: .milliseconds(700))
            }
        }
    #endif

    @Test func aHostThatNeverAcceptsFailsAtTheDeadlineOverURLSession() async throws {
        let transport = TransportMaker.urlSession.make(nil)
        let stalled = try StalledListener()
        await expectFailure(.timeout, within: TimeBound.within(.milliseconds(700))) {
            try await transport.get(stalled.baseURL + "/news/latest", timeout: .milliseconds(700))
        }
    }

    @Test(arguments: TransportMaker.all)
    func aServerThatNeverAnswersTimesOutAtTheDeadline(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        try await withServer { server, base in
            server.setReply(.delayed(.seconds(30), .fixture("news/latest")), for: "/api/4/news/latest")
            await expectFailure(.timeout, within: TimeBound.within(.milliseconds(500))) {
                try await transport.get(base + "/news/latest", timeout: .milliseconds(500))
            }
        }
    }

    @Test(arguments: TransportMaker.all)
    func aSlowDripIsCutAtTheDeadline(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        try await withServer { server, base in
            server.setReply(
                .drip(text: try Fixtures.text("news/latest"), bytesPerChunk: 8, pause: .milliseconds(100)),
                for: "/api/4/news/latest")
            await expectFailure(.timeout, within: TimeBound.within(.milliseconds(800))) {
                try await transport.get(base + "/news/latest", timeout: .milliseconds(800))
            }
        }
    }

    @Test(arguments: TransportMaker.all)
    func aTruncatedBodyIsAnError(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        try await withServer { server, base in
            server.setReply(.truncated(text: try Fixtures.text("news/latest"), sentBytes: 100), for: "/api/4/news/latest")
            await expectFailure(.truncated, within: TimeBound.within(.seconds(5))) {
                try await transport.get(base + "/news/latest", timeout: .seconds(5))
            }
        }
    }

    @Test(arguments: TransportMaker.all)
    func aBodyOverTheCapIsRefused(_ maker: TransportMaker) async throws {
        let small = maker.make(1_024)
        try await withServer { server, base in
            await expectFailure(.tooLarge, within: TimeBound.within(.seconds(5))) {
                try await small.get(base + "/news/latest", timeout: .seconds(5))
            }
        }
    }

    @Test(arguments: TransportMaker.all)
    func cancellingTheTaskAbortsTheTransfer(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
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

    @Test(arguments: TransportMaker.all)
    func readsAFileURLAndReportsAMissingFile(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        let response = try await transport.get("file://" + Fixtures.apiRoot + "/news/latest", timeout: .seconds(2))
        #expect(response.status == 200)
        #expect(!response.body.isEmpty)
        await expectFailure(.notFound, within: TimeBound.within(.seconds(2))) {
            try await transport.get("file://" + Fixtures.apiRoot + "/news/before/19990101", timeout: .seconds(2))
        }
    }

    @Test(arguments: TransportMaker.all)
    func sendsItsUserAgentAndReusesTheConnection(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        try await withServer { server, base in
            for _ in 0..<3 { _ = try await transport.get(base + "/news/latest", timeout: .seconds(5)) }
            #expect(server.userAgents.allSatisfy { $0.hasPrefix("SyncEngine/\(SyncEngine.version) (") })
            #expect(server.userAgents.count == 3)
            #expect(server.connectionCount == 1)
        }
    }

    @Test(arguments: TransportMaker.all)
    func nothingIsCachedEvenWhenTheServerAllowsIt(_ maker: TransportMaker) async throws {
        let transport = maker.make(nil)
        try await withServer { server, base in
            server.setReply(
                .body(status: 200, text: "{}", headers: ["Cache-Control": "public, max-age=600"]),
                for: "/api/4/news/latest")
            for _ in 0..<2 { _ = try await transport.get(base + "/news/latest", timeout: .seconds(5)) }
            #expect(server.requestCount("/api/4/news/latest") == 2)
        }
    }

    #if os(Linux)
        /// swift-corelibs-foundation makes `~/.cache/org.swift.foundation.URLCache/<process>` whenever a
        /// session configuration is created, with caching off too (not avoidable); nothing may be
        /// written in it.
        @Test func urlSessionWritesNothingInItsCacheFolder() async throws {
            let transport = TransportMaker.urlSession.make(nil)
            try await withServer { server, base in
                server.setReply(
                    .body(status: 200, text: "{}", headers: ["Cache-Control": "public, max-age=600"]),
                    for: "/api/4/news/latest")
                _ = try await transport.get(base + "/news/latest", timeout: .seconds(5))
            }
            let environment = ProcessInfo.processInfo.environment
            let cacheHome = environment["XDG_CACHE_HOME"] ?? (NSHomeDirectory() + "/.cache")
            let folder = cacheHome + "/org.swift.foundation.URLCache/" + ProcessInfo.processInfo.processName
            let files = FileManager.default.enumerator(atPath: folder).map { $0.allObjects } ?? []
            #expect(files.isEmpty, "\(folder) holds \(files)")
        }
    #endif
}
