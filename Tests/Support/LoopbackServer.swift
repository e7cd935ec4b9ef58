import FlyingFox
import FlyingSocks
import Foundation
import class SyncEngine.Locked  // only this: SyncEngine has an HTTPResponse too

/// An in-process HTTP server on 127.0.0.1 and an ephemeral port that serves the fixtures as the
/// API does (`/api/4/news/latest`, `/api/4/news/before/D`) and, per path, any fault a test sets.
public final class LoopbackServer: Sendable {
    /// What the server answers for a path.
    public enum Reply: Sendable {
        /// 200 with the fixture at this path below the API root.
        case fixture(String)
        /// Any status with a body and any extra headers (such as `Retry-After`).
        case body(
            status: Int, contentType: String = "application/json; charset=utf-8", text: String,
            headers: [String: String] = [:])
        /// The first reply for the first request, the second for the second…; the last one repeats.
        case sequence([Reply])
        /// Waits, then answers.
        indirect case delayed(Duration, Reply)
        /// Announces the whole body's length, sends the first `sentBytes`, then drops the connection.
        case truncated(text: String, sentBytes: Int)
        /// Sends the body a few bytes at a time with a pause between them.
        case drip(text: String, bytesPerChunk: Int, pause: Duration)
    }

    private let server: HTTPServer
    private struct Logged: Sendable {
        let path: String
        let userAgent: String
        let peer: HTTPRequest.Address?
    }

    /// Shared with the request handler, which outlives no server.
    private final class State: Sendable {
        let replies = Locked<[String: Reply]>([:])
        let log = Locked<[Logged]>([])
        let task = Locked<Task<Void, any Error>?>(nil)
        /// Requests being answered now, and the most there ever were at once.
        let inFlight = Locked<(now: Int, peak: Int)>((0, 0))
    }

    private let state = State()

    public init() {
        let state = self.state
        server = HTTPServer(
            address: try! .inet(ip4: "127.0.0.1", port: 0),  // allowed: a literal loopback address
            timeout: 60,
            logger: .disabled,
            handler: ClosureHTTPHandler { request in
                state.log.withLock {
                    $0.append(
                        Logged(
                            path: request.path, userAgent: request.headers[HTTPHeader("User-Agent")] ?? "",
                            peer: request.remoteAddress))
                }
                state.inFlight.withLock {
                    $0.now += 1; $0.peak = max($0.peak, $0.now)
                }
                defer { state.inFlight.withLock { $0.now -= 1 } }
                let reply =
                    state.replies.withLock { replies -> Reply? in
                        guard case .sequence(let steps)? = replies[request.path], let first = steps.first else {
                            return replies[request.path]
                        }
                        if steps.count > 1 { replies[request.path] = .sequence(Array(steps.dropFirst())) }
                        return first
                    } ?? Self.defaultReply(for: request.path)
                return try await Self.response(for: reply)
            })
    }

    /// Starts listening; returns once connections are accepted.
    public func start() async throws {
        let server = self.server
        state.task.withLock { $0 = Task { try await server.run() } }
        try await server.waitUntilListening(timeout: 10)
    }

    /// Stops listening and closes open connections; later requests are refused.
    public func stop() async {
        await server.stop(timeout: 0)
        state.task.withLock { $0?.cancel() }
    }

    public var port: UInt16 {
        get async {
            guard case let .ip4(_, port)? = await server.listeningAddress else { return 0 }
            return port
        }
    }

    /// `http://127.0.0.1:PORT/api/4`.
    public var baseURL: String {
        get async { "http://127.0.0.1:\(await port)/api/4" }
    }

    /// The base URL of a server that has stopped: its port refuses connections.
    public static func refusedBaseURL() async throws -> String {
        let server = LoopbackServer()
        try await server.start()
        let base = await server.baseURL
        await server.stop()
        return base
    }

    /// Overrides the reply for a path such as `/api/4/news/latest`.
    public func setReply(_ reply: Reply, for path: String) {
        state.replies.withLock { $0[path] = reply }
    }

    /// How many requests asked for `path`.
    public func requestCount(_ path: String) -> Int {
        state.log.withLock { $0.filter { $0.path == path }.count }
    }

    /// The most requests the server was answering at once (from arrival until the reply is ready,
    /// so a `.delayed` reply counts for its whole delay).
    public var peakConcurrentRequests: Int {
        state.inFlight.withLock { $0.peak }
    }

    /// Every requested path, in order.
    public var requestedPaths: [String] {
        state.log.withLock { $0.map(\.path) }
    }

    /// The User-Agent of every request, in order.
    public var userAgents: [String] {
        state.log.withLock { $0.map(\.userAgent) }
    }

    /// How many client connections the requests came over.
    public var connectionCount: Int {
        state.log.withLock { Set($0.compactMap(\.peer)).count }
    }

    private static func defaultReply(for path: String) -> Reply {
        let prefix = "/api/4/"
        guard path.hasPrefix(prefix),
            FileManager.default.fileExists(atPath: Fixtures.apiRoot + "/" + path.dropFirst(prefix.count))
        else {
            return .body(status: 404, contentType: "text/html", text: "<html><body>404 Not Found</body></html>")
        }
        return .fixture(String(path.dropFirst(prefix.count)))
    }

    private static func response(for reply: Reply) async throws -> HTTPResponse {
        switch reply {
        case .fixture(let path):
            return response(status: 200, contentType: "application/json; charset=utf-8", body: Data(try Fixtures.text(path).utf8))
        case let .body(status, contentType, text, headers):
            var answer = response(status: status, contentType: contentType, body: Data(text.utf8))
            for (name, value) in headers { answer.headers[HTTPHeader(name)] = value }
            return answer
        case .sequence(let steps):
            return try await response(for: steps.first ?? .body(status: 500, text: "{}"))
        case let .delayed(duration, reply):
            try await Task.sleep(for: duration)
            return try await response(for: reply)
        case let .truncated(text, sentBytes):
            let bytes = Array(text.utf8)
            let body = HTTPBodySequence(
                from: ChunkedBytes(chunks: [Array(bytes.prefix(sentBytes))], pause: .zero, failsAtEnd: true),
                count: bytes.count)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
        case let .drip(text, bytesPerChunk, pause):
            let bytes = Array(text.utf8)
            let chunks = stride(from: 0, to: bytes.count, by: bytesPerChunk).map { Array(bytes[$0..<min($0 + bytesPerChunk, bytes.count)]) }
            let body = HTTPBodySequence(from: ChunkedBytes(chunks: chunks, pause: pause, failsAtEnd: false), count: bytes.count)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: body)
        }
    }

    private static func response(status: Int, contentType: String, body: Data) -> HTTPResponse {
        HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: phrase(status)),
            headers: [.contentType: contentType], body: body)
    }

    private static func phrase(_ status: Int) -> String {
        [
            200: "OK", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
            503: "Service Unavailable",
        ][status] ?? "Status"
    }
}

/// Bytes sent in chunks with pauses; optionally failing after the last chunk, which makes the
/// server drop the connection mid-body.
private struct ChunkedBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let chunks: [[UInt8]]
    let pause: Duration
    let failsAtEnd: Bool

    struct Dropped: Error {}

    func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks, pause: pause, failsAtEnd: failsAtEnd)
    }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var chunks: [[UInt8]]
        let pause: Duration
        let failsAtEnd: Bool
        var index = 0
        var pending: [UInt8] = []

        mutating func next() async throws -> UInt8? {
            if pending.isEmpty {
                guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
                pending = buffer
            }
            return pending.removeFirst()
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard index < chunks.count else {
                if failsAtEnd { throw Dropped() }
                return nil
            }
            if index > 0 && pause > .zero { try await Task.sleep(for: pause) }
            defer { index += 1 }
            return chunks[index]
        }
    }
}
