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
}
