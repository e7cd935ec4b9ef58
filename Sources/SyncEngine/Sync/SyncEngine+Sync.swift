extension SyncEngine {
    /// Brings a span of days (and, if asked, their stories' details and counters) into the archive.
    ///
    /// Only what is missing is fetched: days the archive lacks or holds partial, newest first,
    /// then stories without a detail or counters. Each day is written in its own transaction as
    /// it arrives, so an interrupted sync keeps what it fetched and a second run does the rest.
    /// One item failing does not stop the others; it is listed in the summary. When the network
    /// fails for many items in a row the sync stops early and counts the rest as skipped (and
    /// leaves details for the next run).
    ///
    /// - Parameters:
    ///   - request: which days, whether to fetch details too, and how many transfers at once.
    ///   - progress: called after every item, on the engine; keep it quick.
    /// - Throws: when the source's latest day cannot be fetched (the span is counted from it),
    ///   on a local database failure, and `.cancelled` when the task is cancelled.
    public func sync(
        _ request: SyncRequest,
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws(SyncError) -> SyncSummary {
        try requireWritable("sync")
        let started = ContinuousClock.now
        do {
            try await withDeadline { () async throws(SyncError) in
                do { try await fetchShared(.latest) } catch { throw SyncError.wrapping(error) }
            }
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

            let dayRun: PoolResult<Day>
            do {
                dayRun = try await runPool(days, phase: .days, width: width, progress: progress) { day in
                    try await self.syncDay(day, latest: latest)
                }
                try flushSyncedDays()
            } catch {
                // Cancelled or failed: the whole days fetched so far are still worth keeping.
                try? flushSyncedDays()
                throw error
            }
            var detailRun = PoolResult<Int64>()
            var detailsPresent = 0
            if request.includeDetails && dayRun.skipped == 0 {
                let (missing, complete) = try ArchiveStore(database: store.database).missingDetails(in: span)
                detailsPresent = complete
                let byID = Dictionary(missing.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                detailRun = try await runPool(missing.map(\.id), phase: .details, width: width, progress: progress) { id in
                    guard let item = byID[id] else { return }
                    try await self.syncDetail(item)
                }
            }
            try store.setLastSync(clock.now().timeIntervalSince1970)
            return SyncSummary(
                days: span, daysFetched: dayRun.done + 1, daysPresent: span.dayCount - days.count - 1,
                detailsFetched: detailRun.done, detailsPresent: detailsPresent,
                failures: dayRun.failures.map { SyncFailure(item: .day($0.item), error: $0.error) }
                    + detailRun.failures.map { SyncFailure(item: .story($0.item), error: $0.error) },
                skipped: dayRun.skipped + detailRun.skipped,
                duration: ContinuousClock.now - started)
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    struct PoolResult<Item: Sendable> {
        var done = 0
        var failures: [(item: Item, error: SyncError)] = []
        var skipped = 0
    }

    /// Runs `work` on `items` with at most `width` at once, in order. A remote failure is kept and
    /// the rest go on; a local failure or cancellation ends the run and is thrown. After a run of
    /// network failures as long as two rounds of transfers, nothing more is started.
    private func runPool<Item: Sendable>(
        _ items: [Item], phase: SyncProgress.Phase, width: Int,
        progress: @escaping @Sendable (SyncProgress) -> Void,
        work: @escaping @Sendable (Item) async throws -> Void
    ) async throws -> PoolResult<Item> {
        progress(SyncProgress(phase: phase, done: 0, total: items.count, failed: 0))
        let (result, localFailure) = await withTaskGroup(of: (Item, (any Error)?).self) { group in
            var result = PoolResult<Item>()
            var failuresInARow = 0
            var localFailure: SyncError?
            var next = 0
            func startNext() {
                guard next < items.count, localFailure == nil, failuresInARow < 2 * width + 2, !Task.isCancelled else { return }
                let item = items[next]
                next += 1
                group.addTask {
                    do { try await work(item); return (item, nil) } catch { return (item, error) }
                }
            }
            for _ in 0..<width { startNext() }
            for await (item, error) in group {
                switch error {
                case nil:
                    result.done += 1
                    failuresInARow = 0
                case let error as RemoteError where error.code != .cancelled:
                    result.failures.append((item, SyncError.wrapping(error)))
                    failuresInARow = error.code == .unreachable ? failuresInARow + 1 : 0
                    logger.notice("sync item failed", metadata: ["item": "\(item)", "error": "\(error)"])
                case let error?:
                    if localFailure == nil { localFailure = SyncError.wrapping(error) }
                    group.cancelAll()
                }
                progress(
                    SyncProgress(
                        phase: phase, done: result.done + result.failures.count, total: items.count,
                        failed: result.failures.count))
                startNext()
            }
            result.skipped = items.count - next
            return (result, localFailure)
        }
        try Task.checkCancellation()
        if let localFailure { throw localFailure }
        return result
    }

    /// Fetches one past day off the engine, so transfers and decoding run side by side. Every
    /// day synced is before the source's `latest`, so it is published: an earlier answer for it
    /// is bad data, never "not published yet".
    private nonisolated func syncDay(_ day: Day, latest: Day) async throws {
        let remote = try await withItemDeadline { () async throws -> RemoteDay in
            do {
                return try await self.client.day(day)
            } catch let error as RemoteError where error.code == .notPublished {
                throw error.publishedDayMisdated(latest: latest)
            }
        }
        try await storeSyncedDay(remote)
    }

    /// Days are written in batches, each batch one transaction of whole days: every commit
    /// flushes a new segment of the search index, and a commit per day made a 10-year sync seven
    /// times slower. A batch waits at most 512 days or a second, so an interrupted sync refetches
    /// little, and a crash never leaves a day half-written.
    private func storeSyncedDay(_ remote: RemoteDay) throws {
        pendingSyncedDays.append(remote)
        if pendingSyncedDays.count >= 512 || ContinuousClock.now - lastSyncFlush > .seconds(1) {
            try flushSyncedDays()
        }
    }

    /// Writes the batched days as final: every day before the source's latest is.
    private func flushSyncedDays() throws {
        lastSyncFlush = .now
        guard !pendingSyncedDays.isEmpty else { return }
        let days = pendingSyncedDays
        pendingSyncedDays = []
        try store.writeDays(days.map { ($0.day, $0.stories) }, fetchedAt: clock.now().timeIntervalSince1970, isFinal: true)
        publish(days.map { .day($0.day) })
    }

    /// Fetches what one story lacks. The detail is made ready to store here (its text made
    /// readable, its body deflated), off the engine.
    private nonisolated func syncDetail(_ item: ArchiveStore.MissingDetail) async throws {
        if item.needsDetail {
            let detail = try await withItemDeadline { try await self.client.detail(item.id) }
            try await storeSyncedDetail(DetailRecord(detail))
        }
        if item.needsExtra {
            let extra = try await withItemDeadline { try await self.client.extra(item.id) }
            try await storeSyncedExtra(item.id, extra)
        }
    }

    private func storeSyncedDetail(_ record: DetailRecord) throws {
        try details.writeDetail(record, fetchedAt: clock.now().timeIntervalSince1970)
    }

    private func storeSyncedExtra(_ id: Int64, _ extra: StoryExtra) throws {
        try details.writeExtra(id, extra, fetchedAt: clock.now().timeIntervalSince1970)
    }

    /// One network deadline per item: a long sync is not bounded by one page's timeout.
    private nonisolated func withItemDeadline<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let deadline = ContinuousClock.now.advanced(by: configuration.networkTimeout)
        return try await ZhihuDailyClient.$operationDeadline.withValue(deadline) { try await body() }
    }
}
