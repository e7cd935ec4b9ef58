import HTTPTypes
import Hummingbird
import NIOCore
import SyncEngine

/// The cached answers, LRU within `ResponseCaching`'s bounds, all of one change token: a new
/// token empties it.
final class ResponseCache: Sendable {
    /// An answer as kept: its status and headers, and its body ready to send.
    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: ByteBuffer

        /// `response`, its body read whole.
        init(_ response: Response) async throws {
            status = response.status
            headers = response.headers
            body = try await response.body.collected()
        }

        /// The answer to send.
        var response: Response { Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body)) }
    }

    private struct Entry {
        let answer: Answer
        let second: Int64
        var lastUse: UInt64
    }

    /// An answer being made: requests for it in the same token and second wait for it instead
    /// of making it again (32 connections all missing at a new second would render it 32 times).
    private struct Flight {
        let pending: PendingAnswer<Answer>
        let second: Int64
    }

    private struct State {
        var token: (any Hashable & Sendable)?
        var entries: [String: Entry] = [:]
        var flights: [String: Flight] = [:]
        var bytes = 0
        var uses: UInt64 = 0
    }

    let caching: ResponseCaching
    private let state = Locked(State())

    init(_ caching: ResponseCaching) {
        self.caching = caching
    }

    /// How many answers and body bytes are kept (for tests).
    var size: (entries: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }

    /// The answer kept for `key` under `token` in `second`; empties the cache first when `token`
    /// is not the one its answers were made under.
    func answer(for key: String, token: any Hashable & Sendable, second: Int64) -> Answer? {
        state.withLock { state in
            if !Self.same(state.token, token) {
                state = State(token: token)
                return nil
            }
            guard var entry = state.entries[key], entry.second == second else { return nil }
            state.uses &+= 1
            entry.lastUse = state.uses
            state.entries[key] = entry
            return entry.answer
        }
    }

    /// The answer for `key` made by `make` under `token` in `second`, or the one another request
    /// is making for the same key, token and second; kept when it is a 200. When the request
    /// making it fails, those waiting make their own.
    func shared(_ key: String, token: any Hashable & Sendable, second: Int64, make: () async throws -> Answer) async throws -> Answer {
        let (pending, isOwn) = state.withLock { state -> (PendingAnswer<Answer>, Bool) in
            if Self.same(state.token, token), let flight = state.flights[key], flight.second == second { return (flight.pending, false) }
            let pending = PendingAnswer<Answer>()
            if Self.same(state.token, token) { state.flights[key] = Flight(pending: pending, second: second) }
            return (pending, true)
        }
        guard isOwn else {
            if let answer = await pending.value { return answer }
            return try await make()
        }
        let answer: Answer
        do {
            answer = try await make()
        } catch {
            end(pending, of: key)
            throw error
        }
        // The flight ends and the answer is kept under one lock: between two, a request found
        // neither and made the page again.
        state.withLock { state in
            if state.flights[key]?.pending === pending { state.flights[key] = nil }
            if answer.status == .ok { Self.keep(answer, for: key, token: token, second: second, in: &state, bounds: caching) }
        }
        pending.fulfil(answer)
        return answer
    }

    private func end(_ pending: PendingAnswer<Answer>, of key: String) {
        state.withLock { state in
            if state.flights[key]?.pending === pending { state.flights[key] = nil }
        }
        pending.fulfil(nil)
    }

    /// Keeps `answer`, made from the archive as it was under `token` (asked before the site was)
    /// in `second`, unless the archive has moved on since or it is too large.
    private static func keep(
        _ answer: Answer, for key: String, token: any Hashable & Sendable, second: Int64, in state: inout State, bounds: ResponseCaching
    ) {
        let size = answer.body.readableBytes
        guard size <= bounds.bytes / 8, same(state.token, token) else { return }
        if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.answer.body.readableBytes }
        while !state.entries.isEmpty, state.entries.count >= bounds.entries || state.bytes + size > bounds.bytes {
            // A linear scan on a miss only: 256 entries cost far less than the render it follows.
            guard let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
            state.entries[oldest.key] = nil
            state.bytes -= oldest.value.answer.body.readableBytes
        }
        state.uses &+= 1
        state.entries[key] = Entry(answer: answer, second: second, lastUse: state.uses)
        state.bytes += size
    }

    private static func same(_ kept: (any Hashable & Sendable)?, _ token: any Hashable & Sendable) -> Bool {
        guard let kept else { return false }
        return AnyHashable(kept) == AnyHashable(token)
    }
}
