import NewsFeature

/// A story as text for a terminal or a pipe: wrapped to the width, CJK-aware, sanitised.
@MainActor
final class TextDetailView: DetailView, CommandView {
    private let output: Output
    private let terminal: Terminal
    private let style: Style
    private let errorLine: ErrorLine
    private let progress: ProgressLine
    private(set) var exitStatus = ExitStatus.internalError

    init(output: Output, terminal: Terminal, errorLine: ErrorLine, loadingText: String) {
        self.output = output
        self.terminal = terminal
        self.style = Style(enabled: terminal.useColor)
        self.errorLine = errorLine
        self.progress = ProgressLine(output: output, terminal: terminal, text: loadingText)
    }

    func showLoading() {
        progress.show()
    }

    func show(_ detail: DetailViewData) {
        progress.clear()
        var text = wrapped(detail.title, style: style.bold)
        var header: [String] = []
        if let credit = detail.imageCredit { header.append(credit) }
        if let counts = detail.counts { header.append(counts.text) }
        if !detail.marksText.isEmpty { header.append(detail.marksText) }
        if !header.isEmpty { text += wrapped(header.joined(separator: " · "), style: style.dim) }
        text += "\n"
        if detail.isOffSite {
            text += wrapped(detail.bodyText) + "\n"
        }
        for (index, block) in detail.blocks.enumerated() {
            text += render(block)
            // Items of one list stay together; every other block is followed by a blank line.
            if case .listItem = block, index + 1 < detail.blocks.count, case .listItem = detail.blocks[index + 1] { continue }
            text += "\n"
        }
        for reference in detail.references {
            text += wrapped(reference, style: style.dim)
        }
        if !detail.references.isEmpty { text += "\n" }
        let status = TerminalText.sanitize(detail.status.text)
        text += (detail.status.isStale ? style.yellow(status) : style.green(status)) + "\n"
        output.out(text)
        exitStatus = ExitStatus.ok
    }

    func showError(_ error: ErrorViewData) {
        progress.clear()
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }

    private func render(_ block: DetailBlockViewData) -> String {
        switch block {
        case .heading(let text): return wrapped(text, style: style.bold)
        case .byline(let text): return wrapped(text, style: style.dim)
        case .paragraph(let text): return wrapped(text)
        case .quote(let text): return wrapped(text, firstPrefix: "  │ ", prefix: "  │ ")
        case .listItem(let marker, let text):
            let marker = "  " + TerminalText.sanitize(marker) + " "
            return wrapped(text, firstPrefix: marker, prefix: String(repeating: " ", count: TerminalText.width(of: marker)))
        case .image(let text): return wrapped(text, style: style.dim)
        case .rule: return String(repeating: "─", count: min(terminal.width, 40)) + "\n"
        case .link(let text): return wrapped(text)
        }
    }

    /// Wraps each line of `text` to the terminal width after its prefix.
    private func wrapped(_ text: String, firstPrefix: String = "", prefix: String = "", style apply: (String) -> String = { $0 }) -> String {
        var result = ""
        var lead = firstPrefix
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let width = max(10, terminal.width - TerminalText.width(of: lead))
            for piece in TerminalText.wrap(TerminalText.sanitize(String(line)), width: width) {
                result += lead + apply(piece) + "\n"
                lead = prefix
            }
        }
        return result
    }
}

/// A story as one JSON object on stdout.
@MainActor
final class JSONDetailView: DetailView, CommandView {
    private let output: Output
    private let errorLine: ErrorLine
    private(set) var exitStatus = ExitStatus.internalError

    init(output: Output, errorLine: ErrorLine) {
        self.output = output
        self.errorLine = errorLine
    }

    func showLoading() {}

    func show(_ detail: DetailViewData) {
        let extra: JSONValue = detail.counts.map { counts in
            .object([
                ("popularity", .int(Int64(counts.popularity))),
                ("comments", .int(Int64(counts.comments))),
                ("long_comments", .int(Int64(counts.longComments))),
                ("short_comments", .int(Int64(counts.shortComments))),
            ])
        } ?? .null
        output.out(JSONValue.object([
            ("id", .int(detail.id)),
            ("title", .string(detail.title)),
            ("body_text", .string(detail.bodyText)),
            ("image", .optional(detail.image)),
            ("image_source", .optional(detail.imageSource)),
            ("share_url", .optional(detail.shareURL)),
            ("url", .string(detail.url)),
            ("extra", extra),
            ("origin", .string(detail.source.origin)),
            ("fetched_at", .string(detail.source.fetchedAt)),
            ("favorite", .bool(detail.isFavorite)),
            ("read", .bool(detail.isRead)),
            ("off_site", .bool(detail.isOffSite)),
            ("stale", .bool(detail.source.isStale)),
            ("stale_reason", .optional(detail.source.staleReason)),
        ]).serialized() + "\n")
        exitStatus = ExitStatus.ok
    }

    func showError(_ error: ErrorViewData) {
        errorLine.write(error)
        exitStatus = ExitStatus.forError(error.kind)
    }
}
