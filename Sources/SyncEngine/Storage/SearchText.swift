/// How text goes into and comes out of the full-text index.
///
/// Chinese has no spaces, and FTS5's `unicode61` tokenizer would take a whole sentence as one
/// token; the trigram tokenizer finds nothing shorter than three characters. So every Han or kana
/// character is followed by a zero-width space, which the index's tokenizer treats as a separator:
/// each such character is a token of its own, a query of any length is a phrase of them, and
/// Latin words stay whole words. Snippets drop the separators again.
enum SearchText {
    /// The separator the `story_search` tokenizer is declared with.
    static let separator: Unicode.Scalar = "\u{200B}"
    /// Snippet markers: private-use characters, which no story text uses.
    static let matchStart: Unicode.Scalar = "\u{E000}"
    static let matchEnd: Unicode.Scalar = "\u{E001}"

    /// Text as the index stores it.
    static func indexed(_ text: String) -> String {
        var result = String()
        result.reserveCapacity(text.utf8.count * 2)
        var previousIsToken = false
        for scalar in text.unicodeScalars where !isMarkup(scalar) {
            let ideographic = isIdeographic(scalar)
            // "VR眼镜" must give "vr", "眼", "镜": split before an ideograph as well as after.
            if ideographic && previousIsToken { result.unicodeScalars.append(separator) }
            // NUL and other controls end or confuse an FTS5 query; they are never words.
            result.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
            if ideographic { result.unicodeScalars.append(separator) }
            previousIsToken = !ideographic && isTokenCharacter(scalar)
        }
        return result
    }

    /// Indexed text as it reads, separators and markers removed.
    static func display(_ indexed: String) -> String {
        String(String.UnicodeScalarView(indexed.unicodeScalars.filter { !isMarkup($0) }))
    }

    /// An FTS5 expression that finds every term of `query` as a phrase (all terms must match), or
    /// nil when the query has nothing to search for. The user's text is always quoted, so FTS5
    /// syntax in it (`AND`, `NEAR(`, `*`, `"`, `col:`) is searched for as words, never run.
    static func matchExpression(for query: String) -> String? {
        let terms = query.split(whereSeparator: { $0.isWhitespace })
            .filter { $0.unicodeScalars.contains(where: isTokenCharacter) }
        guard !terms.isEmpty else { return nil }
        return terms.map { term in
            "\"" + doublingQuotes(indexed(String(term))) + "\""
        }.joined(separator: " ")
    }

    /// `text` with every `"` doubled, as FTS5 strings escape it. Scalar by scalar: a `"` followed
    /// by a combining mark is one Character, which a Character-wise replace would leave single.
    private static func doublingQuotes(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" { result.append(scalar) }
            result.append(scalar)
        }
        return String(result)
    }

    /// Characters `unicode61` keeps in tokens: letters, numbers (and the private-use markers,
    /// which `indexed` removes first).
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Han ideographs, kana and bopomofo: written without spaces between words.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x312F,  // hiragana, katakana, bopomofo
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,  // CJK ideographs, extension A, compatibility
            0x20000...0x3134F:  // extensions B to G
            return true
        default:
            return false
        }
    }

    private static func isMarkup(_ scalar: Unicode.Scalar) -> Bool {
        scalar == separator || scalar == matchStart || scalar == matchEnd
    }
}
