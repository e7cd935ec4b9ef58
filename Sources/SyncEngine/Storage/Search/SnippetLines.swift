/// A result's snippet without what repeats its title: a story's text often opens with its
/// question, which is the title again, and FTS5's window likes a text's beginning.
enum SnippetLines {
    typealias Part = SearchResult.SnippetPart
    typealias Line = [Part]

    /// `snippet` (FTS5's window of the column `snippet_column` chose) without its lines that
    /// repeat the title. When it had one, the window left is short, so `wide` (a window twice as
    /// long) is taken instead, without those lines, from its first line with a match; with no
    /// match left in it, `hint` is (unless the hint is empty). When nothing is left, `hint`.
    static func snippet(_ snippet: [Part], wide: [Part], hint: [Part], title: String) -> [Part] {
        let lines = lines(of: snippet)
        var kept = withoutTitle(lines, title: title)
        if kept.count < lines.count {
            kept = withoutTitle(self.lines(of: wide), title: title)
            if let first = kept.firstIndex(where: { $0.contains(where: \.isMatch) }) {
                kept.removeFirst(first)
            } else if isText(hint) {
                return hint
            }
        }
        // Blank lines at either end went with a dropped line.
        while let line = kept.first, !isText(line) { kept.removeFirst() }
        while let line = kept.last, !isText(line) { kept.removeLast() }
        return kept.isEmpty ? hint : joined(kept)
    }

    /// `lines` without those that are the title, or its start or end where the window cut it ("…").
    /// Plain texts (`isPlain`) are compared by their bytes, the rest by character.
    static func withoutTitle(_ lines: [Line], title: String) -> [Line] {
        let plainTitle = isPlain(title) ? trimmedSpaces(Array(title.utf8)[...]) : nil
        let title = trimmed(Substring(title))
        return lines.enumerated().filter { index, line in
            let text = line.map(\.text).joined()
            let (first, last) = (index == 0, index == lines.count - 1)
            if let plainTitle, isPlain(text) { return !plainRepeats(plainTitle, Array(text.utf8), first: first, last: last) }
            return !repeats(title, trimmed(Substring(text)), first: first, last: last)
        }.map(\.element)
    }

    /// `parts` split at each "\n" character, in UTF-8: an LF byte is one unless a CR before it
    /// makes the two one character ("\r\n", which is not "\n").
    static func lines(of parts: [Part]) -> [Line] {
        var lines: [Line] = [[]]
        for part in parts {
            var text = part.text
            text.withUTF8 { bytes in
                func append(_ piece: Range<Int>) {
                    guard !piece.isEmpty else { return }
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[piece]), as: UTF8.self)
                    lines[lines.count - 1].append(Part(text: text, isMatch: part.isMatch))
                }
                var start = 0
                for index in bytes.indices where bytes[index] == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) {
                    append(start..<index)
                    lines.append([])
                    start = index + 1
                }
                append(start..<bytes.count)
            }
        }
        return lines
    }

    private static func joined(_ lines: [Line]) -> [Part] {
        var parts: [Part] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { parts.append(Part(text: "\n", isMatch: false)) }
            parts += line
        }
        return parts
    }

    private static func repeats(_ title: Substring, _ line: Substring, first: Bool, last: Bool) -> Bool {
        guard !title.isEmpty, !line.isEmpty else { return false }
        var line = line
        var cut = false
        if first, line.hasPrefix("…") { (line, cut) = (line.dropFirst(), true) }
        if last, line.hasSuffix("…") { (line, cut) = (line.dropLast(), true) }
        guard !line.isEmpty else { return false }
        return line == title || (cut && line.count > 1 && title.contains(line))
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop(while: \.isWhitespace)
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return text
    }

    private static func isText(_ line: Line) -> Bool {
        line.contains { $0.text.contains { !$0.isWhitespace && $0 != "…" } }
    }
}
