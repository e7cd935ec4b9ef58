/// One screen row as styled pieces of text; measured and cut by display columns.
struct Row: Equatable {
    enum Tone: Equatable {
        case plain, bold, dim, yellow, green, red
        /// `<em>`'s stretches, and `<strong>` inside `<em>`.
        case italic, boldItalic
        /// A search match: reverse video, which adds no character that could be the text's.
        case match
        /// A match on the selected (reversed) line: bold and underlined, not reversed, so that it
        /// still stands out.
        case selectedMatch
        /// The selected line: reversed when colour is on.
        case selected
        /// A picture drawn in symbols: escape text (SGR colours and block symbols) kept as it is,
        /// `columns` wide. Written as is, also without colour: the picture was asked for.
        case picture(columns: Int)
    }

    /// A row's part in a picture drawn by a graphics protocol (kitty, iTerm2, sixels), which
    /// covers several rows with one escape sequence.
    enum Graphic: Equatable {
        /// The picture's first row: `sequence` draws it over `rows` rows from this row's start.
        /// `isKitty`: kitty keeps a picture until told to delete it (`ESC _Ga=d ESC \`); what
        /// the others draw goes when its cells are written over.
        case top(sequence: String, rows: Int, isKitty: Bool)
        /// A row under the picture's first, `offset` rows below it: the picture covers it.
        case covered(offset: Int)
    }

    /// Set when the row is part of a picture drawn by a graphics protocol; its spans are then
    /// what stands in the picture's place when it cannot be drawn whole (the reader's edges).
    var graphic: Graphic?

    struct Span: Equatable {
        let text: String
        let tone: Tone
    }

    private(set) var spans: [Span] = []

    init() {}

    /// Text from the network is sanitised here, once, whatever the screen.
    init(_ text: String, _ tone: Tone = .plain) {
        append(text, tone)
    }

    mutating func append(_ text: String, _ tone: Tone = .plain) {
        spans.append(Span(text: TerminalText.sanitize(text), tone: tone))
    }

    func appending(_ text: String, _ tone: Tone = .plain) -> Row {
        var row = self
        row.append(text, tone)
        return row
    }

    var plainText: String { spans.map(\.text).joined() }

    var width: Int { spans.reduce(0) { $0 + Self.width(of: $1) } }

    /// A row of a picture drawn in symbols: `text` as chafa printed it, `columns` wide.
    static func picture(_ text: String, columns: Int) -> Row {
        var row = Row()
        row.spans = [Span(text: text, tone: .picture(columns: columns))]
        return row
    }

    private static func width(of span: Span) -> Int {
        if case .picture(let columns) = span.tone { return columns }
        return TerminalText.width(of: span.text)
    }

    /// The row within `columns` with its last span (a key hint such as "（r 重试）") whole: the
    /// text before it is shortened with "…" rather than the hint cut off at the edge.
    func keepingLastSpan(within columns: Int) -> Row {
        guard width > columns, spans.count >= 2, let last = spans.last else { return self }
        let room = columns - TerminalText.width(of: last.text)
        guard room > 1 else { return self }
        var row = Row()
        var used = 0
        for span in spans.dropLast() where used < room {
            if case .picture = span.tone { return self }
            let text = TerminalText.truncate(span.text, width: room - used)
            row.spans.append(Span(text: text, tone: span.tone))
            used += TerminalText.width(of: text)
        }
        row.spans.append(last)
        return row
    }

    /// The row with every span in one tone (the cursor line).
    func toned(_ tone: Tone) -> Row {
        var row = Row()
        row.spans = spans.map { span in
            if span.tone.isPicture { return span }
            let isMatch = span.tone == .match || span.tone == .selectedMatch
            return Span(text: span.text, tone: isMatch ? (tone == .selected ? .selectedMatch : .match) : tone)
        }
        return row
    }

    /// The row as printed text: colours only when `color` is on, no padding.
    func text(color: Bool) -> String {
        spans.map { color || $0.tone.isPicture ? Self.sgr($0.tone, $0.text) : $0.text }.joined()
    }

    /// The bytes that draw the row in exactly `columns` columns (cut or padded), colours only when
    /// `color` is on.
    func rendered(columns: Int, color: Bool) -> String {
        var result = ""
        var used = 0
        var isFull = false
        for span in spans where !isFull {
            if case .picture(let width) = span.tone {
                // Whole or not at all: cutting its escapes could leave a colour on.
                if used + width > columns { isFull = true; break }
                result += span.text
                used += width
                continue
            }
            var piece = ""
            for character in span.text {
                let width = TerminalText.width(of: character)
                // A wide character that would straddle the edge is left out; the rest is padding.
                if used + width > columns { isFull = true; break }
                piece.append(character)
                used += width
            }
            result += color ? Self.sgr(span.tone, piece) : piece
        }
        let padding = String(repeating: " ", count: max(0, columns - used))
        if color, [.selected, .selectedMatch].contains(spans.last?.tone) { return result + Self.sgr(.selected, padding) }
        return result + padding
    }

    private static func sgr(_ tone: Tone, _ text: String) -> String {
        let code: String
        switch tone {
        case .plain: return text
        case .bold: code = "1"
        case .dim: code = "2"
        case .italic: code = "3"
        case .boldItalic: code = "1;3"
        case .yellow: code = "33"
        case .green: code = "32"
        case .red: code = "31"
        case .match: code = "1;7"
        case .selectedMatch: code = "1;4"
        case .selected: code = "7"
        case .picture: return text
        }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
}

extension Row.Tone {
    var isPicture: Bool {
        if case .picture = self { return true }
        return false
    }
}

/// Draws frames, rewriting only the rows that differ from the frame on screen.
///
/// A picture drawn by a graphics protocol is one escape sequence on its first row that covers
/// the rows under it. Its rows are written after the text rows, and a covered row that changed
/// is first cleared, so the picture lands on clean cells. kitty keeps a picture until deleted:
/// when any picture row changes, every kitty picture is deleted and the frame's are drawn again,
/// so a picture scrolled away or a screen left leaves nothing behind.
@MainActor
final class FrameWriter {
    private var shown: [String] = []
    /// kitty pictures are on screen: they stay until deleted.
    private var kittyShown = false
    private let write: (String) -> Void

    /// Deletes every kitty picture on screen (`a=d`: all placements).
    static let deleteKittyPictures = "\u{1B}_Ga=d\u{1B}\\"

    init(write: @escaping (String) -> Void = { Output.write($0, to: 1) }) {
        self.write = write
    }

    /// The next frame is drawn whole (after a resize, a resume or Ctrl-L).
    func invalidate() {
        shown = []
    }

    func draw(_ rows: [Row], columns: Int, color: Bool) {
        let lines = rows.map { row -> String in
            // A NUL never reaches the screen in text (TerminalText.sanitize): these keys are
            // never a text row's.
            switch row.graphic {
            case .top(let sequence, let height, _): return "\u{0}\(height)\u{0}" + sequence
            case .covered(let offset): return "\u{0}covered \(offset)"
            case nil: return row.rendered(columns: columns, color: color)
            }
        }
        let isWhole = shown.isEmpty
        var bytes = isWhole ? "\u{1B}[0m\u{1B}[H\u{1B}[2J" : ""
        let changed = lines.indices.filter { $0 >= shown.count || shown[$0] != lines[$0] }
        let pictureChanged =
            isWhole || changed.contains { rows[$0].graphic != nil || ($0 < shown.count && shown[$0].hasPrefix("\u{0}")) }
            || shown.count > lines.count
        let redrawsKitty = kittyShown && pictureChanged
        if redrawsKitty { bytes += Self.deleteKittyPictures }
        var pictures = ""
        var kittyNow = false
        for (index, row) in rows.enumerated() {
            let isChanged = isWhole || index >= shown.count || shown[index] != lines[index]
            switch row.graphic {
            case .top(let sequence, _, let isKitty):
                kittyNow = kittyNow || isKitty
                if isChanged || (isKitty && redrawsKitty) { pictures += "\u{1B}[\(index + 1);1H" + sequence }
            case .covered:
                if isChanged { bytes += "\u{1B}[\(index + 1);1H" + String(repeating: " ", count: columns) }
            case nil:
                if isChanged { bytes += "\u{1B}[\(index + 1);1H" + lines[index] }
            }
        }
        bytes += pictures
        shown = lines
        kittyShown = kittyNow
        guard !bytes.isEmpty else { return }
        write(bytes)
    }
}
