/// The origin a POST must come from: a page of this server. A browser names the page's origin in
/// `Origin`; it must be `http://` and the `Host` the request was sent to, that host must name this
/// server's port, and a server only this machine can reach must be named by a loopback name (so a
/// page of another site whose name was made to point at 127.0.0.1 is not taken for ours).
struct ServerOrigin: Sendable {
    let port: Int
    let loopbackOnly: Bool

    init(_ listening: WebServer.Listening) {
        port = listening.port
        loopbackOnly = listening.isLoopback
    }

    func isSameOrigin(origin: String?, host: String?) -> Bool {
        guard let origin, let host, origin.lowercased() == "http://" + host.lowercased() else { return false }
        let name: Substring
        let givenPort: Substring?
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return false }
            name = host[...end]
            let rest = host[host.index(after: end)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return false }
            givenPort = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let parts = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            name = parts[0]
            givenPort = parts.count > 1 ? parts[1] : nil
        }
        guard (givenPort.map { Int($0) } ?? 80) == port else { return false }
        guard loopbackOnly else { return true }
        return name.lowercased() == "localhost" || name == "[::1]"
            || (name.hasPrefix("127.") && name.allSatisfy { $0.isNumber || $0 == "." })
    }
}
