extension ReadableTextBuilder {
    // MARK: - References

    /// The number of `href`'s reference, adding it on first use; nil for links that get none.
    mutating func reference(href: String, text: String) -> Int? {
        let url = Self.cleanURL(href)
        let lowered = url.prefix(11).lowercased()
        guard !url.isEmpty, !url.hasPrefix("#"), !lowered.hasPrefix("javascript:"),
            !lowered.hasPrefix("vbscript:"), !lowered.hasPrefix("data:"),
            Self.comparable(url) != Self.comparable(text)
        else { return nil }
        if let number = referenceNumbers[url] { return number }
        references.append(url)
        referenceNumbers[url] = references.count
        return references.count
    }

    /// `href` without controls and line breaks (as URL parsers drop them), trimmed, spaces as %20
    /// and the other whitespace controls left (`\v`, `\f`) percent-encoded, as URL parsers do.
    /// Scalar by scalar: a space followed by a combining mark is one Character.
    static func cleanURL(_ href: String) -> String {
        // Printable ASCII without spaces (nearly every address): nothing to drop, trim or encode.
        let isPlain = href.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { (0x21...0x7E).contains($0) } }
        if isPlain == true { return href }
        var kept: [Unicode.Scalar] = []
        var sanitizer = TextSanitizer()
        for scalar in href.unicodeScalars {
            guard let scalar = sanitizer.filter(scalar), scalar != "\t", scalar != "\n", scalar != "\r" else { continue }
            kept.append(scalar)
        }
        var result: [Unicode.Scalar] = []
        for scalar in String(scalars: kept).trimmingSpaces.unicodeScalars {
            switch scalar {
            case " ": result.append(contentsOf: "%20".unicodeScalars)
            case "\u{0B}": result.append(contentsOf: "%0B".unicodeScalars)
            case "\u{0C}": result.append(contentsOf: "%0C".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(scalars: result)
    }

    /// A URL or link text without scheme and trailing slash, to tell a link that shows its own URL.
    private static func comparable(_ string: String) -> Substring {
        var rest = Substring(string.trimmingSpaces)
        for scheme in ["https://", "http://"] where rest.prefix(scheme.count).lowercased() == scheme {
            rest = rest.dropFirst(scheme.count)
        }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        return rest
    }
}

extension String {
    /// Without leading and trailing whitespace (the kinds `TextSanitizer.isSpace` knows).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !TextSanitizer.isSpace($0) }),
            let last = scalars.lastIndex(where: { !TextSanitizer.isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
