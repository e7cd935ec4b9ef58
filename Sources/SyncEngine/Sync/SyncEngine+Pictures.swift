extension SyncEngine {
    /// What a sync fetched for one picture: its checked bytes, or why it could not be kept (to
    /// remember, so later syncs leave it alone a while).
    enum SyncedPicture: Sendable {
        case kept(PictureStore.Kept)
        case failed(PictureStore.Failed)
    }

    /// The picture phase of a sync: records which pictures the listed stories use, then fetches
    /// those the archive lacks, each once, through the same pool, limits and slow-down as
    /// details. A picture that failed recently waits for its next try (the back-off of failing
    /// stories) unless `retryingFailed`; one the budget evicted is left out. Returns the pool's result, how many pictures the archive
    /// already had, and how many waited.
    func syncPictures(
        in listing: StoryListing, retryingFailed: Bool, width: Int, slowDownsSeen: Int,
        progress: @escaping @Sendable (SyncProgress) -> Void, checkpointer: WALCheckpointer?
    ) async throws -> (PoolResult<PictureKey>, present: Int, deferred: Int) {
        let (stories, references) = try archive.pictures.references(in: listing)
        return try await syncPictures(
            of: stories, references: references, retryingFailed: retryingFailed, width: width, slowDownsSeen: slowDownsSeen,
            progress: progress, checkpointer: checkpointer)
    }

    /// The picture phase for `stories`, whose pictures are `references`.
    func syncPictures(
        of stories: Set<Int64>, references: [PictureStore.Reference], retryingFailed: Bool, width: Int, slowDownsSeen: Int,
        progress: @escaping @Sendable (SyncProgress) -> Void, checkpointer: WALCheckpointer?
    ) async throws -> (PoolResult<PictureKey>, present: Int, deferred: Int) {
        let pictures = archive.pictures
        try pictures.setReferences(references, of: stories)
        publishPictures()
        let wanted = references.map(\.key)
        let missing = try pictures.missing(among: wanted)
        let present = Set(wanted).count - missing.count
        // What the budget evicted is not fetched again: it would only be evicted again.
        let evicted = try pictures.evicted()
        let candidates = missing.filter { !evicted.contains($0.value) }
        var asked = candidates
        if !retryingFailed {
            let now = clock.now().timeIntervalSince1970
            let waiting = Set(try pictures.failures().filter { $0.nextTry > now }.map(\.key))
            asked = candidates.filter { !waiting.contains($0.value) }
        }
        let run = try await runPool(
            asked, phase: .pictures, width: width, slowDownsSeen: slowDownsSeen, batch: configuration.syncBatches.pictures,
            progress: progress,
            fetch: { key in await self.fetchSyncedPicture(key) },
            write: { (fetched: [SyncedPicture]) async throws in
                try await self.writeSyncedPictures(fetched)
                checkpointer?.request()
            })
        return (run, present, candidates.count - asked.count)
    }

    /// Fetches and checks one picture, off the engine. An HTTP error or refused bytes are
    /// remembered; a network failure is not (the next sync simply asks again).
    nonisolated func fetchSyncedPicture(_ key: PictureKey) async -> (SyncedPicture?, (any Error)?) {
        do {
            return (.kept(try await withItemDeadline { try await self.client.picture(key) }), nil)
        } catch let error as RemoteError where error.code == .httpStatus || error.code == .badResponse {
            let failed = PictureStore.Failed(key: key, status: error.status ?? 0, reason: error.message, refusal: error.pictureRefusal)
            return (.failed(failed), error)
        } catch {
            return (nil, error)
        }
    }

    /// Writes a batch of pictures in one transaction: each whole, or none.
    func writeSyncedPictures(_ fetched: [SyncedPicture]) throws {
        var kept: [PictureStore.Kept] = []
        var failed: [PictureStore.Failed] = []
        for picture in fetched {
            switch picture {
            case .kept(let picture): kept.append(picture)
            case .failed(let failure): failed.append(failure)
            }
        }
        try archive.pictures.write(kept, failed: failed, at: clock.now().timeIntervalSince1970)
        publishPictures()
    }
}
