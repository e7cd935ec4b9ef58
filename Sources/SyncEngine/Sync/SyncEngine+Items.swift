#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The archive's stories as items of streams (`ArchiveItem`), for feed readers: the pages, the
// feeds with their unread counts, and the marks a reader changes (`ItemStore`).

extension SyncEngine {
    /// One page of a stream, as `query` asks; read from the archive only.
    ///
    /// Items come newest first by (``ArchiveItem/published``, id), or oldest first by the same
    /// with ``ItemQuery/oldestFirst``. ``ItemQuery/after`` goes on strictly after that place in
    /// the order, so stories a sync adds meanwhile (newer, or older than the cursor) never make a
    /// page repeat or skip an item. ``ItemPage/next`` is the last item's cursor when more items
    /// follow, else nil. A limit below 1 counts as 1; a query for items both with and without a
    /// mark gets none.
    public func items(_ query: ItemQuery) throws(SyncError) -> ItemPage {
        do { return try archive.items.page(query) } catch { throw SyncError.wrapping(error) }
    }

    /// Only the ids and times of a page (a reader asking for 10,000 ids wants no titles): the
    /// same items, order and cursor as ``items(_:)``.
    public func itemKeys(_ query: ItemQuery) throws(SyncError) -> ItemKeyPage {
        do { return try archive.items.keys(query) } catch { throw SyncError.wrapping(error) }
    }

    /// The items with these ids that the archive has (listed, or a favourite), in the order given,
    /// each once; ids it has no item for are left out.
    public func items(ids: [Int64]) throws(SyncError) -> [ArchiveItem] {
        do { return try archive.items.items(ids: ids) } catch { throw SyncError.wrapping(error) }
    }

    /// The feeds: 知乎日报 first (always, with no unread items and no newest time when the archive
    /// holds no days), then each section the archive keeps stories of, in the source's order (by
    /// its place in the list of sections; one the list no longer names last, by id), titled by its
    /// name. `unread` counts the feed's items without a read mark; `newest` is its newest item's
    /// time.
    ///
    /// - Parameter includingAll: also the reading list (``ItemStream/all``, every item once) last,
    ///   counted in the same reading: an app's unread counts need every feed's and the total.
    public func itemFeeds(includingAll: Bool = false) throws(SyncError) -> [ItemFeed] {
        do { return try archive.items.feeds(includingAll: includingAll) } catch { throw SyncError.wrapping(error) }
    }

    /// Removes a story's read mark; false when it had none.
    @discardableResult
    public func markUnread(id: Int64) throws(SyncError) -> Bool {
        try requireWritable("mark a story unread")
        do { return try archive.items.markUnread(id) } catch { throw SyncError.wrapping(error) }
    }

    /// Marks read every item of `stream` published at or before `upTo` (Unix seconds; nil: all),
    /// in one transaction, at the clock's time; marks already there are kept as they are. Returns
    /// how many items it marked (those already read do not count; `.read` marks none).
    @discardableResult
    public func markAllRead(in stream: ItemStream, upTo: Int64?) throws(SyncError) -> Int {
        try requireWritable("mark stories read")
        do {
            return try archive.items.markAllRead(in: stream, upTo: upTo, at: clock.now().timeIntervalSince1970)
        } catch {
            throw SyncError.wrapping(error)
        }
    }
}
