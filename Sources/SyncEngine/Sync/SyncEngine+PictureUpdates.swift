extension SyncEngine {
    /// A stream of a story's pictures: the list `pictures(storyID:)` gives at once, then the
    /// list again each time it changes, such as when a sync keeps one of them, refuses one,
    /// lists the story's pictures for the first time, or the budget or a prune lets one go.
    ///
    /// Like `updates(for:)`: a write of this engine is sent when it is committed (a sync sends
    /// after each batch of pictures it keeps); a write by another connection to the same file
    /// (another process's `newsctl sync --images`) is seen within
    /// `Configuration.changePollInterval`, with one `PRAGMA data_version` per poll while a
    /// stream is open. A list is sent only when it differs from the one this stream was last
    /// sent. Failures arrive as `.failed`; the stream goes on, and ends only when its consumer
    /// stops iterating.
    ///
    /// ```swift
    /// for await update in engine.pictureUpdates(storyID: 9759187) {
    ///     guard case .pictures(let pictures) = update else { continue }
    ///     for picture in pictures where picture.state == .kept { show(picture.key) }
    /// }
    /// ```
    public nonisolated func pictureUpdates(storyID: Int64) -> AsyncStream<StoryPicturesUpdate> {
        let (stream, continuation) = AsyncStream<StoryPicturesUpdate>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let id = pictureWatch.nextID()
        let task = Task { await self.observePictures(of: storyID, id: id, continuation: continuation) }
        continuation.onTermination = { _ in
            task.cancel()
            Task { await self.removePictureObserver(id, of: storyID) }
        }
        return stream
    }

    /// Registers the stream and sends the story's list as the archive has it now. Registered
    /// (and the data version noted) before the list is read, with no suspension in between, so
    /// no write is missed.
    private func observePictures(
        of storyID: Int64, id: UInt64, continuation: AsyncStream<StoryPicturesUpdate>.Continuation
    ) {
        guard !Task.isCancelled else { return }
        pictureWatch.state.withLock { $0.observers[storyID, default: [:]][id] = PictureWatch.Observer(continuation: continuation) }
        watchPicturesForChanges()
        sendPictures(of: storyID)
    }

    private func removePictureObserver(_ id: UInt64, of storyID: Int64) {
        let poll = pictureWatch.state.withLock { state -> Task<Void, Never>? in
            state.observers[storyID]?[id] = nil
            if state.observers[storyID]?.isEmpty == true { state.observers[storyID] = nil }
            guard state.observers.isEmpty else { return nil }
            defer {
                state.poll = nil
                state.seenDataVersion = nil
            }
            return state.poll
        }
        poll?.cancel()
    }

    /// Starts polling for other connections' writes, unless it runs already.
    private func watchPicturesForChanges() {
        let version = try? archive.database.dataVersion()
        let interval = configuration.changePollInterval
        pictureWatch.state.withLock { state in
            guard state.poll == nil else { return }
            state.seenDataVersion = version
            // Weak: an open stream keeps the engine alive through its own references, not this loop.
            state.poll = Task { [weak self] in
                while true {
                    do { try await Task.sleep(for: interval) } catch { return }
                    guard let engine = self, !Task.isCancelled else { return }
                    await engine.pollPicturesForChanges()
                }
            }
        }
    }

    /// One poll: only if `PRAGMA data_version` changed (another connection committed), the
    /// watched lists are read again and sent where they changed.
    func pollPicturesForChanges() {
        guard !pictureWatch.isEmpty else { return }
        let version: Int64?
        do { version = try archive.database.dataVersion() } catch { version = nil }
        let changed = pictureWatch.state.withLock { state -> Bool in
            guard let version, version == state.seenDataVersion else {
                state.seenDataVersion = version
                return true
            }
            return false
        }
        if changed { publishPictures() }
    }

    /// Sends the watched stories' lists that changed: called after every write of this engine
    /// that may change one (pictures kept or refused, a story's pictures listed, evicted, pruned).
    func publishPictures() {
        guard !pictureWatch.isEmpty else { return }
        for storyID in pictureWatch.stories { sendPictures(of: storyID) }
    }

    /// Reads one story's list and sends it to each of its streams whose last list differs (or
    /// the failure, once while it lasts).
    private func sendPictures(of storyID: Int64) {
        let update: StoryPicturesUpdate
        do {
            update = .pictures(try pictures(storyID: storyID))
        } catch {
            logger.error("could not read a story's pictures for its watchers", metadata: ["story": "\(storyID)", "error": "\(error)"])
            update = .failed(error)
        }
        let sends = pictureWatch.state.withLock { state -> [(AsyncStream<StoryPicturesUpdate>.Continuation, StoryPicturesUpdate)] in
            var sends: [(AsyncStream<StoryPicturesUpdate>.Continuation, StoryPicturesUpdate)] = []
            for (id, observer) in state.observers[storyID] ?? [:] {
                switch update {
                case .pictures(let list):
                    state.observers[storyID]?[id]?.lastFailure = nil
                    guard list != observer.lastSent else { continue }
                    state.observers[storyID]?[id]?.lastSent = list
                case .failed(let error):
                    guard error.message != observer.lastFailure else { continue }
                    state.observers[storyID]?[id]?.lastFailure = error.message
                }
                sends.append((observer.continuation, update))
            }
            return sends
        }
        for (continuation, update) in sends { continuation.yield(update) }
    }

    /// How many picture streams are registered (for tests: a stopped stream must not stay).
    var pictureObserverCount: Int { pictureWatch.state.withLock { $0.observers.values.reduce(0) { $0 + $1.count } } }
}
