/// The tags of an HTML page that could run or restyle anything: `script`, `iframe`, `style`,
/// `object`, `embed`, `frame` elements; `on…`, `style` and `srcdoc` attributes; `href`, `src` and
/// `action` values that are `javascript:`, `vbscript:` or `data:` addresses. Text and attribute
/// values are escaped on the pages, so each `<` opens a tag and each `"` bounds a value.
public func unsafeMarkup(in html: String) -> [String] {
    html.split(separator: "<").dropFirst().map { String($0.prefix { $0 != ">" }) }.filter { tag in
        let lowered = tag.lowercased()
        let name = lowered.prefix { $0.isLetter || $0 == "/" || $0 == "!" }
        if ["script", "iframe", "style", "object", "embed", "frame"].contains(String(name)) { return true }
        return attributes(of: lowered.dropFirst(name.count)).contains { name, value in
            name.hasPrefix("on") || name == "style" || name == "srcdoc"
                || (["href", "src", "action"].contains(name)
                    && ["javascript:", "vbscript:", "data:"].contains { value.drop { $0 == " " }.hasPrefix($0) })
        }
    }
}

/// The attributes of a tag's inside after its name, as (name, value), values unquoted.
private func attributes(of text: Substring) -> [(String, String)] {
    var found: [(String, String)] = []
    var rest = text[...]
    while true {
        rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "/" }
        let name = rest.prefix { !" \t\n=/".contains($0) }
        guard !name.isEmpty else { return found }
        rest = rest.dropFirst(name.count)
        var value = ""
        if rest.first == "=" {
            rest = rest.dropFirst()
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let inner = rest.dropFirst()
                let end = inner.firstIndex(of: quote) ?? inner.endIndex
                value = String(inner[..<end])
                rest = end < inner.endIndex ? inner[inner.index(after: end)...] : inner[end...]
            } else {
                let bare = rest.prefix { !" \t\n".contains($0) }
                value = String(bare)
                rest = rest.dropFirst(bare.count)
            }
        }
        found.append((String(name), value))
    }
}
