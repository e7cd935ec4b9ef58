/// A story's full text and header, as `news/ID` gives it.
public struct StoryDetail: Sendable, Equatable {
    /// The source's 64-bit story id.
    public let id: Int64
    /// The title as the source wrote it.
    public let title: String
    /// The body HTML; nil for off-site articles (`type` 1), which are read at `url`.
    public let bodyHTML: String?
    /// The header image and its credit.
    public let image: String?
    /// The header image's credit ("Yestone.com 版权图片库").
    public let imageSource: String?
    /// `share_url` (the source may send `http://`).
    public let shareURL: String?
    /// The story's web page.
    public let url: String
    /// The source's story type; 1 is an off-site article.
    public let type: Int
    /// The column it belongs to (`section.name`), when there is one.
    public let sectionName: String?
    /// Unix seconds (2023 and later only).
    public let publishTime: Int64?
    /// The id of the column it belongs to (`section.id`), when there is one: `SyncEngine.section(_:)`.
    public let sectionID: Int64?

    /// Each field as `news/ID` gives it; `sectionID` defaults to nil, a story outside any column.
    public init(
        id: Int64, title: String, bodyHTML: String?, image: String?, imageSource: String?, shareURL: String?,
        url: String, type: Int, sectionName: String?, publishTime: Int64?, sectionID: Int64? = nil
    ) {
        self.id = id
        self.title = title
        self.bodyHTML = bodyHTML
        self.image = image
        self.imageSource = imageSource
        self.shareURL = shareURL
        self.url = url
        self.type = type
        self.sectionName = sectionName
        self.publishTime = publishTime
        self.sectionID = sectionID
    }

    /// An off-site article has no body here; its text lives at `url`.
    public var isOffSite: Bool { bodyHTML == nil }

    /// The body as readable text, or nil for an off-site article.
    public var readableText: ReadableText? { bodyHTML.map(ReadableText.init(html:)) }
}

/// A story's counters; they change over time, so they are cached briefly, never archived.
public struct StoryExtra: Sendable, Equatable {
    /// Likes.
    public let popularity: Int
    /// Long plus short comments.
    public let comments: Int
    /// Long comments.
    public let longComments: Int
    /// Short comments.
    public let shortComments: Int

    /// The four counters as `story-extra/ID` gives them; `comments` is not worked out from the
    /// other two.
    public init(popularity: Int, comments: Int, longComments: Int, shortComments: Int) {
        self.popularity = popularity
        self.comments = comments
        self.longComments = longComments
        self.shortComments = shortComments
    }
}

/// The user's own marks on a story, kept apart from the cache.
public struct StoryMarks: Sendable, Equatable {
    /// The user keeps the story (收藏).
    public let isFavorite: Bool
    /// The user has opened the story.
    public let isRead: Bool

    /// Creates marks.
    public init(isFavorite: Bool, isRead: Bool) {
        self.isFavorite = isFavorite
        self.isRead = isRead
    }

    /// No marks: neither kept nor read.
    public static let none = StoryMarks(isFavorite: false, isRead: false)
}

/// A story detail with where it came from, its counters (if known) and the user's marks.
public struct DetailPage: Sendable {
    /// The story's text and header.
    public let detail: StoryDetail
    /// Origin, age and staleness of the detail; a detail, once cached, is final.
    public let provenance: Provenance
    /// The counters, or nil when they were never fetched and cannot be now.
    public let extra: StoryExtra?
    /// Origin, age and staleness of the counters, when there are counters.
    public let extraProvenance: Provenance?
    /// The user's marks on the story.
    public let marks: StoryMarks

    /// The detail and, when known, its counters, each with its own provenance; `extraProvenance`
    /// goes with `extra`.
    public init(detail: StoryDetail, provenance: Provenance, extra: StoryExtra?, extraProvenance: Provenance?, marks: StoryMarks) {
        self.detail = detail
        self.provenance = provenance
        self.extra = extra
        self.extraProvenance = extraProvenance
        self.marks = marks
    }
}

/// A favourite as the user's table keeps it: it outlives the cache.
public struct Favorite: Sendable, Equatable {
    /// The story's id.
    public let id: Int64
    /// The story's title when it was kept.
    public let title: String
    /// Unix seconds.
    public let addedAt: Double
    /// The user has opened the story.
    public let isRead: Bool
    /// Whether the detail is in the archive, readable offline.
    public let isDetailCached: Bool

    /// A favourite as the user's table keeps it; `addedAt` in Unix seconds.
    public init(id: Int64, title: String, addedAt: Double, isRead: Bool, isDetailCached: Bool) {
        self.id = id
        self.title = title
        self.addedAt = addedAt
        self.isRead = isRead
        self.isDetailCached = isDetailCached
    }
}
