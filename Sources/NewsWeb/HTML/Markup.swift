import NewsFeature
import Plot

/// A piece of a page's body.
typealias Markup = Node<HTML.BodyContext>

/// The few ways the pages build HTML with Plot. Plot writes attribute values as given, and in
/// text keeps what looks like an entity (`&lt;` stays `&lt;`, shown as `<`), so every attribute
/// goes through `attribute(_:_:)` and all text through `text(_:)`, which escape it all.
enum Tag {
    /// Text shown as written: `&` too is escaped, so `&lt;` in a title reads `&lt;`.
    static func text<Context>(_ text: String) -> Node<Context> {
        .raw(escaped(text, quotes: false))
    }

    /// `name="value"`, with `&`, `<`, `>`, `"` and `'` escaped.
    static func attribute(_ name: String, _ value: String) -> Markup {
        .attribute(named: name, value: escaped(value), ignoreIfValueIsEmpty: false)
    }

    /// An element with attributes and children.
    static func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ children: [Markup] = []) -> Markup {
        .element(named: name, nodes: attributes.map { attribute($0.key, $0.value) } + children)
    }

    /// An element holding only text.
    static func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], text: String) -> Markup {
        element(name, attributes, [Tag.text(text)])
    }

    /// A void element (`img`, `input`, `meta`).
    static func void(_ name: String, _ attributes: KeyValuePairs<String, String>) -> Markup {
        .selfClosedElement(
            named: name,
            attributes: attributes.map { Attribute<HTML.BodyContext>(name: $0.key, value: escaped($0.value), ignoreIfValueIsEmpty: false) })
    }

    /// A link.
    static func link(_ href: String, _ text: String, class className: String? = nil) -> Markup {
        if let className { return element("a", ["href": href, "class": className], text: text) }
        return element("a", ["href": href], text: text)
    }

    /// Text with its `**strong**` stretches in `<strong>` and its `*em*` ones in `<em>`
    /// (`MarkedText`): the marks never reach the page.
    static func emphasized(_ markup: String) -> [Markup] {
        MarkedText(markup: markup).runs.map { run in
            let text = run.isEmphasis ? element("em", text: run.text) : Tag.text(run.text)
            return run.isStrong ? element("strong", [:], [text]) : text
        }
    }

    /// `text` safe inside a quoted attribute value (and as text; there quotes may stay).
    static func escaped(_ text: String, quotes: Bool = true) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Only web addresses leave the site: `javascript:`, `data:` and the rest become nil.
    static func webAddress(_ url: String) -> String? {
        let lowered = url.trimmingPrefixSpaces.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else { return nil }
        return url.trimmingPrefixSpaces
    }
}

extension Tag {
    /// A picture's address at its source for `<img src>`: https, which the pages' policy
    /// (`img-src 'self' https:`) lets a browser load, so an http one is asked over https (Zhihu's
    /// picture hosts answer both); nil for one that is no web address.
    static func imageSource(_ url: String) -> String? {
        guard let address = webAddress(url) else { return nil }
        guard address.lowercased().hasPrefix("http://") else { return address }
        return "https://" + address.dropFirst("http://".count)
    }
}

extension String {
    fileprivate var trimmingPrefixSpaces: String {
        String(drop { $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.value < 0x20 } })
    }
}

/// The frame every page shares: head, menu, the page's body.
struct PageFrame {
    let wording: WebStrings
    /// The way back to the site's root from the page: "", "../", "../../".
    let root: String
    /// Whether the pages are a static copy (no search, no favourite toggle).
    let isStatic: Bool
    /// Whether the menu links the columns (a static copy of an archive without them does not).
    var linksSections = true
    /// The stories of the page whose text the archive lacks: a static copy has no page for them,
    /// so their titles link to the source (or to nothing).
    var storiesWithoutText: Set<Int64> = []

    /// The whole page as UTF-8.
    func render(title: String, _ content: [Markup]) -> [UInt8] {
        let menu: [Markup] = [
            Tag.link(root + "index.html", wording.home),
            linksSections ? Tag.link(root + "sections.html", wording.sections) : nil,
            Tag.link(root + "favorites.html", wording.favorites),
            Tag.link(root + "status.html", wording.status),
            Tag.link(root + "feed.atom", wording.feed),
        ].compactMap { $0 }
        var header: [Markup] = [Tag.element("nav", ["class": "menu"], menu)]
        if !isStatic {
            header.append(
                Tag.element(
                    "form", ["class": "search", "action": root + "search.html", "method": "get"],
                    [
                        Tag.void("input", ["type": "search", "name": "q", "aria-label": wording.search]),
                        Tag.element("button", ["type": "submit"], text: wording.search),
                    ]))
        }
        let fullTitle = title.isEmpty ? wording.siteName : title + " · " + wording.siteName
        let html = HTML(
            .attribute(named: "lang", value: wording.htmlLanguage),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .meta(.name("referrer"), .content("no-referrer")),
                // Not Plot's `.title(_:)`: it also writes og:/twitter: meta tags without escaping.
                .element(named: "title", nodes: [Tag.text(fullTitle)]),
                .link(.rel(.stylesheet), .href(root + "style.css")),
                .link(.rel(.icon), .type("image/svg+xml"), .href(root + "favicon.svg")),
                .link(.rel(.alternate), .type("application/atom+xml"), .href(root + "feed.atom"))
            ),
            .body(
                Tag.element("header", ["class": "site"], header),
                Tag.element("main", [:], content)
            )
        )
        return Array(html.render().utf8)
    }
}
