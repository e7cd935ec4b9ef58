/// The words of the web front's pages and feeds that no screen's presenter gives (the site's
/// name, its menu, the buttons and links around what the presenters show), in the site's language.
public struct WebStrings: Sendable, Equatable {
    /// The language of the words.
    public let language: Language

    /// The words in `language`.
    public init(language: Language) {
        self.language = language
    }

    func pick(_ zh: String, _ en: String) -> String { language == .zh ? zh : en }

    /// The `lang` of the pages: "zh-CN" or "en".
    public var htmlLanguage: String { pick("zh-CN", "en") }
    /// The site's name, in every page's title and the feed's.
    public var siteName: String { pick("知乎日报 · 存档", "Zhihu Daily archive") }
    /// The menu: home.
    public var home: String { pick("首页", "Home") }
    /// The menu: the columns.
    public var sections: String { pick("栏目", "Sections") }
    /// The menu: favourites.
    public var favorites: String { pick("收藏", "Favourites") }
    /// The menu: the archive's state.
    public var status: String { pick("存档状态", "Archive status") }
    /// The menu and the search button.
    public var search: String { pick("搜索", "Search") }
    /// The menu: the Atom feed.
    public var feed: String { pick("订阅", "Feed") }
    /// The link to the day before the ones shown.
    public var earlier: String { pick("更早 ›", "Earlier ›") }
    /// The link to the day after.
    public var later: String { pick("‹ 更新", "‹ Newer") }
    /// The link to a story's comments when their number is not known.
    public var comments: String { pick("评论", "Comments") }
    /// The link to the story on the source's site.
    public var original: String { pick("原文", "Original") }
    /// The heading of a story's links.
    public var links: String { pick("链接", "Links") }
    /// The favourite toggle, to keep the story.
    public var addFavorite: String { pick("☆ 收藏", "☆ Save") }
    /// The favourite toggle, to stop keeping it.
    public var removeFavorite: String { pick("★ 取消收藏", "★ Unsave") }
    /// The link under comments to load older ones.
    public var moreComments: String { pick("更多评论", "More comments") }
    /// The link from comments back to their story.
    public var backToStory: String { pick("‹ 返回文章", "‹ Back to the story") }
    /// The title of a page the site does not have.
    public var notFound: String { pick("没有这一页", "No such page") }
    /// What a page the site does not have says.
    public var notFoundDetail: String { pick("存档里没有这个地址。", "The archive has nothing at this address.") }
    /// The title of a page that failed.
    public var failed: String { pick("这一页没能打开", "This page could not be shown") }
    /// The search page's hint when nothing was asked.
    public var searchHint: String { pick("输入要找的词", "Type what to look for") }
    /// The feed's subtitle.
    public var feedSubtitle: String {
        pick("知乎日报的文章，来自本地存档（存档有正文的附全文）", "Zhihu Daily's stories from a local archive, in full where it keeps their text")
    }
    /// A feed entry's link to a story whose text the archive lacks, on the source's site.
    public var readAtSource: String { pick("在知乎日报阅读", "Read it on Zhihu Daily") }
    /// The author of a story whose byline names none.
    public var anonymousAuthor: String { pick("知乎日报", "Zhihu Daily") }
    /// The title of the search page for `query`: "搜索：季风".
    public func searchTitle(_ query: String) -> String {
        query.isEmpty ? search : pick("搜索：", "Search: ") + query
    }
}

extension WebStrings {
    /// Why `newsctl feed` wrote a feed without entries.
    public var feedEmpty: String {
        pick("存档里没有文章，订阅源为空（先运行 newsctl sync 下载）", "The archive holds no stories, so the feed is empty (run newsctl sync first)")
    }

    /// What an export did: "已写入 12 个文件，341 个未变（/srv/site）".
    public func exportSummary(written: Int, unchanged: Int, folder: String) -> String {
        pick(
            "已写入 \(written) 个文件，\(unchanged) 个未变（\(folder)）", "Wrote \(English.count(written, "file")), \(unchanged) unchanged (\(folder))")
    }

    /// Why an export stopped: "无法写入 /srv/site：Permission denied".
    public func exportFailed(folder: String, reason: String) -> String {
        pick("无法写入 \(folder)：\(reason)", "Cannot write to \(folder): \(reason)")
    }
}
