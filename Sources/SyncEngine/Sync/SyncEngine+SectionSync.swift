extension SyncEngine {
    /// Brings columns (栏目) into the archive: each to its first story (a column read before:
    /// its new stories, then on from where the archive stops, as `.all` does), then, as
    /// `request` asks, their stories' details and counters, comments and pictures, with the
    /// transfers, batches and failure handling of `sync(_:progress:)`. `request.span` is not used.
    ///
    /// A column that cannot be read is listed in the summary and the others go on; a source
    /// without sections throws `.noSections` before anything else is asked.
    ///
    /// The stores' questions take the columns as a `StoryListing`, as a day sync's take its span;
    /// to merge still: the detail, comment and picture phases here are those of `sync`, which
    /// could take the listing and serve both.
    public func syncSections(
        _ ids: [Int64], request: SyncRequest, progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) -> SectionSyncSummary {
        try requireWritable("sync")
        defer { saveBaseURLPreference() }
        let started = ContinuousClock.now
        let sections = SectionStore(database: store.database)
        do {
            var pages = 0
            var sectionFailures: [(id: Int64, error: SyncError)] = []
            for (index, id) in ids.enumerated() {
                try Task.checkCancellation()
                do {
                    let held = try sections.read(id)
                    pages += try await readNewest(id, held: held, sections: sections)
                    pages += try await readOlder(id, reach: .all, sections: sections)
                } catch let error as SyncError where error.remoteError != nil {
                    let failure = try await explainMissingSection(error)
                    if failure.code == .noSections { throw failure }
                    sectionFailures.append((id, failure))
                }
                progress(SyncProgress(phase: .sections, done: index + 1, total: ids.count, failed: sectionFailures.count))
            }
            let width = min(max(1, request.concurrency), SyncRequest.maxConcurrency)
            let slowDowns = client.slowDown.total
            let batches = configuration.syncBatches
            var failures: [SyncFailure] = []
            var skipped = 0

            var detailRun = PoolResult<Int64>(width: width, slowDownsSeen: slowDowns)
            var detailsPresent = 0
            if request.includeDetails || request.includeImages {
                var missing: [ArchiveStore.MissingDetail]
                (missing, detailsPresent) = try ArchiveStore(database: store.database).missingDetails(in: .sections(ids))
                (missing, _, _) = try withFailedStories(missing, retryingThem: request.retryFailed)
                let byID = Dictionary(missing.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                detailRun = try await runPool(
                    missing.map(\.id), phase: .details, width: width, slowDownsSeen: slowDowns, batch: batches.details,
                    progress: progress,
                    fetch: { id in
                        guard let item = byID[id] else { return (nil, nil) }
                        return await self.fetchSyncedStory(item)
                    },
                    write: { (stories: [SyncedStory]) async throws in try await self.writeSyncedStories(stories) })
                failures += detailRun.failures.map { SyncFailure(item: .story($0.item), error: $0.error) }
                skipped += detailRun.skipped
            }

            var commentRun = PoolResult<Int64>(width: detailRun.width, slowDownsSeen: detailRun.slowDownsSeen)
            let comments = Locked(0)
            if request.includeComments && skipped == 0 {
                let (unread, _) = try CommentStore(database: store.database).unread(in: .sections(ids))
                let byID = Dictionary(unread.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                commentRun = try await runPool(
                    unread.map(\.id), phase: .comments, width: detailRun.width, slowDownsSeen: detailRun.slowDownsSeen,
                    batch: batches.comments, progress: progress,
                    fetch: { id in
                        guard let item = byID[id] else { return (nil, nil) }
                        return await self.fetchSyncedComments(item, maxPages: batches.commentPagesPerStory)
                    },
                    write: { (threads: [SyncedComments]) async throws in
                        let added = try await self.writeSyncedComments(threads)
                        comments.withLock { $0 += added }
                    })
                failures += commentRun.failures.map { SyncFailure(item: .comments($0.item), error: $0.error) }
                skipped += commentRun.skipped
            }

            var pictureRun = PoolResult<PictureKey>(width: commentRun.width, slowDownsSeen: commentRun.slowDownsSeen)
            var picturesPresent = 0
            if request.includeImages && skipped == 0 {
                let (stories, references) = try PictureStore(database: store.database).references(in: .sections(ids))
                (pictureRun, picturesPresent, _) = try await syncPictures(
                    of: stories, references: references, retryingFailed: request.retryFailed, width: commentRun.width,
                    slowDownsSeen: commentRun.slowDownsSeen, progress: progress, checkpointer: nil)
                if try PictureStore(database: store.database).evict(
                    toFit: request.pictureBudget ?? configuration.pictureBudget, at: clock.now().timeIntervalSince1970) > 0
                {
                    publishPictures()
                }
                failures += pictureRun.failures.map { SyncFailure(item: .picture($0.item.value), error: $0.error) }
                skipped += pictureRun.skipped
            }
            let held = try ids.reduce(into: Set<Int64>()) { $0.formUnion(try sections.read($1)?.stories.map(\.story.id) ?? []) }
            // A sync of columns is a sync: `status` says when the last one ran.
            try store.setLastSync(clock.now().timeIntervalSince1970, interrupted: false)
            return SectionSyncSummary(
                sections: ids, stories: held.count, pagesFetched: pages, sectionFailures: sectionFailures,
                detailsFetched: detailRun.done, detailsPresent: detailsPresent, commentStoriesFetched: commentRun.done,
                commentsFetched: comments.withLock { $0 }, picturesFetched: pictureRun.done, picturesPresent: picturesPresent,
                failures: failures, skipped: skipped, duration: ContinuousClock.now - started)
        } catch {
            throw SyncError.wrapping(error)
        }
    }
}
