import NewsFeature

/// Search results as text or as JSON. Matches are marked only where the marking cannot be taken
/// for the text: in reverse video on a terminal, not at all in plain output (any bracket or
/// asterisk may be the story's own), and in `--json` by offsets (`matches`) besides the `**…**`
/// of `snippet`.
@MainActor
final class SearchTerminalView: TerminalCommandView, SearchView {

    func show(_ results: SearchViewData) {
        exitStatus = ExitStatus.ok
        if json {
            let items: [JSONValue] = results.items.map { item in
                .object([
                    ("id", .int(item.id)), ("title", .string(item.title)), ("date", .optional(item.date)),
                    ("snippet", .string(Self.marked(item.snippet, open: "**", close: "**"))),
                    ("snippet_text", .string(item.snippet.map(\.text).joined())),
                    ("matches", .array(Self.matchOffsets(item.snippet))),
                ])
            }
            output.out(JSONValue.object([("query", .string(results.query)), ("results", .array(items))]).serialized() + "\n")
            return
        }
        guard !results.items.isEmpty else {
            output.out(TerminalText.sanitize(results.emptyMessage) + "\n")
            return
        }
        let style = Style(enabled: terminal.useColor)
        let idWidth = results.items.map { String($0.id).count }.max() ?? 0
        let indent = String(repeating: " ", count: idWidth + 2)
        let width = max(20, terminal.width - idWidth - 2)
        var text = ""
        for item in results.items {
            let id = String(item.id)
            let date = item.dateText.isEmpty ? "" : "  " + style.dim(item.dateText)
            let title = TerminalText.truncate(TerminalText.sanitize(item.title), width: width - TerminalText.width(of: item.dateText) - 2)
            text += String(repeating: " ", count: idWidth - id.count) + id + "  " + style.bold(title) + date + "\n"
            text += indent + snippet(item.snippet, width: width, style: style) + "\n"
        }
        output.out(text)
    }

    /// The snippet cut to `width` columns, matches in reverse video (unmarked without colour).
    private func snippet(_ parts: [SearchItemViewData.Part], width: Int, style: Style) -> String {
        var text = ""
        var left = width
        for part in parts where left > 0 {
            let plain = TerminalText.truncate(TerminalText.sanitize(part.text), width: left)
            left -= TerminalText.width(of: plain)
            text += part.isMatch ? style.reversed(plain) : plain
        }
        return text
    }

    /// Where the matches are in `snippet_text`: `{"start", "length"}` in Unicode code points.
    static func matchOffsets(_ parts: [SearchItemViewData.Part]) -> [JSONValue] {
        var offset = 0
        var matches: [JSONValue] = []
        for part in parts {
            let length = part.text.unicodeScalars.count
            if part.isMatch { matches.append(.object([("start", .int(Int64(offset))), ("length", .int(Int64(length)))])) }
            offset += length
        }
        return matches
    }

    static func marked(_ parts: [SearchItemViewData.Part], open: String, close: String) -> String {
        parts.map { $0.isMatch ? open + $0.text + close : $0.text }.joined()
    }
}
