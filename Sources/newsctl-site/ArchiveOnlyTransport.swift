import SyncEngine

/// The transport of `newsctl export` and `newsctl feed`: they copy the archive and fetch nothing
/// (fetching is `sync`'s), so every request fails at once, without a byte sent; the site reads
/// cache-only besides, so none is made.
struct ArchiveOnlyTransport: HTTPTransport {
    func get(_ url: String, timeout: Duration) async throws(TransportError) -> HTTPResponse {
        throw TransportError(code: .unavailable, url: url, message: "export and feed read the archive only")
    }
}
