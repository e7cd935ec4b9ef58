/// The words of the sections (栏目) commands' argument checks.
extension CommandStrings {
    func notASectionID(_ text: String) -> String {
        language == .zh
            ? "'\(text)' 不是栏目 id；应为正整数，例如 2（瞎扯），见 newsctl sections"
            : "'\(text)' is not a section id; expected a positive number such as 2 (瞎扯), see newsctl sections"
    }

    var allWithPages: String {
        language == .zh ? "--all 与 --pages 只能选一个" : "--all and --pages cannot be used together"
    }

    func notAPageCount(_ count: Int) -> String {
        language == .zh ? "--pages 应为正整数，而不是 \(count)" : "--pages needs a positive number, not \(count)"
    }
}

extension CommandStrings {
    var sectionsWithDays: String {
        language == .zh ? "--sections 不能与 --days 或 --since 一起用" : "--sections cannot be used with --days or --since"
    }
}
