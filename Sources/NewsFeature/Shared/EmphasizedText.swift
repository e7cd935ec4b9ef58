/// Text with stretches of emphasis, read from the `**strong**` marks a story's readable text
/// carries for `<strong>`/`<b>` (`ReadableText`): fronts show the runs in bold, or plainly, and
/// never print the marks.
///
/// A `**` opens emphasis when a character other than a space follows it, and closes it when one
/// precedes it; a mark left without its partner, and a run of four or more asterisks, are text.
/// `*em*` stays as written: a lone asterisk is too often meant literally.
public struct EmphasizedText: Equatable, Sendable {
    /// A stretch of the text, emphasised or not.
    public struct Run: Equatable, Sendable {
        /// The text, without the marks.
        public let text: String
        /// Shown with emphasis (bold on a terminal).
        public let isEmphasis: Bool

        /// A stretch of `text`, emphasized or not.
        public init(text: String, isEmphasis: Bool) {
            self.text = text
            self.isEmphasis = isEmphasis
        }
    }

    /// The text in order; neighbouring runs differ in emphasis, and none is empty.
    public let runs: [Run]

    /// The text without the marks.
    public var plainText: String { runs.map(\.text).joined() }

    /// Reads the marks in `markup`.
    public init(markup: String) {
        let characters = Array(markup)
        let marks = Self.marks(in: characters)
        var runs: [Run] = []
        var text = ""
        var isEmphasis = false
        for (index, character) in characters.enumerated() where !marks.isMark[index] {
            if marks.isEmphasis[index] != isEmphasis, !text.isEmpty {
                runs.append(Run(text: text, isEmphasis: isEmphasis))
                text = ""
            }
            isEmphasis = marks.isEmphasis[index]
            text.append(character)
        }
        if !text.isEmpty { runs.append(Run(text: text, isEmphasis: isEmphasis)) }
        self.runs = runs
    }

    /// For each character: whether it belongs to a `**` mark that pairs, and whether it lies
    /// between such a pair. Linear in the text.
    ///
    /// - Parameter isExcerpt: the text is cut from a longer one (a search snippet), so a mark
    ///   that can only close and has nothing to close, or opens and is never closed, lost its
    ///   partner to the cut: it is a mark too.
    static func marks(in characters: [Character], isExcerpt: Bool = false) -> (isMark: [Bool], isEmphasis: [Bool]) {
        var isMark = Array(repeating: false, count: characters.count)
        var isEmphasis = Array(repeating: false, count: characters.count)
        // An excerpt's "…" stands for cut text: a mark beside it is at the excerpt's edge.
        func isSpace(_ character: Character) -> Bool { character.isWhitespace || (isExcerpt && character == "…") }
        var opening: Int?
        var index = 0
        while index < characters.count {
            guard characters[index] == "*" else {
                index += 1
                continue
            }
            var end = index
            while end < characters.count && characters[end] == "*" { end += 1 }
            let length = end - index
            let canOpen = end < characters.count && !isSpace(characters[end])
            let canClose = index > 0 && !isSpace(characters[index - 1])
            if (2...3).contains(length) {
                if let start = opening, canClose {
                    // The closing mark is the run's last two asterisks (`***` closes `*em*` first).
                    for mark in [start, start + 1, end - 2, end - 1] { isMark[mark] = true }
                    for inside in (start + 2)..<(end - 2) { isEmphasis[inside] = true }
                    opening = nil
                } else if opening == nil, canOpen {
                    opening = index  // Its first two asterisks, which a later run may close.
                } else if isExcerpt, opening == nil, canClose, !canOpen {
                    for mark in (end - 2)..<end { isMark[mark] = true }
                }
            }
            index = end
        }
        if isExcerpt, let start = opening {
            isMark[start] = true
            isMark[start + 1] = true
        }
        return (isMark, isEmphasis)
    }
}
