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
    static func withoutTitle(_ lines: [Line], title: String) -> [Line] {
        let title = trimmed(Substring(title))
        return lines.enumerated().filter { index, line in
            !repeats(title, trimmed(Substring(line.map(\.text).joined())), first: index == 0, last: index == lines.count - 1)
        }.map(\.element)
    }

    static func lines(of parts: [Part]) -> [Line] {
        var lines: [Line] = [[]]
        for part in parts {
            for (index, piece) in part.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { lines.append([]) }
                if !piece.isEmpty { lines[lines.count - 1].append(Part(text: String(piece), isMatch: part.isMatch)) }
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
