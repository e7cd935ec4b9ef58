/// `news/ID` as it arrives. Off-site articles (`type` 1) have no `body`, `image` or `image_source`.
struct StoryDetailDTO: Decodable {
    let id: Int64?
    let title: String
    let body: String?
    let image: String?
    let imageSource: String?
    let shareURL: String?
    let url: String?
    let type: Int
    let sectionName: String?
    let sectionID: Int64?
    let publishTime: Int64?

    private enum CodingKeys: String, CodingKey {
        case id, title, body, image, url, type, section
        case imageSource = "image_source"
        case shareURL = "share_url"
        case publishTime = "publish_time"
    }

    private struct Section: Decodable {
        let name: String?
        let id: Int64?

        private enum CodingKeys: String, CodingKey { case name, id }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? nil
            id = (try? container.decodeIfPresent(Int64.self, forKey: .id)) ?? nil
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decodeIfPresent(Int64.self, forKey: .id) {
            id = number
        } else {
            id = (try? container.decodeIfPresent(String.self, forKey: .id)).flatMap { $0.flatMap { Int64($0) } }
        }
        title = try container.decode(String.self, forKey: .title)
        type = (try? container.decodeIfPresent(Int.self, forKey: .type)) ?? 0
        // Only off-site articles (type 1) come without a body; any other story without one is a
        // broken answer, not something to keep as final.
        body =
            type == 1
            ? ((try? container.decodeIfPresent(String.self, forKey: .body)) ?? nil)
            : try container.decode(String.self, forKey: .body)
        image = Self.nonEmpty(try? container.decodeIfPresent(String.self, forKey: .image))
        imageSource = Self.nonEmpty(try? container.decodeIfPresent(String.self, forKey: .imageSource))
        shareURL = Self.nonEmpty(try? container.decodeIfPresent(String.self, forKey: .shareURL))
        url = Self.nonEmpty(try? container.decodeIfPresent(String.self, forKey: .url))
        let section = (try? container.decodeIfPresent(Section.self, forKey: .section)) ?? nil
        sectionName = section?.name
        sectionID = section?.id
        publishTime = (try? container.decodeIfPresent(Int64.self, forKey: .publishTime)) ?? nil
    }

    /// A detail read another way than through `Decoder` (`StoryDetailScanner`).
    init(
        id: Int64?, title: String, body: String?, image: String?, imageSource: String?, shareURL: String?, url: String?,
        type: Int, sectionName: String?, sectionID: Int64?, publishTime: Int64?
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.image = image
        self.imageSource = imageSource
        self.shareURL = shareURL
        self.url = url
        self.type = type
        self.sectionName = sectionName
        self.sectionID = sectionID
        self.publishTime = publishTime
    }

    private static func nonEmpty(_ value: String??) -> String? {
        guard let value = value ?? nil, !value.isEmpty else { return nil }
        return value
    }

    func toDomain(id requested: Int64) -> StoryDetail {
        StoryDetail(
            id: requested, title: title, bodyHTML: body, image: image, imageSource: imageSource,
            shareURL: shareURL, url: url ?? "https://daily.zhihu.com/story/\(requested)", type: type,
            sectionName: sectionName, publishTime: publishTime, sectionID: sectionID)
    }
}

/// `story-extra/ID`: `{"long_comments","popularity","short_comments","comments"}`, or the later
/// shape with the counts under `count` and `likes` for popularity.
struct StoryExtraDTO: Decodable {
    let popularity: Int
    let comments: Int
    let longComments: Int
    let shortComments: Int

    private enum CodingKeys: String, CodingKey {
        case popularity, likes, comments, count
        case longComments = "long_comments"
        case shortComments = "short_comments"
    }

    struct Invalid: Error {}

    /// The counters as read (`StoryExtraScanner`).
    init(popularity: Int, comments: Int, longComments: Int, shortComments: Int) {
        self.popularity = popularity
        self.comments = comments
        self.longComments = longComments
        self.shortComments = shortComments
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.count) {
            container = try container.nestedContainer(keyedBy: CodingKeys.self, forKey: .count)
        }
        func count(_ key: CodingKeys) -> Int? { (try? container.decodeIfPresent(Int.self, forKey: key)) ?? nil }
        guard let popularity = count(.popularity) ?? count(.likes) else { throw Invalid() }
        let long = count(.longComments) ?? 0
        let short = count(.shortComments) ?? 0
        self.popularity = popularity
        longComments = long
        shortComments = short
        // Counts that overflow when added are bad data, not a trap.
        let (sum, overflow) = long.addingReportingOverflow(short)
        if let given = count(.comments) {
            comments = given
        } else if overflow {
            throw Invalid()
        } else {
            comments = sum
        }
    }

    func toDomain() -> StoryExtra {
        StoryExtra(popularity: popularity, comments: comments, longComments: longComments, shortComments: shortComments)
    }
}
