import Foundation
import Logging
import Testing
import TestSupport
@testable import SyncEngine

@Suite struct ZhihuDailyClientTests {
    private func client(
        _ bases: [String], timeout: Duration = TimeBound.requestBudget,
        connectTimeout: Duration = .seconds(5)
    ) -> ZhihuDailyClient {
        return ZhihuDailyClient(
            baseURLs: bases, transport: transport(connectTimeout: connectTimeout), timeout: timeout,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    /// The build's transport: libcurl, or URLSession in a build without it.
    private func transport(connectTimeout: Duration) -> any HTTPTransport {
        #if canImport(CCurl)
            var options = CurlTransport.Options()
            options.connectTimeout = connectTimeout
            return CurlTransport(options: options)
        #else
            var options = URLSessionTransport.Options()
            options.connectTimeout = connectTimeout
            return URLSessionTransport(options: options)
        #endif
    }

    private func expectRemoteError(_ code: RemoteError.Code, _ body: () async throws(RemoteError) -> RemoteDay) async -> RemoteError? {
        do {
            _ = try await body()
            Issue.record("expected \(code)")
            return nil
        } catch {
            #expect(error.code == code, "\(error)")
            return error
        }
    }

    @Test func latestMapsToDomainStories() async throws {
        let server = LoopbackServer()
        try await server.start()
        let latest = try await client([await server.baseURL]).latest()
        #expect(latest.day == Day("20230314"))
        #expect(latest.stories.count == 6)
        #expect(latest.topStories.count == 5)
        #expect(latest.stories.first?.imageURL == "https://pic1.zhimg.com/v2-fixture9759301.jpg?source=8673f162")
        await server.stop()
    }

    @Test func aDayIsFetchedThroughBeforeTheNextDay() async throws {
        let server = LoopbackServer()
        try await server.start()
        let day = try await client([await server.baseURL]).day(Day("20230313")!)
        #expect(day.stories.count == 5)
        #expect(server.requestedPaths == ["/api/4/news/before/20230314"])
        await server.stop()
    }

    @Test func anAnswerForAnotherDayIsRejected() async throws {
        let server = LoopbackServer()
        try await server.start()
        // before/20230314 must answer 20230313; this server answers with today's page instead.
        server.setReply(.fixture("news/latest"), for: "/api/4/news/before/20230314")
        let error = await expectRemoteError(.badResponse) { () throws(RemoteError) in
            try await client([await server.baseURL]).day(Day("20230313")!)
        }
        #expect(error?.message.contains("20230314") == true)
        await server.stop()
    }

    @Test func htmlInsteadOfJSONIsABadResponse() async throws {
        let server = LoopbackServer()
        try await server.start()
        server.setReply(
            .body(status: 200, contentType: "text/html", text: "<!DOCTYPE html><html>captive portal</html>"),
            for: "/api/4/news/latest")
        let error = await expectRemoteError(.badResponse) { () throws(RemoteError) in
            try await client([await server.baseURL]).latest()
        }
        #expect(error?.message.contains("HTML") == true)
        await server.stop()
    }

    @Test func forbiddenWithNeedLoginFallsBackToTheNextHost() async throws {
        let first = LoopbackServer()
        let second = LoopbackServer()
        try await first.start()
        try await second.start()
        first.setReply(
            .body(status: 403, text: #"{"error":{"code":10003,"message":"请登录","name":"need_login"}}"#),
            for: "/api/4/news/latest")
        let latest = try await client([await first.baseURL, await second.baseURL]).latest()
        #expect(latest.day == Day("20230314"))
        #expect(first.requestCount("/api/4/news/latest") == 1)
        #expect(second.requestCount("/api/4/news/latest") == 1)

        // With no fallback left, the 403 is reported with the envelope's name.
        let error = await expectRemoteError(.httpStatus) { () throws(RemoteError) in
            try await client([await first.baseURL]).latest()
        }
        #expect(error?.status == 403)
        #expect(error?.message.contains("need_login") == true)
        await first.stop()
        await second.stop()
    }

    @Test func aRefusedHostFallsBackToTheNext() async throws {
        let deadBase = try await LoopbackServer.refusedBaseURL()
        let live = LoopbackServer()
        try await live.start()
        let latest = try await client([deadBase, await live.baseURL]).latest()
        #expect(latest.stories.count == 6)
        await live.stop()
    }

    @Test func aHostThatNeverAcceptsFallsBackToTheNext() async throws {
        let stalled = try StalledListener()
        let live = LoopbackServer()
        try await live.start()
        let start = ContinuousClock.now
        // Without the connect timeout, the stalled host would use up the whole 20 s deadline.
        let latest = try await client(
            [stalled.baseURL, await live.baseURL], timeout: .seconds(20),
            connectTimeout: .milliseconds(300)
        ).latest()
        #expect(latest.stories.count == 6)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < TimeBound.within(.milliseconds(300)), "took \(elapsed)")
        await live.stop()
    }

    @Test func theDeadlineCoversEveryFallback() async throws {
        // Six hosts that never accept: with a deadline each (and 3 attempts), they would take
        // 6 x 3 x 2 s = 36 s; with one deadline for all, 2 s. The bound sits halfway: an 800 ms
        // deadline once took 7.6 s beside scripts/stress, past twice-plus-slack.
        let stalled = try (0..<6).map { _ in try StalledListener() }
        let start = ContinuousClock.now
        let error = await expectRemoteError(.unreachable) { () throws(RemoteError) in
            try await client(stalled.map(\.baseURL), timeout: .seconds(2)).latest()
        }
        #expect(error?.transportError?.code == .connect)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < TimeBound.wellBefore(.seconds(36)), "took \(elapsed)")
    }

    @Test func notFoundIsAnHTTPStatusError() async throws {
        let server = LoopbackServer()
        try await server.start()
        let error = await expectRemoteError(.httpStatus) { () throws(RemoteError) in
            try await client([await server.baseURL]).day(Day("20200101")!)
        }
        #expect(error?.status == 404)
        await server.stop()
    }

    @Test func anAnswerForAnEarlierDayMeansNotPublishedYet() async throws {
        let server = LoopbackServer()
        try await server.start()
        server.setReply(.fixture("news/latest"), for: "/api/4/news/before/20230316")  // answers 20230314
        let error = await expectRemoteError(.notPublished) { () throws(RemoteError) in
            try await client([await server.baseURL]).day(Day("20230315")!)
        }
        #expect(error?.message == "20230315 is not published yet; the source's latest day is 20230314")
        await server.stop()
    }

    @Test func aServerErrorDoesNotFallBack() async throws {
        let first = LoopbackServer()
        let second = LoopbackServer()
        try await first.start()
        try await second.start()
        first.setReply(.body(status: 500, text: "{}"), for: "/api/4/news/latest")
        let error = await expectRemoteError(.httpStatus) { () throws(RemoteError) in
            try await client([await first.baseURL, await second.baseURL]).latest()
        }
        #expect(error?.status == 500)
        #expect(second.requestedPaths.isEmpty)
        await first.stop()
        await second.stop()
    }

    @Test func theDeadlineCoversEveryAttempt() async throws {
        let server = LoopbackServer()
        try await server.start()
        server.setReply(.delayed(.seconds(30), .fixture("news/latest")), for: "/api/4/news/latest")
        let start = ContinuousClock.now
        let error = await expectRemoteError(.unreachable) { () throws(RemoteError) in
            // 5 s: long enough for the request to reach the server under a sanitizer or on a
            // loaded machine (2 s once was not, with three builds running beside the tests).
            try await client([await server.baseURL], timeout: .seconds(5)).latest()
        }
        #expect(error?.transportError?.code == .timeout)
        // The first attempt used the whole deadline, so there was none left to retry in.
        #expect(server.requestCount("/api/4/news/latest") == 1)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < TimeBound.within(.seconds(5)), "took \(elapsed)")
        await server.stop()
    }
}
