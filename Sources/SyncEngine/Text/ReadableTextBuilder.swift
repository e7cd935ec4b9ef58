// The builder's state, its token entry points and the writing of text and inline marks. The rest
// is split by concern: +Elements (start and end tags), +Blocks (ending a block and adding it),
// +Links (link references and URL cleaning), +Images (image addresses).

/// Turns HTML tokens into `ReadableText` blocks, one token at a time.
///
/// There is no tree and no recursion: an explicit stack of open elements, at most one open link
/// and one active bold and italic mark, and the text of the block being written. Every token does
/// constant work apart from popping elements (each is popped once), so a body of any size or
/// depth is read in linear time.
///
/// How the markup maps to blocks:
/// - Block elements (p, div, headings, lists, blockquote, figure, pre, table rows, …) end the
///   block being written. Inside an open link or a table row the plain ones (p, div, headings…)
///   only separate text with a space, so a link or a row stays one piece.
/// - The block's kind comes from where its text started: h1–h6 → heading, `div.meta` → byline,
///   li → list item, blockquote → quote, figcaption → the caption of the figure's image, pre →
///   paragraph with its line breaks, tr → paragraph with cells joined by " | ", anything else →
///   paragraph. Text that is directly in a div and consists of one link only is a link block.
/// - Dropped with their content: script, style, head, noscript, iframe and similar, elements with
///   the `hidden` attribute, `a.originUrl` (the byline's hidden "查看知乎原文" link: no reference
///   is collected for it) and `div.img-place-holder`; `img.avatar` is dropped.
/// - Links get a reference number at the end of their text, `text[n]`, when they have text, the
///   text is not the URL itself and the URL is not `javascript:`, `vbscript:`, `data:` or `#…`.
/// - Images get a number, in the order their blocks are written, when they have a web address
///   (`imageURL(_:)`).
struct ReadableTextBuilder {
    var blocks: [ReadableText.Block] = []
    var references: [String] = []
    var images: [ReadableText.Image] = []
    var referenceNumbers: [String: Int] = [:]

    // MARK: Open elements

    /// Where the text of a block is: decides the kind of block it becomes.
    enum Context: Equatable {
        /// Directly in a div, body or nothing: a paragraph, or a link block if it is one link.
        case loose
        case paragraph
        case heading
        case byline
        case quote
        /// `item` tells the list items apart: a second block in the same item is a paragraph.
        case listItem(ordinal: Int?, item: Int)
        case caption
        case preformatted
        case tableRow

        /// Whether a structural child element (heading, list item, quote…) may give its own kind.
        var yieldsToChildren: Bool {
            switch self {
            case .loose, .paragraph, .quote, .listItem: return true
            case .heading, .byline, .caption, .preformatted, .tableRow: return false
            }
        }
    }

    enum Role {
        case inline
        /// Content dropped.
        case skip
        case bold
        case italic
        case link
        /// `structural` blocks always end a block, even inside a link or a table row.
        case block(structural: Bool)
        case list
        case row
        case figure
    }

    struct OpenElement {
        /// The element's name, numbered by `number(_:)`.
        let name: Int
        let context: Context
        let role: Role
    }

    var stack: [OpenElement] = []
    /// Element names numbered in order of first use, with what kind of element each is: a tag's
    /// name is hashed once, not once for every set it is looked up in.
    var names: [String: Int] = [:]
    /// The short ASCII names among `names`, packed, and their numbers (`numbered(_:)`).
    var packedNames: [PackedName] = []
    var packedIDs: [Int] = []
    /// Whether a name is in `names` only (not short ASCII): lookups then go to the dictionary.
    var hasUnpackedNames = false
    var kinds: [ElementKind] = []
    var tags: [Tag] = []
    /// How many elements of each name are open, so that a stray end tag costs nothing.
    var openCounts: [Int] = []
    var skipDepth = 0

    struct List {
        let ordered: Bool
        var count: Int
    }

    var lists: [List] = []
    /// Per open table row, how many cells it has started.
    var rows: [Int] = []
    var figureDepth = 0
    var listItems = 0
    var listItemsWritten: Set<Int> = []

    // MARK: Inline marks

    enum Mark {
        case bold
        case italic
        case link
    }

    struct Link {
        let href: String
        /// Where the link's text starts in `text`, once it has any.
        var start: Int?
    }

    var boldOpen = false
    var italicOpen = false
    var link: Link?
    /// Marks written into `text`, in opening order.
    var writtenMarks: [Mark] = []
    /// Marks opened but not written yet: they are written before the next visible character, so
    /// that a mark around nothing but whitespace leaves nothing behind.
    var pendingMarks: [Mark] = []

    // MARK: The block being written

    var text: [Unicode.Scalar] = []
    var textContext = Context.loose
    var sanitizer = TextSanitizer()
    var pendingSpaces = 0
    var pendingBreaks = 0
    /// The pending whitespace came from a line break in the source (dropped between CJK characters).
    var pendingSourceLineBreak = false
    /// The pending whitespace holds a no-break space or stands for a block boundary: always a space.
    var pendingHardSpace = false
    var pendingCellSeparator = false
    /// The text is one link: where its text ends, its reference, and where the block then ended.
    var soleLink: (textEnd: Int, reference: Int, end: Int)?
    /// An image in a figure waiting for its figcaption: its web address and alt text.
    var pendingImage: (url: String?, caption: String?)?

    var currentContext: Context { stack.last?.context ?? .loose }

    // MARK: - Tokens

    mutating func consume(_ token: HTMLToken) {
        switch token {
        case .text(let string):
            consumeText(ArraySlice(string.unicodeScalars))
        case .startTag(let name, let attributes, _):
            start(name, attributes)
        case .endTag(let name):
            end(name)
        }
    }

    /// A text token's scalars, as `HTMLTokenizer.scan()` gives them.
    mutating func consumeText(_ scalars: ArraySlice<Unicode.Scalar>) {
        guard skipDepth == 0 else { return }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if appendsOnly && sanitizer.isReadingText {
                // A run of printable ASCII or CJK after a visible character: appended as it is, as
                // the sanitizer and `visible` would, one copy instead of a call per scalar.
                let end = scalars[index...].firstIndex { !TextSanitizer.isPlain($0) } ?? scalars.endIndex
                if end > index {
                    text.append(contentsOf: scalars[index..<end])
                    index = end
                    continue
                }
            }
            let scalar = scalars[index]
            index += 1
            guard let kept = sanitizer.filter(scalar) else { continue }
            if TextSanitizer.isSpace(kept) {
                whitespace(kept)
            } else {
                visible(kept)
            }
        }
    }

    /// Whether a visible character is only appended to the text: it follows another, with no
    /// space, break, separator or mark pending before it.
    private var appendsOnly: Bool {
        pendingSpaces == 0 && pendingBreaks == 0 && !pendingCellSeparator && pendingMarks.isEmpty && !pendingHardSpace
            && !pendingSourceLineBreak && !text.isEmpty
    }

    /// Closes whatever is still open and writes the last block.
    mutating func finish() {
        while !stack.isEmpty { popElement() }
        flush()
        writePendingImage()
    }

    // MARK: - Text

    private mutating func whitespace(_ scalar: Unicode.Scalar) {
        if currentContext == .preformatted {
            if TextSanitizer.isNewline(scalar) {
                pendingBreaks = min(pendingBreaks + 1, 2)
                pendingSpaces = 0
            } else {
                pendingSpaces += scalar == "\t" ? 4 : 1
            }
            return
        }
        pendingSpaces = 1
        if TextSanitizer.isNewline(scalar) { pendingSourceLineBreak = true }
        if scalar == "\u{A0}" { pendingHardSpace = true }
    }

    private mutating func visible(_ scalar: Unicode.Scalar) {
        // Most of a story: a character after another, nothing pending.
        if appendsOnly {
            text.append(scalar)
            return
        }
        if text.isEmpty {
            textContext = currentContext
        } else if pendingCellSeparator {
            text.append(contentsOf: " | ".unicodeScalars)
        } else if pendingBreaks > 0 || pendingSpaces > 0 {
            let preformatted = currentContext == .preformatted
            text.append(contentsOf: repeatElement("\n", count: pendingBreaks))
            if preformatted {
                text.append(contentsOf: repeatElement(" ", count: pendingSpaces))
            } else if pendingBreaks == 0, let last = text.last,
                pendingHardSpace || !pendingSourceLineBreak
                    || !TextSanitizer.isWide(last) || !TextSanitizer.isWide(scalar)
            {
                text.append(" ")
            }
        }
        pendingSpaces = 0
        pendingBreaks = 0
        pendingSourceLineBreak = false
        pendingHardSpace = false
        pendingCellSeparator = false
        for mark in pendingMarks {
            switch mark {
            case .bold: text.append(contentsOf: "**".unicodeScalars)
            case .italic: text.append("*")
            case .link: link?.start = text.count
            }
            writtenMarks.append(mark)
        }
        pendingMarks.removeAll()
        text.append(scalar)
    }

    /// A mark's element closes: a mark never written is forgotten, a written one is closed.
    mutating func closeMark(_ mark: Mark) {
        if let index = pendingMarks.lastIndex(of: mark) {
            pendingMarks.remove(at: index)
        } else if let index = writtenMarks.lastIndex(of: mark) {
            writeClosing(mark)
            writtenMarks.remove(at: index)
        }
    }

    mutating func writeClosing(_ mark: Mark) {
        switch mark {
        case .bold:
            text.append(contentsOf: "**".unicodeScalars)
        case .italic:
            text.append("*")
        case .link:
            guard let start = link?.start, let href = link?.href else { return }
            link?.start = nil
            let textEnd = text.count
            let linkText = String(scalars: text[start..<textEnd])
            guard let reference = reference(href: href, text: linkText) else { return }
            text.append(contentsOf: "[\(reference)]".unicodeScalars)
            if start == 0 { soleLink = (textEnd, reference, text.count) }
        }
    }
}
