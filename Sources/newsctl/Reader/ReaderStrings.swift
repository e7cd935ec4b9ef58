import NewsFeature

/// The reader's own chrome: screen names, prompts and key help. Everything about the news itself
/// (dates, sections, status and error wording) comes worded from the presenters.
struct ReaderStrings {
    let language: Language

    private func pick(_ zh: String, _ en: String) -> String { language == .zh ? zh : en }

    var appName: String { pick("知乎日报", "Zhihu Daily") }
    var story: String { pick("文章", "Story") }
    var favorites: String { pick("收藏", "Favourites") }
    var sections: String { pick("栏目", "Sections") }
    var search: String { pick("搜索", "Search") }
    var comments: String { pick("评论", "Comments") }
    var images: String { pick("图片", "Images") }
    /// The image list's status line: what Enter does there.
    var openImageHint: String { pick("Enter 打开（xdg-open），q 返回", "Enter opens (xdg-open), q goes back") }
    var moreComments: String { pick("到底后加载更早的短评…", "Older short comments load at the end…") }
    var loadingComments: String { pick("正在加载更早的短评…", "Loading older short comments…") }
    /// After a story's counts on its status line: the key that opens them.
    var commentsKey: String { pick("（c 看评论）", " (c: comments)") }
    var helpHint: String { pick("? 帮助", "? help") }
    var loading: String { pick("加载中…", "Loading…") }
    var loadingMore: String { pick("正在加载前一天…", "Loading the day before…") }
    var loadingStory: String { pick("正在加载正文…", "Loading the text…") }
    /// Under a story that could not be loaded.
    var retryOrBack: String { pick("按 r 重试，按 q 返回", "Press r to retry, q to go back") }
    var retryHint: String { pick("（r 重试）", " (r to retry)") }
    var searchPrompt: String { pick("搜索：", "Search: ") }
    var searchHint: String { pick("输入关键词，回车搜索；↓ 选择结果，Esc 返回", "Type words, Enter to search; ↓ to the results, Esc to go back") }
    var keysTitle: String { pick("按键（任意键关闭）", "Keys (any key closes)") }

    func link(_ url: String) -> String { pick("链接：", "Link: ") + url }

    /// `i` where there is no story: where the images are listed.
    var imagesAreAStorys: String { pick("图片在文章里列出：Enter 打开文章，再按 i", "Images are listed from a story: Enter opens it, then i") }

    func tooSmall(columns: Int, rows: Int) -> String {
        pick("终端太小（\(columns)×\(rows)），至少需要 40×10", "Terminal too small (\(columns)x\(rows)); 40x10 at least")
    }

    /// The key table, shown by `?` and in `newsctl read --help`.
    var keys: [(String, String)] {
        ReaderKeys.table.map { ($0.keys, language == .zh ? $0.zh : $0.en) }
    }
}

/// The reader's keys, one table for the overlay and `--help`.
enum ReaderKeys {
    struct Entry {
        let keys: String
        let zh: String
        let en: String
    }

    static let table: [Entry] = [
        Entry(keys: "↑ ↓  j k", zh: "上一条 / 下一条（文章中滚动一行）", en: "previous / next (a story scrolls)"),
        Entry(keys: "PgUp PgDn  b space", zh: "上一页 / 下一页", en: "page up / page down"),
        Entry(keys: "g G  Home End", zh: "顶部 / 底部（列表底部加载前一天）", en: "top / bottom (loads the day before)"),
        Entry(keys: "Enter  l", zh: "打开", en: "open"),
        Entry(keys: "q  Esc  h", zh: "返回；首页按 q 退出", en: "back; q on the home screen quits"),
        Entry(keys: "r", zh: "刷新（出错时重试）", en: "refresh (retry after an error)"),
        Entry(keys: "f", zh: "收藏 / 取消收藏", en: "keep / stop keeping (收藏)"),
        Entry(keys: "F", zh: "收藏列表", en: "favourites"),
        Entry(keys: "s", zh: "栏目（瞎扯等；列表底部加载更早的）", en: "sections (栏目; the end loads older ones)"),
        Entry(keys: "/", zh: "搜索", en: "search"),
        Entry(keys: "c", zh: "评论（到底加载更早的短评）", en: "comments (the end loads older ones)"),
        Entry(keys: "i", zh: "文章的图片（Enter 打开或显示地址）", en: "the story's images (Enter opens one)"),
        Entry(keys: "p", zh: "隐藏 / 显示文章中的图片", en: "hide / show a story's pictures"),
        Entry(keys: "o", zh: "显示链接并用 xdg-open 打开", en: "show the link, open it (xdg-open)"),
        // One row for both, so the whole table fits a 60 x 20 terminal (18 rows under the bars).
        Entry(keys: "Ctrl-L  Ctrl-Z", zh: "重绘；挂起（fg 恢复）", en: "redraw; suspend (fg resumes)"),
        Entry(keys: "?", zh: "按键说明", en: "this help"),
    ]

    /// The table as `newsctl read --help` prints it.
    static var helpText: String {
        let width = table.map { TerminalText.width(of: $0.keys) }.max() ?? 0
        return table.map { entry in
            entry.keys + String(repeating: " ", count: width - TerminalText.width(of: entry.keys) + 2) + entry.en
        }.joined(separator: "\n")
    }
}
