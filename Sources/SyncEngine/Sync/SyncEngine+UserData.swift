#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The user's own data: favourites and read marks, kept in the archive's user tables
// (`UserDataStore`), which pruning and rebuilding never drop.

extension SyncEngine {
    /// Marks a story read (the first time counts).
    public func markRead(id: Int64) throws(SyncError) {
        try requireWritable("mark a story read")
        do { try archive.userData.markRead(id, at: clock.now().timeIntervalSince1970) } catch { throw SyncError.wrapping(error) }
    }

    /// Adds a favourite and caches its detail for offline reading.
    ///
    /// Without a network the favourite is still added when the archive knows the story's title;
    /// the returned favourite says whether its detail is cached. A story the source answers 404
    /// for is not added (`.notFound`).
    ///
    /// - Parameters:
    ///   - id: the story's id.
    ///   - policy: how to read the detail; `.cacheOnly` never touches the network.
    @discardableResult
    public func addFavorite(id: Int64, policy: ReadPolicy = .cacheFirst) async throws(SyncError) -> Favorite {
        try requireWritable("keep a story")
        do {
            var title: String
            do {
                title = try await detail(id: id, policy: policy).detail.title
            } catch {
                // Cancelled means the user wants out, not a favourite added another way.
                // The source saying it has no such story is not a favourite to keep either.
                guard error.code != .cancelled, error.code != .notFound, !Task.isCancelled, let known = try archive.details.knownTitle(id)
                else { throw error }
                logger.notice("favourite added without its detail", metadata: ["story": "\(id)", "error": "\(error)"])
                title = known
            }
            try archive.userData.addFavorite(id, title: title, at: clock.now().timeIntervalSince1970)
            guard let favorite = try archive.userData.favorites(id: id).first else {
                throw SyncError(code: .storage, message: "favourite \(id) was written but cannot be read back")
            }
            return favorite
        } catch {
            throw SyncError.wrapping(error)
        }
    }

    /// Removes a favourite; false when the story was not one.
    @discardableResult
    public func removeFavorite(id: Int64) throws(SyncError) -> Bool {
        try requireWritable("remove a favourite")
        do { return try archive.userData.removeFavorite(id) } catch { throw SyncError.wrapping(error) }
    }

    /// Favourites, newest first; read from the user's table, so offline too.
    public func favorites() throws(SyncError) -> [Favorite] {
        do { return try archive.userData.favorites() } catch { throw SyncError.wrapping(error) }
    }

    /// The marks of these stories; stories without marks are left out.
    public func marks(for ids: [Int64]) throws(SyncError) -> [Int64: StoryMarks] {
        do { return try archive.userData.marks(ids) } catch { throw SyncError.wrapping(error) }
    }
}
