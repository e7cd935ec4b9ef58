import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 client over a plain socket that sends the request bytes exactly as given (no
/// normalising of `..`, no encoding, any method or header), for testing a server's own checks.
/// Each exchange runs on a thread of its own, never on Swift's cooperative pool, and reads until
/// the server closes the connection (`Connection: close` is sent unless the request has its own).
public enum RawHTTPClient {
    /// A response as it came.
    public struct Response: Sendable {
        /// The status code.
        public let status: Int
        /// The header fields by lowercased name (repeated fields joined with ", ").
        public let headers: [String: String]
        /// Every byte after the header block.
        public let body: [UInt8]

        /// The body as UTF-8 text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Sends `method target` with `headers` (a Host for 127.0.0.1:port first) and `body` to
    /// 127.0.0.1:`port`, and returns the response.
    public static func send(
        _ method: String, _ target: String, port: Int, headers: [(String, String)] = [], body: [UInt8] = [],
        timeout: Duration = .seconds(30)
    ) async throws -> Response {
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !headers.contains(where: { $0.0.lowercased() == "connection" }) { head += "Connection: close\r\n" }
        if !body.isEmpty, !headers.contains(where: { ["content-length", "transfer-encoding"].contains($0.0.lowercased()) }) {
            head += "Content-Length: \(body.count)\r\n"
        }
        return try await exchange(Array((head + "\r\n").utf8) + body, port: port, timeout: timeout)
    }

    /// Sends `request` as it is and reads until the server closes the connection or `timeout`.
    public static func exchange(_ request: [UInt8], port: Int, timeout: Duration = .seconds(30)) async throws -> Response {
        let raw: [UInt8] = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try blockingExchange(request, port: port, timeout: timeout) })
            }
            thread.start()
        }
        return try parse(raw)
    }

    private static func blockingExchange(_ request: [UInt8], port: Int, timeout: Duration) throws -> [UInt8] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var limit = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect: errno \(errno)") }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // The server may answer (413, 431) and close before it has read everything.
            guard count > 0 else { break }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
                continue
            }
            // A reset after the answer (the server closed with our body unread) still leaves it.
            if count < 0, errno != ECONNRESET || received.isEmpty { throw Failure(description: "recv: errno \(errno)") }
            return received
        }
    }

    private static func parse(_ raw: [UInt8]) throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else {
            throw Failure(description: "no header block in \(raw.count) bytes: \(String(decoding: raw.prefix(200), as: UTF8.self))")
        }
        let lines = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusFields = lines[0].split(separator: " ")
        guard statusFields.count >= 2, let status = Int(statusFields[1]) else { throw Failure(description: "status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        return Response(status: status, headers: headers, body: Array(raw[(end + separator.count)...]))
    }
}
