import SyncEngine

/// The words of an EPUB edition (`newsctl export --epub`) and of the OPDS catalog that lists them.
extension WebStrings {
    /// The book's publisher and author line: "知乎日报".
    public var editionCreator: String { "知乎日报" }

    /// The title of a book of the days `first`...`last`: "知乎日报 2023年4月21日" or
    /// "知乎日报 2023年4月15日–4月21日" / "Zhihu Daily, Apr 15 – Apr 21, 2023".
    public func editionTitle(first: Day, last: Day) -> String {
        let dates = DateFormatting(language: language)
        if first == last { return pick("知乎日报 ", "Zhihu Daily, ") + dates.fullDate(first) }
        switch language {
        case .zh:
            let end = first.year == last.year ? dates.monthDay(last) : dates.fullDate(last)
            return "知乎日报 \(dates.fullDate(first))–\(end)"
        case .en:
            let start = first.year == last.year ? dates.monthDay(first) : dates.fullDate(first)
            return "Zhihu Daily, \(start) – \(dates.fullDate(last))"
        }
    }

    /// The title of a book of a section: "知乎日报 · 深夜惊奇".
    public func editionTitle(section name: String) -> String { pick("知乎日报 · ", "Zhihu Daily · ") + name }

    /// The title of a book of the favourites: "知乎日报 · 收藏".
    public var editionFavoritesTitle: String { pick("知乎日报 · 收藏", "Zhihu Daily · Favourites") }

    /// The navigation's heading: "目录".
    public var editionContents: String { pick("目录", "Contents") }

    /// The cover's name in the navigation's landmarks.
    public var editionCover: String { pick("封面", "Cover") }

    /// The landmark of the first story.
    public var editionStart: String { pick("正文", "Start of the stories") }

    /// Beside a listed story whose text the archive lacks.
    public var editionNoText: String { pick("（存档里没有正文）", "(the archive lacks its text)") }

    /// A picture kept out of the book because e-readers may not show its format (WebP).
    public func editionPictureFormat(_ placeholder: String) -> String {
        placeholder + pick("（WebP 图片，电子书不一定能显示，未放入）", " (a WebP picture, which e-readers may not show; left out)")
    }

    /// A picture the archive does not keep, in its place in the book.
    public func editionPictureMissing(_ placeholder: String) -> String {
        placeholder + pick("（存档里没有这张图片）", " (not in the archive)")
    }

    /// Under a favourite listed without its text: "收藏于 2023年4月25日".
    public func editionSavedOn(_ day: String) -> String {
        day.isEmpty ? "" : pick("收藏于 ", "Saved on ") + day
    }

    /// What an edition holds, after it is written: "已写入 zh.epub：7 天，56 篇文章（3 篇无正文，列出提示），
    /// 120 张图片（4 张不在存档里，保留说明；2 张 WebP 未放入），230 条评论".
    public func editionSummary(
        path: String, days: Int?, stories: Int, withoutText: Int, pictures: Int, missingPictures: Int, leftOutPictures: Int,
        comments: Int?
    ) -> String {
        var parts: [String] = []
        if let days { parts.append(pick("\(days) 天", English.count(days, "day"))) }
        var storyPart = pick("\(stories) 篇文章", English.count(stories, "story", plural: "stories"))
        if withoutText > 0 {
            storyPart += pick("（\(withoutText) 篇无正文，列出提示）", " (\(withoutText) without their text, listed with their hints)")
        }
        parts.append(storyPart)
        var notes: [String] = []
        if missingPictures > 0 {
            notes.append(pick("\(missingPictures) 张不在存档里，保留说明", "\(missingPictures) not in the archive, kept as their captions"))
        }
        if leftOutPictures > 0 {
            notes.append(pick("\(leftOutPictures) 张 WebP 未放入", "\(leftOutPictures) in WebP left out"))
        }
        var picturePart = pick("\(pictures) 张图片", English.count(pictures, "picture"))
        if !notes.isEmpty { picturePart += pick("（" + notes.joined(separator: "；") + "）", " (" + notes.joined(separator: "; ") + ")") }
        parts.append(picturePart)
        if let comments { parts.append(pick("\(comments) 条评论", English.count(comments, "comment"))) }
        return pick("已写入 \(path)：", "Wrote \(path): ") + parts.joined(separator: pick("，", ", "))
    }

    /// Why no book of days was written: the archive holds none of their stories.
    public var editionEmpty: String {
        pick(
            "存档里没有这些天的文章，未写入（先运行 newsctl sync 下载）",
            "The archive holds no stories of these days, so no book was written (run newsctl sync first)")
    }

    /// Why no book of a section was written: the archive holds none of its stories.
    public func editionEmptySection(_ id: Int64) -> String {
        pick(
            "存档里没有栏目 \(id) 的文章，未写入（先运行 newsctl section \(id) --all 下载）",
            "The archive holds no stories of section \(id), so no book was written (run newsctl section \(id) --all first)")
    }

    /// Why no book of the favourites was written: there are none.
    public var editionNoFavorites: String {
        pick("还没有收藏，未写入（用 newsctl fav add ID 收藏）", "There are no favourites, so no book was written (save some with newsctl fav add ID)")
    }

    /// Why a book was not written over a file: it is not an earlier book.
    public func editionNotABook(_ path: String) -> String {
        pick(
            "\(path) 已存在且不是 EPUB 电子书，未覆盖（换一个文件名，或先删除它）",
            "\(path) exists and is not an EPUB book, so it was not replaced (choose another name, or remove it first)")
    }

    /// Why a book was not written at the archive's own path.
    public func editionIsTheArchive(_ path: String) -> String {
        pick("\(path) 是存档本身，不能写成电子书", "\(path) is the archive itself, which a book cannot replace")
    }

    /// Why a book was not written at a folder's path.
    public func editionIsAFolder(_ path: String) -> String {
        pick("\(path) 是一个文件夹；请给出电子书的文件名，如 \(path)/zhihu.epub", "\(path) is a folder; give the book's file name, such as \(path)/zhihu.epub")
    }

    /// Why an edition could not be written: "无法写入 /home/a/zh.epub：No space left on device".
    public func editionFailed(path: String, reason: String) -> String {
        pick("无法写入 \(path)：\(reason)", "Cannot write \(path): \(reason)")
    }
}
