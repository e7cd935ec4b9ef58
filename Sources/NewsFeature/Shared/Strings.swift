import SyncEngine

/// The fixed wording of the screens, per language.
struct Strings: Sendable {
    let language: Language

    /// Today's section, with its day: "今日热闻 · 3月14日 星期二".
    func todaySection(_ dayTitle: String) -> String { (language == .zh ? "今日热闻" : "Today") + " · " + dayTitle }
    var topStoriesSection: String { language == .zh ? "热门" : "Top stories" }
    var retry: String { language == .zh ? "重试" : "Retry" }
    var emptyDay: String { language == .zh ? "这一天没有文章" : "No stories on this day" }

    var favoriteMark: String { language == .zh ? "★ 已收藏" : "★ Saved" }

    func imageCredit(_ source: String) -> String { language == .zh ? "图片：\(source)" : "Image: \(source)" }

    /// "发布于 2026年2月28日 07:01（北京时间）".
    func published(_ when: String) -> String {
        language == .zh ? "发布于 \(when)（北京时间）" : "Published \(when) Beijing time"
    }

    /// "[图片 3：三月的气压图]", "[图片 3]"; without a number (no address) "[图片]".
    func image(number: Int?, caption: String?) -> String {
        "[" + imageLabel(number: number, caption: caption) + "]"
    }

    /// "图片 3：三月的气压图" or "图片 3".
    func imageLabel(number: Int?, caption: String?) -> String {
        let word = (language == .zh ? "图片" : "Image") + (number.map { " \($0)" } ?? "")
        guard let caption else { return word }
        return word + (language == .zh ? "：" : ": ") + caption
    }

    /// "题图 · Yestone.com 版权图片库", or "题图" without a credit.
    func headlineImageLabel(credit: String?) -> String {
        let word = language == .zh ? "题图" : "Headline image"
        return credit.map { word + " · " + $0 } ?? word
    }

    /// "[图片 3] https://…", or for the headline image "[题图] https://…".
    func imageReference(number: Int?, url: String) -> String {
        let name = number == nil ? headlineImageLabel(credit: nil) : imageLabel(number: number, caption: nil)
        return "[\(name)] \(url)"
    }

    var noImages: String { language == .zh ? "这篇文章没有图片" : "This story has no images" }

    /// An image handed to the system's opener, which has not answered yet.
    func opening(_ url: String) -> String { language == .zh ? "正在打开：\(url)…" : "Opening \(url)…" }

    /// An image handed to the system's opener.
    func opened(_ url: String) -> String { language == .zh ? "已打开：\(url)" : "Opened: \(url)" }

    /// An image nothing here can open: its address, to open elsewhere.
    func imageAddress(_ url: String) -> String {
        language == .zh ? "图片地址（没有可用的打开程序）：\(url)" : "Image address (nothing here opens it): \(url)"
    }

    /// An image the system's opener failed to open: its address, to open elsewhere.
    func openFailed(_ url: String) -> String {
        language == .zh ? "无法打开（打开程序出错），图片地址：\(url)" : "Could not open it (the opener failed); image address: \(url)"
    }

    func counts(likes: Int, comments: Int) -> String {
        language == .zh ? "\(likes) 赞 · \(comments) 条评论" : "\(English.count(likes, "like")) · \(English.count(comments, "comment"))"
    }

    func offSite(_ url: String) -> String {
        language == .zh ? "这是一篇站外文章，请在浏览器中阅读：\(url)" : "This story is published off-site; read it at \(url)"
    }

    /// What a failed story load was about.
    func storySubject(_ id: Int64) -> String { language == .zh ? "文章 \(id)" : "story \(id)" }

    /// "（HTTP 404）" / " (HTTP 404)", or nothing when there was no HTTP answer (a `file://` copy).
    static func statusInParentheses(_ status: Int?, _ language: Language) -> String {
        guard let status else { return "" }
        return language == .zh ? "（HTTP \(status)）" : " (HTTP \(status))"
    }

    /// The source answered with an error status (a 5xx, a 429): what it said, not "cannot reach".
    func sourceFailed(_ status: Int) -> String {
        language == .zh ? "知乎日报出错（HTTP \(status)）" : "Zhihu Daily answered HTTP \(status)"
    }

    /// `.unavailable` because the source answered an error status and nothing is cached.
    func sourceFailedMessage(status: Int, subject: String) -> String {
        language == .zh
            ? sourceFailed(status) + "，本地也没有缓存\(Self.spacedForChinese(subject).leading)"
            : sourceFailed(status) + ", and the local archive has no copy of \(subject)"
    }

    var noFavorites: String { language == .zh ? "还没有收藏" : "No favourites yet" }
    var favoritesSubject: String { language == .zh ? "收藏" : "favourites" }

    func favoriteAdded(_ title: String, offline: Bool) -> String {
        switch (language, offline) {
        case (.zh, true): return "已收藏：\(title)（可离线阅读）"
        case (.zh, false): return "已收藏：\(title)（正文尚未缓存，联网时打开一次即可离线阅读）"
        case (.en, true): return "Saved: \(title) (readable offline)"
        case (.en, false): return "Saved: \(title) (its text is not cached yet; open it once online to read it offline)"
        }
    }

    /// `f` in the reader: the confirmation of either way, as a line under the story or the list.
    func favoriteToggled(_ title: String, isFavorite: Bool) -> String {
        switch (language, isFavorite) {
        case (.zh, true): return "已收藏：\(title)"
        case (.zh, false): return "已取消收藏：\(title)"
        case (.en, true): return "Saved: \(title)"
        case (.en, false): return "Removed from favourites: \(title)"
        }
    }

    /// `fav rm`: confirmed in the reader's form (`favoriteToggled`), the story named by its id.
    func favoriteRemoved(_ id: Int64, existed: Bool) -> String {
        switch (language, existed) {
        case (_, true): return favoriteToggled(storySubject(id), isFavorite: false)
        case (.zh, false): return "\(id) 不在收藏中"
        case (.en, false): return "\(id) was not a favourite"
        }
    }

    var saveFailed: String {
        language == .zh
            ? "无法写入本地存档（磁盘已满或数据库被占用），显示的是之前的缓存"
            : "Could not save to the local archive (disk full or database busy); showing what it had"
    }

    /// A page shown fresh from the network that the archive could not keep.
    func notKept(readOnly: Bool) -> String {
        switch (language, readOnly) {
        case (.zh, true): return "本地存档是只读的：显示的是刚从网上取到的内容，没有存入存档"
        case (.en, true): return "The local archive is read-only: this is what the network gave, and it was not kept"
        case (.zh, false): return "无法写入本地存档（磁盘已满或数据库被占用）：显示的是刚从网上取到的内容，没有存入存档"
        case (.en, false):
            return "Could not save to the local archive (disk full or database busy): this is what the network gave, not kept"
        }
    }

    /// `saveFailed` for an archive opened read-only, worded like `storageMessage(.readOnly)`.
    var saveFailedReadOnly: String {
        language == .zh
            ? "本地存档是只读的，无法写入新内容，显示的是之前的缓存"
            : "The local archive is read-only; it cannot be written, so it shows what it had"
    }

    /// What to check when the latest page is missing, the same wherever it is said.
    private var baseURLHint: String {
        language == .zh ? "检查 --base-url，它应以 /api/4 结尾" : "check --base-url; it should end in /api/4"
    }

    /// The status line of a cached latest page whose refresh answered 404: the address is wrong.
    func latestPageMissingStatus(age: String) -> String {
        language == .zh
            ? "最新一页返回 HTTP 404，\(baseURLHint) · 显示\(Self.shownAge(age))的缓存"
            : "The latest page answered HTTP 404; \(baseURLHint) · showing the archive from \(age)"
    }

    /// "显示 2 小时前的缓存", but "显示刚刚更新的缓存": the age as it follows 显示.
    private static func shownAge(_ age: String) -> String {
        age.first?.isNumber == true ? " \(age)" : "\(age)更新"
    }

    func status(origin: String, staleReason: String?, age: String) -> String {
        let shown = Self.shownAge(age)
        switch (language, origin, staleReason) {
        case (.zh, "network", "storage_error"): return "刚从网上取到 · 未能存入本地存档"
        case (.en, "network", "storage_error"): return "Fresh from the network · not kept in the local archive"
        case (.zh, "network", _): return "已更新"
        case (.en, "network", _): return "Updated just now"
        case (.zh, _, nil): return "来自缓存 · \(age)更新"
        case (.en, _, nil): return "From the archive · updated \(age)"
        case (.zh, _, "server_error"): return "服务器出错 · 显示\(shown)的缓存"
        case (.en, _, "server_error"): return "Server error · showing the archive from \(age)"
        case (.zh, _, "not_found"): return "知乎日报没有这一项了（HTTP 404）· 显示\(shown)的缓存"
        case (.en, _, "not_found"): return "No longer at Zhihu Daily (HTTP 404) · showing the archive from \(age)"
        case (.zh, _, "bad_response"): return "数据有误 · 显示\(shown)的缓存"
        case (.en, _, "bad_response"): return "Bad response · showing the archive from \(age)"
        case (.zh, _, "storage_error"): return "无法保存新内容 · 显示\(shown)的缓存"
        case (.en, _, "storage_error"): return "Could not save the update · showing the archive from \(age)"
        case (.zh, _, _): return "离线 · 显示\(shown)的缓存"
        case (.en, _, _): return "Offline · showing the archive from \(age)"
        }
    }

    /// What a failed load was about: "今日内容" / "today's issue" (singular: "today's issue is not…"), or a dated day.
    func subject(_ day: Day?) -> String {
        guard let day else { return language == .zh ? "今日内容" : "today's issue" }
        return DateFormatting(language: language).fullDate(day)
    }

    func noSearchResults(_ query: String) -> String {
        language == .zh ? "没有找到与“\(query)”有关的文章" : "No stories match “\(query)”"
    }

    func errorMessage(_ kind: ErrorKind, subject: String) -> String {
        let spaced = Self.spacedForChinese(subject)
        switch (language, kind) {
        case (.zh, .unavailable): return "无法连接知乎日报，本地也没有缓存\(spaced.leading)"
        case (.en, .unavailable): return "Cannot reach Zhihu Daily, and the local archive has no copy of \(subject)"
        case (_, .notFound): return notFoundMessage(subject: subject, httpStatus: 404)
        case (.zh, .notCached): return "离线：本地存档中没有\(spaced.leading)"
        case (.en, .notCached): return "Offline: the local archive has no copy of \(subject)"
        case (.zh, .badData): return "知乎日报返回的\(spaced.both)数据有误"
        case (.en, .badData): return "Zhihu Daily sent bad data for \(subject)"
        case (.zh, .notPublished): return "\(spaced.trailing)的日报还没有发布"
        case (.en, .notPublished): return "\(subject) has not been published yet"
        case (_, .storage): return storageMessage(.other)
        case (_, .notSaved): return notKept(readOnly: false)
        case (.zh, .cancelled): return "已取消"
        case (.en, .cancelled): return "Cancelled"
        case (.zh, .invalidInput): return "搜索词需要含有文字或数字，且不超过 \(SyncEngine.maxQueryLength) 个字符"
        case (.en, .invalidInput): return "A search needs letters or digits, at most \(SyncEngine.maxQueryLength) characters"
        case (_, .noSections): return noSectionsMessage(baseURL: nil)
        }
    }

    /// The source has no sections, named by what was asked: "127.0.0.1:8080 没有栏目（它对
    /// sections 的回答是 404 或 401）", or the local copy for a `file://` base URL.
    func noSectionsMessage(baseURL: String?) -> String {
        guard let baseURL else {
            return language == .zh
                ? "这个来源没有栏目（它对 sections 的回答是 404 或 401）"
                : "This source has no sections (it answered sections with 404 or 401)"
        }
        guard let host = Self.host(of: baseURL) else {
            return language == .zh
                ? "本地副本（--base-url file://…）没有栏目（其中没有 sections）"
                : "The local copy (--base-url file://…) has no sections (it holds no sections file)"
        }
        return language == .zh
            ? "\(host) 没有栏目（它对 sections 的回答是 404 或 401）"
            : "\(host) has no sections (it answered sections with 404 or 401)"
    }

    /// "daily.zhihu.com" of "https://daily.zhihu.com/api/4" (with its port, if any); nil for a
    /// `file://` URL, which names a local copy rather than a host.
    static func host(of baseURL: String) -> String? {
        guard let schemeEnd = baseURL.firstRange(of: "://") else { return baseURL }
        guard baseURL[..<schemeEnd.lowerBound].lowercased() != "file" else { return nil }
        let rest = baseURL[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        // Credentials in the URL are never shown.
        let host = authority.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        return host.isEmpty ? baseURL : host
    }

    /// The source answered that it has no such thing: "知乎日报没有文章 123（HTTP 404）"; a
    /// `file://` source's missing file has no status ("本地副本中没有…").
    func notFoundMessage(subject: String, httpStatus: Int?) -> String {
        let spaced = Self.spacedForChinese(subject).leading
        switch (language, httpStatus) {
        case (.zh, let status?): return "知乎日报没有\(spaced)（HTTP \(status)）"
        case (.en, let status?): return "Zhihu Daily has no \(subject) (HTTP \(status))"
        case (.zh, nil): return "本地副本（--base-url file://…）中没有\(spaced)"
        case (.en, nil): return "The local copy (--base-url file://…) has no \(subject)"
        }
    }

    /// The source's latest page answered 404: every API root has one, so the address is wrong.
    /// A `file://` copy without `news/latest` (no HTTP status) is worded as a missing file.
    func latestPageMissingMessage(httpStatus: Int?) -> String {
        switch (language, httpStatus) {
        case (.zh, let status?): return "知乎日报的最新一页返回 HTTP \(status)，地址多半不对：\(baseURLHint)"
        case (.en, let status?):
            return
                "Zhihu Daily's latest page answered HTTP \(status), so the address is most likely wrong: \(baseURLHint)"
        case (.zh, nil): return "本地副本中没有最新一页（news/latest），地址多半不对：\(baseURLHint)"
        case (.en, nil):
            return
                "The local copy has no latest page (news/latest), so the address is most likely wrong: \(baseURLHint)"
        }
    }

    /// Appended to "cannot reach" with nothing cached (a first run offline): what to try.
    var unreachableHint: String {
        language == .zh
            ? "；运行 newsctl doctor --network 检查网络，或用 --base-url file:///…/api/4 读取本地副本"
            : "; run newsctl doctor --network to check the network, or read a local copy with --base-url file:///…/api/4"
    }

    /// A subject set apart from the Chinese around it by a space where it begins or ends with a
    /// digit or a Latin letter ("文章 123" → "没有文章 123 的…", "2023年3月13日" → "没有 2023年3月13日").
    static func spacedForChinese(_ subject: String) -> (leading: String, trailing: String, both: String) {
        func isLatin(_ character: Character?) -> Bool { character.map { $0.isASCII && ($0.isLetter || $0.isNumber) } ?? false }
        let before = isLatin(subject.first) ? " " : ""
        let after = isLatin(subject.last) ? " " : ""
        return (before + subject, subject + after, before + subject + after)
    }

    /// `.unavailable` because this machine cannot do HTTP at all (libcurl could not be loaded).
    func transportUnavailableMessage(subject: String) -> String {
        language == .zh
            ? "无法加载 libcurl，不能联网，本地也没有缓存\(Self.spacedForChinese(subject).leading)"
            : "libcurl could not be loaded, so there is no network, and the local archive has no copy of \(subject)"
    }

    /// What to run about a local database failure, appended to its words: "" when nothing helps.
    func storageAdvice(_ problem: DatabaseError.Problem) -> String {
        switch (language, problem) {
        case (.zh, .corrupt): return "；运行 newsctl doctor 查看详情；" + rebuildAdvice(problem)
        case (.en, .corrupt): return "; run newsctl doctor to see what is wrong; " + rebuildAdvice(problem)
        case (.zh, .notADatabase): return "；" + rebuildAdvice(problem)
        case (.en, .notADatabase): return "; " + rebuildAdvice(problem)
        default: return ""
        }
    }

    /// How `doctor --rebuild` mends an archive with `problem`, the same in doctor's report and in
    /// every command's error: a file that is not a database needs `--force` (and a look at --db).
    func rebuildAdvice(_ problem: DatabaseError.Problem) -> String {
        switch (language, problem) {
        case (.zh, .notADatabase): return "检查 --db 是否指向 newsctl 的存档；若是，运行 newsctl doctor --rebuild --force 重建（原文件保留为备份）"
        case (.en, .notADatabase):
            return
                "check that --db names a newsctl archive; if it does, run newsctl doctor --rebuild --force to rebuild it (the old file is kept as a backup)"
        case (.zh, _): return "运行 newsctl doctor --rebuild 重建缓存（收藏会保留）"
        case (.en, _): return "run newsctl doctor --rebuild to rebuild the cache (favourites are kept)"
        }
    }

    /// No archive where a command that only reads looks: where, and what makes one.
    func noArchive(_ path: String) -> String {
        language == .zh
            ? "没有本地存档：\(path)（检查 --db；新建存档请运行 newsctl sync --days 7）"
            : "No archive at \(path) (check --db; to make one, run newsctl sync --days 7)"
    }

    /// An archive that cannot be created, for a command that shows what the network gives anyway.
    func archiveNotCreated(_ path: String) -> String {
        language == .zh
            ? "无法创建本地存档（\(path)）：显示的是网上的内容，不会保存"
            : "Cannot create the local archive (\(path)): showing what the network gives, without keeping it"
    }

    /// `--db` names a folder: the path within the sentence, with the file it may have meant.
    func folderAsDatabase(_ path: String) -> String {
        let inside = (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/news.sqlite"
        return language == .zh
            ? "--db 指向文件夹 \(path)，需要文件路径，例如 \(inside)"
            : "--db names the folder \(path); it needs a file path, such as \(inside)"
    }

    /// A local database failure, worded so the user knows what to fix.
    func storageMessage(_ problem: DatabaseError.Problem) -> String {
        switch (language, problem) {
        case (.zh, .readOnly): return "本地存档是只读的，无法写入"
        case (.en, .readOnly): return "The local archive is read-only; it cannot be written"
        case (.zh, .needsUpgrade): return "本地存档是只读的，且版本较旧：需先由可写入它的 newsctl 打开一次以升级"
        case (.en, .needsUpgrade):
            return "The local archive is read-only and older than this newsctl: open it once where it can be written to upgrade it"
        case (.zh, .cannotOpen): return "无法打开或创建本地存档（请检查文件夹是否存在、是否可写）"
        case (.en, .cannotOpen): return "Cannot open or create the local archive (check that its folder exists and is writable)"
        case (.zh, .notADatabase): return "本地存档不是 SQLite 数据库"
        case (.en, .notADatabase): return "The local archive is not an SQLite database"
        case (.zh, .isAFolder): return "--db 指向的是一个文件夹，需要的是文件路径（例如 …/news.sqlite）"
        case (.en, .isAFolder): return "--db names a folder; it needs a file path (such as …/news.sqlite)"
        case (.zh, .corrupt): return "本地存档已损坏"
        case (.en, .corrupt): return "The local archive is corrupt"
        case (.zh, .diskFull): return "磁盘已满，无法写入本地存档"
        case (.en, .diskFull): return "The disk is full; the local archive cannot be written"
        case (.zh, .locked): return "本地存档被另一个进程长时间占用"
        case (.en, .locked): return "Another process kept the local archive locked for too long"
        case (.zh, .ioError): return "读写本地存档时出现 I/O 错误"
        case (.en, .ioError): return "An I/O error occurred on the local archive"
        case (.zh, .other): return "本地数据库出错"
        case (.en, .other): return "The local database failed"
        }
    }
}
