/// The favourites list.
public struct FavoritesViewData: Equatable, Sendable {
    /// The favourites, newest first.
    public let items: [FavoriteItemViewData]
    /// "还没有收藏", shown when `items` is empty.
    public let emptyMessage: String

    /// The favourites in the order shown; `emptyMessage` shows when there are none.
    public init(items: [FavoriteItemViewData], emptyMessage: String) {
        self.items = items
        self.emptyMessage = emptyMessage
    }
}

/// One favourite of the list.
public struct FavoriteItemViewData: Equatable, Sendable {
    /// The story's id.
    public let id: Int64
    /// On one line.
    public let title: String
    /// "2023-03-14T08:00:00Z".
    public let addedAt: String
    /// The day it was saved, in Beijing, worded: "2023年3月14日" / "Mar 14, 2023".
    public let addedOn: String
    /// The user has opened the story.
    public let isRead: Bool
    /// The detail is in the archive, readable offline.
    public let isAvailableOffline: Bool

    /// One favourite row as given; `addedAt` is RFC 3339 in UTC.
    public init(id: Int64, title: String, addedAt: String, addedOn: String = "", isRead: Bool, isAvailableOffline: Bool) {
        self.id = id
        self.title = title
        self.addedAt = addedAt
        self.addedOn = addedOn
        self.isRead = isRead
        self.isAvailableOffline = isAvailableOffline
    }
}

/// The outcome of adding or removing a favourite.
public struct FavoriteChangeViewData: Equatable, Sendable {
    /// The story's id.
    public let id: Int64
    /// Whether the story is kept now.
    public let isFavorite: Bool
    /// Whether anything changed (removing a story that was not a favourite changes nothing).
    public let changed: Bool
    /// The story's detail is in the archive, readable offline.
    public let isAvailableOffline: Bool
    /// "已收藏：标题（可离线阅读）".
    public let message: String

    /// What adding or removing did: `changed` is false when the story already was as asked;
    /// `message` words the rest.
    public init(id: Int64, isFavorite: Bool, changed: Bool, isAvailableOffline: Bool, message: String) {
        self.id = id
        self.isFavorite = isFavorite
        self.changed = changed
        self.isAvailableOffline = isAvailableOffline
        self.message = message
    }
}
