extension SyncEngine {
    /// One fetch and the reads waiting on it; it is cancelled when every one of them is.
    final class SharedFetch: Sendable {
        let task: Task<Void, any Error>
        private let waiters = Locked(0)

        init(task: Task<Void, any Error>) {
            self.task = task
        }

        func join() -> Waiter {
            waiters.withLock { $0 += 1 }
            return Waiter(fetch: self)
        }

        /// One read's place in the queue; leaving twice (cancelled, then done) counts once.
        final class Waiter: Sendable {
            private let fetch: SharedFetch
            private let hasLeft = Locked(false)

            init(fetch: SharedFetch) {
                self.fetch = fetch
            }

            /// Leaves; cancels the fetch when this was the last read waiting and it was cancelled.
            func leave(cancelling: Bool) {
                guard
                    hasLeft.withLock({ left in
                        defer { left = true }; return !left
                    })
                else { return }
                let wasLast = fetch.waiters.withLock {
                    $0 -= 1; return $0 == 0
                }
                if wasLast && cancelling { fetch.task.cancel() }
            }
        }
    }

    /// Fetches and stores `key`, sharing the work with any read of the same page under way.
    /// Cancelling a read cancels the fetch once no other read waits for it.
    func fetchShared(_ key: PageRequest) async throws {
        try Task.checkCancellation()
        let shared: SharedFetch
        // A fetch already cancelled (its last reader gave up) is not joined: it ends as cancelled.
        if let running = inFlight[key], !running.task.isCancelled {
            shared = running
        } else {
            shared = SharedFetch(task: Task { try await self.fetchAndStore(key) })
            inFlight[key] = shared
        }
        let waiter = shared.join()
        defer {
            if inFlight[key] === shared { inFlight[key] = nil }
        }
        try await withTaskCancellationHandler {
            defer { waiter.leave(cancelling: false) }
            try await shared.task.value
        } onCancel: {
            waiter.leave(cancelling: true)
        }
    }

    private func fetchAndStore(_ key: PageRequest) async throws {
        switch key {
        case .latest:
            let remote = try await client.latest()
            if let known = try archive.meta.latestDay(), remote.day < known {
                throw RemoteError(
                    code: .badResponse, url: "news/latest",
                    message: "the source's latest day went back from \(known) to \(remote.day)")
            }
            try keeping(remote, isLatest: true, isFinal: false) {
                try archive.pages.writeLatest(
                    remote.day, stories: remote.stories, topStories: remote.topStories,
                    fetchedAt: clock.now().timeIntervalSince1970)
            }
            publish([.latest, .day(remote.day)])
            logger.debug("stored the latest page", metadata: ["day": "\(remote.day)", "stories": "\(remote.stories.count)"])
        case .day(let day):
            let remote = try await fetchDay(day)
            let isFinal = try await isFinal(day)
            try keeping(remote, isLatest: false, isFinal: isFinal) {
                try archive.pages.writeDay(day, stories: remote.stories, fetchedAt: clock.now().timeIntervalSince1970, isFinal: isFinal)
            }
            publish(try archive.meta.latestDay() == day ? [.day(day), .latest] : [.day(day)])
            logger.debug("stored a day", metadata: ["day": "\(day)", "stories": "\(remote.stories.count)"])
        }
    }

    /// A page fetched whose write failed: what came, to show although the archive did not keep it.
    struct UnsavedFetch: Error {
        let error: DatabaseError
        let page: Page
    }

    /// Runs `write`; when it fails, throws `UnsavedFetch` with the fetched page (from the network,
    /// marked `.storageError`).
    private func keeping(_ remote: RemoteDay, isLatest: Bool, isFinal: Bool, _ write: () throws -> Void) throws {
        do {
            try write()
        } catch let error as DatabaseError {
            let provenance = Provenance(
                origin: .network, fetchedAt: clock.now(), age: .zero, isFinal: isFinal, staleReason: .storageError)
            throw UnsavedFetch(
                error: error,
                page: Page(
                    day: remote.day, stories: remote.stories, topStories: remote.topStories, isLatest: isLatest, provenance: provenance))
        }
    }

    /// The day from the source. An earlier answer means "not published yet" only for a day after
    /// the latest day the source has shown; for a day on or before it, the day exists and the
    /// answer is bad data. The archive's latest day settles that without the network; only a
    /// day after it needs the source's latest page, and if that cannot be fetched the answer
    /// stands (the source may well not have published the day).
    private func fetchDay(_ day: Day) async throws -> RemoteDay {
        do {
            return try await client.day(day)
        } catch {
            guard error.code == .notPublished else { throw error }
            if let latest = try archive.meta.latestDay(), day <= latest { throw error.publishedDayMisdated(latest: latest) }
            do {
                try await fetchShared(.latest)
            } catch let unsaved as UnsavedFetch {
                if day <= unsaved.page.day { throw error.publishedDayMisdated(latest: unsaved.page.day) }
            } catch let latestError {
                // Unsettled, then: the source's answer stands. Only cancelling ends the read here.
                if latestError is CancellationError || (latestError as? RemoteError)?.code == .cancelled { throw latestError }
                logger.notice("cannot check whether a day is published", metadata: ["day": "\(day)", "error": "\(latestError)"])
            }
            if let latest = try archive.meta.latestDay(), day <= latest { throw error.publishedDayMisdated(latest: latest) }
            throw error
        }
    }

    /// A day is final once the source has moved past it, and only the source's latest day says
    /// so (never the device clock). When the archive's latest day does not settle it, the latest
    /// page is fetched too; if that fails, the day stays partial and is completed by a later read.
    private func isFinal(_ day: Day) async throws -> Bool {
        if let latest = try archive.meta.latestDay(), day < latest { return true }
        do {
            try await fetchShared(.latest)
        } catch let error as RemoteError {
            logger.notice("cannot tell whether a day is final", metadata: ["day": "\(day)", "error": "\(error)"])
            return false
        } catch let unsaved as UnsavedFetch {
            return day < unsaved.page.day  // Fetched, not kept: its day still settles it.
        }
        return try archive.meta.latestDay().map { day < $0 } ?? false
    }

    /// How many fetches are under way (for tests: an abandoned fetch must end).
    var inFlightCount: Int { inFlight.count }
}
