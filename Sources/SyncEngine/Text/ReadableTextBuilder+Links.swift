extension ReadableTextBuilder {
    // MARK: - References

    /// The number of `href`'s reference, adding it on first use; nil for links that get none.
    mutating func reference(href: String, text: String) -> Int? {
        let url = Self.cleanURL(href)
        guard !url.isEmpty, !url.hasPrefix("#"), !Self.hasUnsafeScheme(url), !Self.showsItsURL(url, text: text)
        else { return nil }
        if let number = referenceNumbers[url] { return number }
        references.append(url)
        referenceNumbers[url] = references.count
        return references.count
    }

    /// Whether `url` starts with `javascript:`, `vbscript:` or `data:`, in any case.
    static func hasUnsafeScheme(_ url: String) -> Bool {
        // Printable ASCII (what `cleanURL` keeps as written): each byte is a Character and
        // lowercasing is ASCII's, so the prefixes are compared as bytes, without a lowercased copy.
        let ascii = url.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
            return ["javascript:", "vbscript:", "data:"].contains { scheme in
                bytes.count >= scheme.utf8.count
                    && zip(bytes, scheme.utf8).allSatisfy { byte, expected in
                        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == expected
                    }
            }
        }
        if let ascii = ascii ?? nil { return ascii }
        return generalHasUnsafeScheme(url)
    }

    /// `hasUnsafeScheme` for any string, Character by Character.
    static func generalHasUnsafeScheme(_ url: String) -> Bool {
        let lowered = url.prefix(11).lowercased()
        return lowered.hasPrefix("javascript:") || lowered.hasPrefix("vbscript:") || lowered.hasPrefix("data:")
    }

    /// Whether a link's text is its own URL (`comparable` agrees).
    static func showsItsURL(_ url: String, text: String) -> Bool {
        // Most links have Chinese text and an ASCII URL. A scalar from U+3000 to U+D7FF (CJK,
        // kana, Hangul: a UTF-8 lead byte E3 to ED, as surrogates never occur) is not canonically
        // equivalent to anything ASCII, and trimming and scheme removal leave it in place, so such
        // a text never agrees with an ASCII URL: no comparable text is made Character by Character.
        if url.utf8.allSatisfy({ $0 < 0x80 }), text.utf8.contains(where: { (0xE3...0xED).contains($0) }) {
            return false
        }
        return comparable(url) == comparable(text)
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
    static func comparable(_ string: String) -> Substring {
        if let bounds = asciiComparableBounds(string) {
            let utf8 = string.utf8
            return string[
                utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: bounds.upperBound)]
        }
        return generalComparable(string)
    }

    /// `comparable` for any string, Character by Character.
    static func generalComparable(_ string: String) -> Substring {
        var rest = Substring(string.trimmingSpaces)
        for scheme in ["https://", "http://"] where rest.prefix(scheme.count).lowercased() == scheme {
            rest = rest.dropFirst(scheme.count)
        }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        return rest
    }

    /// `comparable`'s part of an ASCII string without `\r`, as byte offsets: there each byte is
    /// a Character and lowercasing is ASCII's, so it is found without making strings (a link's
    /// URL and often its text, which the general way makes slowly). nil for any other string.
    private static func asciiComparableBounds(_ string: String) -> Range<Int>? {
        string.utf8.withContiguousStorageIfAvailable { bytes -> Range<Int>? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
            func isSpace(_ byte: UInt8) -> Bool { (0x09...0x0D).contains(byte) || byte == 0x20 }
            guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
            else { return 0..<0 }
            var start = first
            let end = last + 1
            for scheme in ["https://", "http://"] {
                let length = scheme.utf8.count
                guard end - start >= length,
                    zip(bytes[start..<start + length], scheme.utf8).allSatisfy({ byte, expected in
                        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == expected
                    })
                else { continue }
                start += length
            }
            var trimmed = end
            while trimmed > start, bytes[trimmed - 1] == UInt8(ascii: "/") { trimmed -= 1 }
            return start..<trimmed
        } ?? nil
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
