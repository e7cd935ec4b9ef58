#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyncEngine {
    /// A story's long or short comments: every page the archive holds, newest first.
    ///
    /// Read like a page of today: `.cacheFirst` serves the archive while its first page is younger
    /// than `commentFreshness`, else fetches the first page and falls back to the archive (stale);
    /// `.networkFirst` fetches first; `.cacheOnly` never touches the network (`.notCached` when
    /// the archive has never read the thread). A fetched first page is merged into the archive's
    /// thread: older pages read before stay, and no comment is there twice.
    public func comments(storyID: Int64, kind: CommentKind, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> CommentThread {
        throw SyncError(code: .notCached, message: "not yet")
    }

    /// Fetches the next, older page of a thread (`story/ID/short-comments/before/LAST_ID`), adds
    /// the comments it does not hold yet, and returns the whole thread. An empty page completes
    /// the thread; a complete thread is returned as it is, without a request.
    public func moreComments(storyID: Int64, kind: CommentKind) async throws(SyncError) -> CommentThread {
        throw SyncError(code: .notCached, message: "not yet")
    }

    /// A story's counters (likes, long and short comments): cached while younger than
    /// `extraFreshness`, else fetched, the cache (stale) when that fails; nil when the archive
    /// has none and they cannot be fetched (or `.cacheOnly`).
    public func counters(id: Int64, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> CountersPage? {
        throw SyncError(code: .notCached, message: "not yet")
    }
}
