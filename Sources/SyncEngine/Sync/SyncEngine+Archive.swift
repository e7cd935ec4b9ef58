#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SyncEngine {
    /// The longest query `search` takes, in characters.
    public static let maxQueryLength = 200

    /// Stories whose title, hint or detail text holds every word of `query`, best first.
    ///
    /// Words are separated by spaces; a Chinese word of any length matches as written. The query
    /// is text, not FTS5 syntax: quotes, `AND`, `*` and the like are searched for, never run.
    /// Throws `.invalidQuery` when the query has nothing to search for or is too long.
    public func search(_ query: String, limit: Int = 20) throws(SyncError) -> [SearchResult] {
        guard query.count <= Self.maxQueryLength else {
            throw SyncError(code: .invalidQuery, message: "the query is longer than \(Self.maxQueryLength) characters")
        }
        guard let expression = SearchText.matchExpression(for: query) else {
            throw SyncError(code: .invalidQuery, message: "the query has no letters or digits to search for")
        }
        do {
            return try archive.search.search(expression, limit: max(1, limit))
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// The budget the pictures are kept within: the one a sync last named
    /// (`SyncRequest.pictureBudget`, remembered in the archive), else `Configuration.pictureBudget`.
    public func pictureBudget() throws(SyncError) -> Int64 {
        do { return try pictureBudget(archive.pictures) } catch { throw SyncError.wrapping(error) }
    }

    func pictureBudget(_ pictures: PictureStore) throws -> Int64 {
        try pictures.budget() ?? configuration.pictureBudget
    }

    private func pictureCountsWithBudget() throws -> PictureCounts {
        let pictures = archive.pictures
        var counts = try pictures.counts()
        counts.budget = try pictureBudget(pictures)
        return counts
    }

    /// What the archive holds: coverage, counts, size and the last sync.
    public func status() throws(SyncError) -> ArchiveStatus {
        do {
            let counts = try archive.housekeeping.counts()
            return ArchiveStatus(
                coverage: try archive.pages.coverage(), stories: counts.stories, details: counts.details,
                favorites: counts.favorites, databaseBytes: archive.housekeeping.bytes(),
                lastSync: try archive.meta.lastSync().map { Date(timeIntervalSince1970: $0) },
                lastSyncInterrupted: try archive.meta.lastSyncInterrupted(),
                failingStories: try archive.failedStories.all().map {
                    FailingStory(
                        id: $0.id, title: $0.title, failures: $0.failures, lastStatus: $0.lastStatus,
                        lastFailure: Date(timeIntervalSince1970: $0.lastFailureAt), nextTry: Date(timeIntervalSince1970: $0.nextTry))
                },
                pictures: try pictureCountsWithBudget())
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// Keeps the newest `keepDays` days (counted back from the source's latest day, or from the
    /// newest cached day) and drops older days with their stories, details and counters.
    /// Favourites, their details and read marks are never dropped. The file is compacted after.
    public func prune(keepDays: Int) throws(SyncError) -> PruneSummary {
        guard keepDays >= 1 else {
            throw SyncError(code: .invalidQuery, message: "keep at least one day")
        }
        try requireWritable("prune")
        do {
            let housekeeping = archive.housekeeping
            let bytesBefore = housekeeping.bytes()
            guard let newest = try archive.meta.latestDay() ?? archive.pages.coverage().last else {
                return PruneSummary(
                    firstKept: nil, daysRemoved: 0, storiesRemoved: 0, detailsRemoved: 0,
                    bytesBefore: bytesBefore, bytesAfter: bytesBefore)
            }
            let firstKept = newest.adding(days: -(min(keepDays, 1_000_000) - 1))  // More than every day there is.
            let pruned = try housekeeping.prune(before: firstKept)
            publishPictures()  // A pruned story's list empties too.
            do {
                if pruned.days > 0 || pruned.details > 0 || pruned.pictures > 0 { try housekeeping.compact() }
            } catch {
                // The prune itself is committed; only the file did not shrink.
                logger.error("could not compact the archive", metadata: ["error": "\(error)"])
            }
            var summary = PruneSummary(
                firstKept: firstKept, daysRemoved: pruned.days, storiesRemoved: pruned.stories,
                detailsRemoved: pruned.details, bytesBefore: bytesBefore, bytesAfter: housekeeping.bytes())
            summary.picturesRemoved = pruned.pictures
            return summary
        } catch {
            throw SyncError.wrapping(error)
        }
    }
}
