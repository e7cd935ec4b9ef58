import SyncEngine

/// The archive screen's wording, in either language.
struct ArchiveStrings: Sendable {
    let language: Language

    func phase(_ phase: SyncProgress.Phase) -> String {
        switch (language, phase) {
        case (.zh, .days): return "日报"
        case (.en, .days): return "days"
        case (.zh, .details): return "文章"
        case (.en, .details): return "stories"
        case (.zh, .comments): return "评论"
        case (.en, .comments): return "comments"
        case (.zh, .pictures): return "图片"
        case (.en, .pictures): return "pictures"
        case (.zh, .sections): return "栏目"
        case (.en, .sections): return "sections"
        }
    }

    func rate(_ perSecond: Double) -> String {
        let value = perSecond >= 10 ? String(Int(perSecond.rounded())) : String(Double(Int(perSecond * 10)) / 10)
        return language == .zh ? "\(value) 项/秒" : "\(value)/s"
    }

    func remaining(seconds: Int) -> String {
        let clock =
            seconds >= 3_600
            ? "\(seconds / 3_600):\(Self.two(seconds / 60 % 60)):\(Self.two(seconds % 60))"
            : "\(seconds / 60):\(Self.two(seconds % 60))"
        return language == .zh ? "剩余 \(clock)" : "\(clock) left"
    }

    /// The summary's first part. `failures` counts what a new sync asks again; `notAtSource`
    /// what the source (or the local copy) answered it does not have.
    func syncSummary(
        from: String, to: String, daysFetched: Int, daysPresent: Int, details: (fetched: Int, present: Int)?,
        failures: Int, notAtSource: (count: Int, localCopy: Bool)? = nil, seconds: Double
    ) -> String {
        let time = String(Double(Int(seconds * 10)) / 10)
        switch language {
        case .zh:
            let stories = details.map { "；文章新取 \($0.fetched) 篇，已有 \($0.present) 篇" } ?? ""
            let absent = notAtSource.map { "；\($0.count) 项\($0.localCopy ? "本地副本中没有" : "来源没有")（再次同步也取不到）" } ?? ""
            return "已同步 \(from) 至 \(to)：新取 \(daysFetched) 天，已有 \(daysPresent) 天\(stories)；失败 \(failures)\(absent)；用时 \(time) 秒"
        case .en:
            let stories = details.map { "; stories: \($0.fetched) fetched, \($0.present) already present" } ?? ""
            let absent =
                notAtSource.map { "; \($0.count) \($0.localCopy ? "not in the local copy" : "not at the source") (no use syncing again)" }
                ?? ""
            return
                "Synced \(from) to \(to): \(English.count(daysFetched, "day")) fetched, \(daysPresent) already present"
                + "\(stories); \(failures) failed\(absent); \(time) s"
        }
    }

    func incomplete(failures: Int, skipped: Int) -> String {
        switch language {
        case .zh:
            let skippedText = skipped > 0 ? "，\(skipped) 项因网络中断未尝试" : ""
            return "同步未完成：\(failures) 项失败\(skippedText)；再次同步即可从中断处继续"
        case .en:
            let skippedText = skipped > 0 ? ", \(skipped) not tried because the network went away" : ""
            return "Sync incomplete: \(failures) failed\(skippedText); sync again to resume where it stopped"
        }
    }

    /// What an incomplete sync's line adds about its pictures: "" when every one was fetched.
    func picturesAlsoNotFetched(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return language == .zh
            ? "；另有 \(count) 张图片未取到"
            : "; \(count) \(count == 1 ? "picture was" : "pictures were") not fetched either"
    }

    /// The line of a sync that did all it could of its days and stories but not of its pictures:
    /// `failed` failed or were refused, `skipped` were not tried once their hosts could not be reached.
    func picturesNotFetched(failed: Int, skipped: Int) -> String {
        let count = failed + skipped
        switch language {
        case .zh:
            let why = skipped > 0 ? "（\(failed) 张失败，\(skipped) 张因图片服务器无法连接未尝试）" : ""
            return "同步已完成；\(count) 张图片未取到\(why)，之后的同步会再试"
        case .en:
            let why = skipped > 0 ? " (\(failed) failed, \(skipped) not tried because their hosts could not be reached)" : ""
            return
                "Sync complete; \(count) \(count == 1 ? "picture was" : "pictures were") not fetched\(why)"
                + "; a later sync tries again"
        }
    }

    /// A sync stopped by Ctrl-C (or SIGTERM).
    var syncInterrupted: String {
        language == .zh
            ? "同步已中断：已取得的内容已保存，再次同步即可从中断处继续"
            : "Sync interrupted: what it fetched is kept; sync again to go on from where it stopped"
    }

    /// What a sync left alone or was told, appended to its summary: "" when nothing.
    func summaryNotes(deferred: Int, notAtSource: Int = 0, slowedDown: SyncSlowDown?, comments: CommentsSyncViewData? = nil) -> String {
        var notes = ""
        if let comments {
            notes +=
                language == .zh
                ? "；评论新取 \(comments.storiesFetched) 篇文章共 \(comments.comments) 条，已有 \(comments.storiesPresent) 篇"
                : "; comments: \(comments.comments) fetched from \(English.count(comments.storiesFetched, "story")), "
                    + "\(English.count(comments.storiesPresent, "story")) already read to the end"
        }
        if deferred > 0 {
            notes +=
                language == .zh
                ? "；\(deferred) 篇文章最近返回服务器错误，暂不重试"
                : "; \(English.count(deferred, "story")) left alone after server errors"
        }
        if notAtSource > 0 {
            notes +=
                language == .zh
                ? "；\(notAtSource) 篇文章来源没有，一个月内不再取"
                : "; \(English.count(notAtSource, "story")) not at the source, left alone for a month"
        }
        if let slowedDown {
            notes +=
                language == .zh
                ? "；源站要求放慢，同时下载数从 \(slowedDown.from) 降到 \(slowedDown.to)"
                : "; the source asked to slow down: \(slowedDown.from) → \(slowedDown.to) transfers at once"
        }
        return notes
    }

    /// "；图片新取 12 张，已有 3 张，2 张失败，1 张最近失败，暂不重试".
    func picturesNote(_ pictures: PicturesSyncViewData) -> String {
        var note =
            language == .zh
            ? "；图片新取 \(pictures.fetched) 张，已有 \(pictures.present) 张"
            : "; pictures: \(pictures.fetched) fetched, \(pictures.present) already kept"
        if pictures.failed > 0 { note += language == .zh ? "，\(pictures.failed) 张失败" : ", \(pictures.failed) failed" }
        if pictures.skipped > 0 {
            note +=
                language == .zh
                ? "，\(pictures.skipped) 张因图片服务器无法连接未尝试"
                : ", \(pictures.skipped) not tried because their hosts could not be reached"
        }
        if pictures.deferred > 0 {
            note += language == .zh ? "，\(pictures.deferred) 张最近失败，暂不重试" : ", \(pictures.deferred) left alone after failing recently"
        }
        if pictures.evicted > 0 {
            note += language == .zh ? "，超出预算移除 \(pictures.evicted) 张" : ", \(pictures.evicted) evicted to keep within the budget"
        }
        return note
    }

    /// The heading of `status`'s list of stories whose detail answered 5xx or 404; with `commands`,
    /// how to ask again now.
    func failingStories(_ count: Int, commands: Bool = true) -> String {
        guard commands else {
            return language == .zh
                ? "取不到正文的文章：\(count) 篇" : "Stories whose text the source did not give: \(count)"
        }
        return language == .zh
            ? "取不到正文的文章：\(count) 篇，同步到下次重试的时间才再取（newsctl sync --retry-failed 立即重试）"
            : "Stories whose text the source did not give: \(count); syncs ask again at each one's next try (newsctl sync --retry-failed: now)"
    }

    /// "  9787342 标题：HTTP 500，连续 3 次，下次 2026年2月28日 11:00（北京时间）"; a 404 says the
    /// source does not have it.
    func failingStory(id: Int64, title: String?, status: Int, failures: Int, nextTry: String) -> String {
        let name = title.map { " \($0)" } ?? ""
        switch (language, status) {
        case (.zh, 404): return "  \(id)\(name)：来源没有（HTTP 404），下次 \(nextTry)（北京时间）"
        case (.en, 404): return "  \(id)\(name): not at the source (HTTP 404), next try \(nextTry) Beijing time"
        case (.zh, _): return "  \(id)\(name)：HTTP \(status)，连续 \(failures) 次，下次 \(nextTry)（北京时间）"
        case (.en, _): return "  \(id)\(name): HTTP \(status), \(failures) in a row, next try \(nextTry) Beijing time"
        }
    }

    /// Under the failing stories a status lists, how many more it left out: "  ……另有 9 篇（--json 列出全部）".
    func moreFailingStories(_ count: Int, commands: Bool = true) -> String {
        switch (language, commands) {
        case (.zh, true): return "  ……另有 \(count) 篇（--json 列出全部）"
        case (.zh, false): return "  ……另有 \(count) 篇"
        case (.en, true): return "  … and \(count) more (--json lists all)"
        case (.en, false): return "  … and \(count) more"
        }
    }

    /// What was not fetched, after the summary (failed, not at the source, pictures): the first
    /// three with their reason, then how many more.
    func failedList(_ items: [String]) -> String {
        guard !items.isEmpty else { return "" }
        let shown = items.prefix(3).joined(separator: language == .zh ? "，" : ", ")
        let more = items.count - 3
        switch language {
        case .zh: return "。未取到的有：" + shown + (more > 0 ? "，另有 \(more) 项（--json 列出全部）" : "")
        case .en: return ". Not fetched: " + shown + (more > 0 ? ", and \(more) more (--json lists all)" : "")
        }
    }

    /// "2 小时前（2026年2月28日 11:00，北京时间）".
    func ageAndTime(_ age: String, _ time: String) -> String {
        language == .zh ? "\(age)（\(time)，北京时间）" : "\(age) (\(time) Beijing time)"
    }

    /// "2023年3月20日 08:01（北京时间）": a time without its age.
    func beijingTime(_ time: String) -> String {
        language == .zh ? "\(time)（北京时间）" : "\(time) Beijing time"
    }

    /// One failed item; a picture's says why it could not be kept (`pictureReason`).
    /// - Parameters:
    ///   - httpStatus: the source's answer; nil for a `file://` copy's missing file.
    ///   - localCopy: the answer is a `file://` copy's missing file: the copy lacks it, not the source.
    func failedItem(
        _ item: SyncFailure.Item, _ kind: ErrorKind, httpStatus: Int?, pictureReason: PictureFailureReason? = nil, localCopy: Bool = false
    ) -> String {
        var message: String
        switch (language, kind) {
        case (.zh, .notFound) where localCopy: message = "本地副本中没有"
        case (.en, .notFound) where localCopy: message = "not in the local copy"
        case (.zh, .notFound): message = "来源没有" + Strings.statusInParentheses(httpStatus, .zh)
        case (.en, .notFound): message = "not at the source" + Strings.statusInParentheses(httpStatus, .en)
        case (.zh, .badData): message = "数据有误"
        case (.en, .badData): message = "bad data"
        case (.zh, _): message = "无法获取"
        case (.en, _): message = "could not be fetched"
        }
        if case .picture = item, let pictureReason { message = self.pictureReason(pictureReason) }
        switch (language, item) {
        case (.zh, .day(let day)): return "\(day)：\(message)"
        case (.en, .day(let day)): return "\(day): \(message)"
        case (.zh, .story(let id)): return "文章 \(id)：\(message)"
        case (.en, .story(let id)): return "story \(id): \(message)"
        case (.zh, .comments(let id)): return "文章 \(id) 的评论：\(message)"
        case (.en, .comments(let id)): return "comments of story \(id): \(message)"
        case (.zh, .picture(let key)): return "图片 \(key)：\(message)"
        case (.en, .picture(let key)): return "picture \(key): \(message)"
        }
    }

    func span(_ first: String, _ last: String, days: Int) -> String {
        language == .zh ? "日期：\(first) 至 \(last)，共 \(days) 天" : "Days: \(first) to \(last), \(days) in all"
    }

    /// No days, but stories (a column's, `sync --sections`): not "empty". With `commands`, what to
    /// run for days.
    func noDays(commands: Bool = true) -> String {
        guard commands else { return language == .zh ? "还没有按日期下载的日子" : "No days yet" }
        return language == .zh
            ? "还没有按日期下载的日子；运行 newsctl sync --days 7 下载最近 7 天"
            : "No days yet; run newsctl sync --days 7 to download the last 7 days"
    }

    /// An archive with nothing in it; with `commands`, what to run to fill it.
    func emptyArchive(commands: Bool = true) -> String {
        guard commands else { return language == .zh ? "存档是空的" : "The archive is empty" }
        return language == .zh
            ? "存档是空的；运行 newsctl sync --days 7 下载最近 7 天" : "The archive is empty; run newsctl sync --days 7 to download the last 7 days"
    }

    func gaps(_ gaps: [ArchiveStatusViewData.Gap]) -> String {
        guard !gaps.isEmpty else { return language == .zh ? "缺口：无" : "Gaps: none" }
        let total = gaps.reduce(0) { $0 + $1.days }
        let shown =
            gaps.prefix(5).map { $0.from == $0.to ? $0.from : "\($0.from)–\($0.to)" }
            .joined(separator: language == .zh ? "、" : "; ") + (gaps.count > 5 ? (language == .zh ? "……" : "; …") : "")
        return language == .zh
            ? "缺口：\(gaps.count) 处，共 \(total) 天（\(shown)）" : "Gaps: \(gaps.count), \(English.count(total, "day")) (\(shown))"
    }

    func partial(_ days: [String]) -> String {
        language == .zh ? "未完成：\(days.joined(separator: "、"))（仍会更新）" : "Partial: \(days.joined(separator: "; ")) (still updating)"
    }

    func counts(stories: Int, details: Int, favorites: Int) -> String {
        language == .zh
            ? "文章：\(stories)，详情：\(details)，收藏：\(favorites)"
            : "Stories: \(stories), details: \(details), favourites: \(favorites)"
    }

    /// "图片：已存 12 张（3.4 MB，预算 1.0 GB），缺 2 张（sync --images 列出而未存的，其中 1 张获取失败），超出预算移除 3 张":
    /// what "missing" counts is said, so that stories synced without pictures are not read as lacking them,
    /// and the failing pictures are said to be among the missing ones, not more besides them.
    /// Without `commands`, "missing" is worded without the option that lists them.
    func pictures(_ counts: PicturesStatusViewData, commands: Bool = true) -> String {
        switch language {
        case .zh:
            let failing = counts.failing > 0 ? "，其中 \(counts.failing) 张获取失败" : ""
            let budget = counts.budget.map { "，预算 \(Self.bytes($0))" } ?? ""
            let listed = commands ? "sync --images 列出而未存的" : "文章里有而存档未存的"
            return "图片：已存 \(counts.kept) 张（\(Self.bytes(counts.bytes))\(budget)），缺 \(counts.missing) 张（\(listed)\(failing)）"
                + (counts.evicted > 0 ? "，超出预算移除 \(counts.evicted) 张（阅读时再取）" : "")
        case .en:
            let failing = counts.failing > 0 ? "; \(counts.failing) of them failing" : ""
            let budget = counts.budget.map { " of a \(Self.bytes($0)) budget" } ?? ""
            let listed = commands ? "listed by a sync with --images" : "in the stories"
            return
                "Pictures: \(counts.kept) kept (\(Self.bytes(counts.bytes))\(budget)), \(counts.missing) missing (\(listed), not kept\(failing))"
                + (counts.evicted > 0 ? ", \(counts.evicted) evicted to keep within the budget (fetched again when read)" : "")
        }
    }

    /// "；另删除 5 张图片".
    func picturesPruned(_ count: Int) -> String {
        language == .zh ? "；另删除 \(count) 张图片" : "; and \(English.count(count, "picture"))"
    }

    func size(_ bytes: Int64) -> String {
        language == .zh ? "大小：\(Self.bytes(bytes))" : "Size: \(Self.bytes(bytes))"
    }

    /// "上次同步：2 小时前 (…)", with "（已中断）" when it was interrupted before it finished.
    func lastSync(_ age: String?, interrupted: Bool = false) -> String {
        guard let age else { return language == .zh ? "上次同步：从未" : "Last sync: never" }
        guard interrupted else { return language == .zh ? "上次同步：\(age)" : "Last sync: \(age)" }
        return language == .zh ? "上次同步：\(age)（已中断）" : "Last sync: \(age) (interrupted)"
    }

    func pruned(days: Int, stories: Int, details: Int, firstKept: String, before: Int64, after: Int64) -> String {
        switch language {
        case .zh:
            guard days > 0 else { return "没有早于 \(firstKept) 的日子，无需清理（\(Self.bytes(after))）" }
            return "已删除 \(days) 天、\(stories) 篇文章、\(details) 篇详情；保留 \(firstKept) 起的日子，收藏不受影响；\(Self.bytes(before)) → \(Self.bytes(after))"
        case .en:
            guard days > 0 else { return "No days before \(firstKept); nothing to prune (\(Self.bytes(after)))" }
            return
                "Removed \(English.count(days, "day")), \(English.count(stories, "story")), \(English.count(details, "detail")); kept days from \(firstKept) and every favourite; \(Self.bytes(before)) → \(Self.bytes(after))"
        }
    }

    var nothingToPrune: String { language == .zh ? "存档是空的，无需清理" : "The archive is empty; nothing to prune" }

    /// "812 B", "4.2 KB", "512.3 MB" (binary units).
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : "\(Double(Int(value * 10)) / 10) \(units[unit])"
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
