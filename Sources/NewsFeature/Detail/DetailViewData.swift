/// Everything the detail screen shows, as strings and flags; no domain models.
public struct DetailViewData: Equatable, Sendable {
    /// The story's id.
    public let id: Int64
    /// On one line.
    public let title: String
    /// The header image's URL.
    public let image: String?
    /// The image's credit as the source gives it ("Yestone.com 版权图片库").
    public let imageSource: String?
    /// The credit worded for display: "图片：Yestone.com 版权图片库".
    public let imageCredit: String?
    /// The body in reading order; empty for an off-site article.
    public let blocks: [DetailBlockViewData]
    /// The body for fronts that link: pictures by number, links with their addresses.
    public let body: [DetailBodyBlockViewData]
    /// The addresses of the numbered links, in order: `[1]` in the text is the first.
    public let referenceURLs: [String]
    /// The column (栏目) the story belongs to, when it has one.
    public let section: SectionItemLinkViewData?
    /// Numbered link targets: "[1] https://…".
    public let references: [String]
    /// The headline image (with its credit) and then the body's images numbered as in the text;
    /// their `reference` lines follow the links at the end of the text.
    public let images: [ImageViewData]
    /// The body as plain text (blocks, then references); for an off-site article, where to read it.
    public let bodyText: String
    /// The article lives off site, at `url`; `blocks` is empty.
    public let isOffSite: Bool
    /// The link to share.
    public let shareURL: String?
    /// The story's web page.
    public let url: String
    /// Likes and comments, or nil when they are not known.
    public let counts: CountsViewData?
    /// The user keeps the story (收藏).
    public let isFavorite: Bool
    /// The user has opened the story.
    public let isRead: Bool
    /// "★ 已收藏", or empty.
    public let marksText: String
    /// Where the story came from, in machine form.
    public let source: SourceViewData
    /// The status line.
    public let status: StatusViewData
    /// When the source published the story; nil when its detail does not say.
    public let published: PublishedViewData?
    /// Right after the favourite mark was set or cleared: "已收藏：标题" / "已取消收藏：标题".
    public let favoriteChange: String?

    /// Each part as given; what a story may lack (`published`, `images`, `body`, `section`,
    /// `referenceURLs`) and `favoriteChange` default to none.
    public init(
        id: Int64, title: String, image: String?, imageSource: String?, imageCredit: String?, blocks: [DetailBlockViewData],
        references: [String],
        bodyText: String, isOffSite: Bool, shareURL: String?, url: String, counts: CountsViewData?,
        isFavorite: Bool, isRead: Bool, marksText: String, source: SourceViewData, status: StatusViewData,
        published: PublishedViewData? = nil, images: [ImageViewData] = [], favoriteChange: String? = nil,
        body: [DetailBodyBlockViewData] = [], section: SectionItemLinkViewData? = nil, referenceURLs: [String] = []
    ) {
        self.referenceURLs = referenceURLs
        self.body = body
        self.section = section
        self.id = id
        self.title = title
        self.image = image
        self.imageSource = imageSource
        self.imageCredit = imageCredit
        self.blocks = blocks
        self.references = references
        self.images = images
        self.bodyText = bodyText
        self.isOffSite = isOffSite
        self.shareURL = shareURL
        self.url = url
        self.counts = counts
        self.isFavorite = isFavorite
        self.isRead = isRead
        self.marksText = marksText
        self.source = source
        self.status = status
        self.published = published
        self.favoriteChange = favoriteChange
    }
}

/// When the source published a story, in Beijing time (UTC+8), as the source means it.
public struct PublishedViewData: Equatable, Sendable {
    /// Unix seconds, as the source gives them (`publish_time`).
    public let unixTime: Int64
    /// RFC 3339 with the offset: "2026-02-28T07:01:00+08:00".
    public let iso8601: String
    /// "发布于 2026年2月28日 07:01（北京时间）".
    public let text: String

    /// One moment three ways: `unixTime`, the same in RFC 3339 (`iso8601`), and worded (`text`).
    public init(unixTime: Int64, iso8601: String, text: String) {
        self.unixTime = unixTime
        self.iso8601 = iso8601
        self.text = text
    }
}

/// One block of the body, worded for display.
public enum DetailBlockViewData: Equatable, Sendable {
    /// A question title.
    case heading(String)
    /// "作者，简介".
    case byline(String)
    /// A paragraph, with `**strong**` and `*em*` kept.
    case paragraph(String)
    /// A quoted paragraph.
    case quote(String)
    /// `marker` is "•" or "1.".
    case listItem(marker: String, text: String)
    /// "[图片 3：caption]" or "[图片 3]"; "[图片]" for an image without an address.
    case image(String)
    /// A horizontal rule.
    case rule
    /// "查看知乎讨论 [1]".
    case link(String)
}

/// A story's counters: the numbers for machines and one line for people.
public struct CountsViewData: Equatable, Sendable {
    /// Likes.
    public let popularity: Int
    /// Long plus short comments.
    public let comments: Int
    /// Long comments.
    public let longComments: Int
    /// Short comments.
    public let shortComments: Int
    /// "474 赞 · 60 条评论".
    public let text: String
    /// The counters are older than their freshness and could not be refreshed.
    public let isStale: Bool

    /// The four counters, `text` worded from them, and whether they are stale.
    public init(popularity: Int, comments: Int, longComments: Int, shortComments: Int, text: String, isStale: Bool) {
        self.popularity = popularity
        self.comments = comments
        self.longComments = longComments
        self.shortComments = shortComments
        self.text = text
        self.isStale = isStale
    }
}
