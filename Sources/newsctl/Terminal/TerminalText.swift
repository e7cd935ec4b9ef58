/// Text made safe and measured for a terminal.
enum TerminalText {
    /// Neutralises everything from the network that a terminal would act on: C0 and C1 controls
    /// (ESC starts colour, cursor and title sequences), DEL, and bidi overrides that reorder what
    /// is shown. Line breaks and tabs become spaces; the others become U+FFFD, visibly.
    static func sanitize(_ text: String) -> String {
        // Most text has nothing to replace: it is returned as it is, not rebuilt a scalar at a time.
        guard text.unicodeScalars.contains(where: { replacement(for: $0) != nil }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(replacement(for: scalar) ?? scalar)
        }
        return String(result)
    }

    /// What `sanitize` puts in place of `scalar`, nil when it stays.
    private static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029:
            return " "
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
            return "\u{FFFD}"
        default:
            return nil
        }
    }

    /// Columns a character takes: 2 for East Asian wide and fullwidth, 0 for combining marks.
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return width(of: scalar)
    }

    /// Columns a character that begins with `scalar` takes.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200D, 0xFE00...0xFE0F:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Columns `text` takes: its characters' widths added up.
    static func width(of text: String) -> Int {
        // Text whose every scalar is a character of its own (nearly every title: ASCII, Latin,
        // CJK and their punctuation) is measured scalar by scalar. Finding the characters of
        // text with combining marks or emoji is grapheme breaking, most of a printed list's cost.
        var total = 0
        for scalar in text.unicodeScalars {
            guard standsAlone(scalar) else { return text.reduce(0) { $0 + width(of: $1) } }
            total += width(of: scalar)
        }
        return total
    }

    /// Whether `scalar` is a character of its own whatever stands beside it, in text made of
    /// such scalars only: its grapheme break property is Other or Control, so no rule joins it
    /// to a neighbour (combining marks, joiners, Hangul jamo, regional indicators, prepended
    /// concatenation marks, CR and LF are all outside). TerminalTextTests checks every one.
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x3000...0x3029, 0x3030...0x303F,
            0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF9D, 0xFFFD:
            return true
        default:
            return false
        }
    }

    /// Splits `text` into lines of at most `width` columns, breaking at spaces and between CJK
    /// characters as `LineBreaking` allows: no line starts with a closing mark or ends with an
    /// opening one, and a Latin word stays whole unless it is wider than a line.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 4)
        // What fits is one line whatever the breaks: the text without the spaces around it.
        // Finding the breaks (a set look-up and a string per character) is most of a list's cost.
        if self.width(of: text) <= width {
            var line = text
            while line.first == " " { line.removeFirst() }
            return [trimTrailingSpaces(line)]
        }
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for cluster in LineBreaking.clusters(text) {
            let clusterWidth = self.width(of: cluster.text)
            let spaces = line.isEmpty ? 0 : cluster.spaces
            if lineWidth + spaces + clusterWidth <= width {
                line += String(repeating: " ", count: spaces) + cluster.text
                lineWidth += spaces + clusterWidth
                continue
            }
            if !line.isEmpty { lines.append(trimTrailingSpaces(line)) }
            // It begins the next line; wider than a line (a long URL), it is cut into pieces and
            // the last one begins the next line.
            let characters = Array(cluster.text)
            var start = 0
            while true {
                let end = LineBreaking.splitIndex(characters, from: start, width: width)
                line = String(characters[start..<end])
                guard end < characters.count else { break }
                lines.append(trimTrailingSpaces(line))
                start = end
                while start < characters.count && characters[start] == " " { start += 1 }
            }
            lineWidth = self.width(of: line)
        }
        if !line.isEmpty { lines.append(trimTrailingSpaces(line)) }
        return lines.isEmpty ? [""] : lines
    }

    /// Cuts `text` to `width` columns, ending with "…" when cut.
    static func truncate(_ text: String, width: Int) -> String {
        guard self.width(of: text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = self.width(of: character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }

    private static func trimTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// ANSI styles, applied only when colour is on.
struct Style: Sendable {
    let enabled: Bool

    func bold(_ text: String) -> String { apply("1", text) }
    func dim(_ text: String) -> String { apply("2", text) }
    func yellow(_ text: String) -> String { apply("33", text) }
    func green(_ text: String) -> String { apply("32", text) }
    /// Reverse video: marks a search match without adding characters that could be the text's.
    func reversed(_ text: String) -> String { apply("7", text) }

    private func apply(_ code: String, _ text: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
