// The archive's stories as feed readers see them: items in streams (every story, the days', a
// section's, the favourites, the read ones), each with one time for ever, paged by a cursor that
// a sync adding stories does not move. The server's Google Reader API is built on these.

/// A stream of the archive's stories.
public enum ItemStream: Sendable, Hashable {
    /// Every story the archive lists, on a day (`day_story`) or in a section (`section_story`):
    /// each once, whatever lists it.
    case all
    /// The stories of the days the archive holds (the 知乎日报 feed).
    case daily
    /// The stories the archive keeps of one section (专栏).
    case section(Int64)
    /// The favourites (收藏), whether or not the archive still lists them (one it no longer lists
    /// has the title it was kept with and the day it was kept, see ``ArchiveItem/published``).
    case starred
    /// The stories marked read that the archive lists.
    case read
}

/// A mark an item has or lacks: a stream can be cut to the items with one, or without it.
public enum ItemState: Sendable, Hashable {
    /// The archive's read mark.
    case read
    /// A favourite.
    case starred
}

/// A place in a stream's order, from which the next page goes on: the time and id of the last
/// item given. Stories added after it was made do not move it.
public struct ItemCursor: Sendable, Hashable {
    /// The last item's ``ArchiveItem/published`` time.
    public let published: Int64
    /// The last item's id.
    public let id: Int64

    /// A cursor after the item with `published` and `id`.
    public init(published: Int64, id: Int64) {
        self.published = published
        self.id = id
    }

    /// The cursor as text for a client to send back: `<published>.<id>`.
    public var token: String { "\(published).\(id)" }

    /// The cursor `token` spells; nil when it spells none.
    public init?(token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let published = Int64(parts[0]), let id = Int64(parts[1]) else { return nil }
        self.init(published: published, id: id)
    }
}

/// Which items of a stream, in which order, how many.
public struct ItemQuery: Sendable, Hashable {
    /// The stream.
    public var stream: ItemStream
    /// At most this many items (at least 1).
    public var limit: Int
    /// Oldest first instead of newest first.
    public var oldestFirst = false
    /// Only items with this mark.
    public var including: ItemState?
    /// Only items without this mark.
    public var excluding: ItemState?
    /// Only items published at or after this Unix time (inclusive).
    public var notBefore: Int64?
    /// Only items published at or before this Unix time (inclusive).
    public var notAfter: Int64?
    /// Only items strictly after this place in the order (the last page's ``ItemPage/next``):
    /// newest first, those with an earlier (time, id); oldest first, a later one.
    public var after: ItemCursor?

    /// The first `limit` items of `stream`, newest first.
    public init(stream: ItemStream, limit: Int) {
        self.stream = stream
        self.limit = limit
    }
}

/// One story as an item.
public struct ArchiveItem: Sendable, Hashable {
    /// The story's id: the item's id for ever.
    public let id: Int64
    /// Its time, Unix seconds: the start (Beijing time) of its ``day``, plus the hour `HH` its
    /// `ga_prefix` (`MMddHH`) names when `MMdd` is that day's and `HH` is 00-23. It changes only when
    /// the archive later lists the story on an earlier day (a section's page or an older day
    /// synced after). A favourite the archive no longer lists: the start of the day it was kept.
    public let published: Int64
    /// The day it ran: the earliest date a day or a section of the archive gives it, the same in
    /// every stream. A favourite the archive no longer lists: the day (Beijing time) it was kept.
    public let day: Day
    /// Its title (a favourite the archive no longer lists keeps the title it was kept with).
    public let title: String
    /// The story on the source's site.
    public let url: String
    /// Whether a day of the archive lists it (it is in the 知乎日报 feed).
    public let isDaily: Bool
    /// The sections that list it, by id, with their names, in the source's order of sections.
    public let sections: [ItemSection]
    /// Whether it is marked read.
    public let isRead: Bool
    /// Whether it is a favourite.
    public let isStarred: Bool

    /// An item.
    public init(
        id: Int64, published: Int64, day: Day, title: String, url: String, isDaily: Bool, sections: [ItemSection], isRead: Bool,
        isStarred: Bool
    ) {
        self.id = id
        self.published = published
        self.day = day
        self.title = title
        self.url = url
        self.isDaily = isDaily
        self.sections = sections
        self.isRead = isRead
        self.isStarred = isStarred
    }
}

/// A section that lists an item.
public struct ItemSection: Sendable, Hashable {
    /// The section's id.
    public let id: Int64
    /// Its name, as the archive keeps it.
    public let name: String

    /// A section.
    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// One page of a stream.
public struct ItemPage: Sendable, Hashable {
    /// The items, in the query's order.
    public let items: [ArchiveItem]
    /// Where the next page starts (its last item) when more items follow; nil when this page
    /// is the last.
    public let next: ItemCursor?

    /// A page.
    public init(items: [ArchiveItem], next: ItemCursor?) {
        self.items = items
        self.next = next
    }
}

/// A feed a reader subscribes to: 知乎日报 (the days) or one section the archive keeps.
public struct ItemFeed: Sendable, Hashable {
    /// ``ItemStream/daily`` or ``ItemStream/section(_:)``.
    public let stream: ItemStream
    /// "知乎日报" or the section's name.
    public let title: String
    /// How many of its items are not marked read.
    public let unread: Int
    /// The newest item's time, Unix seconds; nil when it has none.
    public let newest: Int64?

    /// A feed.
    public init(stream: ItemStream, title: String, unread: Int, newest: Int64?) {
        self.stream = stream
        self.title = title
        self.unread = unread
        self.newest = newest
    }
}

/// An item's id and time: what a reader asking for thousands of ids is given.
public struct ItemKey: Sendable, Hashable {
    /// The story's id.
    public let id: Int64
    /// Its ``ArchiveItem/published`` time.
    public let published: Int64

    /// A key.
    public init(id: Int64, published: Int64) {
        self.id = id
        self.published = published
    }
}

/// One page of a stream's keys.
public struct ItemKeyPage: Sendable, Hashable {
    /// The keys, in the query's order.
    public let keys: [ItemKey]
    /// Where the next page starts; nil when this page is the last.
    public let next: ItemCursor?

    /// A page.
    public init(keys: [ItemKey], next: ItemCursor?) {
        self.keys = keys
        self.next = next
    }
}
