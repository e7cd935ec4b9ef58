extension SyncEngine {
    /// Brings a span of days (and, if asked, their stories' details and counters) into the archive.
    ///
    /// Only what is missing is fetched: days the archive lacks or holds partial, newest first,
    /// then stories without a detail or counters. Transfers, decoding and writing overlap: what
    /// arrives is written by one writer in batches of whole items, each batch one transaction,
    /// while the next transfers go on, so an interrupted sync keeps the whole items it fetched and
    /// a second run does the rest.
    /// One item failing does not stop the others; it is listed in the summary. When the network
    /// fails for many items in a row the sync stops early and counts the rest as skipped (and
    /// leaves details for the next run).
    ///
    /// - Parameters:
    ///   - request: which days, whether to fetch details too, and how many transfers at once.
    ///   - progress: called after every item, from one task at a time, in order; keep it quick.
    /// - Throws: when the source's latest day cannot be fetched (the span is counted from it),
    ///   on a local database failure, and `.cancelled` when the task is cancelled.
    public func sync(
        _ request: SyncRequest,
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) -> SyncSummary {
        try requireWritable("sync")
        defer { saveBaseURLPreference() }
        let started = ContinuousClock.now
        // Requests to slow down count from here, the latest page's included.
        let slowDownsAtStart = client.slowDown.total
        // Once the latest page is in, a sync has begun to fill the archive: interrupted after
        // that, it is recorded as the last sync, marked as interrupted.
        var begun = false
        do {
            try await withDeadline { () async throws(SyncError) in
                do { try await fetchShared(.latest) } catch { throw SyncError.wrapping(error) }
            }
            begun = true
            guard let latest = try archive.meta.latestDay() else {
                throw SyncError(code: .storage, message: "the latest page was written but cannot be read back")
            }
            let first: Day
            switch request.span {
            case .lastDays(let count): first = latest.adding(days: -(max(1, count) - 1))
            case .since(let day): first = min(day, latest)
            }
            let span = max(first, Day.firstIssue)...latest
            let coverage = try archive.pages.coverage()
            // The latest day was just fetched; every earlier day is final, so a cached final day is done.
            let partial = Set(coverage.partialDays)
            let days = stride(from: latest.dayNumber - 1, through: span.lowerBound.dayNumber, by: -1)
                .map(Day.init(dayNumber:))
                .filter { !coverage.contains($0) || partial.contains($0) }
            let width = min(max(1, request.concurrency), SyncRequest.maxConcurrency)
            let checkpointer = startCheckpointing()
            defer { stopCheckpointing(checkpointer) }

            let batches = configuration.syncBatches
            // The latest day, fetched above, is the first of the span's days: counted as done.
            let dayProgress: @Sendable (SyncProgress) -> Void = {
                progress(SyncProgress(phase: $0.phase, done: $0.done + 1, total: $0.total + 1, failed: $0.failed))
            }
            // Cancelled or failed, the pool still writes the whole days fetched so far.
            let dayRun = try await runPool(
                days, phase: .days, width: width, slowDownsSeen: slowDownsAtStart, batch: batches.days, progress: dayProgress,
                fetch: { day in
                    do { return (try await self.fetchSyncedDay(day, latest: latest), nil) } catch { return (nil, error) }
                },
                write: { (days: [RemoteDay]) async throws in
                    try await self.writeSyncedDays(days)
                    // Few batches of days, each worth copying at once (`WALCheckpointer`).
                    checkpointer?.request(promptly: true)
                })
            let phases = try await syncStories(
                in: .days(span), request: request, blocked: dayRun.skipped > 0, width: dayRun.width,
                slowDownsSeen: dayRun.slowDownsSeen, progress: progress, checkpointer: checkpointer)
            try archive.meta.setLastSync(clock.now().timeIntervalSince1970, interrupted: false)
            let slowDowns = client.slowDown.total - slowDownsAtStart
            let finalWidth =
                request.includeImages ? phases.pictures.width : request.includeComments ? phases.comments.width : phases.details.width
            var summary = SyncSummary(
                days: span, daysFetched: dayRun.done + 1, daysPresent: span.dayCount - days.count - 1,
                detailsFetched: phases.details.done, detailsPresent: phases.detailsPresent,
                failures: dayRun.failures.map { SyncFailure(item: .day($0.item), error: $0.error) } + phases.failures,
                skipped: dayRun.skipped + phases.skipped,
                duration: ContinuousClock.now - started, detailsDeferred: phases.detailsDeferred,
                slowedDown: slowDowns > 0 ? SyncSlowDown(from: width, to: finalWidth, requests: slowDowns) : nil)
            summary.detailsNotAtSource = phases.detailsNotAtSource
            summary.commentStoriesFetched = phases.comments.done
            summary.commentStoriesPresent = phases.commentStoriesPresent
            summary.commentsFetched = phases.commentsFetched
            summary.picturesFetched = phases.pictures.done
            summary.picturesPresent = phases.picturesPresent
            summary.picturesDeferred = phases.picturesDeferred
            summary.picturesEvicted = phases.picturesEvicted
            summary.picturesSkipped = phases.pictures.skipped
            return summary
        } catch {
            let failure = SyncError.wrapping(error)
            if begun && failure.code == .cancelled {
                // What was written stays; status says when, and that it did not finish.
                try? archive.meta.setLastSync(clock.now().timeIntervalSince1970, interrupted: true)
            }
            throw failure
        }
    }

    /// Hands the sync's checkpoints to a thread of their own (`WALCheckpointer`); nil when it
    /// cannot be started, and the writer checkpoints as usual.
    func startCheckpointing() -> WALCheckpointer? {
        guard let checkpointer = WALCheckpointer(path: configuration.databasePath) else { return nil }
        archive.database.setAutomaticCheckpoint(pages: WALCheckpointer.writerLimit)
        return checkpointer
    }

    func stopCheckpointing(_ checkpointer: WALCheckpointer?) {
        guard let checkpointer else { return }
        checkpointer.stop()
        archive.database.setAutomaticCheckpoint(pages: 1_000)
        diagnostics.lastSyncCheckpoints = checkpointer.checkpoints
    }

    /// The stories whose detail to fetch, given those that answered 5xx or 404 before: each is
    /// left out until its next try (counted as deferred, or as not at the source for a 404), or,
    /// when retrying them, all are added, on whatever day they are.
    func withFailedStories(
        _ missing: [ArchiveStore.MissingDetail], retryingThem: Bool
    ) throws -> ([ArchiveStore.MissingDetail], deferred: Int, notAtSource: Int) {
        let failed = try archive.failedStories.all()
        guard !failed.isEmpty else { return (missing, 0, 0) }
        if retryingThem {
            let listed = Set(missing.map(\.id))
            return (
                missing + failed.filter { !listed.contains($0.id) }.map { .init(id: $0.id, needsDetail: true, needsExtra: false) }, 0, 0
            )
        }
        let now = clock.now().timeIntervalSince1970
        let waiting = Dictionary(failed.filter { $0.nextTry > now }.map { ($0.id, $0.lastStatus) }, uniquingKeysWith: { first, _ in first })
        let kept = missing.filter { !($0.needsDetail && waiting[$0.id] != nil) }
        let absent = missing.filter { $0.needsDetail && waiting[$0.id] == 404 }.count
        return (kept, missing.count - kept.count - absent, absent)
    }

    /// The stories the source answered 404 for and that are left alone until their next try.
    func notAtSource() throws -> Set<Int64> {
        let now = clock.now().timeIntervalSince1970
        return Set(try archive.failedStories.all().filter { $0.lastStatus == 404 && $0.nextTry > now }.map(\.id))
    }

    /// Fetches and decodes one past day, off the engine. Every day synced is before the source's
    /// `latest`, so it is published: an earlier answer for it is bad data, never "not published yet".
    private nonisolated func fetchSyncedDay(_ day: Day, latest: Day) async throws -> RemoteDay {
        try await withItemDeadline { () async throws -> RemoteDay in
            do {
                return try await self.client.day(day)
            } catch let error as RemoteError where error.code == .notPublished {
                throw error.publishedDayMisdated(latest: latest)
            }
        }
    }

    /// Writes a batch of days in one transaction, as final: every day before the source's latest is.
    private func writeSyncedDays(_ days: [RemoteDay]) throws {
        try archive.pages.writeDays(
            days.map { ($0.day, $0.stories) }, fetchedAt: clock.now().timeIntervalSince1970, isFinal: true)
        publish(days.map { .day($0.day) })
    }

    /// What a sync fetched for one story: its detail (ready to store) and its counters.
    struct SyncedStory: Sendable {
        let id: Int64
        var detail: DetailRecord?
        var extra: StoryExtra?
        /// The 5xx or 404 status its detail answered with, to remember.
        var failedStatus: Int?
    }

    /// Fetches what one story lacks, off the engine; the detail is made ready to store here too
    /// (its text made readable, its body deflated).
    /// A detail fetched before its counters failed is still returned, to be written.
    nonisolated func fetchSyncedStory(_ item: ArchiveStore.MissingDetail) async -> (SyncedStory?, (any Error)?) {
        var story = SyncedStory(id: item.id)
        do {
            if item.needsDetail {
                do {
                    let detail = try await withItemDeadline { try await self.client.detail(item.id) }
                    story.detail = DetailRecord(detail)
                } catch let error as RemoteError where error.isNotFound || (error.code == .httpStatus && (error.status ?? 0) >= 500) {
                    // Some stories answer 500 on every try, and some the source does not have at all
                    // (404): remember it, so syncs leave it alone a while (a 404 for a month).
                    story.failedStatus = error.isNotFound ? 404 : error.status
                    return (story, error)
                }
            }
            if item.needsExtra {
                story.extra = try await withItemDeadline { try await self.client.extra(item.id) }
            }
            return (story, nil)
        } catch {
            return (story.detail == nil ? nil : story, error)
        }
    }

    /// Writes a batch of stories' details and counters in one transaction.
    ///
    /// `moreToFollow`: the batch is full, so the pool has more coming; its index segment is left
    /// for FTS5's merges of 16 (`SearchIndex.withDeferredMerging`). A batch that is not full (the
    /// one that ends a phase, and each of a sync of a few days) merges as every other write does;
    /// a last batch that happens to be full leaves its segment for the next write's merge.
    func writeSyncedStories(_ stories: [SyncedStory], moreToFollow: Bool) throws {
        try archive.details.writeDetails(
            stories.compactMap(\.detail),
            extras: stories.compactMap { story in story.extra.map { (story.id, $0) } },
            failed: stories.compactMap { story in story.failedStatus.map { (story.id, $0) } },
            fetchedAt: clock.now().timeIntervalSince1970, deferringMerges: moreToFollow)
    }

    /// What a sync fetched of one story's comments: the first pages it read (to merge) and the
    /// next pages of short ones in order, the last one empty when the thread ended.
    struct SyncedComments: Sendable {
        let id: Int64
        var long: [StoryComment]?
        var shortFirst: [StoryComment]?
        /// Each next page with the cursor it was asked for by.
        var shortNext: [(cursor: Int64, page: [StoryComment])] = []
    }

    /// Reads what the archive lacks of one story's comments, off the engine: the long ones, then
    /// the short ones page by page to the empty page that ends them. What came before a failure
    /// is returned, to be written; the next sync goes on from there.
    nonisolated func fetchSyncedComments(_ item: CommentStore.Unread, maxPages: Int) async -> (SyncedComments?, (any Error)?) {
        var fetched = SyncedComments(id: item.id)
        do {
            if item.needsLong {
                fetched.long = try await withItemDeadline { try await self.client.comments(item.id, kind: .long) }
            }
            guard let short = item.short else { return (fetched, nil) }
            var cursor: Int64?
            var seen = Set<Int64>()
            if case .after(let last) = short {
                cursor = last
            } else {
                let first = try await withItemDeadline { try await self.client.comments(item.id, kind: .short) }
                fetched.shortFirst = first
                seen.formUnion(first.map(\.id))
                guard let last = first.last?.id else { return (fetched, nil) }  // None at all: complete.
                cursor = last
            }
            while let before = cursor, fetched.shortNext.count < maxPages {
                let page = try await withItemDeadline { try await self.client.comments(item.id, kind: .short, before: before) }
                fetched.shortNext.append((before, page))
                // An empty page ends the thread; one with nothing new would never move the cursor.
                let new = page.filter { seen.insert($0.id).inserted }
                guard !new.isEmpty, let last = page.last?.id else { break }
                cursor = last
            }
            return (fetched, nil)
        } catch {
            let hasSome = fetched.long != nil || fetched.shortFirst != nil || !fetched.shortNext.isEmpty
            return (hasSome ? fetched : nil, error)
        }
    }

    /// Writes a batch of stories' comments in one transaction; returns how many comments were new.
    func writeSyncedComments(_ threads: [SyncedComments]) throws -> Int {
        let comments = archive.comments
        let fetchedAt = clock.now().timeIntervalSince1970
        return try archive.database.transaction {
            var added = 0
            for thread in threads {
                if let long = thread.long { added += try comments.firstPage(long, of: thread.id, .long, fetchedAt: fetchedAt) }
                if let first = thread.shortFirst {
                    added += try comments.firstPage(first, of: thread.id, .short, fetchedAt: fetchedAt)
                }
                for (cursor, page) in thread.shortNext {
                    added += try comments.nextPage(page, of: thread.id, .short, cursor: cursor)
                }
            }
            return added
        }
    }

    /// One network deadline per item: a long sync is not bounded by one page's timeout.
    nonisolated func withItemDeadline<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let deadline = ContinuousClock.now.advanced(by: configuration.networkTimeout)
        return try await Fetcher.$operationDeadline.withValue(deadline) { try await body() }
    }
}
