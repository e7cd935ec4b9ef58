// The API's JSON answers, named and shaped as Google Reader wrote them (and FreshRSS does):
// apps parse these names, so they are not ours to choose.

struct TagList: Encodable {
    struct Tag: Encodable {
        let id: String
        var type: String?
    }
    let tags: [Tag]
}

struct UserInfo: Encodable {
    let userId: String
    let userName: String
    let userProfileId: String
    let userEmail: String
    var isBloggerUser = false
    let signupTimeSec: Int64
    var isMultiLoginEnabled = false
}

struct SubscriptionList: Encodable {
    struct Category: Encodable {
        let id: String
        let label: String
    }
    struct Subscription: Encodable {
        let id: String
        let title: String
        let categories: [Category]
        let url: String
        let htmlUrl: String
        let iconUrl: String
    }
    let subscriptions: [Subscription]
}

struct UnreadCounts: Encodable {
    struct Count: Encodable {
        let id: String
        let count: Int
        let newestItemTimestampUsec: String

        init(id: String, count: Int, newest: Int64?) {
            self.id = id
            self.count = count
            newestItemTimestampUsec = String((newest ?? 0) * 1_000_000)
        }
    }
    let max: Int
    let unreadcounts: [Count]
}

struct ItemRefs: Encodable {
    struct Ref: Encodable {
        let id: String
        var directStreamIds: [String] = []
        let timestampUsec: String
    }
    let itemRefs: [Ref]
    let continuation: String?
}

struct StreamContents: Encodable {
    let id: String
    let updated: Int64
    let items: [Item]
    let continuation: String?
}

/// An item: a story with its text as HTML.
struct Item: Encodable {
    struct Link: Encodable {
        let href: String
        var type: String?
    }
    struct Origin: Encodable {
        let streamId: String
        let title: String
        let htmlUrl: String
    }
    struct Content: Encodable {
        var direction = "ltr"
        let content: String
    }
    let id: String
    let crawlTimeMsec: String
    let timestampUsec: String
    let published: Int64
    let updated: Int64
    let title: String
    let author: String
    let canonical: [Link]
    let alternate: [Link]
    let categories: [String]
    let origin: Origin
    let summary: Content
}
