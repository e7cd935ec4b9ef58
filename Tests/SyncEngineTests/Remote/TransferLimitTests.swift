import Testing
import TestSupport
@testable import SyncEngine

// Only in a build with libcurl: CurlTransport's limits.
#if canImport(CCurl)
    /// `CurlTransport` under a `TransferLimit`: requests beyond it wait on the transport's thread and
    /// start as transfers end; a waiting request's timeout starts with its transfer, and cancelling
    /// it ends it at once.
    @Suite struct TransferLimitTests {
        private let slow = "/api/4/news/latest"
        private let other = "/api/4/news/before/20230314"

        /// Starts `count` requests of `path` at once (under `limit`, if any) and returns their statuses.
        private func getAll(_ count: Int, _ url: String, limit: Int?) async throws -> [Int] {
            let transport = CurlTransport()
            return try await TransferLimit.$transfers.withValue(limit.map(TransferLimit.Shared.init)) {
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<count {
                        group.addTask { try await transport.get(url, timeout: .seconds(20)).status }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
        }

        @Test(arguments: [nil, 2])
        func noMoreThanTheLimitRunAtOnceAndTheRestFollow(limit: Int?) async throws {
            let server = LoopbackServer()
            try await server.start()
            server.setReply(.delayed(.milliseconds(300), .fixture("news/latest")), for: slow)
            let statuses = try await getAll(6, await server.baseURL + "/news/latest", limit: limit)
            #expect(statuses == Array(repeating: 200, count: 6))
            if let limit {
                #expect(server.peakConcurrentRequests <= limit)
            } else {
                #expect(server.peakConcurrentRequests > 2)  // Without a limit, more run at once.
            }
            await server.stop()
        }

        /// Runs `body` under a limit of one transfer, once a first request (answered after `delay`)
        /// is under way; `body` gets the server, the transport, the base URL and that first request.
        private func withOneUnderWay(
            answeredAfter delay: Duration,
            _ body: (LoopbackServer, CurlTransport, String, Task<HTTPResponse, any Error>) async throws -> Void
        ) async throws {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            server.setReply(.delayed(delay, .fixture("news/latest")), for: slow)
            let transport = CurlTransport()
            try await TransferLimit.$transfers.withValue(TransferLimit.Shared(1)) {
                let first = Task { try await transport.get(base + "/news/latest", timeout: .seconds(40)) }
                while server.requestCount(slow) == 0 { try await Task.sleep(for: .milliseconds(10)) }
                try await body(server, transport, base, first)
                first.cancel()
            }
            await server.stop()
        }

        /// Waiting for a free transfer is not the network being slow: a request's timeout runs from
        /// when its transfer starts, as it did when the task itself waited for the transfer to end.
        @Test func aWaitingRequestsTimeoutStartsWithItsTransfer() async throws {
            try await withOneUnderWay(answeredAfter: .milliseconds(1_500)) { _, transport, base, first in
                let start = ContinuousClock.now
                let response = try await transport.get(base + "/news/before/20230314", timeout: .seconds(1))
                #expect(response.status == 200)
                #expect(ContinuousClock.now - start > .seconds(1))  // It waited for the first, past its own timeout.
                #expect(try await first.value.status == 200)
            }
        }

        @Test func cancellingAWaitingRequestEndsItWithoutBeingSent() async throws {
            try await withOneUnderWay(answeredAfter: .seconds(30)) { server, transport, base, _ in
                let start = ContinuousClock.now
                let waiting = Task { try await transport.get(base + "/news/before/20230314", timeout: .seconds(40)) }
                try await Task.sleep(for: .milliseconds(200))
                waiting.cancel()
                if case .failure(let error as TransportError) = await waiting.result {
                    #expect(error.code == .cancelled, "\(error)")
                } else {
                    Issue.record("the cancelled request did not fail as cancelled")
                }
                #expect(ContinuousClock.now - start < TimeBound.wellBefore(.seconds(30)))
                #expect(server.requestCount(other) == 0)
            }
        }

        /// A cancelled sync cancels its tasks one after another: the place a cancelled transfer frees
        /// does not go to a waiting request at once (it may be the next to be cancelled), but a
        /// request still wanted starts within a second or so.
        @Test func aPlaceFreedByCancellingGoesToTheNextRequestOnlyAfterAMoment() async throws {
            try await withOneUnderWay(answeredAfter: .seconds(30)) { server, transport, base, first in
                let waiting = Task { try await transport.get(base + "/news/before/20230314", timeout: .seconds(40)) }
                try await Task.sleep(for: .milliseconds(100))
                let cancelledAt = ContinuousClock.now
                first.cancel()
                _ = await first.result
                try await Task.sleep(for: .milliseconds(300))
                if ContinuousClock.now - cancelledAt < .milliseconds(900) {  // A loaded machine may be later: then it proves nothing.
                    #expect(server.requestCount(other) == 0, "the freed place went to the waiting request at once")
                }
                #expect(try await waiting.value.status == 200)
                #expect(ContinuousClock.now - cancelledAt < TimeBound.within(.seconds(1)))
            }
        }
    }

    /// A limit lowered while requests wait holds them back too: a sync the source asked to slow
    /// down transfers fewer at once from then on, not after the requests it had asked ahead.
    @Suite struct LoweredTransferLimitTests {
        @Test func requestsWaitingWhenTheLimitIsLoweredKeepToTheNewLimit() async throws {
            let server = LoopbackServer()
            try await server.start()
            let path = "/api/4/news/latest"
            // The first two end after 3 s; the third never does (until the test ends), so a fourth
            // can only start by breaking the new limit, however late this test looks.
            server.setReply(
                .sequence([
                    .delayed(.seconds(3), .fixture("news/latest")), .delayed(.seconds(3), .fixture("news/latest")),
                    .delayed(.seconds(3_600), .fixture("news/latest")),
                ]), for: path)
            let url = await server.baseURL + "/news/latest"
            let transport = CurlTransport()
            let limit = TransferLimit.Shared(2)
            let requests = Task {
                try await TransferLimit.$transfers.withValue(limit) {
                    try await withThrowingTaskGroup(of: Int.self) { group in
                        for _ in 0..<4 { group.addTask { try await transport.get(url, timeout: .seconds(60)).status } }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
            }
            while server.requestCount(path) < 2 { try await Task.sleep(for: .milliseconds(10)) }
            limit.lower(to: 1)
            // Once the first two end, one more starts; the last waits for it.
            while server.requestCount(path) < 3 { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .seconds(1))
            #expect(server.requestCount(path) == 3, "the fourth waits for the third: one at a time now")
            requests.cancel()
            _ = try? await requests.value
            await server.stop()
        }
    }
#endif
