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
        case (.en, true): return "\(count) stories · back to the first"
        case (.en, false): return "\(count) stories here · older ones not read yet"
        }
    }

    /// The column's stories shown, older pages not loaded (the reader's load-more row).
    var sectionMore: String { language == .zh ? "更早的文章…" : "Older stories…" }
}
