#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port that refuses every connection and that no other server can take.
///
/// A socket bound to the port but never listening makes the kernel answer each SYN with a reset,
/// and, without `SO_REUSEADDR`, keeps the port from being handed out again. A port borrowed from a
/// stopped server was not safe: the parallel suite's next server could get it, and a client meant
/// to be refused got that server's 404 instead (CI at stop 36, two tests at once).
enum RefusedPort {
    /// Binds a new socket and keeps it open until the process exits: a test's child process may
    /// still be trying the port after the test's own scope has ended.
    static func take() throws -> UInt16 {
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard holder >= 0 else { throw StalledListener.Failure(step: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(holder, pointer, length) == 0 && getsockname(holder, pointer, &length) == 0
            }
        }
        guard bound else {
            close(holder)
            throw StalledListener.Failure(step: "bind")
        }
        return UInt16(bigEndian: address.sin_port)
    }
}
