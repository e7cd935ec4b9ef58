import NewsFeature
import SyncEngine

/// doctor's words about the archive's pictures.
extension CommandStrings {
    /// "图片：已存 12 张，共 3.4 MB（预算 1.0 GB），2 张没有文章使用（prune 时删除）".
    func pictureHealth(_ health: PictureHealth, budget: Int64) -> String {
        let size = Self.bytes(health.bytes)
        let orphans = health.orphans
        switch language {
        case .zh:
            return "图片：已存 \(health.kept) 张，共 \(size)（预算 \(Self.bytes(budget))）"
                + (health.damagedCount > 0 ? "，\(health.damagedCount) 张已损坏" : "")
                + (orphans > 0 ? "，\(orphans) 张没有文章使用（prune 时删除）" : "")
        case .en:
            return "pictures: \(health.kept) kept, \(size) (budget \(Self.bytes(budget)))"
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

    /// "812 B", "4.2 KB", "1.0 GB" (binary units).
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
}
