/// How a read weighs the archive against the network.
public enum ReadPolicy: Sendable, Equatable {
    /// A fresh cached page if there is one; otherwise the network, falling back to the cache.
    /// The default for past days: a final day is never fetched twice.
    case cacheFirst
    /// The network first, ignoring freshness; the cache (marked stale) if the network fails.
    /// The default for today.
    case networkFirst
    /// The archive only; never the network.
    case cacheOnly
    /// The network only; a failure is an error even when the archive has the page.
    case networkOnly
}
