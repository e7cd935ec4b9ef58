/// The words of the OPDS catalog (`newsctl serve`'s `/opds`), which lists the EPUB editions.
extension WebStrings {
    /// The catalog's title: "知乎日报 · 电子书".
    public var catalogTitle: String { pick("知乎日报 · 电子书", "Zhihu Daily e-books") }

    /// The entry and feed of the days: "每日".
    public var catalogDays: String { pick("每日", "Days") }

    /// What the entry of the days holds.
    public var catalogDaysSummary: String { pick("每天一本，最新的在前。", "A book for each day, newest first.") }

    /// The feed of the days' page `page` (from 1) of `pages`: "每日 · 第 2/5 页" / "Days, page 2 of 5".
    public func catalogDaysPage(_ page: Int, of pages: Int) -> String {
        pick("每日 · 第 \(page)/\(pages) 页", "Days, page \(page) of \(pages)")
    }

    /// What the entry of the sections holds.
    public var catalogSectionsSummary: String { pick("每个栏目一本。", "A book for each section.") }

    /// What the entry of the favourites holds.
    public var catalogFavoritesSummary: String { pick("收藏的文章，合成一本。", "The saved stories in one book.") }

    /// The summary of a book that lists `count` stories, its first headlines after it:
    /// "3 篇文章：…" / "3 stories: …".
    public func catalogStories(_ count: Int, headlines: [String]) -> String {
        let list = headlines.joined(separator: pick("；", "; "))
        let more = headlines.count < count ? pick("……", " …") : ""
        return pick("\(count) 篇文章：", English.count(count, "story", plural: "stories") + ": ") + list + more
    }
}
