import SyncEngine

/// The wording of the sections (栏目) screens.
extension Strings {
    var sectionsSubject: String { language == .zh ? "栏目列表" : "the list of sections" }
    var noSectionsListed: String { language == .zh ? "知乎日报没有列出栏目" : "Zhihu Daily lists no sections" }

    /// "栏目 2" / "section 2": what a failed load of a column was about.
    func sectionSubject(_ id: Int64) -> String { language == .zh ? "栏目 \(id)" : "section \(id)" }

    /// The title of a column: its name, or "栏目 2" when the source gave none.
    func sectionTitle(_ name: String, id: Int64) -> String {
        name.isEmpty ? (language == .zh ? "栏目 \(id)" : "Section \(id)") : name
    }

    var emptySection: String { language == .zh ? "这个栏目还没有文章" : "No stories in this section yet" }

    /// "2023年8月" / "Aug 2023".
    func month(year: Int, month: Int) -> String {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return language == .zh ? "\(year)年\(month)月" : "\(names[month - 1]) \(year)"
    }

    /// "共 312 篇 · 已到第一篇" / "312 stories · back to the first": how much of the column is held
    /// ("本地有 10 篇 · 更早的还没有读取" when older pages are not read yet).
    func sectionExtent(count: Int, isComplete: Bool) -> String {
        switch (language, isComplete) {
        case (.zh, true): return "共 \(count) 篇 · 已到第一篇"
        case (.zh, false): return "本地有 \(count) 篇 · 更早的还没有读取"
        case (.en, true): return "\(English.count(count, "story")) · back to the first"
        case (.en, false): return "\(English.count(count, "story")) here · older ones not read yet"
        }
    }

    /// Under a column's stories while older pages are not read (the reader's load-more row).
    var sectionMore: String { language == .zh ? "到底后加载更早的文章…" : "Older stories load at the end…" }

    /// "已同步栏目 2、1：共 312 篇，读取 32 页；文章新取 300 篇，已有 12 篇；失败 0；用时 41.2 秒", with what
    /// the source lacks and the pictures not fetched counted apart from the failures, as a days'
    /// sync counts them (`SyncAccount`).
    func sectionSyncSummary(
        sections: [Int64], stories: Int, pages: Int, details: (fetched: Int, present: Int), comments: Int,
        pictures: (fetched: Int, notFetched: Int), failures: Int, notAtSource: (count: Int, localCopy: Bool)? = nil,
        seconds: Double
    ) -> String {
        let time = String(Double(Int(seconds * 10)) / 10)
        let ids = sections.map(String.init)
        switch language {
        case .zh:
            var text = "已同步栏目 \(ids.joined(separator: "、"))：共 \(stories) 篇，读取 \(pages) 页"
            if details.fetched + details.present > 0 { text += "；文章新取 \(details.fetched) 篇，已有 \(details.present) 篇" }
            if comments > 0 { text += "；评论新取 \(comments) 条" }
            if pictures.fetched > 0 { text += "；图片新取 \(pictures.fetched) 张" }
            if pictures.notFetched > 0 { text += "；\(pictures.notFetched) 张图片未取到" }
            text += "；失败 \(failures)"
            if let absent = notAtSource {
                text += "；\(absent.count) 项\(absent.localCopy ? "本地副本中没有" : "来源没有")（再次同步也取不到）"
            }
            return text + "；用时 \(time) 秒"
        case .en:
            var text =
                "Synced section\(ids.count == 1 ? "" : "s") \(ids.joined(separator: ", ")): \(English.count(stories, "story")), \(English.count(pages, "page")) read"
            if details.fetched + details.present > 0 { text += "; stories: \(details.fetched) fetched, \(details.present) already present" }
            if comments > 0 { text += "; \(English.count(comments, "comment")) fetched" }
            if pictures.fetched > 0 { text += "; \(English.count(pictures.fetched, "picture")) fetched" }
            if pictures.notFetched > 0 { text += "; \(English.count(pictures.notFetched, "picture")) not fetched" }
            text += "; \(failures) failed"
            if let absent = notAtSource {
                text += "; \(absent.count) \(absent.localCopy ? "not in the local copy" : "not at the source") (no use syncing again)"
            }
            return text + "; \(time) s"
        }
    }
}
