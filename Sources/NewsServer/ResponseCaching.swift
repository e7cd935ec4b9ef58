#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the server caches the site's answers: bounded, and never stale. An answer is kept with the
/// change token of what it was made from and the second it was made in, and served again only
/// while both are the same: the token moves on every write to the archive (this process's or
/// another's), and the second (``window``) bounds the words that depend on the clock ("3 分钟前", a day's
/// "昨天") to the age a page has anyway by the time it arrives.
public struct ResponseCaching: Sendable {
    /// Most answers kept; the least recently used goes first.
    public var entries = 256
    /// Most body bytes kept, all answers together; an answer larger than an eighth of it is not kept.
    public var bytes = 32 << 20
    /// The window an answer is served in, by number: the wall-clock second by default, so a page
    /// that words an age is made again once a second at most (a test may widen it).
    public var window: @Sendable () -> Int64 = { Int64(time(nil)) }
    /// The token of what the site's answers are made from now; nil when it cannot be known (then
    /// nothing is cached). Asked once per GET or HEAD, so it must be cheap.
    public let token: @Sendable () async -> (any Hashable & Sendable)?

    /// Caching keyed by `token` (for an archive site, `{ await engine.archiveChangeToken() }`).
    public init(token: @escaping @Sendable () async -> (any Hashable & Sendable)?) {
        self.token = token
    }
}
