extension ReadableTextBuilder {
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
    struct ElementKind: OptionSet {
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
    private mutating func number(_ name: String) -> (id: Int, kind: ElementKind, tag: Tag) {
        if let id = numbered(name) { return (id, kinds[id], tags[id]) }
        let id = openCounts.count
        remember(name, as: id)
        kinds.append(Self.knownKinds[name] ?? [])
        tags.append(Tag.known[name] ?? .other)
        openCounts.append(0)
        return (id, kinds[id], tags[id])
    }

    mutating func start(_ name: String, _ attributes: [HTMLAttribute]) {
        let (id, kind, tag) = number(name)
        if tag == .body, let head = numbered("head"), openCounts[head] > 0 {
            popElements(through: head)
        }
        let isVoid = kind.contains(.void)
        if skipDepth > 0 {
            if !isVoid { push(id, .inline) }
            return
        }
        if isVoid {
            switch tag {
            case .br: lineBreak()
            case .hr: rule()
            case .img: image(attributes)
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
        switch tag {
        case .a:
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
        case .strong, .b:
            // A mark inside the same mark adds nothing.
            guard !boldOpen else { return push(id, .inline) }
            boldOpen = true
            pendingMarks.append(.bold)
            push(id, .bold)
        case .em, .i:
            guard !italicOpen else { return push(id, .inline) }
            italicOpen = true
            pendingMarks.append(.italic)
            push(id, .italic)
        case .ul, .ol:
            boundary(structural: true)
            // Clamped so that counting on can never overflow.
            let first = attributes["start"].flatMap { Int($0.trimmingSpaces) }.map { min(max($0, -1_000_000), 1_000_000) } ?? 1
            lists.append(List(ordered: tag == .ol, count: first - 1))
            push(id, .list)
        case .li:
            boundary(structural: true)
            var ordinal: Int?
            if let last = lists.indices.last, lists[last].ordered {
                lists[last].count += 1
                ordinal = lists[last].count
            }
            listItems += 1
            push(id, .block(structural: true), context: .listItem(ordinal: ordinal, item: listItems))
        case .tr:
            boundary(structural: true)
            rows.append(0)
            push(id, .row, context: .tableRow)
        case .td where !rows.isEmpty, .th where !rows.isEmpty:
            if rows[rows.count - 1] > 0 { pendingCellSeparator = true }
            rows[rows.count - 1] += 1
            push(id, .inline)
        case .figure:
            boundary(structural: true)
            figureDepth += 1
            push(id, .figure)
        default:
            let structural = kind.contains(.structural)
            guard structural || kind.contains(.plain) else { return push(id, .inline) }
            boundary(structural: structural)
            let context: Context
            switch tag {
            case .p: context = .paragraph
            case .heading: context = .heading
            case .blockquote: context = .quote
            case .figcaption: context = .caption
            case .pre: context = .preformatted
            case .div where attributes.hasClass(in: ["meta"]): context = .byline
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

    mutating func end(_ name: String) {
        guard let id = numbered(name), openCounts[id] > 0 else {
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

    mutating func popElement() {
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
}
