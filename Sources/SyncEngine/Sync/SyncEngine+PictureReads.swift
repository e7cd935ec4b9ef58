#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyncEngine {
    /// The picture at `url`, for an app's image view: from the archive or the network by
    /// `policy` (cache-first by default: a picture never changes). What the network gives is
    /// checked by `PictureCheck` and kept, unless the archive is read-only. Reading a kept
    /// picture marks it read (to the hour: one read within an hour of the last writes nothing),
    /// so the picture budget evicts it last.
    ///
    /// ```swift
    /// let picture = try await engine.picture(url: story.imageURL!)
    /// imageView.show(picture.bytes)  // picture.info: JPEG 690 x 400; picture.provenance.origin: .cache
    /// ```
    ///
    /// - Parameters:
    ///   - url: the picture's address; another `?source=` of a zhimg.com picture is the same one.
    ///   - policy: `.cacheFirst`; `.cacheOnly` never touches the network (offline); `.networkFirst`
    ///     asks the network and falls back on the archive; `.networkOnly` only asks the network.
    /// - Throws: `.invalidQuery` for an address that is no web address, `.notCached` offline for a
    ///   picture not kept, the remote error when the network fails with nothing kept (`.badResponse`
    ///   for bytes refused as a picture), `.storage` for a local database failure.
    public func picture(url: String, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> Picture {
        guard let key = PictureKey(url: url) else {
            throw SyncError(code: .invalidQuery, message: "'\(url)' is not the web address of a picture")
        }
        return try await withDeadline { () async throws(SyncError) -> Picture in
            do { return try await readPicture(key, policy: policy) } catch { throw SyncError.wrapping(error) }
        }
    }

    /// What the archive keeps of each picture at `urls`, by address (the ones it does not keep,
    /// and addresses of no picture, are left out), without reading their bytes: for a view that
    /// lays pictures out by their size and reads the bytes of those it draws (`picture(url:)`)
    /// only then. Each one kept is marked read, as `picture(url:)` marks it.
    ///
    /// - Throws: `.storage` for a local database failure.
    public func keptPictures(urls: [String]) throws(SyncError) -> [String: KeptPicture] {
        let keys = urls.compactMap { url in PictureKey(url: url).map { (url, $0) } }
        do {
            let kept = try archive.pictures.readKept(keys.map(\.1))
            let now = clock.now().timeIntervalSince1970
            for (key, (_, lastRead)) in kept { markRead(key, lastRead: lastRead, now: now) }
            var found: [String: KeptPicture] = [:]
            for (url, key) in keys { found[url] = kept[key]?.0 }
            return found
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// Marks `key` read at `now`, for the picture budget, unless it was within the hour
    /// (`PictureStore.readMarkPrecision`) or the archive is read-only. A failure is not the
    /// reader's: the picture was read all the same.
    private func markRead(_ key: PictureKey, lastRead: Double, now: Double) {
        guard !isReadOnly, !(lastRead...(lastRead + PictureStore.readMarkPrecision)).contains(now) else { return }
        try? archive.pictures.markRead(key, at: now)
    }

    private func readPicture(_ key: PictureKey, policy: ReadPolicy) async throws -> Picture {
        let pictures = archive.pictures
        let cached = try pictures.read(key)
        func fromCache(_ cached: (PictureStore.Kept, fetchedAt: Double, lastRead: Double), staleReason: Provenance.StaleReason?) -> Picture
        {
            markRead(key, lastRead: cached.lastRead, now: clock.now().timeIntervalSince1970)
            return Picture(
                key: key, info: cached.0.info, bytes: cached.0.bytes,
                provenance: Provenance(
                    origin: .cache, fetchedAt: Date(timeIntervalSince1970: cached.fetchedAt), age: age(since: cached.fetchedAt),
                    isFinal: true, staleReason: staleReason))
        }
        switch (policy, cached) {
        case (.cacheOnly, nil):
            throw SyncError(code: .notCached, message: "picture \(key) is not in the archive")
        case (.cacheOnly, let cached?), (.cacheFirst, let cached?):
            return fromCache(cached, staleReason: nil)
        default:
            break
        }
        let fetched: PictureStore.Kept
        do {
            fetched = try await client.picture(key)
        } catch {
            if error.code == .cancelled { throw CancellationError() }
            guard policy != .networkOnly, let cached else { throw error }
            return fromCache(cached, staleReason: Self.staleReason(for: error))
        }
        let now = clock.now().timeIntervalSince1970
        var staleReason: Provenance.StaleReason?
        do {
            try requireWritable("keep a picture")
            try pictures.write([fetched], failed: [], at: now)
            publishPictures()
        } catch {
            // Shown as it came; the archive could not keep it (read-only, disk full).
            logger.notice("showing a fetched picture that could not be kept", metadata: ["picture": "\(key)", "error": "\(error)"])
            staleReason = .storageError
        }
        return Picture(
            key: key, info: fetched.info, bytes: fetched.bytes,
            provenance: Provenance(
                origin: .network, fetchedAt: Date(timeIntervalSince1970: now), age: .zero, isFinal: true, staleReason: staleReason))
    }

    /// Every picture a story uses, as far as a sync with pictures has listed them (its
    /// thumbnail, banner, headline picture and numbered body pictures, in that order), each with
    /// what the archive has of it. Reads the archive only; never a picture's bytes.
    public func pictures(storyID: Int64) throws(SyncError) -> [StoryPicture] {
        do {
            return try archive.pictures.pictures(ofStory: storyID).map { reference, kept, failure in
                let place: StoryPicture.Place
                switch reference.role {
                case .thumbnail: place = .thumbnail
                case .banner: place = .banner
                case .headline: place = .headline
                case .body: place = .body(reference.number)
                }
                let state: StoryPicture.State = kept ? .kept : failure.map { .failed($0.reason) } ?? .missing
                var picture = StoryPicture(place: place, key: reference.key, state: state)
                if !kept { picture.failureReason = failure?.why }
                return picture
            }
        } catch {
            throw SyncError.wrapping(error)
        }
    }
}
