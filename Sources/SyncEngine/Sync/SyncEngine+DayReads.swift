#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyncEngine {
    /// Today's page (the source's latest day) with the banner stories.
    public func latest(policy: ReadPolicy = .networkFirst) async throws(SyncError) -> Page {
        try await withDeadline { () async throws(SyncError) -> Page in try await read(.latest, policy: policy) }
    }

    /// The stories of `day`. `page(for: D)` fetches `news/before/(D + 1)` when it must.
    public func page(for day: Day, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> Page {
        try await withDeadline { () async throws(SyncError) -> Page in try await read(.day(day), policy: policy) }
    }

    private func read(_ key: PageRequest, policy: ReadPolicy) async throws(SyncError) -> Page {
        do {
            let cached = try load(key)
            if policy == .cacheOnly {
                guard let cached else {
                    throw SyncError(code: .notCached, message: "\(describe(key)) is not in the archive")
                }
                return page(from: cached, origin: .cache, staleReason: isFresh(cached) ? nil : .offline)
            }
            if policy == .cacheFirst, let cached, isFresh(cached) {
                return page(from: cached, origin: .cache, staleReason: nil)
            }
            do {
                try await fetchShared(key)
            } catch let error as RemoteError {
                if error.code == .cancelled { throw CancellationError() }
                guard policy != .networkOnly, error.code != .notPublished, let cached else { throw error }
                logger.notice("serving the cache", metadata: ["page": "\(describe(key))", "error": "\(error)"])
                return page(from: cached, origin: .cache, staleReason: Self.staleReason(for: error))
            } catch let unsaved as UnsavedFetch {
                // The fresh page could not be saved (disk full, locked too long, a read-only
                // archive): what the archive had is intact, so serve it and say why it is not
                // current; with nothing cached, serve what came, marked as not kept.
                guard policy != .networkOnly, let cached = (try? load(key)) ?? cached else {
                    logger.error("showing a fetched page that could not be saved", metadata: ["page": "\(describe(key))"])
                    return unsaved.page
                }
                logger.error("could not save the fetched page", metadata: ["page": "\(describe(key))", "error": "\(unsaved.error)"])
                return page(from: cached, origin: .cache, staleReason: .storageError, alwaysStale: true)
            } catch let error as DatabaseError {
                // The fresh page could not be saved (disk full, locked too long): what the
                // archive had is intact, so serve it and say why it is not current.
                guard policy != .networkOnly, let cached = (try? load(key)) ?? cached else { throw error }
                logger.error("could not save the fetched page", metadata: ["page": "\(describe(key))", "error": "\(error)"])
                return page(from: cached, origin: .cache, staleReason: .storageError, alwaysStale: true)
            }
            guard let fetched = try load(key) else {
                throw SyncError(code: .storage, message: "\(describe(key)) was written but cannot be read back")
            }
            return page(from: fetched, origin: .network, staleReason: nil)
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    func load(_ key: PageRequest) throws -> StoredPage? {
        switch key {
        case .latest: return try archive.pages.readLatest()
        case .day(let day): return try archive.pages.readDay(day)
        }
    }

    func isFresh(_ stored: StoredPage) -> Bool {
        stored.isFinal || age(of: stored) < configuration.partialFreshness
    }

    private func age(of stored: StoredPage) -> Duration {
        age(since: stored.fetchedAt)
    }

    func age(since fetchedAt: Double) -> Duration {
        .seconds(max(0, clock.now().timeIntervalSince1970 - fetchedAt))
    }

    /// A final page is never stale, except when a failure must still be reported (`alwaysStale`).
    func page(
        from stored: StoredPage, origin: Provenance.Origin,
        staleReason: Provenance.StaleReason?, alwaysStale: Bool = false
    ) -> Page {
        let provenance = Provenance(
            origin: origin, fetchedAt: Date(timeIntervalSince1970: stored.fetchedAt), age: age(of: stored),
            isFinal: stored.isFinal, staleReason: stored.isFinal && !alwaysStale ? nil : staleReason)
        return Page(
            day: stored.day, stories: stored.stories, topStories: stored.topStories,
            isLatest: stored.isLatest, provenance: provenance)
    }

    static func staleReason(for error: RemoteError) -> Provenance.StaleReason {
        if error.isNotFound { return .notFound }
        switch error.code {
        case .unreachable, .cancelled: return .offline
        case .httpStatus: return .serverError
        case .badResponse, .notPublished: return .badResponse
        }
    }

    func describe(_ key: PageRequest) -> String {
        switch key {
        case .latest: return "today's page"
        case .day(let day): return "the page of \(day)"
        }
    }
}
