extension SyncEngine {
    /// What a sync's story phases did: details and counters, comments, pictures.
    struct StoryPhases {
        var details: PoolResult<Int64>
        var detailsPresent = 0
        var detailsDeferred = 0
        var detailsNotAtSource = 0
        var comments: PoolResult<Int64>
        var commentStoriesPresent = 0
        var commentsFetched = 0
        var pictures: PoolResult<PictureKey>
        var picturesPresent = 0
        var picturesDeferred = 0
        var picturesEvicted = 0

        init(width: Int, slowDownsSeen: Int) {
            details = PoolResult(width: width, slowDownsSeen: slowDownsSeen)
            comments = PoolResult(width: width, slowDownsSeen: slowDownsSeen)
            pictures = PoolResult(width: width, slowDownsSeen: slowDownsSeen)
        }

        /// Stories and comment threads not tried because the network went away; pictures not
        /// tried are counted apart (`pictures.skipped`): their hosts are not the source.
        var skipped: Int { details.skipped + comments.skipped }

        var failures: [SyncFailure] {
            details.failures.map { SyncFailure(item: .story($0.item), error: $0.error) }
                + comments.failures.map { SyncFailure(item: .comments($0.item), error: $0.error) }
                + pictures.failures.map { SyncFailure(item: .picture($0.item.value), error: $0.error) }
        }
    }

    /// The phases a sync runs over the stories `listing` names (a span of days, columns), as
    /// `request` asks: details and counters (the failed stories' back-off, or all of them when
    /// retrying), then comments, then pictures, each only when the one before skipped nothing
    /// (`blocked`: the listing's own phase skipped some), then the pictures' budget.
    func syncStories(
        in listing: StoryListing, request: SyncRequest, blocked: Bool, width: Int, slowDownsSeen: Int,
        progress: @escaping @Sendable (SyncProgress) -> Void, checkpointer: WALCheckpointer?
    ) async throws -> StoryPhases {
        var phases = StoryPhases(width: width, slowDownsSeen: slowDownsSeen)
        let batches = configuration.syncBatches
        let includeDetails = request.includeDetails || request.includeImages
        if (includeDetails || request.retryFailed) && !blocked {
            var missing: [ArchiveStore.MissingDetail] = []
            if includeDetails {
                (missing, phases.detailsPresent) = try archive.housekeeping.missingDetails(in: listing)
            }
            (missing, phases.detailsDeferred, phases.detailsNotAtSource) = try withFailedStories(
                missing, retryingThem: request.retryFailed)
            // The items themselves go through the pool, not their ids and a map from id back to
            // item: that map would add every story synced to the sync's peak memory.
            phases.details = try await runPool(
                missing, phase: .details, width: width, slowDownsSeen: slowDownsSeen, batch: batches.details,
                progress: progress,
                fetch: { item in await self.fetchSyncedStory(item) },
                write: { (stories: [SyncedStory]) async throws in
                    try await self.writeSyncedStories(stories, moreToFollow: stories.count >= batches.details.size)
                    checkpointer?.request()
                }
            ).mapItems(\.id)
        }
        phases.comments = PoolResult(width: phases.details.width, slowDownsSeen: phases.details.slowDownsSeen)
        if request.includeComments && !blocked && phases.details.skipped == 0 {
            var unread: [CommentStore.Unread]
            (unread, phases.commentStoriesPresent) = try archive.comments.unread(in: listing)
            // A story the source does not have (404, this run or within the month it is left
            // alone) has no comments there either: asking would only hear 404 again.
            if !request.retryFailed {
                let absent = try notAtSource()
                if !absent.isEmpty { unread.removeAll { absent.contains($0.id) } }
            }
            let byID = Dictionary(unread.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let added = Locked(0)
            phases.comments = try await runPool(
                unread.map(\.id), phase: .comments, width: phases.details.width, slowDownsSeen: phases.details.slowDownsSeen,
                batch: batches.comments, progress: progress,
                fetch: { id in
                    guard let item = byID[id] else { return (nil, nil) }
                    return await self.fetchSyncedComments(item, maxPages: batches.commentPagesPerStory)
                },
                write: { (threads: [SyncedComments]) async throws in
                    let count = try await self.writeSyncedComments(threads)
                    added.withLock { $0 += count }
                    checkpointer?.request()
                })
            phases.commentsFetched = added.withLock { $0 }
        }
        phases.pictures = PoolResult(width: phases.comments.width, slowDownsSeen: phases.comments.slowDownsSeen)
        if request.includeImages && !blocked && phases.details.skipped == 0 && phases.comments.skipped == 0 {
            (phases.pictures, phases.picturesPresent, phases.picturesDeferred) = try await syncPictures(
                in: listing, retryingFailed: request.retryFailed, width: phases.comments.width,
                slowDownsSeen: phases.comments.slowDownsSeen, progress: progress, checkpointer: checkpointer)
        }
        if request.includeImages {
            let pictures = archive.pictures
            // A budget named once stays in force: the next sync without one keeps to it too.
            if let named = request.pictureBudget { try pictures.setBudget(named) }
            phases.picturesEvicted = try pictures.evict(toFit: try pictureBudget(pictures), at: clock.now().timeIntervalSince1970)
            if phases.picturesEvicted > 0 { publishPictures() }
        }
        return phases
    }
}

extension SyncEngine.PoolResult {
    /// The same result with each failed item replaced by `transform`'s.
    func mapItems<Other: Sendable>(_ transform: (Item) -> Other) -> SyncEngine.PoolResult<Other> {
        var mapped = SyncEngine.PoolResult<Other>(width: width, slowDownsSeen: slowDownsSeen)
        mapped.done = done
        mapped.skipped = skipped
        mapped.failures = failures.map { (transform($0.item), $0.error) }
        return mapped
    }
}

/// A story as the pool's log names a failed item: by its id.
extension ArchiveStore.MissingDetail: CustomStringConvertible {
    var description: String { "\(id)" }
}
