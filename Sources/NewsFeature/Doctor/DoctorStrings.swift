import SyncEngine

/// The wording of `newsctl doctor`: the archive's check and rebuild, and the network check
/// (`--network`), in Chinese or English.
struct DoctorStrings: Sendable {
    let language: Language

    func say(_ zh: String, _ en: String) -> String { language == .zh ? zh : en }

    // MARK: The archive's check and rebuild

    func archivePath(_ path: String) -> String { say("存档：\(path)", "archive: \(path)") }

    func integrity(problems: Int) -> String {
        guard problems > 0 else { return say("完整性：正常", "integrity: ok") }
        return say("完整性：\(problems) 个问题", "integrity: \(English.count(problems, "problem"))")
    }

    func dayCount(_ days: Int) -> String { say("日期：\(days) 天", "days: \(days)") }

    /// A user table's rows in user words: "收藏 1 篇", "favourites: 1".
    func userRows(_ table: String, _ count: Int) -> String {
        switch (language, table) {
        case (.zh, "favorite"): return "收藏 \(count) 篇"
        case (.en, "favorite"): return "favourites: \(count)"
        case (.zh, "read_mark"): return "已读标记 \(count) 条"
        case (.en, "read_mark"): return "read marks: \(count)"
        default: return "\(table): \(count)"
        }
    }

    /// A user table as a name in a sentence: "收藏", "favourites".
    func tableName(_ table: String) -> String {
        switch (language, table) {
        case (.zh, "favorite"): return "收藏"
        case (.en, "favorite"): return "favourites"
        case (.zh, "read_mark"): return "已读标记"
        case (.en, "read_mark"): return "read marks"
        case (.zh, "account"): return "账户"
        case (.en, "account"): return "accounts"
        case (.zh, "account_token"): return "账户的登录"
        case (.en, "account_token"): return "accounts' logins"
        default: return table
        }
    }

    func rebuilt(_ path: String) -> String {
        say("已重建 \(path)：缓存已清空，将从网络重新获取", "rebuilt \(path): the cache is empty and refills from the network")
    }

    /// "保留收藏 2 篇", "kept favourites: 2".
    func kept(_ table: String, _ count: Int) -> String {
        say("保留" + userRows(table, count), "kept " + userRows(table, count))
    }

    /// "保留收藏的正文 2 篇（可离线阅读）", "kept favourites' texts: 2 (readable offline)".
    func keptFavoriteTexts(_ count: Int) -> String {
        say("保留收藏的正文 \(count) 篇（可离线阅读）", "kept favourites' texts: \(count) (readable offline)")
    }

    func unreadable(_ table: String) -> String {
        say("无法读取\(tableName(table))；这些记录仍在备份中", "could not read \(tableName(table)); its rows remain in the backup")
    }

    /// `doctor --rebuild` refused because user tables could not be read: `--force` goes on.
    func rebuildNeedsForce(_ tables: [String]) -> String {
        let names = tables.map(tableName)
        return say(
            "无法从旧存档读出\(names.joined(separator: "、"))，未做任何改动；加上 --force 仍然重建（读不出的内容只留在备份文件中）",
            "Could not read the \(Self.englishList(names)) of the old archive; nothing was changed. "
                + "Add --force to rebuild anyway (what could not be read stays in the backup file only)")
    }

    /// "a", "a and b", "a, b and c".
    static func englishList(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    func backupKept(_ path: String) -> String { say("旧文件保留在 \(path)", "the old file is kept at \(path)") }

    /// "图片：已存 12 张，共 3.4 MB（预算 1.0 GB），2 张没有文章使用（prune 时删除）".
    func pictureHealth(_ health: PictureHealth, budget: Int64) -> String {
        let size = ArchiveStrings.bytes(health.bytes)
        let orphans = health.orphans
        switch language {
        case .zh:
            return "图片：已存 \(health.kept) 张，共 \(size)（预算 \(ArchiveStrings.bytes(budget))）"
                + (health.damagedCount > 0 ? "，\(health.damagedCount) 张已损坏" : "")
                + (orphans > 0 ? "，\(orphans) 张没有文章使用（prune 时删除）" : "")
        case .en:
            return "pictures: \(health.kept) kept, \(size) (budget \(ArchiveStrings.bytes(budget)))"
                + (health.damagedCount > 0 ? ", \(health.damagedCount) damaged" : "")
                + (orphans > 0 ? ", \(orphans) used by no story (prune removes them)" : "")
        }
    }

    /// "  图片 https://…/a.jpg：已损坏，格式与记录不符".
    func damagedPicture(_ damaged: PictureHealth.Damaged) -> String {
        let what: String
        switch (language, damaged.problem) {
        case (.zh, .missingBytes): what = "缺少图片数据"
        case (.en, .missingBytes): what = "its bytes are missing"
        case (.zh, .refused(.notAPicture)): what = "数据不是图片"
        case (.en, .refused(.notAPicture)): what = "its bytes are not a picture"
        case (.zh, .refused(.truncated)): what = "图片不完整"
        case (.en, .refused(.truncated)): what = "the picture is cut short"
        case (.zh, .refused(.badHeader)): what = "文件头有误"
        case (.en, .refused(.badHeader)): what = "a broken header"
        case (.zh, .refused(.tooLarge)): what = "超过大小上限"
        case (.en, .refused(.tooLarge)): what = "over the size cap"
        case (.zh, .refused(.tooManyPixels)): what = "超过像素上限"
        case (.en, .refused(.tooManyPixels)): what = "over the pixel cap"
        case (.zh, .formatDiffers): what = "格式与记录不符"
        case (.en, .formatDiffers): what = "its format differs from its record"
        case (.zh, .sizeDiffers): what = "尺寸与记录不符"
        case (.en, .sizeDiffers): what = "its size differs from its record"
        case (.zh, .byteCountDiffers): what = "字节数与记录不符"
        case (.en, .byteCountDiffers): what = "its byte count differs from its record"
        }
        return language == .zh ? "  图片 \(damaged.key)：已损坏，\(what)" : "  picture \(damaged.key): damaged, \(what)"
    }

    /// "  另有 3 张图片已损坏（--json 列出前 20 张）".
    func moreDamagedPictures(_ count: Int) -> String {
        language == .zh ? "  另有 \(count) 张图片已损坏" : "  and \(English.count(count, "more damaged picture"))"
    }

    /// "保留图片 12 张（通过检查的已存图片）".
    func keptPictures(_ count: Int) -> String {
        language == .zh ? "保留图片 \(count) 张（通过检查的已存图片）" : "kept pictures: \(count) (the kept ones that pass their check)"
    }

    // MARK: The network check

    func stepName(_ step: HostCheck.StepKind) -> String {
        switch (language, step) {
        case (.zh, .resolve): return "域名解析"
        case (.en, .resolve): return "name resolution"
        case (.zh, .connect): return "连接"
        case (.en, .connect): return "connect"
        case (_, .tls): return "TLS"
        case (_, .http): return "HTTP"
        case (.zh, .page): return "最新一期"
        case (.en, .page): return "latest page"
        }
    }

    /// What a step found, in words; nil where only the transport's own message says it.
    func finding(_ finding: HostCheck.Finding) -> String {
        switch finding {
        case .status(let status): return "HTTP \(status)"
        case .page(let day, let stories): return say("\(day)，\(stories) 篇文章", "\(day), \(English.count(stories, "story"))")
        case .notAPage(let bytes): return say("不是最新一期的内容（\(bytes) 字节）", "not a latest page (\(bytes) bytes)")
        case .certificateForOtherNames(let names, let host):
            let list = names.joined(separator: ", ")
            return say("证书属于 \(list)，而不是 \(host)", "the certificate is for \(list), not \(host)")
        case .noAnswer(let timeout):
            let milliseconds = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
            return say("已连接，但 \(milliseconds) 毫秒内没有应答", "connected, but no answer within \(milliseconds) ms")
        }
    }

    /// A failed step the transport describes in its own (English) words: in Chinese, what
    /// failed first, then those words as the technical cause.
    func failedStep(_ step: HostCheck.StepKind, _ detail: String) -> String {
        guard language == .zh else { return detail }
        let what =
            switch step {
            case .resolve: "无法解析域名"
            case .connect: "无法连接"
            case .tls: "TLS 握手失败"
            case .http: "没有得到 HTTP 应答"
            case .page: "无法读取最新一期"
            }
        return detail.isEmpty ? what : what + "：" + detail
    }

    func works(_ works: Bool) -> String {
        works ? say("可用", "works") : say("不可用", "does not work")
    }

    func stepOutcome(_ succeeded: Bool) -> String {
        succeeded ? say("成功", "ok") : say("失败", "failed")
    }

    func preferred(_ url: String, since: String, until: String) -> String {
        say(
            "优先使用：\(url)（自 \(since) 起，因为之前的地址没有应答）；\(until) 之后重新按给定顺序尝试（北京时间）",
            "preferred: \(url), which answered when an earlier one did not, since \(since); the order given is tried again after \(until) (Beijing time)"
        )
    }

    var noPreference: String {
        say("优先使用：无；按给定顺序尝试各个地址", "preferred: none; the base URLs are tried in the order given")
    }

    /// "1 of 2 base URLs works", "0 of 2 base URLs work", "the base URL does not work";
    /// "2 个地址中 1 个可用", "2 个地址都不可用", "该地址不可用".
    func working(_ working: Int, of count: Int) -> String {
        if count == 1 { return working == 1 ? say("该地址可用", "the base URL works") : say("该地址不可用", "the base URL does not work") }
        switch language {
        case .zh: return working == 0 ? "\(count) 个地址都不可用" : "\(count) 个地址中 \(working) 个可用"
        case .en: return "\(working) of \(count) base URLs \(working == 1 ? "works" : "work")"
        }
    }

    var noneWorks: String {
        say(
            "没有任何地址返回最新一期；见上面的各步结果，或用 --base-url 指定镜像",
            "no base URL answered with its latest page; see the steps above, or use --base-url for a mirror")
    }
}
