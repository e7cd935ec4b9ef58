extension SearchIndex {
    /// A result's title as it reads: `SearchText.display`, which rebuilds the string scalar by
    /// scalar (costly for every title of a search), only for a title that holds a
    /// snippet marker or the old separator; any other title is itself. Found in UTF-8 as
    /// `parts(of:)` finds them: each is one three-byte sequence.
    static func displayed(_ title: String) -> String {
        var title = title
        let hasMarkup = title.withUTF8 { bytes in
            var index = 0
            while index + 2 < bytes.count {
                let lead = bytes[index]
                if (lead == 0xEE || lead == 0xE2) && bytes[index + 1] == 0x80 {
                    let last = bytes[index + 2]
                    if lead == 0xEE ? last == 0x80 || last == 0x81 : last == 0x8B { return true }
                }
                index += 1
            }
            return false
        }
        return hasMarkup ? SearchText.display(title) : title
    }
}
