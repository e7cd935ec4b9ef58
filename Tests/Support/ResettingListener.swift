#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Synchronization

/// A loopback port that accepts each connection and resets it at once (`SO_LINGER` 0 makes
/// `close` send RST), before any response: the "connection reset by peer" fault.
public final class ResettingListener: Sendable {
    public let port: UInt16
    private let listener: Int32
    private let accepted = Counter()

    private final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    public init() throws {
        let (listener, address) = try StalledListener.listen(backlog: 16)
        self.listener = listener
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [accepted] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }  // The listener was closed.
                accepted.value.add(1, ordering: .relaxed)
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = recv(connection, &buffer, buffer.count, 0)  // Let the request arrive first.
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                close(connection)
            }
        }
        thread.start()
    }

    /// `http://127.0.0.1:PORT/api/4`.
    public var baseURL: String { "http://127.0.0.1:\(port)/api/4" }

    /// How many connections were accepted (and reset).
    public var connectionCount: Int { accepted.value.load(ordering: .relaxed) }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
