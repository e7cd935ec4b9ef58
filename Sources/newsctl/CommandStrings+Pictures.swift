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
