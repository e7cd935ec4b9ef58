import NewsFeature
import Testing
import TestSupport

@testable import NewsWeb

/// The HTML views rendered from fixed view data, as the presenters would give it: no archive,
/// no spy; what a page shows and what it must never hold.
@MainActor
@Suite struct PageHTMLTests {
    static let hostile = "<script>alert(1)</script>\" onmouseover=\"alert(2)"
    let frame = PageFrame(wording: WebStrings(language: .zh), root: "../", isStatic: false)

    func detail(title: String = "题目", body: [DetailBodyBlockViewData], url: String = "https://daily.zhihu.com/story/1") -> DetailViewData {
        DetailViewData(
            id: 1, title: title, image: "https://pic1.zhimg.com/head.jpg", imageSource: "来源", imageCredit: "图片：来源", blocks: [],
            references: ["[1] https://www.zhihu.com/question/1"], bodyText: "", isOffSite: false, shareURL: nil, url: url,
            counts: CountsViewData(popularity: 3, comments: 4, longComments: 1, shortComments: 3, text: "3 赞 · 4 条评论", isStale: false),
            isFavorite: false, isRead: false, marksText: "",
            source: SourceViewData(origin: "cache", fetchedAt: "2023-03-20T00:00:00Z", isFinal: true, isStale: false, staleReason: nil),
            status: StatusViewData(text: "来自缓存", isStale: false),
            published: PublishedViewData(unixTime: 0, iso8601: "2023-03-20T08:01:00+08:00", text: "发布于 2023年3月20日 08:01（北京时间）"),
            images: [], body: body, section: SectionItemLinkViewData(id: 2, name: "瞎扯"))
    }

    func picture(_ place: StoryPictureViewData.Place, url: String, bytes: [UInt8]?, caption: String = "图片 1：气压图") -> StoryPictureViewData {
        StoryPictureViewData(
            place: place, url: url, placeholder: "[图片 1：气压图]", caption: caption, bytes: bytes,
            unavailable: bytes == nil ? "[图片 1：气压图]（未保存，离线）" : nil, notDrawn: "[图片 1：气压图]（无法显示）")
    }

    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F,
        0x15, 0xC4, 0x89,
    ]

    func html(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aStoryShowsItsBodyWithPicturesInPlaceFromTheArchiveOrTheirSource() throws {
        let body: [DetailBodyBlockViewData] = [
            .heading("问题"), .paragraph("因为**散射**。"), .image(number: 1, text: "[图片 1：气压图]"), .image(number: 2, text: "[图片 2]"),
            .image(number: nil, text: "[图片]"), .listItem(marker: "1.", text: "一条"), .quote("引文"), .rule,
            .link(text: "查看知乎讨论", url: "https://www.zhihu.com/question/1"),
        ]
        let pictures = [
            picture(.headline, url: "https://pic1.zhimg.com/head.jpg", bytes: Self.png, caption: "图片：来源"),
            picture(.body(1), url: "https://pic1.zhimg.com/a.png", bytes: Self.png),
            picture(.body(2), url: "https://pic2.zhimg.com/b.jpg", bytes: nil, caption: "图片 2"),
        ]
        let online = html(StoryPages.story(detail(body: body), pictures: pictures, frame: frame, offline: false))
        let head = try #require(PicturePath.path(url: "https://pic1.zhimg.com/head.jpg", format: .png))
        #expect(
            online.contains("<figure class=\"headline\"><img src=\"../\(head)\" alt=\"图片：来源\"/><figcaption>图片：来源</figcaption></figure>"),
            "\(online)")
        #expect(online.contains("<h2>问题</h2><p>因为<strong>散射</strong>。</p><figure class=\"picture\"><img src=\"../picture/"), "\(online)")
        #expect(online.contains("<img src=\"https://pic2.zhimg.com/b.jpg\" alt=\"图片 2\" referrerpolicy=\"no-referrer\"/>"), "\(online)")
        #expect(online.contains("<p class=\"picture-missing\">[图片]</p>"))
        #expect(
            online.contains("<p class=\"item\"><span class=\"marker\">1. </span>一条</p><blockquote><p>引文</p></blockquote><hr/>"), "\(online)"
        )
        #expect(online.contains("<a href=\"../section/2.html\" class=\"section\">瞎扯</a>"))
        #expect(online.contains("<a href=\"1/comments.html\" class=\"comments\">3 赞 · 4 条评论</a>"))
        #expect(
            online.contains("<form class=\"favorite\" method=\"post\" action=\"1/favorite\"><button type=\"submit\">☆ 收藏</button></form>"))
        // Offline, the picture the archive lacks is its caption and why.
        let offline = html(StoryPages.story(detail(body: body), pictures: pictures, frame: frame, offline: true))
        #expect(!offline.contains("pic2.zhimg.com"))
        #expect(offline.contains("<p class=\"picture-missing\">[图片 1：气压图]（未保存，离线）</p>"))
        // A static copy has no form and words no age.
        let copy = html(
            StoryPages.story(
                detail(body: body), pictures: pictures, frame: PageFrame(wording: frame.wording, root: "../", isStatic: true), offline: true
            ))
        #expect(!copy.contains("<form") && !copy.contains("来自缓存"))
    }

    @Test func hostileTextAndAddressesReachNoPageAsMarkup() {
        let body: [DetailBodyBlockViewData] = [
            .paragraph(Self.hostile), .heading(Self.hostile), .link(text: Self.hostile, url: "javascript:alert(3)"),
            .link(text: "x", url: " JavaScript:alert(4)"), .link(text: "y", url: "https://a.example/\"><script>alert(5)</script>"),
            .image(number: 1, text: Self.hostile),
        ]
        let pictures = [
            picture(.body(1), url: "javascript:alert(6)", bytes: nil, caption: Self.hostile),
            picture(.headline, url: "https://pic.example/\" onerror=\"alert(7)", bytes: nil, caption: Self.hostile),
        ]
        let page = html(
            StoryPages.story(
                detail(title: Self.hostile, body: body, url: "javascript:alert(8)"), pictures: pictures, frame: frame, offline: false))
        #expect(unsafeMarkup(in: page).isEmpty, "\(unsafeMarkup(in: page)) in \(page)")
        #expect(page.contains("<title>&lt;script&gt;alert(1)&lt;/script&gt;\" onmouseover=\"alert(2) · 知乎日报 · 存档</title>"), "\(page)")
        #expect(page.contains("href=\"https://a.example/&quot;&gt;&lt;script&gt;alert(5)&lt;/script&gt;\""), "\(page)")
        #expect(!page.contains("原文"))  // Its address is no web address.

        let item = StoryItemViewData(id: 5, title: Self.hostile, hint: Self.hostile, image: nil, url: "javascript:x")
        let list = NewsListViewData(
            topStories: [item], topStoriesTitle: Self.hostile,
            sections: [NewsSectionViewData(title: Self.hostile, date: "20230320", items: [item], source: detail(body: []).source)],
            status: StatusViewData(text: Self.hostile, isStale: true))
        let home = html(ListPages.days(list, frame: frame, title: Self.hostile, newer: nil, earlier: "day/20230319.html"))
        #expect(unsafeMarkup(in: home).isEmpty, "\(home)")
        #expect(
            home.contains("<a href=\"../story/5.html\" class=\"story\">&lt;script&gt;alert(1)&lt;/script&gt;\" onmouseover=\"alert(2)</a>"),
            "\(home)")
        let search = html(
            ListPages.search(
                SearchViewData(
                    query: Self.hostile,
                    items: [
                        SearchItemViewData(
                            id: 5, title: Self.hostile, dateText: "", date: nil, snippet: [.init(text: Self.hostile, isMatch: true)])
                    ],
                    emptyMessage: ""), query: Self.hostile, frame: frame))
        #expect(unsafeMarkup(in: search).isEmpty, "\(search)")
        #expect(search.contains("<mark>&lt;script&gt;"), "\(search)")
    }

    @Test func emphasisAndStrongAreTagsAndTextShowsAsWritten() {
        // Story 9085125 credits its pictures in `<em>`: `*photo@163.com*` in the readable text.
        let body: [DetailBodyBlockViewData] = [
            .paragraph("*photo@163.com*"), .quote("**粗**与*斜*"), .byline("*<i>*，5 * 3"), .listItem(marker: "•", text: "***两者***"),
        ]
        let page = html(StoryPages.story(detail(title: "A &amp; B &lt;i&gt;", body: body), pictures: [], frame: frame, offline: false))
        #expect(page.contains("<p><em>photo@163.com</em></p>"), "\(page)")
        #expect(page.contains("<blockquote><p><strong>粗</strong>与<em>斜</em></p></blockquote>"), "\(page)")
        #expect(page.contains("<p class=\"byline\"><em>&lt;i&gt;</em>，5 * 3</p>"), "\(page)")
        #expect(page.contains("</span><strong><em>两者</em></strong></p>"), "\(page)")
        // An entity-like stretch of text is text: Plot alone would keep `&lt;` and show `<`.
        #expect(page.contains("<h1>A &amp;amp; B &amp;lt;i&amp;gt;</h1>"), "\(page)")
        #expect(page.contains("<title>A &amp;amp; B &amp;lt;i&amp;gt; · "), "\(page)")
        #expect(unsafeMarkup(in: page).isEmpty, "\(page)")

        // A figcaption's `<em>` too, in the caption and out of `alt`; and a link's text.
        let pictured: [DetailBodyBlockViewData] = [
            .image(number: 1, text: "[图片 1：*photo@163.com*]"), .image(number: 2, text: "[图片 2：*摄影*]"),
            .image(number: nil, text: "[图片：*无址*]"), .link(text: "**查看知乎讨论**", url: "https://www.zhihu.com/question/1"),
        ]
        let pictures = [
            picture(.body(1), url: "https://pic1.zhimg.com/a.png", bytes: Self.png, caption: "图片 1：*photo@163.com*"),
            // An http address, as older stories have: the policy's `img-src https:` would block it.
            picture(.body(2), url: "http://pic2.zhimg.com/b.jpg", bytes: nil, caption: "图片 2：*摄影*"),
        ]
        let online = html(StoryPages.story(detail(body: pictured), pictures: pictures, frame: frame, offline: false))
        #expect(online.contains("alt=\"图片 1：photo@163.com\"/><figcaption>图片 1：<em>photo@163.com</em></figcaption>"), "\(online)")
        #expect(
            online.contains(
                "<img src=\"https://pic2.zhimg.com/b.jpg\" alt=\"图片 2：摄影\" referrerpolicy=\"no-referrer\"/><figcaption>图片 2：<em>摄影</em></figcaption>"
            ),
            "\(online)")
        #expect(online.contains("<p class=\"picture-missing\">[图片：<em>无址</em>]</p>"), "\(online)")
        #expect(online.contains("rel=\"noreferrer noopener\"><strong>查看知乎讨论</strong></a>"), "\(online)")
        #expect(!online.contains("*"), "\(online)")
    }

    @Test func aStaticCopysCommentsSayTheirTimeNotTheirAge() {
        let comment = CommentViewData(
            id: 7, author: "读者", content: "好文", likes: 1, likesText: "1 赞", timeText: "5 分钟前", unixTime: 1_679_270_460,
            iso8601: "2023-03-20T00:01:00Z", reply: nil)
        let comments = CommentsViewData(
            storyID: 1, heading: "评论", title: "题目",
            sections: [CommentSectionViewData(kind: .short, title: "短评 1", count: 1, comments: [comment])],
            emptyText: nil, footer: .none, status: StatusViewData(text: "来自缓存", isStale: false), source: detail(body: []).source)
        let served = html(StoryPages.comments(comments, frame: frame, more: nil))
        #expect(served.contains("<time datetime=\"2023-03-20T00:01:00Z\">5 分钟前</time>"), "\(served)")
        // Read long after it was written, and unchanged by a later export.
        let copy = html(
            StoryPages.comments(comments, frame: PageFrame(wording: frame.wording, root: "../../", isStatic: true), more: nil))
        #expect(copy.contains("<time datetime=\"2023-03-20T00:01:00Z\">2023年3月20日 08:01</time>"), "\(copy)")
    }

    @Test func picturePathsAreTheKeyInBase64URLAndNothingElseParses() throws {
        let path = try #require(PicturePath.path(url: "http://pic1.zhimg.com/v2-abc.jpg?source=8673f162", format: .jpeg))
        #expect(path == PicturePath.path(url: "//pic1.zhimg.com/v2-abc.jpg", format: .jpeg))
        #expect(path.hasPrefix("picture/") && path.hasSuffix(".jpg"))
        let parsed = try #require(PicturePath.parse("/" + path))
        #expect(parsed.url == "https://pic1.zhimg.com/v2-abc.jpg" && parsed.format == .jpeg)
        for bad in [
            "/picture/../style.css", "/picture/a/b.jpg", "/picture/aGVsbG8=.jpg", "/picture/aGVsbG9.jpg", "/picture/x.exe",
            "/pictures/x.jpg",
        ] {
            #expect(PicturePath.parse(bad) == nil, "\(bad)")
        }
        #expect(PicturePath.path(url: "javascript:alert(1)", format: .png) == nil)
        // One path per picture: another spelling of its address, or no picture's, names none.
        for other in ["http://pic1.zhimg.com/v2-abc.jpg?source=8673f162", "file:///etc/passwd", "news/1"] {
            #expect(PicturePath.parse("/picture/" + PicturePath.base64URL(Array(other.utf8)) + ".jpg") == nil, "\(other)")
        }
    }
}
