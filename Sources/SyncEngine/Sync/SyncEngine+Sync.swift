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
            guard let latest = try store.latestDay() else {
                throw SyncError(code: .storage, message: "the latest page was written but cannot be read back")
            }
            let first: Day
            switch request.span {
            case .lastDays(let count): first = latest.adding(days: -(max(1, count) - 1))
            case .since(let day): first = min(day, latest)
            }
            let span = max(first, Day.firstIssue)...latest
            let coverage = try store.coverage()
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
                    checkpointer?.request()
                })
            var detailRun = PoolResult<Int64>(width: dayRun.width, slowDownsSeen: dayRun.slowDownsSeen)
            var detailsPresent = 0
            var detailsDeferred = 0
            var detailsNotAtSource = 0
            let includeDetails = request.includeDetails || request.includeImages
            if (includeDetails || request.retryFailed) && dayRun.skipped == 0 {
                var missing: [ArchiveStore.MissingDetail] = []
                if includeDetails {
                    (missing, detailsPresent) = try ArchiveStore(database: store.database).missingDetails(in: span)
                }
                (missing, detailsDeferred, detailsNotAtSource) = try withFailedStories(missing, retryingThem: request.retryFailed)
                let byID = Dictionary(missing.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                detailRun = try await runPool(
                    missing.map(\.id), phase: .details, width: dayRun.width, slowDownsSeen: dayRun.slowDownsSeen,
                    batch: batches.details, progress: progress,
                    fetch: { id in
                        guard let item = byID[id] else { return (nil, nil) }
                        return await self.fetchSyncedStory(item)
                    },
                    write: { (stories: [SyncedStory]) async throws in
                        try await self.writeSyncedStories(stories)
                        checkpointer?.request()
                    })
            }
            var commentRun = PoolResult<Int64>(width: detailRun.width, slowDownsSeen: detailRun.slowDownsSeen)
            var commentStoriesPresent = 0
            let comments = Locked(0)
            if request.includeComments && dayRun.skipped == 0 && detailRun.skipped == 0 {
                let unread: [CommentStore.Unread]
                (unread, commentStoriesPresent) = try CommentStore(database: store.database).unread(in: span)
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
                        checkpointer?.request()
                    })
            }
            var pictureRun = PoolResult<PictureKey>(width: commentRun.width, slowDownsSeen: commentRun.slowDownsSeen)
            var picturesPresent = 0
            var picturesDeferred = 0
            var picturesEvicted = 0
            if request.includeImages && dayRun.skipped == 0 && detailRun.skipped == 0 && commentRun.skipped == 0 {
                (pictureRun, picturesPresent, picturesDeferred) = try await syncPictures(
                    in: span, retryingFailed: request.retryFailed, width: commentRun.width, slowDownsSeen: commentRun.slowDownsSeen,
                    progress: progress, checkpointer: checkpointer)
            }
            if request.includeImages {
                picturesEvicted = try PictureStore(database: store.database).evict(
                    toFit: request.pictureBudget ?? configuration.pictureBudget, at: clock.now().timeIntervalSince1970)
                if picturesEvicted > 0 { publishPictures() }
            }
            try store.setLastSync(clock.now().timeIntervalSince1970, interrupted: false)
            let slowDowns = client.slowDown.total - slowDownsAtStart
            let finalWidth = request.includeImages ? pictureRun.width : request.includeComments ? commentRun.width : detailRun.width
            var summary = SyncSummary(
                days: span, daysFetched: dayRun.done + 1, daysPresent: span.dayCount - days.count - 1,
                detailsFetched: detailRun.done, detailsPresent: detailsPresent,
                failures: dayRun.failures.map { SyncFailure(item: .day($0.item), error: $0.error) }
                    + detailRun.failures.map { SyncFailure(item: .story($0.item), error: $0.error) }
                    + commentRun.failures.map { SyncFailure(item: .comments($0.item), error: $0.error) }
                    + pictureRun.failures.map { SyncFailure(item: .picture($0.item.value), error: $0.error) },
                skipped: dayRun.skipped + detailRun.skipped + commentRun.skipped + pictureRun.skipped,
                duration: ContinuousClock.now - started, detailsDeferred: detailsDeferred,
                slowedDown: slowDowns > 0 ? SyncSlowDown(from: width, to: finalWidth, requests: slowDowns) : nil)
            summary.detailsNotAtSource = detailsNotAtSource
            summary.commentStoriesFetched = commentRun.done
            summary.commentStoriesPresent = commentStoriesPresent
            summary.commentsFetched = comments.withLock { $0 }
            summary.picturesFetched = pictureRun.done
            summary.picturesPresent = picturesPresent
            summary.picturesDeferred = picturesDeferred
            summary.picturesEvicted = picturesEvicted
            return summary
        } catch {
            let failure = SyncError.wrapping(error)
            if begun && failure.code == .cancelled {
                // What was written stays; status says when, and that it did not finish.
                try? store.setLastSync(clock.now().timeIntervalSince1970, interrupted: true)
            }
            throw failure
        }
    }

    /// Hands the sync's checkpoints to a thread of their own (`WALCheckpointer`); nil when it
    /// cannot be started, and the writer checkpoints as usual.
    private func startCheckpointing() -> WALCheckpointer? {
        guard let checkpointer = WALCheckpointer(path: configuration.databasePath) else { return nil }
        store.database.setAutomaticCheckpoint(pages: WALCheckpointer.writerLimit)
        return checkpointer
    }

    private func stopCheckpointing(_ checkpointer: WALCheckpointer?) {
        guard let checkpointer else { return }
        checkpointer.stop()
        store.database.setAutomaticCheckpoint(pages: 1_000)
        lastSyncCheckpoints = checkpointer.checkpoints
    }

    /// The stories whose detail to fetch, given those that answered 5xx or 404 before: each is
    /// left out until its next try (counted as deferred, or as not at the source for a 404), or,
    /// when retrying them, all are added, on whatever day they are.
    private func withFailedStories(
        _ missing: [ArchiveStore.MissingDetail], retryingThem: Bool
    ) throws -> ([ArchiveStore.MissingDetail], deferred: Int, notAtSource: Int) {
        let failed = try FailedStoryStore(database: store.database).all()
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

    struct PoolResult<Item: Sendable> {
        var done = 0
        var failures: [(item: Item, error: SyncError)] = []
        var skipped = 0
        /// Transfers at once at the end: lower than asked when the source asked to slow down.
        var width: Int
        /// Requests to slow down seen so far (`SlowDownSignal.total`).
        var slowDownsSeen: Int
    }

    /// How a sync groups what it fetched into transactions: a batch is written once it holds
    /// `size` items, once its oldest item has waited `interval`, or when nothing else is being
    /// fetched. Every commit flushes a new segment of the search index (a commit per day made a
    /// 10-year sync seven times slower), and a batch is all or nothing, so an interrupted sync
    /// refetches at most one batch. At most `size` more items wait while a batch is written;
    /// transfers pause beyond that, so memory stays bounded when writing is the slower side.
    struct SyncBatch: Sendable {
        var size: Int
        var interval: Duration = .seconds(1)
    }

    /// The batches of the two phases: day lists are small; a detail holds its HTML and its text,
    /// and waiting details are what a sync's memory grows with (10 years with 6-17 KB bodies:
    /// peak RSS 53-58 MB with batches of 64, 45-47 MB with 32, as fast).
    struct SyncBatches: Sendable {
        var days = SyncBatch(size: 256)
        var details = SyncBatch(size: 32)
        var comments = SyncBatch(size: 32)
        /// Up to 8 MiB each (the check's cap), so few at a time.
        var pictures = SyncBatch(size: 16)
        /// The most next pages of one story's short comments a sync reads (1,000 comments): a
        /// thread that never ends (a source that keeps giving new ids) cannot hold a sync or its
        /// memory; the next sync goes on from the last comment read.
        var commentPagesPerStory = 50
    }

    /// One event of a pool: an item fetched (what to write, possibly partial, and why it failed
    /// if it did), or a batch written.
    private enum PoolEvent<Item: Sendable, Value: Sendable>: Sendable {
        case fetched(Item, Value?, (any Error)?)
        case wrote((any Error)?)
    }

    /// Fetches `items` with at most `width` transfers at once, in order, and writes what they gave
    /// in batches (`batch`) on one writer (`write`, one call at a time), while the transfers go on.
    /// Where the transport keeps a `TransferLimit` and `width` is above 1, up to twice as many
    /// items are under way, the rest waiting in the transport for a free transfer.
    ///
    /// The pool runs off the engine: starting transfers and decoding never wait for a write, and
    /// the writer (the engine) never waits for the network. A remote failure is kept and the rest
    /// go on; what a failed item fetched is still written (a story whose counters failed keeps its
    /// detail). A local failure or cancellation ends the run and is thrown, after the whole items
    /// fetched so far are written (unless writing is what failed). After a run of network failures
    /// as long as two rounds of transfers, nothing more is started. `progress` is called after
    /// every item, from one task at a time, in order. Each time the source has asked to slow
    /// down since the last item (`slowDownsSeen` counts those already seen), the transfers at
    /// once are halved for the rest of the run.
    nonisolated func runPool<Item: Sendable, Value: Sendable>(
        _ items: [Item], phase: SyncProgress.Phase, width initialWidth: Int, slowDownsSeen: Int, batch limits: SyncBatch,
        progress: @escaping @Sendable (SyncProgress) -> Void,
        fetch: @escaping @Sendable (Item) async -> (Value?, (any Error)?),
        write: @escaping @Sendable ([Value]) async throws -> Void
    ) async throws -> PoolResult<Item> {
        progress(SyncProgress(phase: phase, done: 0, total: items.count, failed: 0))
        let logger = self.logger
        // Where the transport keeps to `width` itself, twice as many items are asked for while
        // the network answers: the next request of a connection is already waiting when its
        // response arrives. After a network failure, only `width`, so a sync that gives up on a
        // dead network has tried no more items than before. Not at a concurrency of 1: the tasks
        // asked ahead reach the transport in whatever order they run, and one at a time means
        // one after the other, newest first.
        let transportLimits = TransferLimit.isKept(by: client.transport)
        let slowDown = client.slowDown
        // One limit for every request of the pool: lowered, it holds back those waiting too.
        let sharedLimit = transportLimits ? TransferLimit.Shared(initialWidth) : nil
        let (result, localFailure) = await withTaskGroup(of: PoolEvent<Item, Value>.self) { group in
            var result = PoolResult<Item>(width: initialWidth, slowDownsSeen: slowDownsSeen)
            var width: Int { result.width }
            var failuresInARow = 0
            // Items under way when the pool last slowed down: their requests to slow down are the
            // same burst, already answered.
            var inFlightAtSlowDown = 0
            var localFailure: SyncError?
            var writeFailed = false
            var next = 0
            var fetching = 0
            var batch: [Value] = []
            var batchStarted = ContinuousClock.now
            var isWriting = false
            func startFetches() {
                let asked = transportLimits && failuresInARow == 0 && width > 1 ? 2 * width : width
                while fetching < asked, next < items.count, batch.count < 2 * limits.size, localFailure == nil,
                    failuresInARow < 2 * width + 2, !Task.isCancelled
                {
                    let item = items[next]
                    next += 1
                    fetching += 1
                    group.addTask {
                        let (value, error) = await TransferLimit.$transfers.withValue(sharedLimit) {
                            await fetch(item)
                        }
                        return .fetched(item, value, error)
                    }
                }
            }
            func startWriteIfDue() {
                guard !isWriting, !writeFailed, !batch.isEmpty else { return }
                let nothingMoreComing = fetching == 0
                guard batch.count >= limits.size || nothingMoreComing || ContinuousClock.now - batchStarted >= limits.interval
                else { return }
                let values = Array(batch.prefix(limits.size))
                batch.removeFirst(values.count)
                batchStarted = .now
                isWriting = true
                group.addTask {
                    do { try await write(values); return .wrote(nil) } catch { return .wrote(error) }
                }
            }
            startFetches()
            for await event in group {
                switch event {
                case .wrote(let error):
                    isWriting = false
                    if let error {
                        writeFailed = true
                        if localFailure == nil { localFailure = SyncError.wrapping(error) }
                        group.cancelAll()
                    }
                case .fetched(let item, let value, let error):
                    fetching -= 1
                    let slowDowns = slowDown.total
                    if inFlightAtSlowDown > 0 {
                        inFlightAtSlowDown -= 1
                        result.slowDownsSeen = max(result.slowDownsSeen, slowDowns)
                    } else if slowDowns > result.slowDownsSeen {
                        result.slowDownsSeen = slowDowns
                        result.width = max(1, result.width / 2)
                        sharedLimit?.lower(to: result.width)
                        inFlightAtSlowDown = fetching
                        logger.notice("the source asked to slow down", metadata: ["transfers": "\(result.width)"])
                    }
                    if let value {
                        if batch.isEmpty { batchStarted = .now }
                        batch.append(value)
                    }
                    switch error {
                    case nil:
                        result.done += 1
                        failuresInARow = 0
                    case let error as RemoteError where error.code != .cancelled:
                        result.failures.append((item, SyncError.wrapping(error)))
                        // A missing file of a `file://` source is an answer, not the network going away.
                        failuresInARow = error.code == .unreachable && !error.isNotFound ? failuresInARow + 1 : 0
                        logger.notice("sync item failed", metadata: ["item": "\(item)", "error": "\(error)"])
                    case let error?:
                        if localFailure == nil { localFailure = SyncError.wrapping(error) }
                        group.cancelAll()
                    }
                    progress(
                        SyncProgress(
                            phase: phase, done: result.done + result.failures.count, total: items.count,
                            failed: result.failures.count))
                }
                startFetches()
                startWriteIfDue()
            }
            result.skipped = items.count - next
            return (result, localFailure)
        }
        try Task.checkCancellation()
        if let localFailure { throw localFailure }
        return result
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
        try store.writeDays(days.map { ($0.day, $0.stories) }, fetchedAt: clock.now().timeIntervalSince1970, isFinal: true)
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
    private nonisolated func fetchSyncedStory(_ item: ArchiveStore.MissingDetail) async -> (SyncedStory?, (any Error)?) {
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
    private func writeSyncedStories(_ stories: [SyncedStory]) throws {
        try details.writeDetails(
            stories.compactMap(\.detail),
            extras: stories.compactMap { story in story.extra.map { (story.id, $0) } },
            failed: stories.compactMap { story in story.failedStatus.map { (story.id, $0) } },
            fetchedAt: clock.now().timeIntervalSince1970)
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
    private nonisolated func fetchSyncedComments(_ item: CommentStore.Unread, maxPages: Int) async -> (SyncedComments?, (any Error)?) {
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
    private func writeSyncedComments(_ threads: [SyncedComments]) throws -> Int {
        let comments = CommentStore(database: store.database)
        let fetchedAt = clock.now().timeIntervalSince1970
        return try store.database.transaction {
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
        return try await ZhihuDailyClient.$operationDeadline.withValue(deadline) { try await body() }
    }
}
