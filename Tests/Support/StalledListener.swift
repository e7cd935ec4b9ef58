#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port whose accept queue is full, so a new connection never completes: the
/// "host that does not answer" case of connect timeouts, without leaving loopback.
public final class StalledListener: Sendable {
    public let port: UInt16
    private let sockets: [Int32]

    public struct Failure: Error {
        public let step: String
    }

    public init() throws {
        var (listener, address) = try Self.listen(backlog: 0)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        var sockets = [listener]
        // Backlog 0 admits one connection that nobody accepts; the fillers take its place, and
        // every later SYN is dropped, so a client's connect waits until its deadline.
        for _ in 0..<3 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard filler >= 0 else { continue }
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
            }
            sockets.append(filler)
        }
        self.sockets = sockets
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// `http://127.0.0.1:PORT/api/4`.
    public var baseURL: String { "http://127.0.0.1:\(port)/api/4" }

    deinit {
        for socket in sockets { close(socket) }
    }
}

extension StalledListener {
    /// A TCP socket listening on 127.0.0.1 and a port the system picks, with its address.
    static func listen(backlog: Int32) throws -> (Int32, sockaddr_in) {
        try bindLoopback(listeningWith: backlog)
    }

    /// A TCP socket bound to 127.0.0.1 and a port the system picks, with its address; listening
    /// only when given a backlog (a bound socket that never listens refuses every connection).
    static func bindLoopback(listeningWith backlog: Int32?) throws -> (Int32, sockaddr_in) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw Failure(step: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && (backlog.map { Glibc.listen(socket, $0) == 0 } ?? true)
                    && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw Failure(step: "bind")
        }
        return (socket, address)
    }
}
