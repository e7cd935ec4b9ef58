#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyncEngine {
    /// A story's long or short comments: every page the archive holds, newest first.
    ///
    /// Read like today's page: `.cacheFirst` serves the archive while its first page is younger
    /// than `commentFreshness` (comments grow), else fetches the first page and falls back to the
    /// archive, marked stale; `.networkFirst` fetches first; `.cacheOnly` never touches the
    /// network (`.notCached` when the archive has never read the thread). A fetched first page is
    /// merged into the archive's thread: the older pages read before stay, and no comment is there
    /// twice.
    public func comments(storyID: Int64, kind: CommentKind, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> CommentThread {
        try await withDeadline { () async throws(SyncError) -> CommentThread in
            try await readComments(storyID: storyID, kind: kind, policy: policy)
        }
    }

    /// Fetches the next, older page of a thread (`story/ID/short-comments/before/LAST_ID`), adds
    /// the comments the archive does not hold yet, and returns the whole thread. An empty page
    /// completes the thread; a complete thread (long comments after their one page) is returned
    /// as it is, without a request. A thread never read starts with its first page.
    ///
    /// - Parameters:
    ///   - storyID: the story's id.
    ///   - kind: long or short (long comments come in one page: their thread is complete once read).
    ///   - offline: never touch the network: a complete thread is returned, any other read fails
    ///     with `.notCached` (the archive's pages are all in the thread a read gives).
    public func moreComments(storyID: Int64, kind: CommentKind, offline: Bool = false) async throws(SyncError) -> CommentThread {
        try await withDeadline { () async throws(SyncError) -> CommentThread in
            do {
                let comments = archive.comments
                let held = try comments.thread(storyID, kind)
                if let held, held.isComplete { return thread(held, storyID, kind, origin: .cache, staleReason: nil) }
                guard !offline else {
                    throw SyncError(code: .notCached, message: "older \(kind.rawValue) comments of story \(storyID) need the network")
                }
                guard let held else { return try await readComments(storyID: storyID, kind: kind, policy: .networkOnly) }
                try requireWritable("keep more comments")
                let cursor = held.comments.last?.id
                let page = try await client.comments(storyID, kind: kind, before: cursor)
                try comments.appendPage(page, of: storyID, kind, cursor: cursor)
                guard let stored = try comments.thread(storyID, kind) else {
                    throw SyncError(code: .storage, message: "the comments of story \(storyID) were written but cannot be read back")
                }
                return thread(stored, storyID, kind, origin: .network, staleReason: nil)
            } catch let error as RemoteError where error.code == .cancelled {
                throw SyncError.wrapping(CancellationError())
            } catch {
                throw SyncError.wrapping(error)
            }
        }
    }

    /// A story's counters (likes, long and short comments): cached while younger than
    /// `extraFreshness`, else fetched, the cache (stale) when that fails; nil when the archive has
    /// none and they cannot be fetched, or when `.cacheOnly` finds none.
    public func counters(id: Int64, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> CountersPage? {
        try await withDeadline { () async throws(SyncError) -> CountersPage? in
            do {
                let (extra, provenance) = try await counters(id, offline: policy == .cacheOnly, refresh: policy != .cacheFirst)
                guard let extra, let provenance else { return nil }
                return CountersPage(extra: extra, provenance: provenance)
            } catch {
                throw SyncError.wrapping(error)
            }
        }
    }

    private func readComments(storyID: Int64, kind: CommentKind, policy: ReadPolicy) async throws(SyncError) -> CommentThread {
        do {
            let comments = archive.comments
            let cached = try comments.thread(storyID, kind)
            let isFresh = cached.map { age(since: $0.fetchedAt) < configuration.commentFreshness } ?? false
            switch (policy, cached) {
            case (.cacheOnly, nil):
                throw SyncError(code: .notCached, message: "the \(kind.rawValue) comments of story \(storyID) are not in the archive")
            case (.cacheOnly, let cached?):
                return thread(cached, storyID, kind, origin: .cache, staleReason: isFresh ? nil : .offline)
            case (.cacheFirst, let cached?) where isFresh:
                return thread(cached, storyID, kind, origin: .cache, staleReason: nil)
            default:
                break
            }
            let page: [StoryComment]
            do {
                page = try await client.comments(storyID, kind: kind)
            } catch {
                if error.code == .cancelled { throw CancellationError() }
                guard policy != .networkOnly, let cached else { throw error }
                logger.notice(
                    "serving cached comments", metadata: ["story": "\(storyID)", "kind": "\(kind.rawValue)", "error": "\(error)"])
                return thread(cached, storyID, kind, origin: .cache, staleReason: Self.staleReason(for: error))
            }
            do {
                try comments.writeFirstPage(page, of: storyID, kind, fetchedAt: clock.now().timeIntervalSince1970)
            } catch {
                // The fetched page could not be kept (read-only, disk full): what the archive had
                // is intact; serve it, marked, or the page as fetched when it had nothing.
                logger.error("could not save fetched comments", metadata: ["story": "\(storyID)", "error": "\(error)"])
                guard policy != .networkOnly, let cached else { throw error }
                return thread(cached, storyID, kind, origin: .cache, staleReason: .storageError)
            }
            guard let stored = try comments.thread(storyID, kind) else {
                throw SyncError(code: .storage, message: "the comments of story \(storyID) were written but cannot be read back")
            }
            return thread(stored, storyID, kind, origin: .network, staleReason: nil)
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    private func thread(
        _ stored: CommentStore.Thread, _ storyID: Int64, _ kind: CommentKind, origin: Provenance.Origin,
        staleReason: Provenance.StaleReason?
    ) -> CommentThread {
        CommentThread(
            storyID: storyID, kind: kind, comments: stored.comments, isComplete: stored.isComplete,
            provenance: Provenance(
                origin: origin, fetchedAt: Date(timeIntervalSince1970: stored.fetchedAt), age: age(since: stored.fetchedAt),
                isFinal: false, staleReason: staleReason))
    }
}
