/// How text goes into and comes out of the full-text index.
///
/// Chinese has no spaces, so the index's tokenizer (`SearchTokenizer`) makes every Han or kana
/// character a token of its own and keeps Latin words whole: a query of any length is a phrase
/// of them. Snippets are marked with private-use characters, which `display` and
/// `SearchIndex.parts` remove again.
enum SearchText {
    /// A zero-width space: the index of schema 3 was declared with it as its separator; dropped
    /// from snippets, as it was then.
    static let separator: Unicode.Scalar = "\u{200B}"
    /// Snippet markers: private-use characters, which no story text uses.
    static let matchStart: Unicode.Scalar = "\u{E000}"
    static let matchEnd: Unicode.Scalar = "\u{E001}"

    /// A query term as it goes to FTS5: controls (NUL ends or confuses a query) become spaces,
    /// and the markers go.
    static func cleaned(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isMarkup(scalar) {
            result.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        return String(result)
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
            "\"" + doublingQuotes(cleaned(String(term))) + "\""
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
    /// which `cleaned` removes first).
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Han ideographs, kana and bopomofo: written without spaces between words.
    static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        isIdeographic(scalar.value)
    }

    static func isIdeographic(_ value: UInt32) -> Bool {
        switch value {
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
