/// Text with its strong and its emphasised stretches, for a front that shows both (the web
/// pages: `<strong>`, `<em>`; a terminal: bold, italics). The readable text writes `<strong>`/`<b>` as `**text**` and
/// `<em>`/`<i>` as `*text*`; the strong marks are read as `EmphasizedText` reads them, then a
/// lone `*` opens emphasis when a character other than a space follows it and closes it when one
/// precedes it. A mark left without its partner is text, as in `EmphasizedText`.
///
/// A literal asterisk rarely both opens and closes around a word.
public struct MarkedText: Equatable, Sendable {
    /// A stretch of the text with its marks.
    public struct Run: Equatable, Sendable {
        /// The text, without the marks.
        public let text: String
        /// Inside `**…**` (`<strong>`).
        public let isStrong: Bool
        /// Inside `*…*` (`<em>`).
        public let isEmphasis: Bool

        /// A stretch of `text`, plain unless marked strong or emphasized.
        public init(text: String, isStrong: Bool = false, isEmphasis: Bool = false) {
            self.text = text
            self.isStrong = isStrong
            self.isEmphasis = isEmphasis
        }
    }

    /// The text in order; neighbouring runs differ in marks, and none is empty.
    public let runs: [Run]

    /// The text without the marks.
    public var plainText: String { runs.map(\.text).joined() }

    /// Reads the marks in `markup`.
    public init(markup: String) {
        let characters = Array(markup)
        let strong = EmphasizedText.marks(in: characters)
        let emphasis = Self.loneMarks(in: characters, besides: strong.isMark)
        var runs: [Run] = []
        var text = ""
        var marks = (isStrong: false, isEmphasis: false)
        for (index, character) in characters.enumerated() where !strong.isMark[index] && !emphasis.isMark[index] {
            let here = (isStrong: strong.isEmphasis[index], isEmphasis: emphasis.isEmphasis[index])
            if here != marks, !text.isEmpty {
                runs.append(Run(text: text, isStrong: marks.isStrong, isEmphasis: marks.isEmphasis))
                text = ""
            }
            marks = here
            text.append(character)
        }
        if !text.isEmpty { runs.append(Run(text: text, isStrong: marks.isStrong, isEmphasis: marks.isEmphasis)) }
        self.runs = runs
    }

    /// For each character of `characters`: whether it is a mark that pairs, `**` (as
    /// `EmphasizedText` reads them) or a lone `*` (as this type reads them), for a front that
    /// leaves both out (a search snippet). `isExcerpt` as in `EmphasizedText.marks(in:isExcerpt:)`.
    static func marks(in characters: [Character], isExcerpt: Bool) -> [Bool] {
        let strong = EmphasizedText.marks(in: characters, isExcerpt: isExcerpt).isMark
        let lone = loneMarks(in: characters, besides: strong).isMark
        return zip(strong, lone).map { $0 || $1 }
    }

    /// The lone `*` marks that pair, and what lies between them, in the text left once the
    /// characters `besides` marks (the `**` marks) are taken out.
    private static func loneMarks(in characters: [Character], besides other: [Bool]) -> (isMark: [Bool], isEmphasis: [Bool]) {
        var isMark = Array(repeating: false, count: characters.count)
        var isEmphasis = Array(repeating: false, count: characters.count)
        let kept = characters.indices.filter { !other[$0] }
        func isAsterisk(_ position: Int) -> Bool { kept.indices.contains(position) && characters[kept[position]] == "*" }
        func isText(_ position: Int) -> Bool { kept.indices.contains(position) && !characters[kept[position]].isWhitespace }
        var opening: Int?
        for position in kept.indices where isAsterisk(position) && !isAsterisk(position - 1) && !isAsterisk(position + 1) {
            if let start = opening, isText(position - 1) {
                isMark[kept[start]] = true
                isMark[kept[position]] = true
                for inside in kept[(start + 1)..<position] { isEmphasis[inside] = true }
                opening = nil
            } else if isText(position + 1) {
                opening = position
            }
        }
        return (isMark, isEmphasis)
    }
}
