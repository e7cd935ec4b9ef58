#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyncEngine {
    /// A story's detail, counters and the user's marks.
    ///
    /// A fetched detail is final: cache-first reads never fetch it again (`.networkOnly` does).
    /// The counters are fresh for `extraFreshness`, then refetched; when that fails the cached
    /// counters are served as stale, and a detail is never failed for its counters.
    public func detail(id: Int64, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> DetailPage {
        try await withDeadline { () async throws(SyncError) -> DetailPage in try await readDetail(id: id, policy: policy) }
    }

    private func readDetail(id: Int64, policy: ReadPolicy) async throws(SyncError) -> DetailPage {
        do {
            let cached = try archive.details.readDetail(id)
            let detail: Stored<StoryDetail>
            var staleReason: Provenance.StaleReason?
            var origin = Provenance.Origin.cache
            var networkIsDown = policy == .cacheOnly
            switch (policy, cached) {
            case (.cacheOnly, nil):
                throw SyncError(code: .notCached, message: "story \(id) is not in the archive")
            case (.cacheOnly, let cached?), (.cacheFirst, let cached?):
                detail = cached
            default:
                do {
                    let saved: Bool
                    (detail, saved) = try await fetchDetail(id)
                    origin = .network
                    // Shown as it came; the archive could not keep it (read-only, disk full).
                    if !saved { staleReason = .storageError }
                } catch let error as RemoteError {
                    if error.code == .cancelled { throw CancellationError() }
                    guard policy != .networkOnly, let cached else { throw error }
                    detail = cached
                    staleReason = Self.staleReason(for: error)
                    // Unreachable now means unreachable for the counters too: do not wait twice.
                    networkIsDown = error.code == .unreachable
                }
            }
            let (extra, extraProvenance) = try await counters(id, offline: networkIsDown)
            let provenance = Provenance(
                origin: origin, fetchedAt: Date(timeIntervalSince1970: detail.fetchedAt), age: age(since: detail.fetchedAt),
                isFinal: true, staleReason: staleReason)
            return DetailPage(
                detail: detail.value, provenance: provenance, extra: extra, extraProvenance: extraProvenance,
                marks: try archive.userData.marks([id])[id] ?? .none)
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// The detail from the source, and whether the archive kept it: one it cannot write is still
    /// returned, to show (a read-only archive, a full disk).
    private func fetchDetail(_ id: Int64) async throws -> (Stored<StoryDetail>, saved: Bool) {
        let detail = try await client.detail(id)
        let fetchedAt = clock.now().timeIntervalSince1970
        do {
            try archive.details.writeDetail(DetailRecord(detail), fetchedAt: fetchedAt)
        } catch let error as DatabaseError {
            logger.error("showing a fetched story that could not be saved", metadata: ["story": "\(id)", "error": "\(error)"])
            return (Stored(value: detail, fetchedAt: fetchedAt), false)
        }
        return (Stored(value: detail, fetchedAt: fetchedAt), true)
    }

    /// The counters: cached while fresh (unless `refresh`), else fetched; the cache (stale) or nil
    /// when that fails.
    func counters(_ id: Int64, offline: Bool, refresh: Bool = false) async throws -> (StoryExtra?, Provenance?) {
        let cached = try? archive.details.readExtra(id)
        func provenance(_ stored: Stored<StoryExtra>, _ origin: Provenance.Origin, _ reason: Provenance.StaleReason?) -> Provenance {
            Provenance(
                origin: origin, fetchedAt: Date(timeIntervalSince1970: stored.fetchedAt), age: age(since: stored.fetchedAt),
                isFinal: false, staleReason: reason)
        }
        if let cached, offline || (!refresh && age(since: cached.fetchedAt) < configuration.extraFreshness) {
            let isFresh = age(since: cached.fetchedAt) < configuration.extraFreshness
            return (cached.value, provenance(cached, .cache, isFresh ? nil : .offline))
        }
        guard !offline else { return (nil, nil) }
        do {
            let extra = try await client.extra(id)
            let stored = Stored(value: extra, fetchedAt: clock.now().timeIntervalSince1970)
            try archive.details.writeExtra(id, extra, fetchedAt: stored.fetchedAt)
            return (extra, provenance(stored, .network, nil))
        } catch let error as RemoteError {
            if error.code == .cancelled { throw CancellationError() }  // Ctrl-C ends the command.
            logger.notice("counters unavailable", metadata: ["story": "\(id)", "error": "\(error)"])
            return (cached?.value, cached.map { provenance($0, .cache, Self.staleReason(for: error)) })
        } catch {
            logger.notice("counters not saved", metadata: ["story": "\(id)", "error": "\(error)"])
            return (cached?.value, cached.map { provenance($0, .cache, .storageError) })
        }
    }

    // MARK: The user's data

    /// Marks a story read (the first time counts).
    public func markRead(id: Int64) throws(SyncError) {
        try requireWritable("mark a story read")
        do { try archive.userData.markRead(id, at: clock.now().timeIntervalSince1970) } catch { throw SyncError.wrapping(error) }
    }

    /// Adds a favourite and caches its detail for offline reading.
    ///
    /// Without a network the favourite is still added when the archive knows the story's title;
    /// the returned favourite says whether its detail is cached. A story the source answers 404
    /// for is not added (`.notFound`).
    ///
    /// - Parameters:
    ///   - id: the story's id.
    ///   - policy: how to read the detail; `.cacheOnly` never touches the network.
    @discardableResult
    public func addFavorite(id: Int64, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> Favorite {
        try requireWritable("keep a story")
        do {
            var title: String
            do {
                title = try await detail(id: id, policy: policy).detail.title
            } catch {
                // Cancelled means the user wants out, not a favourite added another way.
                // The source saying it has no such story is not a favourite to keep either.
                guard error.code != .cancelled, error.code != .notFound, !Task.isCancelled, let known = try archive.details.knownTitle(id)
                else { throw error }
                logger.notice("favourite added without its detail", metadata: ["story": "\(id)", "error": "\(error)"])
                title = known
            }
            try archive.userData.addFavorite(id, title: title, at: clock.now().timeIntervalSince1970)
            guard let favorite = try archive.userData.favorites(id: id).first else {
                throw SyncError(code: .storage, message: "favourite \(id) was written but cannot be read back")
            }
            return favorite
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// Removes a favourite; false when the story was not one.
    @discardableResult
    public func removeFavorite(id: Int64) throws(SyncError) -> Bool {
        try requireWritable("remove a favourite")
        do { return try archive.userData.removeFavorite(id) } catch { throw SyncError.wrapping(error) }
    }

    /// Favourites, newest first; read from the user's table, so offline too.
    public func favorites() throws(SyncError) -> [Favorite] {
        do { return try archive.userData.favorites() } catch { throw SyncError.wrapping(error) }
    }

    /// The marks of these stories; stories without marks are left out.
    public func marks(for ids: [Int64]) throws(SyncError) -> [Int64: StoryMarks] {
        do { return try archive.userData.marks(ids) } catch { throw SyncError.wrapping(error) }
    }
}
