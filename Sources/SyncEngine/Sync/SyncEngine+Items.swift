// The archive's stories as items of streams (`ArchiveItem`), for feed readers: the pages, the
// feeds with their unread counts, and the marks a reader changes.

extension SyncEngine {
    /// One page of a stream, as `query` asks; read from the archive only.
    public func items(_ query: ItemQuery) throws(SyncError) -> ItemPage {
        ItemPage(items: [], next: nil)  // TODO(items): ItemStore
    }

    /// Only the ids and times of a page (a reader asking for 10,000 ids wants no titles).
    public func itemKeys(_ query: ItemQuery) throws(SyncError) -> ItemKeyPage {
        ItemKeyPage(keys: [], next: nil)  // TODO(items)
    }

    /// The items with these ids that the archive has (listed, or a favourite), in the order given;
    /// ids it has no item for are left out.
    public func items(ids: [Int64]) throws(SyncError) -> [ArchiveItem] {
        []  // TODO(items)
    }

    /// The feeds: 知乎日报 first, then each section the archive keeps stories of, in the source's
    /// order, with their unread counts.
    public func itemFeeds() throws(SyncError) -> [ItemFeed] {
        []  // TODO(items)
    }

    /// Removes a story's read mark; false when it had none.
    @discardableResult
    public func markUnread(id: Int64) throws(SyncError) -> Bool {
        false  // TODO(items)
    }

    /// Marks read every item of `stream` published at or before `upTo` (Unix seconds; nil: all);
    /// returns how many were marked.
    @discardableResult
    public func markAllRead(in stream: ItemStream, upTo: Int64?) throws(SyncError) -> Int {
        0  // TODO(items)
    }
}
