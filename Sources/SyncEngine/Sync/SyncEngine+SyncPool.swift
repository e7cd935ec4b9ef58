// The bounded pool that every phase of a sync runs through (days, stories, comments, pictures):
// transfers and decoding off the engine, writes in batches on it. The phases are in +Sync.

extension SyncEngine {
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
    /// fetched. Every commit flushes a new segment of the search index (a commit per day would
    /// make a long sync many times slower), and a batch is all or nothing, so an interrupted sync
    /// refetches at most one batch. At most `size` more items wait while a batch is written;
    /// transfers pause beyond that, so memory stays bounded when writing is the slower side.
    struct SyncBatch: Sendable {
        var size: Int
        var interval: Duration = .seconds(1)
    }

    /// The batches of the two phases: day lists are small; a detail holds its HTML and its text,
    /// and waiting details are what a sync's memory grows with (smaller detail batches keep the
    /// peak lower and sync as fast; bench/RESULTS.md).
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
}
