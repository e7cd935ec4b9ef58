/// One screen row as styled pieces of text; measured and cut by display columns.
struct Row: Equatable {
    enum Tone: Equatable {
        case plain, bold, dim, yellow, green, red
        /// A search match: reverse video, which adds no character that could be the text's.
        case match
        /// A match on the selected (reversed) line: bold and underlined, not reversed, so that it
        /// still stands out.
        case selectedMatch
        /// The selected line: reversed when colour is on.
        case selected
    }

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

    var width: Int { spans.reduce(0) { $0 + TerminalText.width(of: $1.text) } }

    /// The row within `columns` with its last span (a key hint such as "（r 重试）") whole: the
    /// text before it is shortened with "…" rather than the hint cut off at the edge.
    func keepingLastSpan(within columns: Int) -> Row {
        guard width > columns, spans.count >= 2, let last = spans.last else { return self }
        let room = columns - TerminalText.width(of: last.text)
        guard room > 1 else { return self }
        var row = Row()
        var used = 0
        for span in spans.dropLast() where used < room {
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
            let isMatch = span.tone == .match || span.tone == .selectedMatch
            return Span(text: span.text, tone: isMatch ? (tone == .selected ? .selectedMatch : .match) : tone)
        }
        return row
    }

    /// The row as printed text: colours only when `color` is on, no padding.
    func text(color: Bool) -> String {
        spans.map { color ? Self.sgr($0.tone, $0.text) : $0.text }.joined()
    }

    /// The bytes that draw the row in exactly `columns` columns (cut or padded), colours only when
    /// `color` is on.
    func rendered(columns: Int, color: Bool) -> String {
        var result = ""
        var used = 0
        var isFull = false
        for span in spans where !isFull {
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
        case .yellow: code = "33"
        case .green: code = "32"
        case .red: code = "31"
        case .match: code = "1;7"
        case .selectedMatch: code = "1;4"
        case .selected: code = "7"
        }
        return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
}

/// Draws frames, rewriting only the rows that differ from the frame on screen.
@MainActor
final class FrameWriter {
    private var shown: [String] = []
    private let write: (String) -> Void

    init(write: @escaping (String) -> Void = { Output.write($0, to: 1) }) {
        self.write = write
    }

    /// The next frame is drawn whole (after a resize, a resume or Ctrl-L).
    func invalidate() {
        shown = []
    }

    func draw(_ rows: [Row], columns: Int, color: Bool) {
        let lines = rows.map { $0.rendered(columns: columns, color: color) }
        var bytes = shown.isEmpty ? "\u{1B}[0m\u{1B}[H\u{1B}[2J" : ""
        for (index, line) in lines.enumerated() where index >= shown.count || shown[index] != line {
            bytes += "\u{1B}[\(index + 1);1H" + line
        }
        shown = lines
        guard !bytes.isEmpty else { return }
        write(bytes)
    }
}
