/// Where a line of text for a terminal may break, by the rules of Chinese typesetting (禁则):
/// no line starts with closing punctuation, none ends with opening punctuation, and Latin words
/// and numbers stay whole.
///
/// A mark that would start a line is pulled down with the character before it rather than hung
/// into the margin: a terminal has no margin, and a hanging mark would overflow the width that
/// the caller computed (a prefix, a column, the screen's edge).
enum LineBreaking {
    /// A run of text no line may break inside, with the spaces before it (a break there drops them).
    struct Cluster: Equatable {
        var spaces: Int
        var text: String
    }

    /// Splits `text` into the clusters lines are made of. Breaks fall between CJK characters,
    /// at spaces, and where Latin text meets CJK, except before a closing mark and after an
    /// opening mark (across spaces too, for the CJK ones: "（ 注 ）" stays whole).
    static func clusters(_ text: String) -> [Cluster] {
        var clusters: [Cluster] = []
        var spaces = 0
        for character in text {
            if character == " " {
                spaces += 1
                continue
            }
            if let previous = clusters.last?.text.last, !allowsBreak(between: previous, and: character, spaces: spaces) {
                clusters[clusters.count - 1].text += String(repeating: " ", count: spaces) + String(character)
            } else {
                clusters.append(Cluster(spaces: spaces, text: String(character)))
            }
            spaces = 0
        }
        return clusters
    }

    private static func allowsBreak(between previous: Character, and next: Character, spaces: Int) -> Bool {
        if isClosing(next) && (spaces == 0 || !next.isASCII) { return false }
        if isOpening(previous) && (spaces == 0 || !previous.isASCII) { return false }
        if spaces > 0 { return true }
        // Latin words and numbers are runs of narrow characters; CJK breaks anywhere.
        return TerminalText.width(of: previous) == 2 || TerminalText.width(of: next) == 2
    }

    /// Splits a cluster wider than a line at the last place that keeps marks with their
    /// neighbours, or else where the width runs out; `start` is where the piece begins.
    static func splitIndex(_ characters: [Character], from start: Int, width: Int) -> Int {
        var end = start
        var used = 0
        while end < characters.count {
            let characterWidth = TerminalText.width(of: characters[end])
            if used + characterWidth > width && end > start { break }
            used += characterWidth
            end += 1
        }
        guard end < characters.count else { return end }
        func separatesMarks(_ index: Int) -> Bool {
            isClosing(characters[index]) || isOpening(characters[index - 1])
        }
        var index = end
        while index > start + 1 && separatesMarks(index) { index -= 1 }
        return separatesMarks(index) ? end : index
    }

    /// Marks that never start a line: closing brackets and quotes, stops, commas, ellipses,
    /// iteration marks and small kana.
    static func isClosing(_ character: Character) -> Bool {
        isOne(of: closing, character)
    }

    /// Marks that never end a line: opening brackets and quotes.
    static func isOpening(_ character: Character) -> Bool {
        isOne(of: opening, character)
    }

    /// Whether `character` is one scalar and among `marks`. The lists hold each mark's canonical
    /// equivalents too (U+037E for `;`, U+2329/U+232A for `〈〉`), so this is `Character` equality; comparing numbers
    /// costs far less than hashing a `Character` for a `Set` (a list read's line breaks took a
    /// tenth of its instructions that way).
    private static func isOne(of marks: [UInt32], _ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return false }
        return marks.contains(scalar.value)
    }

    private static let closing: [UInt32] = scalars(
        "。，、；：？！）」』】》〉〕〗〙〛］｝｠｡｣､．﹒﹐﹑﹔﹕﹖﹗﹚﹜﹞…‥”’〞〟‼⁇⁈⁉・ー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
            + ")]},.;:!?" + "\u{037E}\u{232A}")
    private static let opening: [UInt32] = scalars("（「『【《〈〔〖〘〚［｛｟｢“‘〝﹙﹛﹝" + "([{" + "\u{2329}")

    private static func scalars(_ marks: String) -> [UInt32] {
        // Neither sorted nor mapped with a key path: both make generic types at run time.
        marks.unicodeScalars.map { $0.value }
    }
}
