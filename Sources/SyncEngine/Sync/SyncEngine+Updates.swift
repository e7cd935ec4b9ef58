extension SyncEngine {
    /// A stream of one page's updates: the cached page at once (if the archive has it), then the
    /// fetched page when it lands, then every later write of that page by any read of this engine.
    ///
    /// Writes by other connections to the same file (another process's `newsctl sync`, say) are
    /// seen within `Configuration.changePollInterval`: the page is read again and sent (origin
    /// `.cache`) when its content differs from what this stream was last sent, so an unchanged
    /// page is never sent twice. A page removed from the archive sends nothing.
    ///
    /// Failures arrive as `.failed` values; the stream goes on after them and ends only when its
    /// consumer stops iterating (which also cancels a fetch nobody else waits for).
    ///
    /// - Parameters:
    ///   - request: the page to watch: `.latest` or `.day(_:)`.
    ///   - policy: whether to fetch after showing the cache; `nil` means network-first for
    ///     today and cache-first for past days, like the reads.
    public nonisolated func updates(for request: PageRequest, policy: ReadPolicy? = nil) -> AsyncStream<PageUpdate> {
        let (stream, continuation) = AsyncStream<PageUpdate>.makeStream(bufferingPolicy: .bufferingNewest(32))
        let id = observerIDs.add(1, ordering: .relaxed).newValue
        let task = Task { await self.observe(request, id: id, policy: policy ?? request.defaultPolicy, continuation: continuation) }
        continuation.onTermination = { _ in
            task.cancel()
            Task { await self.removeObserver(id, of: request) }
        }
        return stream
    }

    /// One stream of `updates(for:)` and what it was last sent, so that a change another
    /// connection made reaches it only when its page really differs.
    struct Observer {
        let continuation: AsyncStream<PageUpdate>.Continuation
        /// The stored page last sent (nil: none yet). Ages are not stored, so time alone never
        /// makes a page differ.
        var lastSent: StoredPage?
        /// The last failure of a poll sent to the stream, so a lasting one is reported once.
        var lastPollFailure: String?
    }

    /// Registers the stream, sends the cache, and fetches per `policy`. The stream stays
    /// registered (fed by `publish` and the change watch) until its consumer leaves and
    /// `removeObserver` runs.
    private func observe(
        _ request: PageRequest, id: UInt64, policy: ReadPolicy,
        continuation: AsyncStream<PageUpdate>.Continuation
    ) async {
        // A consumer that already left must not leave an entry behind: its removal may have run.
        guard !Task.isCancelled else { return }
        // Registered, and the data version noted, before the cache is read, with no suspension in
        // between: no write, by this engine or another connection, is missed.
        observers[request, default: [:]][id] = Observer(continuation: continuation)
        watchForChanges()

        var shouldFetch = policy != .cacheOnly
        do {
            let cached = try load(request)
            if let cached {
                observers[request]?[id]?.lastSent = cached
                continuation.yield(.page(page(from: cached, origin: .cache, staleReason: nil)))
                if policy == .cacheFirst && isFresh(cached) { shouldFetch = false }
            } else if policy == .cacheOnly {
                continuation.yield(.failed(SyncError(code: .notCached, message: "\(describe(request)) is not in the archive")))
            }
        } catch {
            continuation.yield(.failed(SyncError.wrapping(error)))
        }
        guard shouldFetch else { return }
        do {
            // A successful write reaches this stream through `publish`.
            try await withDeadline { () async throws(SyncError) in
                do {
                    try await fetchShared(request)
                } catch let unsaved as UnsavedFetch {
                    // Not kept, so `publish` never sends it: this stream shows what came.
                    continuation.yield(.page(unsaved.page))
                } catch {
                    throw SyncError.wrapping(error)
                }
            }
        } catch {
            // Only this stream's own cancellation (its consumer left) ends it quietly.
            if !Task.isCancelled { continuation.yield(.failed(error)) }
        }
    }

    private func removeObserver(_ id: UInt64, of request: PageRequest) {
        observers[request]?[id] = nil
        if observers[request]?.isEmpty == true { observers[request] = nil }
        if observers.isEmpty {
            changeWatch?.cancel()
            changeWatch = nil
            seenDataVersion = nil
        }
    }

    /// Starts polling for other connections' writes, unless it runs already. The first version is
    /// read here, before the caller reads its page, so a write in between is seen by the first poll.
    private func watchForChanges() {
        guard changeWatch == nil else { return }
        seenDataVersion = try? archive.database.dataVersion()
        let interval = configuration.changePollInterval
        // Weak: an open stream keeps the engine alive through its own references, not this loop.
        changeWatch = Task { [weak self] in
            while true {
                // Cancelled (the last stream ended) while asleep: the sleep throws and the loop ends.
                do { try await Task.sleep(for: interval) } catch { return }
                guard let engine = self, !Task.isCancelled else { return }
                await engine.pollForChanges()
            }
        }
    }

    /// One poll: `PRAGMA data_version`, and only if it changed, each watched page read again and
    /// sent to the streams whose last page it differs from (origin `.cache`, stale as a cache-only
    /// read would say). A failure is logged, sent once per stream while it lasts, and retried.
    func pollForChanges() {
        guard !observers.isEmpty else { return }
        diagnostics.changePolls += 1
        let version: Int64
        do {
            version = try archive.database.dataVersion()
        } catch {
            reportPollFailure(SyncError.wrapping(error), to: Array(observers.keys))
            seenDataVersion = nil
            return
        }
        guard version != seenDataVersion else { return }
        seenDataVersion = version
        diagnostics.changeRereads += 1
        for request in Array(observers.keys) {
            let stored: StoredPage?
            do {
                stored = try load(request)
            } catch {
                reportPollFailure(SyncError.wrapping(error), to: [request])
                seenDataVersion = nil  // Read it again at the next poll.
                continue
            }
            guard let streams = observers[request] else { continue }
            for (id, observer) in streams {
                observers[request]?[id]?.lastPollFailure = nil
                // A page gone from the archive (pruned) sends nothing: what was shown still stands.
                guard let stored, stored != observer.lastSent else { continue }
                observers[request]?[id]?.lastSent = stored
                observer.continuation.yield(
                    .page(
                        page(
                            from: stored, origin: .cache,
                            staleReason: isFresh(stored) ? nil : .offline)))
            }
        }
    }

    private func reportPollFailure(_ error: SyncError, to requests: [PageRequest]) {
        logger.error("could not check the archive for changes", metadata: ["error": "\(error)"])
        for request in requests {
            for (id, observer) in observers[request] ?? [:] where observer.lastPollFailure != error.message {
                observers[request]?[id]?.lastPollFailure = error.message
                observer.continuation.yield(.failed(error))
            }
        }
    }

    /// How many streams are registered (for tests: a stopped stream must not stay).
    var observerCount: Int { observers.values.reduce(0) { $0 + $1.count } }

    /// Whether other connections' writes are being polled for (for tests: only while a stream is open).
    var isWatchingForChanges: Bool { changeWatch != nil }

    /// Sends the pages just written to the streams that watch them.
    func publish(_ requests: [PageRequest]) {
        for request in requests {
            guard let streams = observers[request], !streams.isEmpty,
                let stored = try? load(request)
            else { continue }
            let update = PageUpdate.page(page(from: stored, origin: .network, staleReason: nil))
            for (id, observer) in streams {
                observers[request]?[id]?.lastSent = stored
                observer.continuation.yield(update)
            }
        }
    }
}
