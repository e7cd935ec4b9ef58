import Foundation
import Logging
import Testing
import TestSupport
@testable import SyncEngine

// Only in a build with libcurl: retries over libcurl's low-speed abort (URLSession has none).
#if canImport(CCurl)
    @Suite struct RetryTests {
        private static let latestPath = "/api/4/news/latest"

        private func client(
            _ bases: [String], timeout: Duration = TimeBound.requestBudget, attempts: Int = 3,
            lowSpeedTime: Duration = .seconds(5), now: Double = 1_700_000_000
        ) -> ZhihuDailyClient {
            var options = CurlTransport.Options()
            options.lowSpeedTime = lowSpeedTime
            var policy = RetryPolicy()
            policy.maxAttempts = attempts
            policy.baseDelay = .milliseconds(50)
            return ZhihuDailyClient(
                baseURLs: bases, transport: CurlTransport(options: options), timeout: timeout,
                retryPolicy: policy, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                now: { now })
        }

        private func failure(_ body: () async throws(RemoteError) -> RemoteDay) async -> RemoteError? {
            do {
                _ = try await body()
                Issue.record("expected a failure")
                return nil
            } catch {
                return error
            }
        }

        @Test func aServerErrorIsRetriedAndTheRetryServes() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(
                .sequence([.body(status: 500, text: "{}"), .body(status: 502, text: ""), .fixture("news/latest")]),
                for: Self.latestPath)
            let latest = try await client([await server.baseURL]).latest()
            #expect(latest.stories.count == 6)
            #expect(server.requestCount(Self.latestPath) == 3)
            await server.stop()
        }

        @Test func aPersistentServerErrorStopsAfterTheLastAttempt() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 503, text: "{}"), for: Self.latestPath)
            let error = await failure { () throws(RemoteError) in try await client([await server.baseURL]).latest() }
            #expect(error?.status == 503)
            #expect(server.requestCount(Self.latestPath) == 3)
            await server.stop()
        }

        @Test func retryAfterInSecondsIsWaitedFor() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(
                .sequence([.body(status: 429, text: "{}", headers: ["Retry-After": "1"]), .fixture("news/latest")]),
                for: Self.latestPath)
            let start = ContinuousClock.now
            _ = try await client([await server.baseURL]).latest()
            // A lower bound: it proves the retry waited the second asked for (less 50 ms of timer slack).
            #expect(ContinuousClock.now - start >= .milliseconds(950))
            #expect(server.requestCount(Self.latestPath) == 2)
            await server.stop()
        }

        @Test func retryAfterBeyondTheDeadlineFailsAtOnce() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 503, text: "{}", headers: ["Retry-After": "120"]), for: Self.latestPath)
            let start = ContinuousClock.now
            let error = await failure { () throws(RemoteError) in
                try await client([await server.baseURL], timeout: .seconds(20)).latest()
            }
            #expect(error?.status == 503)
            #expect(error?.retryAfter == "120")
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < TimeBound.wellBefore(.seconds(20)), "neither the 120 s asked for nor the 20 s deadline: took \(elapsed)")
            #expect(server.requestCount(Self.latestPath) == 1)
            await server.stop()
        }

        @Test(arguments: [400, 401, 404, 410])
        func clientErrorsAreNotRetried(status: Int) async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: status, text: "{}"), for: Self.latestPath)
            let error = await failure { () throws(RemoteError) in try await client([await server.baseURL]).latest() }
            #expect(error?.status == status)
            #expect(server.requestCount(Self.latestPath) == 1)
            await server.stop()
        }

        @Test func badDataIsNotRetried() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 200, text: #"{"date":20230314,"stories":"none"}"#), for: Self.latestPath)
            let error = await failure { () throws(RemoteError) in try await client([await server.baseURL]).latest() }
            #expect(error?.code == .badResponse)
            #expect(server.requestCount(Self.latestPath) == 1)
            await server.stop()
        }

        @Test func aResetConnectionIsRetried() async throws {
            let resetting = try ResettingListener()
            // A deadline far beyond the three quick attempts: under load (a sanitizer beside it) the
            // default 5 s ran out first once, which is not what this test is about.
            let error = await failure { () throws(RemoteError) in try await client([resetting.baseURL], timeout: .seconds(60)).latest() }
            #expect(error?.code == .unreachable)
            #expect(error?.transportError?.code == .truncated)
            #expect(resetting.connectionCount == 3)
        }

        @Test func aStalledBodyIsAbortedAndRetried() async throws {
            let server = LoopbackServer()
            try await server.start()
            let body = try Fixtures.text("news/latest")
            server.setReply(
                .sequence([.drip(text: body, bytesPerChunk: 1, pause: .seconds(3)), .fixture("news/latest")]),
                for: Self.latestPath)
            let start = ContinuousClock.now
            // Without the low-speed abort the first attempt would use up the whole deadline and fail.
            let latest = try await client([await server.baseURL], timeout: .seconds(10), lowSpeedTime: .seconds(1)).latest()
            #expect(latest.stories.count == 6)
            #expect(server.requestCount(Self.latestPath) == 2)
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < TimeBound.within(.seconds(10)), "took \(elapsed)")
            await server.stop()
        }

        @Test func retriesNeverPassTheDeadline() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.delayed(.milliseconds(400), .body(status: 500, text: "{}")), for: Self.latestPath)
            let start = ContinuousClock.now
            let error = await failure { () throws(RemoteError) in
                try await client([await server.baseURL], timeout: .milliseconds(700), attempts: 10).latest()
            }
            #expect(error != nil)
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < TimeBound.within(.milliseconds(700)), "took \(elapsed)")
            #expect(server.requestCount(Self.latestPath) <= 2)
            await server.stop()
        }

        @Test func aHostThatFailedIsSkippedOnceTheFallbackAnswers() async throws {
            let first = LoopbackServer()
            let second = LoopbackServer()
            try await first.start()
            try await second.start()
            first.setReply(.body(status: 403, text: #"{"error":{"name":"need_login"}}"#), for: Self.latestPath)
            let client = client([await first.baseURL, await second.baseURL])
            _ = try await client.latest()
            _ = try await client.latest()
            _ = try await client.day(Day("20230313")!)
            #expect(first.requestedPaths == [Self.latestPath])
            #expect(second.requestCount(Self.latestPath) == 2)
            await first.stop()
            await second.stop()
        }

        @Test func cancellingDuringBackoffEndsTheRead() async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.body(status: 503, text: "{}", headers: ["Retry-After": "20"]), for: Self.latestPath)
            let client = client([await server.baseURL], timeout: .seconds(30))
            let read = Task { () -> RemoteError? in
                do throws(RemoteError) { _ = try await client.latest(); return nil } catch { return error }
            }
            // Once the 503 has come, the read is waiting the 20 s asked for.
            for _ in 0..<500 where server.requestCount(Self.latestPath) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(100))
            let start = ContinuousClock.now
            read.cancel()
            let error = await read.value
            #expect(error?.code == .cancelled)
            #expect(server.requestCount(Self.latestPath) == 1, "no retry after the cancel")
            let elapsed = ContinuousClock.now - start
            #expect(elapsed < TimeBound.wellBefore(.seconds(20)), "took \(elapsed)")
            await server.stop()
        }

        @Test func retryAfterIsReadInSecondsOrAsAnHTTPDate() {
            let now = 1_445_412_480.0  // Wed, 21 Oct 2015 07:28:00 GMT
            #expect(RetryPolicy.retryAfter("7", now: now) == .seconds(7))
            #expect(RetryPolicy.retryAfter(" 0 ", now: now) == .zero)
            #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == .seconds(30))
            #expect(RetryPolicy.retryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == .zero)
            #expect(RetryPolicy.retryAfter("-3", now: now) == nil)
            #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
            #expect(RetryPolicy.retryAfter("Wed, 31 Feb 2015 07:28:30 GMT", now: now) == nil)
        }

        @Test func backoffDoublesUpToItsCeilingWithJitter() {
            var policy = RetryPolicy()
            policy.baseDelay = .milliseconds(100)
            policy.maxDelay = .milliseconds(350)
            #expect(policy.backoff(beforeRetry: 1, jitter: 1) == .milliseconds(100))
            #expect(policy.backoff(beforeRetry: 2, jitter: 1) == .milliseconds(200))
            #expect(policy.backoff(beforeRetry: 3, jitter: 1) == .milliseconds(350))
            #expect(policy.backoff(beforeRetry: 2, jitter: 0.5) == .milliseconds(100))
        }
    }
#endif
