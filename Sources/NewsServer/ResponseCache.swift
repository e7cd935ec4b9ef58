import NIOCore
import NewsWeb
import SyncEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the server caches the site's answers: bounded, and never stale. An answer is kept with the
/// change token of what it was made from and the second it was made in, and served again only
/// while both are the same: the token moves on every write to the archive (this process's or
/// another's), and the second (``window``) bounds the words that depend on the clock ("3 分钟前", a day's
/// "昨天") to the age a page has anyway by the time it arrives.
public struct ResponseCaching: Sendable {
    /// Most answers kept; the least recently used goes first.
    public var entries = 256
    /// Most body bytes kept, all answers together; an answer larger than an eighth of it is not kept.
    public var bytes = 32 << 20
    /// The window an answer is served in, by number: the wall-clock second by default, so a page
    /// that words an age is made again once a second at most (a test may widen it).
    public var window: @Sendable () -> Int64 = { Int64(time(nil)) }
    /// The token of what the site's answers are made from now; nil when it cannot be known (then
    /// nothing is cached). Asked once per GET or HEAD, so it must be cheap.
    public let token: @Sendable () async -> (any Hashable & Sendable)?

    /// Caching keyed by `token` (for an archive site, `{ await engine.archiveChangeToken() }`).
    public init(token: @escaping @Sendable () async -> (any Hashable & Sendable)?) {
        self.token = token
    }
}

/// The cached answers, LRU within `ResponseCaching`'s bounds, all of one change token: a new
/// token empties it.
final class ResponseCache: Sendable {
    /// An answer as kept: the site's, its entity tag, its body ready to send.
    struct Answer: Sendable {
        let page: WebResponse
        let entityTag: String?
        let body: ByteBuffer
    }

    private struct Entry {
        let answer: Answer
        let second: Int64
        var lastUse: UInt64
    }

    /// An answer being made: requests for it in the same token and second wait for it instead
    /// of making it again (32 connections all missing at a new second would render it 32 times).
    private struct Flight {
        let task: Task<Answer, Never>
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
    /// is making for the same key, token and second; kept when it is a 200.
    func shared(
        _ key: String, token: any Hashable & Sendable, second: Int64, make: @escaping @Sendable () async -> Answer
    ) async -> Answer {
        let (task, isOwn) = state.withLock { state -> (Task<Answer, Never>, Bool) in
            if Self.same(state.token, token), let flight = state.flights[key], flight.second == second { return (flight.task, false) }
            let task = Task { await make() }
            if Self.same(state.token, token) { state.flights[key] = Flight(task: task, second: second) }
            return (task, true)
        }
        let answer = await task.value
        guard isOwn else { return answer }
        // The flight ends and the answer is kept under one lock: between two, a request found
        // neither and made the page again.
        state.withLock { state in
            if state.flights[key]?.task == task { state.flights[key] = nil }
            if answer.page.status == 200 { Self.keep(answer, for: key, token: token, second: second, in: &state, bounds: caching) }
        }
        return answer
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
