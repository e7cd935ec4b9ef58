#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import class SyncEngine.Locked

/// An in-process HTTP/1.1 server on 127.0.0.1 and an ephemeral port that serves the fixtures as the
/// API does (`/api/4/news/latest`, `/api/4/news/before/D`) and, per path, any fault a test sets.
///
/// It runs on threads of its own (one accepts, one serves each connection), never on Swift's
/// cooperative pool. The parallel suite keeps that pool busy for seconds at a time (hundreds of
/// tests opening archives and parsing at once); a server whose tasks queued behind them answered
/// some requests after their 3 s deadline (8 engine tests in CI at stop 27, none locally).
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
        /// Any status with a body of any bytes (a picture, or what poses as one) and its content type.
        case bytes(status: Int = 200, contentType: String, [UInt8])
        /// `count` bytes of `filler` (after `prefix`), sent in 64 KiB pieces as the client reads them.
        case large(contentType: String, prefix: [UInt8], count: Int)
        /// Any bytes sent a few at a time with a pause between them.
        case dripBytes(contentType: String, [UInt8], bytesPerChunk: Int, pause: Duration)
    }

    private struct Logged: Sendable {
        let path: String
        let userAgent: String
        /// The `Referer` header, when the request had one.
        let referer: String?
        /// The `Accept` header, when the request had one.
        let accept: String?
        /// The client's port: one per connection.
        let peer: UInt16
    }

    /// The sockets; each is closed under this lock by the thread that owns it, so `stop` never
    /// shuts down a descriptor the system has since handed to someone else.
    private struct Sockets {
        var listener: Int32 = -1
        var port: UInt16 = 0
        var connections: Set<Int32> = []
        var stopped = false
        /// Who waits in `stop` for the accepting thread to close the listener.
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Shared with the server's threads.
    private final class State: Sendable {
        let replies = Locked<[String: Reply]>([:])
        let log = Locked<[Logged]>([])
        /// Requests being answered now, and the most there ever were at once.
        let inFlight = Locked<(now: Int, peak: Int)>((0, 0))
        let sockets = Locked(Sockets())

        var isStopped: Bool { sockets.withLock { $0.stopped } }
    }

    private let state = State()

    public init() {}

    /// Starts listening; returns once connections are accepted.
    public func start() async throws {
        let (listener, address) = try StalledListener.listen(backlog: 128)
        state.sockets.withLock {
            $0.listener = listener
            $0.port = UInt16(bigEndian: address.sin_port)
        }
        let state = self.state
        Thread { Self.accept(on: listener, state: state) }.start()
    }

    /// Stops listening and closes open connections; later requests are refused.
    public func stop() async {
        let listening = state.sockets.withLock { sockets -> Bool in
            sockets.stopped = true
            for connection in sockets.connections { shutdown(connection, Int32(SHUT_RDWR)) }
            // Wakes the thread blocked in accept(2), which closes the listener.
            if sockets.listener >= 0 { shutdown(sockets.listener, Int32(SHUT_RDWR)) }
            return sockets.listener >= 0
        }
        guard listening else { return }
        await withCheckedContinuation { continuation in
            let closed = state.sockets.withLock { sockets -> Bool in
                guard sockets.listener >= 0 else { return true }
                sockets.waiters.append(continuation)
                return false
            }
            if closed { continuation.resume() }
        }
    }

    public var port: UInt16 {
        get async { state.sockets.withLock { $0.port } }
    }

    /// `http://127.0.0.1:PORT/api/4`.
    public var baseURL: String {
        get async { "http://127.0.0.1:\(await port)/api/4" }
    }

    /// The base URL of a port that refuses connections for the rest of the process.
    public static func refusedBaseURL() async throws -> String {
        "http://127.0.0.1:\(try RefusedPort.take())/api/4"
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

    /// The `Referer` header of every request, in order (nil where there was none).
    public var referers: [String?] {
        state.log.withLock { $0.map(\.referer) }
    }

    /// The `Accept` header of every request to `path`, in order (nil where there was none).
    public func accepts(_ path: String) -> [String?] {
        state.log.withLock { $0.filter { $0.path == path }.map(\.accept) }
    }

    /// How many client connections the requests came over.
    public var connectionCount: Int {
        state.log.withLock { Set($0.map(\.peer)).count }
    }

    // MARK: - The threads

    private static func accept(on listener: Int32, state: State) {
        while true {
            var peer = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let connection = withUnsafeMutablePointer(to: &peer) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
            }
            if connection < 0 {
                if state.isStopped { break }
                usleep(1_000)  // EINTR, an aborted connection, or out of descriptors for a moment.
                continue
            }
            let admitted = state.sockets.withLock { sockets -> Bool in
                guard !sockets.stopped else { return false }
                sockets.connections.insert(connection)
                return true
            }
            guard admitted else {
                close(connection)
                break
            }
            let client = UInt16(bigEndian: peer.sin_port)
            Thread { serve(connection, client: client, state: state) }.start()
        }
        let waiters = state.sockets.withLock { sockets in
            close(listener)
            sockets.listener = -1
            defer { sockets.waiters = [] }
            return sockets.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Answers the requests of one connection in turn until the client closes it, a reply drops
    /// it, or the server stops.
    private static func serve(_ connection: Int32, client: UInt16, state: State) {
        defer {
            state.sockets.withLock {
                $0.connections.remove(connection)
                close(connection)
            }
        }
        var idle = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &idle, socklen_t(MemoryLayout<timeval>.size))
        var reader = RequestReader(connection: connection)
        while let request = reader.next() {
            state.log.withLock {
                $0.append(
                    Logged(
                        path: request.path, userAgent: request.userAgent, referer: request.referer, accept: request.accept,
                        peer: client))
            }
            state.inFlight.withLock {
                $0.now += 1
                $0.peak = max($0.peak, $0.now)
            }
            let reply =
                state.replies.withLock { replies -> Reply? in
                    guard case .sequence(let steps)? = replies[request.path], let first = steps.first else {
                        return replies[request.path]
                    }
                    if steps.count > 1 { replies[request.path] = .sequence(Array(steps.dropFirst())) }
                    return first
                } ?? defaultReply(for: request.path)
            let response = prepare(reply, state: state)
            state.inFlight.withLock { $0.now -= 1 }
            guard let response, send(response, on: connection, keepAlive: request.keepAlive, state: state),
                request.keepAlive
            else { return }
        }
    }

    /// What goes on the wire: a head, then the body in chunks with a pause before each but the
    /// first; `drops` closes the connection after the last chunk, whatever the head announced.
    private struct Response {
        var status: Int
        var headers: [(String, String)]
        var announcedLength: Int
        var chunks: [[UInt8]]
        var pause: Duration = .zero
        var drops = false
    }

    /// Waits out a `.delayed` reply; nil when the server stopped meanwhile.
    private static func prepare(_ reply: Reply, state: State) -> Response? {
        switch reply {
        case .fixture(let path):
            guard let text = try? Fixtures.text(path) else {
                return prepare(.body(status: 500, text: "{\"error\":\"unreadable fixture \(path)\"}"), state: state)
            }
            return whole(status: 200, contentType: "application/json; charset=utf-8", text: text)
        case let .body(status, contentType, text, headers):
            var response = whole(status: status, contentType: contentType, text: text)
            response.headers += headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            return response
        case .sequence(let steps):
            return prepare(steps.first ?? .body(status: 500, text: "{}"), state: state)
        case let .delayed(duration, reply):
            guard pause(duration, state: state) else { return nil }
            return prepare(reply, state: state)
        case let .truncated(text, sentBytes):
            let bytes = Array(text.utf8)
            return Response(
                status: 200, headers: [("Content-Type", "application/json")], announcedLength: bytes.count,
                chunks: [Array(bytes.prefix(sentBytes))], drops: true)
        case let .bytes(status, contentType, bytes):
            return Response(status: status, headers: [("Content-Type", contentType)], announcedLength: bytes.count, chunks: [bytes])
        case let .large(contentType, prefix, count):
            let piece = [UInt8](repeating: 0x41, count: 65_536)
            var chunks = [prefix]
            var left = count - prefix.count
            while left > 0 {
                chunks.append(Array(piece.prefix(left)))
                left -= piece.count
            }
            return Response(status: 200, headers: [("Content-Type", contentType)], announcedLength: count, chunks: chunks)
        case let .dripBytes(contentType, bytes, bytesPerChunk, pause):
            let chunks = stride(from: 0, to: bytes.count, by: bytesPerChunk).map {
                Array(bytes[$0..<min($0 + bytesPerChunk, bytes.count)])
            }
            return Response(
                status: 200, headers: [("Content-Type", contentType)], announcedLength: bytes.count, chunks: chunks, pause: pause)
        case let .drip(text, bytesPerChunk, pause):
            let bytes = Array(text.utf8)
            let chunks = stride(from: 0, to: bytes.count, by: bytesPerChunk).map {
                Array(bytes[$0..<min($0 + bytesPerChunk, bytes.count)])
            }
            return Response(
                status: 200, headers: [("Content-Type", "application/json")], announcedLength: bytes.count,
                chunks: chunks, pause: pause)
        }
    }

    private static func whole(status: Int, contentType: String, text: String) -> Response {
        let body = Array(text.utf8)
        return Response(status: status, headers: [("Content-Type", contentType)], announcedLength: body.count, chunks: [body])
    }

    /// Sends the response; false when the connection must close (sending failed, the reply drops
    /// it, or the server stopped during a pause).
    private static func send(_ response: Response, on connection: Int32, keepAlive: Bool, state: State) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(phrase(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.announcedLength)\r\n"
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        guard sendAll(Array(head.utf8), on: connection) else { return false }
        for (index, chunk) in response.chunks.enumerated() {
            if index > 0 && response.pause > .zero && !pause(response.pause, state: state) { return false }
            guard sendAll(chunk, on: connection) else { return false }
        }
        return !response.drops
    }

    private static func sendAll(_ bytes: [UInt8], on connection: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Sleeps on this connection's thread; false, at once, when the server stops.
    private static func pause(_ duration: Duration, state: State) -> Bool {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            if state.isStopped { return false }
            let left = end - ContinuousClock.now
            usleep(useconds_t(max(0, min(left, .milliseconds(5)) / .microseconds(1))))
        }
        return !state.isStopped
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

    private static func phrase(_ status: Int) -> String {
        [
            200: "OK", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
            503: "Service Unavailable",
        ][status] ?? "Status"
    }
}

/// Reads the requests of one connection: a request line and headers; a body, if any, is skipped.
private struct RequestReader {
    struct Request {
        let path: String
        let userAgent: String
        let referer: String?
        let accept: String?
        let keepAlive: Bool
    }

    let connection: Int32
    private var buffered: [UInt8] = []

    init(connection: Int32) {
        self.connection = connection
    }

    /// The next request; nil when the client closed the connection, it stayed idle for a minute,
    /// or the request is not HTTP.
    mutating func next() -> Request? {
        let blankLine = Array("\r\n\r\n".utf8)
        var headEnd = buffered.firstRange(of: blankLine)
        while headEnd == nil {
            guard buffered.count < 65_536, receive() else { return nil }
            headEnd = buffered.firstRange(of: blankLine)
        }
        guard let blank = headEnd else { return nil }
        let head = String(decoding: buffered[..<blank.lowerBound], as: UTF8.self)
        buffered.removeFirst(blank.upperBound)
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var bodyLength = Int(headers["content-length"] ?? "0") ?? 0
        while bodyLength > 0 {
            if buffered.isEmpty { guard receive() else { return nil } }
            let taken = min(bodyLength, buffered.count)
            buffered.removeFirst(taken)
            bodyLength -= taken
        }
        let connectionHeader = headers["connection"]?.lowercased()
        let keepAlive = requestLine[2] == "HTTP/1.1" ? connectionHeader != "close" : connectionHeader == "keep-alive"
        let target = requestLine[1]
        let path = String(target[..<(target.firstIndex(of: "?") ?? target.endIndex)])
        return Request(
            path: path.removingPercentEncoding ?? path, userAgent: headers["user-agent"] ?? "", referer: headers["referer"],
            accept: headers["accept"], keepAlive: keepAlive)
    }

    /// Appends what arrives; false at the end of the stream, an error or the idle timeout.
    private mutating func receive() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffered += chunk[..<count]
            return true
        }
    }
}
