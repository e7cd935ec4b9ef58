extension ReadableTextBuilder {
    // MARK: - Blocks

    /// A block element starts or ends here: the block being written ends, or, inside a link or a
    /// table row, a plain block only separates words.
    mutating func boundary(structural: Bool) {
        if !structural && (link != nil || !rows.isEmpty) {
            if !text.isEmpty {
                pendingSpaces = max(pendingSpaces, 1)
                pendingHardSpace = true
            }
        } else {
            flush()
        }
    }

    mutating func lineBreak() {
        pendingBreaks = min(pendingBreaks + 1, 2)
        pendingSpaces = 0
    }

    mutating func rule() {
        flush()
        writePendingImage()
        blocks.append(.rule)
    }

    mutating func image(_ attributes: [HTMLAttribute]) {
        guard !attributes.hasClass(in: ["avatar"]) else { return }
        let alt = TextSanitizer.clean(attributes["alt"] ?? "")
        let caption: String? = alt.isEmpty ? nil : alt
        let url = Self.imageURL(attributes)
        flush()
        writePendingImage()
        if figureDepth > 0 {
            pendingImage = (url, caption)
        } else {
            addImage(url: url, caption: caption)
        }
    }

    mutating func writePendingImage() {
        guard let image = pendingImage else { return }
        pendingImage = nil
        addImage(url: image.url, caption: image.caption)
    }

    /// Numbered when written, so that numbers follow the blocks even for a figure's image,
    /// which waits for its caption.
    private mutating func addImage(url: String?, caption: String?) {
        guard let url else { return blocks.append(.image(number: nil, caption: caption)) }
        images.append(ReadableText.Image(url: url, caption: caption))
        blocks.append(.image(number: images.count, caption: caption))
    }

    /// Ends the block being written: closes its marks (they reopen in the next block) and adds it.
    mutating func flush() {
        for mark in writtenMarks.reversed() { writeClosing(mark) }
        pendingMarks = writtenMarks + pendingMarks
        writtenMarks = []
        if !text.isEmpty { addBlock() }
        text.removeAll(keepingCapacity: true)
        pendingSpaces = 0
        pendingBreaks = 0
        pendingSourceLineBreak = false
        pendingHardSpace = false
        pendingCellSeparator = false
        soleLink = nil
        sanitizer.reset()
    }

    private mutating func addBlock() {
        let string = String(scalars: text)
        if textContext == .caption, let image = pendingImage {
            pendingImage = nil
            addImage(url: image.url, caption: string)
            return
        }
        writePendingImage()
        switch textContext {
        case .heading:
            blocks.append(.heading(string))
        case .byline:
            blocks.append(.byline(string))
        case .quote:
            blocks.append(.quote(string))
        case .listItem(let ordinal, let item):
            if listItemsWritten.insert(item).inserted {
                blocks.append(.listItem(string, ordinal: ordinal))
            } else {
                blocks.append(.paragraph(string))
            }
        case .loose:
            if let soleLink, soleLink.end == text.count {
                let linkText = String(scalars: text[..<soleLink.textEnd])
                blocks.append(.link(text: linkText, reference: soleLink.reference))
            } else {
                blocks.append(.paragraph(string))
            }
        case .paragraph, .caption, .preformatted, .tableRow:
            blocks.append(.paragraph(string))
        }
    }
}
