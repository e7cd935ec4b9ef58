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
        let (_, address) = try StalledListener.bindLoopback(listeningWith: nil)
        return UInt16(bigEndian: address.sin_port)
    }
}
