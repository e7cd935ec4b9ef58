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
    private(set) var blocks: [ReadableText.Block] = []
    private(set) var references: [String] = []
    private(set) var images: [ReadableText.Image] = []
    private var referenceNumbers: [String: Int] = [:]

    // MARK: Open elements

    /// Where the text of a block is: decides the kind of block it becomes.
    private enum Context: Equatable {
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

    private enum Role {
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

    private struct OpenElement {
        /// The element's name, numbered by `number(_:)`.
        let name: Int
        let context: Context
        let role: Role
    }

    private var stack: [OpenElement] = []
    /// Element names numbered in order of first use, with what kind of element each is: a tag's
    /// name is hashed once, not once for every set it is looked up in.
    private var names: [String: Int] = [:]
    private var kinds: [ElementKind] = []
    /// How many elements of each name are open, so that a stray end tag costs nothing.
    private var openCounts: [Int] = []
    private var skipDepth = 0

    private struct List {
        let ordered: Bool
        var count: Int
    }

    private var lists: [List] = []
    /// Per open table row, how many cells it has started.
    private var rows: [Int] = []
    private var figureDepth = 0
    private var listItems = 0
    private var listItemsWritten: Set<Int> = []

    // MARK: Inline marks

    private enum Mark {
        case bold
        case italic
        case link
    }

    private struct Link {
        let href: String
        /// Where the link's text starts in `text`, once it has any.
        var start: Int?
    }

    private var boldOpen = false
    private var italicOpen = false
    private var link: Link?
    /// Marks written into `text`, in opening order.
    private var writtenMarks: [Mark] = []
    /// Marks opened but not written yet: they are written before the next visible character, so
    /// that a mark around nothing but whitespace leaves nothing behind.
    private var pendingMarks: [Mark] = []

    // MARK: The block being written

    private var text: [Unicode.Scalar] = []
    private var textContext = Context.loose
    private var sanitizer = TextSanitizer()
    private var pendingSpaces = 0
    private var pendingBreaks = 0
    /// The pending whitespace came from a line break in the source (dropped between CJK characters).
    private var pendingSourceLineBreak = false
    /// The pending whitespace holds a no-break space or stands for a block boundary: always a space.
    private var pendingHardSpace = false
    private var pendingCellSeparator = false
    /// The text is one link: where its text ends, its reference, and where the block then ended.
    private var soleLink: (textEnd: Int, reference: Int, end: Int)?
    /// An image in a figure waiting for its figcaption: its web address and alt text.
    private var pendingImage: (url: String?, caption: String?)?

    private var currentContext: Context { stack.last?.context ?? .loose }

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

    // MARK: - Start tags

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "keygen", "link", "meta", "param",
        "source", "track", "wbr",
    ]
    private static let skippedElements: Set<String> = HTMLTokenizer.rawTextElements.union([
        "head", "template", "object", "svg", "math", "select", "canvas", "video", "audio", "button",
    ])
    private static let skippedClasses = ["originUrl", "img-place-holder"]
    private static let structuralBlocks: Set<String> = [
        "li", "blockquote", "figcaption", "pre", "table", "dl",
    ]
    private static let plainBlocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "address", "article", "aside", "body", "caption",
        "center", "dd", "details", "dialog", "dir", "dt", "fieldset", "footer", "form", "header",
        "hgroup", "html", "legend", "main", "menu", "nav", "section", "summary", "tbody", "td", "tfoot",
        "th", "thead",
    ]

    /// What a set of element names says of one name.
    private struct ElementKind: OptionSet {
        let rawValue: UInt8
        static let void = ElementKind(rawValue: 1)
        static let skipped = ElementKind(rawValue: 2)
        static let structural = ElementKind(rawValue: 4)
        static let plain = ElementKind(rawValue: 8)
    }

    private static let knownKinds: [String: ElementKind] = {
        var kinds: [String: ElementKind] = [:]
        for (set, kind) in [
            (voidElements, ElementKind.void), (skippedElements, .skipped), (structuralBlocks, .structural),
            (plainBlocks, .plain),
        ] {
            for name in set { kinds[name, default: []].insert(kind) }
        }
        return kinds
    }()

    /// The number of an element name (numbering it on first use) and its kind.
    private mutating func number(_ name: String) -> (id: Int, kind: ElementKind) {
        if let id = names[name] { return (id, kinds[id]) }
        let id = openCounts.count
        names[name] = id
        kinds.append(Self.knownKinds[name] ?? [])
        openCounts.append(0)
        return (id, kinds[id])
    }

    private mutating func start(_ name: String, _ attributes: [HTMLAttribute]) {
        let (id, kind) = number(name)
        if name == "body", let head = names["head"], openCounts[head] > 0 {
            popElements(through: head)
        }
        let isVoid = kind.contains(.void)
        if skipDepth > 0 {
            if !isVoid { push(id, .inline) }
            return
        }
        if isVoid {
            switch name {
            case "br": lineBreak()
            case "hr": rule()
            case "img": image(attributes)
            default: break
            }
            return
        }
        if kind.contains(.skipped) || attributes["hidden"] != nil
            || attributes.hasClass(in: Self.skippedClasses)
        {
            push(id, .skip)
            skipDepth += 1
            return
        }
        switch name {
        case "a":
            if link != nil {
                // Links do not nest: a new one ends the open one.
                while link != nil { popElement() }
            }
            guard let href = attributes["href"] else {
                push(id, .inline)
                return
            }
            link = Link(href: href)
            pendingMarks.append(.link)
            push(id, .link)
        case "strong", "b":
            // A mark inside the same mark adds nothing.
            guard !boldOpen else { return push(id, .inline) }
            boldOpen = true
            pendingMarks.append(.bold)
            push(id, .bold)
        case "em", "i":
            guard !italicOpen else { return push(id, .inline) }
            italicOpen = true
            pendingMarks.append(.italic)
            push(id, .italic)
        case "ul", "ol":
            boundary(structural: true)
            // Clamped so that counting on can never overflow.
            let first = attributes["start"].flatMap { Int($0.trimmingSpaces) }.map { min(max($0, -1_000_000), 1_000_000) } ?? 1
            lists.append(List(ordered: name == "ol", count: first - 1))
            push(id, .list)
        case "li":
            boundary(structural: true)
            var ordinal: Int?
            if let last = lists.indices.last, lists[last].ordered {
                lists[last].count += 1
                ordinal = lists[last].count
            }
            listItems += 1
            push(id, .block(structural: true), context: .listItem(ordinal: ordinal, item: listItems))
        case "tr":
            boundary(structural: true)
            rows.append(0)
            push(id, .row, context: .tableRow)
        case "td" where !rows.isEmpty, "th" where !rows.isEmpty:
            if rows[rows.count - 1] > 0 { pendingCellSeparator = true }
            rows[rows.count - 1] += 1
            push(id, .inline)
        case "figure":
            boundary(structural: true)
            figureDepth += 1
            push(id, .figure)
        default:
            let structural = kind.contains(.structural)
            guard structural || kind.contains(.plain) else { return push(id, .inline) }
            boundary(structural: structural)
            let context: Context
            switch name {
            case "p": context = .paragraph
            case "h1", "h2", "h3", "h4", "h5", "h6": context = .heading
            case "blockquote": context = .quote
            case "figcaption": context = .caption
            case "pre": context = .preformatted
            case "div" where attributes.hasClass(in: ["meta"]): context = .byline
            default: context = currentContext
            }
            push(id, .block(structural: structural), context: context)
        }
    }

    /// Opens an element; a structural `context` applies only where the parent's context yields.
    private mutating func push(_ name: Int, _ role: Role, context: Context? = nil) {
        let parent = currentContext
        var resolved = parent
        if let context, parent.yieldsToChildren {
            resolved = context == .paragraph && parent != .loose ? parent : context
        }
        stack.append(OpenElement(name: name, context: resolved, role: role))
        openCounts[name] += 1
    }

    // MARK: - End tags

    private mutating func end(_ name: String) {
        guard let id = names[name], openCounts[id] > 0 else {
            guard skipDepth == 0 else { return }
            // Browsers read a stray `</br>` as `<br>` and a stray `</p>` as an empty paragraph.
            if name == "br" { lineBreak() }
            if name == "p" { flush() }
            return
        }
        popElements(through: id)
    }

    /// Closes the open elements down to and including the nearest one called `name` (which is open).
    private mutating func popElements(through name: Int) {
        while let top = stack.last {
            popElement()
            if top.name == name { return }
        }
    }

    private mutating func popElement() {
        guard let element = stack.popLast() else { return }
        openCounts[element.name] -= 1
        switch element.role {
        case .inline:
            break
        case .skip:
            skipDepth -= 1
        case .bold:
            boldOpen = false
            closeMark(.bold)
        case .italic:
            italicOpen = false
            closeMark(.italic)
        case .link:
            closeMark(.link)
            link = nil
        case .block(let structural):
            boundary(structural: structural)
        case .list:
            lists.removeLast()
            boundary(structural: true)
        case .row:
            rows.removeLast()
            boundary(structural: true)
        case .figure:
            figureDepth -= 1
            boundary(structural: true)
            writePendingImage()
        }
    }

    // MARK: - Blocks

    /// A block element starts or ends here: the block being written ends, or, inside a link or a
    /// table row, a plain block only separates words.
    private mutating func boundary(structural: Bool) {
        if !structural && (link != nil || !rows.isEmpty) {
            if !text.isEmpty {
                pendingSpaces = max(pendingSpaces, 1)
                pendingHardSpace = true
            }
        } else {
            flush()
        }
    }

    private mutating func lineBreak() {
        pendingBreaks = min(pendingBreaks + 1, 2)
        pendingSpaces = 0
    }

    private mutating func rule() {
        flush()
        writePendingImage()
        blocks.append(.rule)
    }

    private mutating func image(_ attributes: [HTMLAttribute]) {
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

    private mutating func writePendingImage() {
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
    private mutating func flush() {
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
    private mutating func closeMark(_ mark: Mark) {
        if let index = pendingMarks.lastIndex(of: mark) {
            pendingMarks.remove(at: index)
        } else if let index = writtenMarks.lastIndex(of: mark) {
            writeClosing(mark)
            writtenMarks.remove(at: index)
        }
    }

    private mutating func writeClosing(_ mark: Mark) {
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

    // MARK: - References

    /// The number of `href`'s reference, adding it on first use; nil for links that get none.
    private mutating func reference(href: String, text: String) -> Int? {
        let url = Self.cleanURL(href)
        let lowered = url.prefix(11).lowercased()
        guard !url.isEmpty, !url.hasPrefix("#"), !lowered.hasPrefix("javascript:"),
            !lowered.hasPrefix("vbscript:"), !lowered.hasPrefix("data:"),
            Self.comparable(url) != Self.comparable(text)
        else { return nil }
        if let number = referenceNumbers[url] { return number }
        references.append(url)
        referenceNumbers[url] = references.count
        return references.count
    }

    /// `href` without controls and line breaks (as URL parsers drop them), trimmed, spaces as %20
    /// and the other whitespace controls left (`\v`, `\f`) percent-encoded, as URL parsers do.
    /// Scalar by scalar: a space followed by a combining mark is one Character.
    static func cleanURL(_ href: String) -> String {
        var kept: [Unicode.Scalar] = []
        var sanitizer = TextSanitizer()
        for scalar in href.unicodeScalars {
            guard let scalar = sanitizer.filter(scalar), scalar != "\t", scalar != "\n", scalar != "\r" else { continue }
            kept.append(scalar)
        }
        var result: [Unicode.Scalar] = []
        for scalar in String(scalars: kept).trimmingSpaces.unicodeScalars {
            switch scalar {
            case " ": result.append(contentsOf: "%20".unicodeScalars)
            case "\u{0B}": result.append(contentsOf: "%0B".unicodeScalars)
            case "\u{0C}": result.append(contentsOf: "%0C".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(scalars: result)
    }

    /// A URL or link text without scheme and trailing slash, to tell a link that shows its own URL.
    private static func comparable(_ string: String) -> Substring {
        var rest = Substring(string.trimmingSpaces)
        for scheme in ["https://", "http://"] where rest.prefix(scheme.count).lowercased() == scheme {
            rest = rest.dropFirst(scheme.count)
        }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        return rest
    }
}

extension String {
    /// Without leading and trailing whitespace (the kinds `TextSanitizer.isSpace` knows).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !TextSanitizer.isSpace($0) }),
            let last = scalars.lastIndex(where: { !TextSanitizer.isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
