/// Who may ask this server: the names a request may call it by, and the origin a POST must come
/// from (a page of this server).
struct ServerOrigin: Sendable {
    let port: Int
    let loopbackOnly: Bool

    init(_ listening: WebServer.Listening) {
        port = listening.port
        loopbackOnly = listening.isLoopback
    }

    /// Whether `host` (the request's `Host`) may name this server: on a server only this machine
    /// can reach, a loopback name, for every method (a page of another site whose name was made to
    /// point at 127.0.0.1 reads nothing; DNS rebinding). A request with no Host (HTTP/1.0) is not
    /// a browser's; a server others can reach cannot know its names and takes any.
    func acceptsHost(_ host: String?) -> Bool {
        guard loopbackOnly, let host else { return true }
        guard let (name, _) = Self.split(host) else { return false }
        return Self.isLoopbackName(name)
    }

    /// Whether a POST comes from a page of this server. The browser names the page's origin in
    /// `Origin`, and it must be `http://` and the request's `Host`; except that a form posted from
    /// a page with `Referrer-Policy: no-referrer` (all of ours) has `Origin: null` in browsers, and
    /// is taken only with `Sec-Fetch-Site: same-origin`, which a browser sets and no page can.
    func isSameOrigin(origin: String?, host: String?, fetchSite: String? = nil) -> Bool {
        guard let origin, let host, let (name, givenPort) = Self.split(host) else { return false }
        let named = origin.lowercased() == "http://" + host.lowercased()
        let sameSiteNull = origin == "null" && fetchSite?.lowercased() == "same-origin"
        guard named || sameSiteNull else { return false }
        guard (givenPort.map { Int($0) } ?? 80) == port else { return false }
        return !loopbackOnly || Self.isLoopbackName(name)
    }

    /// A Host's name and port (`[::1]:8080`, `localhost`), or nil when it is malformed.
    private static func split(_ host: String) -> (name: Substring, port: Substring?)? {
        if host.hasPrefix("[") {
            guard let end = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: end)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            return (host[...end], rest.isEmpty ? nil : rest.dropFirst())
        }
        let parts = host.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        return (parts[0], parts.count > 1 ? parts[1] : nil)
    }

    private static func isLoopbackName(_ name: Substring) -> Bool {
        name.lowercased() == "localhost" || name == "[::1]" || (name.hasPrefix("127.") && name.allSatisfy { $0.isNumber || $0 == "." })
    }
}
