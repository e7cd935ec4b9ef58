import Testing
@testable import SyncEngine

/// Snippets' lines split and compared on UTF-8 bytes give exactly what the comparisons by
/// character gave (the code before, kept here as the reference), on random texts made of the
/// characters where bytes and characters part ways: CR LF, combining marks, a precomposed
/// letter, joiners, emoji, the ideographic space, markers and separators.
@Suite struct SnippetLinesBytesTests {
    private static let alphabet: [String] = [
        "春", "天", "风", "大", "…", " ", "\n", "\r", "a", "e", "é", "e\u{301}", "\u{301}", "\u{3000}", "·", "？", "，",
        "\u{E000}", "\u{E001}", "\u{200B}", "👍🏽", "\u{200D}", "Ａ", "\u{2028}", "\u{387}",
    ]

    private static let plainAlphabet = alphabet.filter(SnippetLines.isPlain)

    /// A small fixed generator, so a failure repeats.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        /// Plain texts (`SnippetLines.isPlain`) take the bytes' way: half of them are made plain.
        var plain = false
        mutating func text(upTo length: Int) -> String {
            let alphabet = plain ? SnippetLinesBytesTests.plainAlphabet : SnippetLinesBytesTests.alphabet
            return (0..<next(length + 1)).map { _ in alphabet[next(alphabet.count)] }.joined()
        }
    }

    @Test func partsAndLinesSplitAsCharactersDo() {
        var generator = Generator(state: 7)
        for _ in 0..<3_000 {
            let snippet = generator.text(upTo: 14)
            let parts = SearchIndex.parts(of: snippet)
            #expect(parts == Self.referenceParts(of: snippet), "\(Array(snippet.unicodeScalars))")
            #expect(SnippetLines.lines(of: parts) == Self.referenceLines(of: parts), "\(Array(snippet.unicodeScalars))")
        }
    }

    @Test func linesThatRepeatTheTitleAreFoundAsCharactersFindThem() {
        var generator = Generator(state: 11)
        var plainTitles = 0
        for round in 0..<3_000 {
            generator.plain = round % 2 == 0
            var title = generator.text(upTo: 8)
            if SnippetLines.isPlain(title) { plainTitles += 1 }
            let lines: [SnippetLines.Line] = (0..<(1 + generator.next(3))).map { _ in
                var text = generator.text(upTo: 8)
                switch generator.next(4) {
                case 0: text = title  // The title itself,
                case 1: text = "…" + String(title.dropFirst(generator.next(3)))  // its end,
                case 2: text = String(title.dropLast(generator.next(3))) + "…"  // or its start, cut.
                default: break
                }
                return text.isEmpty ? [] : [SnippetLines.Part(text: text, isMatch: false)]
            }
            if round % 5 == 0 { title = "  " + title + " " }
            #expect(
                SnippetLines.withoutTitle(lines, title: title) == Self.referenceWithoutTitle(lines, title: title),
                "\(Array(title.unicodeScalars)) \(lines.map { $0.map { Array($0.text.unicodeScalars) } })")
        }
        #expect(plainTitles > 1_500)
    }

    @Test func plainTextsAreThoseWhoseCharactersAreTheirScalars() {
        #expect(SnippetLines.isPlain("为什么春天的风总是特别大？「一」 · GDP 2021…“好”"))
        for text in ["e\u{301}", "é", "\r\n", "\u{3000}", "👍", "\u{200D}", "\u{387}", "\t"] {
            #expect(!SnippetLines.isPlain(text), "\(Array(text.unicodeScalars))")
        }
    }

    // MARK: The code by character, as it was

    private static func referenceParts(of snippet: String) -> [SearchResult.SnippetPart] {
        var parts: [SearchResult.SnippetPart] = []
        var current = String.UnicodeScalarView()
        var inMatch = false
        func flush() {
            if !current.isEmpty { parts.append(.init(text: String(current), isMatch: inMatch)) }
            current = String.UnicodeScalarView()
        }
        for scalar in snippet.unicodeScalars {
            switch scalar {
            case SearchText.matchStart: flush(); inMatch = true
            case SearchText.matchEnd: flush(); inMatch = false
            case SearchText.separator: continue
            default: current.append(scalar)
            }
        }
        flush()
        return parts
    }

    private static func referenceLines(of parts: [SnippetLines.Part]) -> [SnippetLines.Line] {
        var lines: [SnippetLines.Line] = [[]]
        for part in parts {
            for (index, piece) in part.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { lines.append([]) }
                if !piece.isEmpty { lines[lines.count - 1].append(.init(text: String(piece), isMatch: part.isMatch)) }
            }
        }
        return lines
    }

    private static func referenceWithoutTitle(_ lines: [SnippetLines.Line], title: String) -> [SnippetLines.Line] {
        let title = trimmed(Substring(title))
        return lines.enumerated().filter { index, line in
            !repeats(title, trimmed(Substring(line.map(\.text).joined())), first: index == 0, last: index == lines.count - 1)
        }.map(\.element)
    }

    private static func repeats(_ title: Substring, _ line: Substring, first: Bool, last: Bool) -> Bool {
        guard !title.isEmpty, !line.isEmpty else { return false }
        var line = line
        var cut = false
        if first, line.hasPrefix("…") { (line, cut) = (line.dropFirst(), true) }
        if last, line.hasSuffix("…") { (line, cut) = (line.dropLast(), true) }
        guard !line.isEmpty else { return false }
        return line == title || (cut && line.count > 1 && containsCharacters(title, line))
    }

    /// `title.contains(line)` as the engine's code calls it (`_StringProcessing`'s, character by
    /// character); written out, since in this module Foundation's NSString search would answer.
    private static func containsCharacters(_ text: Substring, _ part: Substring) -> Bool {
        let text = Array(text), part = Array(part)
        guard part.count <= text.count else { return false }
        return (0...(text.count - part.count)).contains { start in text[start..<start + part.count].elementsEqual(part) }
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop(while: \.isWhitespace)
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return text
    }
}
