/// One piece of HTML as the tokenizer reads it.
enum HTMLToken: Equatable, Sendable {
    /// Character data with its references decoded (raw-text element content is left as written).
    case text(String)
    /// `<name attr=value …>`; the name and attribute names are lowercased.
    case startTag(name: String, attributes: [HTMLAttribute], selfClosing: Bool)
    /// `</name>`, lowercased.
    case endTag(name: String)
}

/// One attribute of a start tag; its value has its references decoded.
struct HTMLAttribute: Equatable, Sendable {
    let name: String
    let value: String
}

extension [HTMLAttribute] {
    /// The value of the first attribute called `name`.
    subscript(name: String) -> String? {
        first { $0.name == name }?.value
    }

    /// Whether one of the whitespace-separated tokens of the `class` attribute is one of `names`
    /// (ASCII names). No array of the tokens is made.
    func hasClass(in names: [String]) -> Bool {
        guard var classes = self["class"] else { return false }
        func isSeparator(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C
        }
        // ASCII (a Character is a byte; the tokenizer has made every `\r\n` a `\n`): tokens
        // compared as bytes. Every start tag asks, most of them for a class it lacks.
        let ascii = classes.withUTF8 { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var index = 0
            while index < bytes.count {
                while index < bytes.count, isSeparator(bytes[index]) { index += 1 }
                let start = index
                while index < bytes.count, !isSeparator(bytes[index]) { index += 1 }
                let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if !token.isEmpty, names.contains(where: { $0.utf8.count == token.count && $0.utf8.elementsEqual(token) }) {
                    return true
                }
            }
            return false
        }
        if let ascii { return ascii }
        // Not ASCII: tokens split between Characters, a space and its combining mark being one.
        let tokens = classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\u{0C}" })
        return tokens.contains { token in names.contains { token == $0 } }
    }
}

/// A forgiving HTML tokenizer after the HTML standard's tokenization rules, without a tree builder.
///
/// It never fails: a `<` that does not open markup is text, a tag cut off by the end of the input is
/// dropped, comments (`<!-- -->`), doctypes and processing instructions are skipped. It works
/// front to back over the input's scalars without recursion, so it runs in linear time.
/// `\r\n` and lone `\r` are read as `\n`. The contents of the raw-text elements
/// (`script`, `style`, …) are reported as one undecoded `.text` up to their end tag, even when
/// they contain `<`; quotes in their start tag need not be ASCII (`type=“text/javascript”` is an
/// unquoted value).
struct HTMLTokenizer: IteratorProtocol, Sequence {
    /// Elements whose content is not markup: everything up to the matching end tag is text.
    static let rawTextElements: Set<String> = [
        "script", "style", "iframe", "noscript", "noembed", "noframes", "xmp", "textarea", "title",
    ]

    private let input: [Unicode.Scalar]
    private var position = 0
    /// Set after the start tag of a raw-text element: the lowercased name its end tag must have.
    private var rawTextEnd: [Unicode.Scalar]?

    init(_ html: String) {
        var html = html
        input = html.withUTF8(Self.scalars)
    }

    /// The scalars of a string's UTF-8 (valid, as every String's is), `\r\n` and lone `\r` read
    /// as `\n`, decoded into an array made at its largest size once rather than grown a scalar at
    /// a time.
    static func scalars(_ bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
        [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { scalars, count in
            var index = 0
            while index < bytes.count {
                // Eight ASCII bytes without a `\r` (tags, attributes, Latin text) widened at once;
                // looked for only at an ASCII byte, so runs of Chinese text pay one comparison.
                if bytes[index] < 0x80, bytes.count - index >= 8 {
                    let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    let highs = ones &* 0x80
                    let returns = word ^ (ones &* 0x0D)
                    if word & highs == 0, (returns &- ones) & ~returns & highs == 0 {
                        for byte in 0..<8 { scalars[count + byte] = Unicode.Scalar(UInt8(truncatingIfNeeded: word >> (8 * UInt64(byte)))) }
                        count += 8
                        index += 8
                        continue
                    }
                }
                let lead = UInt32(bytes[index])
                var value: UInt32
                switch lead {
                case 0..<0x80:
                    value = lead
                    index += 1
                case 0..<0xE0:
                    value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    index += 2
                case 0..<0xF0:
                    value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                default:
                    value = (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    value |= UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                    index += 4
                }
                if value == 0x0D {
                    value = 0x0A
                    if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                }
                scalars[count] = Unicode.Scalar(value) ?? "\u{FFFD}"
                count += 1
            }
        }
    }

    mutating func next() -> HTMLToken? {
        switch scan() {
        case .text(let scalars): return .text(String(scalars: scalars))
        case .markup(let token): return token
        case nil: return nil
        }
    }

    /// A token as `ReadableText` reads it: text stays scalars, a slice of the input where it holds
    /// no character reference, so no string is made of it.
    enum Scanned {
        case text(ArraySlice<Unicode.Scalar>)
        /// A start or end tag.
        case markup(HTMLToken)
    }

    /// The next token, as `next()` gives it but with text left as scalars.
    mutating func scan() -> Scanned? {
        if let name = rawTextEnd {
            rawTextEnd = nil
            let end = endOfRawText(named: name)
            if end > position {
                defer { position = end }
                return .text(input[position..<end])
            }
        }
        // Text runs from `start` to `position`; once a reference is decoded it is copied to
        // `decoded`, which is never empty after that.
        var start = position
        var decoded: [Unicode.Scalar] = []
        while position < input.count {
            let scalar = input[position]
            if scalar == "<" && opensMarkup(at: position) {
                if !decoded.isEmpty {
                    decoded.append(contentsOf: input[start..<position])
                    return .text(decoded[...])
                }
                if position > start { return .text(input[start..<position]) }
                if let token = markup() { return .markup(token) }
                start = position
            } else if scalar == "&", let (scalar, end) = HTMLEntities.decode(input, at: position) {
                decoded.append(contentsOf: input[start..<position])
                decoded.append(scalar)
                position = end
                start = end
            } else {
                position += 1
            }
        }
        if !decoded.isEmpty {
            decoded.append(contentsOf: input[start..<position])
            return .text(decoded[...])
        }
        return position > start ? .text(input[start..<position]) : nil
    }

    // MARK: - Markup

    /// Whether the `<` at `index` starts a tag, an end tag, a comment or a bogus comment.
    private func opensMarkup(at index: Int) -> Bool {
        guard index + 1 < input.count else { return false }
        let next = input[index + 1]
        if isASCIILetter(next) || next == "!" || next == "?" { return true }
        // `</` at the very end stays text; `</>` and `</…` are markup.
        return next == "/" && index + 2 < input.count
    }

    /// Reads the markup at `position` (a `<` that `opensMarkup`); nil for what produces no token.
    private mutating func markup() -> HTMLToken? {
        let next = input[position + 1]
        if next == "!" {
            if matches("--", at: position + 2) {
                // `<!-->` and `<!--->` are complete, empty comments.
                skip(past: "-->", from: position + 2)
            } else {
                skip(past: ">", from: position + 2)
            }
            return nil
        }
        if next == "?" {
            skip(past: ">", from: position + 2)
            return nil
        }
        if next == "/" {
            let first = input[position + 2]
            if first == ">" {
                position += 3
                return nil
            }
            guard isASCIILetter(first) else {
                skip(past: ">", from: position + 2)
                return nil
            }
            position += 2
            guard let (name, _, _) = tag() else { return nil }
            return .endTag(name: name)
        }
        position += 1
        guard let (name, attributes, selfClosing) = tag() else { return nil }
        if Self.rawTextElements.contains(name) {
            rawTextEnd = Array(name.unicodeScalars)
        }
        return .startTag(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    /// Reads a tag's name and attributes from its first name letter through its `>`.
    /// Nil, with the input consumed, when the input ends inside the tag.
    private mutating func tag() -> (String, [HTMLAttribute], Bool)? {
        let nameStart = position
        while position < input.count, !isWhitespace(input[position]), input[position] != "/", input[position] != ">" {
            position += 1
        }
        let name = lowercasedText(nameStart..<position)
        var attributes: [HTMLAttribute] = []
        // The first of duplicates wins. A few attributes are compared in place; a set, made only
        // for a tag with many, keeps huge tags linear.
        var names: Set<String>?
        var selfClosing = false
        while position < input.count {
            let scalar = input[position]
            if isWhitespace(scalar) {
                position += 1
                continue
            }
            if scalar == ">" {
                position += 1
                return (name, attributes, selfClosing)
            }
            if scalar == "/" {
                position += 1
                selfClosing = position < input.count && input[position] == ">"
                continue
            }
            selfClosing = false
            guard let attribute = self.attribute() else { break }
            if names == nil, attributes.count >= 16 { names = Set(attributes.map(\.name)) }
            let isNew = names?.insert(attribute.name).inserted ?? !attributes.contains { $0.name == attribute.name }
            if isNew { attributes.append(attribute) }
        }
        position = input.count
        return nil
    }

    /// Reads `name`, `name=value`, `name="value"` or `name='value'`; nil at the end of the input.
    private mutating func attribute() -> HTMLAttribute? {
        let nameStart = position
        // A name may start with `=`; after that `=` separates the value.
        repeat {
            position += 1
        } while position < input.count && !isWhitespace(input[position])
            && input[position] != "/" && input[position] != ">" && input[position] != "="
        let name = lowercasedText(nameStart..<position)
        skipWhitespace()
        guard position < input.count else { return nil }
        guard input[position] == "=" else { return HTMLAttribute(name: name, value: "") }
        position += 1
        skipWhitespace()
        guard position < input.count else { return nil }
        let quote = input[position]
        let start: Int
        let end: Int
        if quote == "\"" || quote == "'" {
            start = position + 1
            guard let close = input[start...].firstIndex(of: quote) else { return nil }
            end = close
            position = close + 1
        } else {
            start = position
            while position < input.count, !isWhitespace(input[position]), input[position] != ">" {
                position += 1
            }
            end = position
        }
        return HTMLAttribute(name: name, value: decoded(start..<end))
    }

    /// The text in `range`, ASCII letters lowercased.
    private func lowercasedText(_ range: Range<Int>) -> String {
        String(scalars: input[range].lazy.map(Self.lowercased))
    }

    /// The text in `range` with its character references decoded.
    private func decoded(_ range: Range<Int>) -> String {
        guard input[range].contains("&") else { return String(scalars: input[range]) }
        var text: [Unicode.Scalar] = []
        var index = range.lowerBound
        while index < range.upperBound {
            if input[index] == "&", let (scalar, end) = HTMLEntities.decode(input, at: index), end <= range.upperBound {
                text.append(scalar)
                index = end
            } else {
                text.append(input[index])
                index += 1
            }
        }
        return String(scalars: text)
    }

    /// Where the raw text that started at `position` ends: at `</name` followed by whitespace,
    /// `/` or `>` (any case), or at the end of the input.
    private func endOfRawText(named name: [Unicode.Scalar]) -> Int {
        var index = position
        while index < input.count {
            if input[index] == "<", index + 1 < input.count, input[index + 1] == "/" {
                let after = index + 2 + name.count
                if after < input.count,
                    name.indices.allSatisfy({ Self.lowercased(input[index + 2 + $0]) == name[$0] }),
                    isWhitespace(input[after]) || input[after] == "/" || input[after] == ">"
                {
                    return index
                }
            }
            index += 1
        }
        return input.count
    }

    // MARK: - Scanning

    private func matches(_ literal: String, at index: Int) -> Bool {
        var current = index
        for scalar in literal.unicodeScalars {
            guard current < input.count, input[current] == scalar else { return false }
            current += 1
        }
        return true
    }

    /// Moves past the first `terminator` at or after `index`, or to the end of the input.
    private mutating func skip(past terminator: String, from index: Int) {
        let length = terminator.unicodeScalars.count
        var current = index
        while current < input.count {
            if matches(terminator, at: current) {
                position = current + length
                return
            }
            current += 1
        }
        position = input.count
    }

    private mutating func skipWhitespace() {
        while position < input.count, isWhitespace(input[position]) { position += 1 }
    }

    private func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\u{0C}"
    }

    private func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0x41...0x5A).contains(scalar.value), let lower = Unicode.Scalar(scalar.value + 0x20) else { return scalar }
        return lower
    }
}
