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
        // Text whose every scalar is a character of its own (TerminalText.standsAlone) is split
        // scalar by scalar, to the same clusters: comparing and appending Characters is
        // grapheme breaking and string comparison at each step.
        guard text.unicodeScalars.allSatisfy(TerminalText.standsAlone) else { return characterClusters(text) }
        var clusters: [Cluster] = []
        var spaces = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == " " {
                spaces += 1
                continue
            }
            if let previous, !allowsBreak(between: previous, and: scalar, spaces: spaces) {
                for _ in 0..<spaces { clusters[clusters.count - 1].text.unicodeScalars.append(" ") }
                clusters[clusters.count - 1].text.unicodeScalars.append(scalar)
            } else {
                clusters.append(Cluster(spaces: spaces, text: String(Character(scalar))))
            }
            previous = scalar
            spaces = 0
        }
        return clusters
    }

    /// `clusters(_:)` character by character, for text with combining marks, emoji and the like
    /// (and for the tests, which hold the two to the same answers).
    static func characterClusters(_ text: String) -> [Cluster] {
        var clusters: [Cluster] = []
        var spaces = 0
        // The last cluster's last character, kept rather than found again at the end of its
        // text: `String.last` breaks graphemes backwards, a dear step for every character.
        var previous: Character?
        for character in text {
            if character == " " {
                spaces += 1
                continue
            }
            if let previous, !allowsBreak(between: previous, and: character, spaces: spaces) {
                clusters[clusters.count - 1].text += String(repeating: " ", count: spaces) + String(character)
            } else {
                clusters.append(Cluster(spaces: spaces, text: String(character)))
            }
            previous = character
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

    /// The same rule for characters of one scalar each.
    private static func allowsBreak(between previous: Unicode.Scalar, and next: Unicode.Scalar, spaces: Int) -> Bool {
        allowsBreak(between: Character(previous), and: Character(next), spaces: spaces)
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
        closing.contains(character)
    }

    /// Marks that never end a line: opening brackets and quotes.
    static func isOpening(_ character: Character) -> Bool {
        opening.contains(character)
    }

    // `Character` equality is canonical equivalence: `;` is also U+037E, and `〈〉` U+2329/U+232A;
    // a mark with a combining mark on it is no longer that mark.
    private static let closing = Set(
        "。，、；：？！）」』】》〉〕〗〙〛］｝｠｡｣､．﹒﹐﹑﹔﹕﹖﹗﹚﹜﹞…‥”’〞〟‼⁇⁈⁉・ー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ" + ")]},.;:!?")
    private static let opening = Set("（「『【《〈〔〖〘〚［｛｟｢“‘〝﹙﹛﹝" + "([{")
}
