import NewsFeature

/// How stories are laid out in rows, shared by the printed views and the reader's screens, so a
/// story looks the same in `newsctl show` and in `newsctl read`.
enum StoryRows {
    /// A story in a list: "  1. title ★ ✓" wrapped under its indent, then the hint and the id, dim.
    static func item(_ item: StoryItemViewData, marker: String, width: Int) -> [Row] {
        let indent = String(repeating: " ", count: 2 + TerminalText.width(of: marker) + 1)
        let textWidth = max(10, width - TerminalText.width(of: indent))
        // Marks follow the title: ★ kept (收藏), ✓ read.
        let marks = (item.isFavorite ? " ★" : "") + (item.isRead ? " ✓" : "")
        let lines = TerminalText.wrap(TerminalText.sanitize(item.title) + marks, width: textWidth)
        var rows = [Row("  " + marker + " " + lines[0])]
        rows += lines.dropFirst().map { Row(indent + $0) }
        // The id, so that what a list shows can be opened with `newsctl show <id>`.
        let hint = TerminalText.sanitize(item.hint)
        let details = hint.isEmpty ? String(item.id) : hint + " · " + String(item.id)
        rows.append(Row(indent).appending(TerminalText.truncate(details, width: textWidth), .dim))
        return rows
    }

    /// A story's page: title, credit and counts, the body blocks, the numbered links and images.
    /// With `wholeAddresses` (printed output), an address wider than a line gets a row of its
    /// own, uncut, so that it can be copied or found with grep; the reader's rows must fit its screen.
    /// With `pictures`, the headline picture and its credit go on top and each body picture
    /// stands where its `[图片 N]` block would.
    static func detail(
        _ detail: DetailViewData, width: Int, wholeAddresses: Bool = false, pictures: StoryPictureRows? = nil
    ) -> [Row] {
        placing(detail, width: width, wholeAddresses: wholeAddresses, pictures: pictures).rows
    }

    /// `detail`'s rows, and the rows each of `pictures` stands on among them.
    static func placing(
        _ detail: DetailViewData, width: Int, wholeAddresses: Bool = false, pictures: StoryPictureRows?
    ) -> (rows: [Row], places: StoryPicturePlaces) {
        placing(Text(detail, width: width, wholeAddresses: wholeAddresses), pictures: pictures)
    }

    /// A story's text laid out at one width with its pictures' places still open: the reader
    /// lays a story's text out once a width and places the pictures in it again as each is
    /// drawn, without wrapping the text again.
    struct Text {
        let width: Int
        /// The title, the header line and, for a story off the site, its text: under the headline picture.
        fileprivate var head: [Row] = []
        /// Each body block's rows, and whether a blank row follows it (items of one list stay together).
        fileprivate var blocks: [(block: DetailBlockViewData, rows: [Row], blankAfter: Bool)] = []
        /// The links, then where the images are, numbered as in the text: "[图片 3] https://…".
        fileprivate var links: [Row] = []

        /// `detail`'s text at `width`; with `wholeAddresses` as `StoryRows.detail` says.
        init(_ detail: DetailViewData, width: Int, wholeAddresses: Bool = false) {
            self.width = width
            head += wrapped(detail.title, width: width, tone: .bold)
            var header: [String] = []
            if let published = detail.published { header.append(published.text) }
            if let credit = detail.imageCredit { header.append(credit) }
            if let counts = detail.counts { header.append(counts.text) }
            if !detail.marksText.isEmpty { header.append(detail.marksText) }
            if !header.isEmpty { head += wrapped(header.joined(separator: " · "), width: width, tone: .dim) }
            head.append(Row())
            if detail.isOffSite {
                head += wrapped(detail.bodyText, width: width)
                head.append(Row())
            }
            for (index, block) in detail.blocks.enumerated() {
                var blankAfter = true
                if case .listItem = block, index + 1 < detail.blocks.count, case .listItem = detail.blocks[index + 1] {
                    blankAfter = false
                }
                blocks.append((block, StoryRows.block(block, width: width), blankAfter))
            }
            let references = detail.references + detail.images.map(\.reference)
            for link in references {
                if wholeAddresses, TerminalText.width(of: link) > width, let space = link.lastIndex(of: " ") {
                    links += wrapped(String(link[..<space]), width: width, tone: .dim)
                    links.append(Row(TerminalText.sanitize(String(link[link.index(after: space)...])), .dim))
                } else {
                    links += wrapped(link, width: width, tone: .dim)
                }
            }
            if !references.isEmpty { links.append(Row()) }
        }
    }

    /// `text`'s rows with `pictures` in their places, and the rows each of them stands on.
    static func placing(_ text: Text, pictures: StoryPictureRows?) -> (rows: [Row], places: StoryPicturePlaces) {
        var rows: [Row] = []
        var places = StoryPicturePlaces()
        if let headline = pictures?.headline {
            places.headline = rows.count..<rows.count + headline.count
            rows += headline + [Row()]
        }
        rows += text.head
        for (block, blockRows, blankAfter) in text.blocks {
            if case .image(let placeholder) = block, let picture = pictures?.body[placeholder] {
                places.body[placeholder] = rows.count..<rows.count + picture.count
                rows += picture
            } else {
                rows += blockRows
            }
            if blankAfter { rows.append(Row()) }
        }
        rows += text.links
        return (rows, places)
    }

    private static func block(_ block: DetailBlockViewData, width: Int) -> [Row] {
        switch block {
        case .heading(let text): return emphasized(text, width: width, tone: .bold)
        case .byline(let text): return emphasized(text, width: width, tone: .dim)
        case .paragraph(let text): return emphasized(text, width: width)
        case .quote(let text): return emphasized(text, width: width, firstPrefix: "  │ ", prefix: "  │ ")
        case .listItem(let marker, let text):
            let marker = "  " + TerminalText.sanitize(marker) + " "
            return emphasized(
                text, width: width, firstPrefix: marker,
                prefix: String(repeating: " ", count: TerminalText.width(of: marker)))
        case .image(let text): return emphasized(text, width: width, tone: .dim)
        case .rule: return [Row(String(repeating: "─", count: min(width, 40)))]
        case .link(let text): return emphasized(text, width: width)
        }
    }

    /// A block's text wrapped like `wrapped`, its `**strong**` stretches in bold, its `*em*` ones
    /// in italics and its marks left out (`MarkedText`); without colour the text is plain.
    static func emphasized(
        _ text: String, width: Int, tone: Row.Tone = .plain, firstPrefix: String = "", prefix: String = ""
    ) -> [Row] {
        var characters: [Character] = []
        var tones: [Row.Tone] = []
        for run in MarkedText(markup: text).runs {
            // Made safe here, run by run, so the wrapped text is these very characters: a tab or
            // a bidi control turned into " " or U+FFFD later would no longer be found again.
            let safe = run.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.sanitize(String($0)) }.joined(separator: "\n")
            let piece = Array(safe)
            characters += piece
            let runTone: Row.Tone =
                switch (run.isStrong, run.isEmphasis) {
                case (true, true): .boldItalic
                case (true, false): .bold
                case (false, true): .italic
                case (false, false): tone
                }
            tones += Array(repeating: runTone, count: piece.count)
        }
        var rows: [Row] = []
        var lead = firstPrefix
        var start = 0
        while start <= characters.count {
            let end = characters[start...].firstIndex(of: "\n") ?? characters.count
            let line = Array(characters[start..<end])
            let lineWidth = max(10, width - TerminalText.width(of: lead))
            // Wrapping keeps every character but the spaces it breaks at: each piece is found
            // again in the line, in order, to know which tone each of its characters has.
            var cursor = 0
            for piece in TerminalText.wrap(String(line), width: lineWidth) {
                var row = Row(lead)
                var span = ""
                var spanTone = tone
                for character in piece {
                    while cursor < line.count && line[cursor] != character { cursor += 1 }
                    let characterTone = cursor < line.count ? tones[start + cursor] : tone
                    cursor += 1
                    if characterTone != spanTone, !span.isEmpty {
                        row.append(span, spanTone)
                        span = ""
                    }
                    spanTone = characterTone
                    span.append(character)
                }
                if !span.isEmpty { row.append(span, spanTone) }
                rows.append(row)
                lead = prefix
            }
            start = end + 1
        }
        return rows
    }

    /// Each line of `text` wrapped to `width` after its prefix.
    static func wrapped(
        _ text: String, width: Int, tone: Row.Tone = .plain, firstPrefix: String = "",
        prefix: String = ""
    ) -> [Row] {
        var rows: [Row] = []
        var lead = firstPrefix
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let lineWidth = max(10, width - TerminalText.width(of: lead))
            for piece in TerminalText.wrap(TerminalText.sanitize(String(line)), width: lineWidth) {
                rows.append(Row(lead).appending(piece, tone))
                lead = prefix
            }
        }
        return rows
    }
}
