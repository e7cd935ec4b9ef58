import NewsFeature
import Plot
import SyncEngine

/// The documents of an EPUB edition, as UTF-8: the story pages and the parts' pages (XHTML, built
/// from the same view data and markup as the web pages, never the source's HTML), the
/// navigation, the cover, the package document, the container file and the stylesheet.
enum BookDocuments {
    /// The book's language: the stories are Chinese whatever language the book's own words are in.
    static let language = "zh-CN"

    /// An XHTML document: `content` in a body, `root` the way back to the book's folder, `lang` the
    /// language of its words (a story's page is Chinese whatever the book's own words are).
    static func xhtml(title: String, root: String, bodyClass: String, lang: String = language, _ content: [Markup]) -> [UInt8] {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(lang)" xml:lang="\(lang)">
            <head>
            <meta charset="UTF-8"/>
            <title>\(Tag.escaped(title, quotes: false))</title>
            <link rel="stylesheet" type="text/css" href="\(root)style.css"/>
            </head>
            <body class="\(bodyClass)">

            """
        for node in content { text += node.render() + "\n" }
        text += "</body>\n</html>\n"
        return xmlSafe(text)
    }

    /// `text` as UTF-8 without the characters XML 1.0 forbids (control characters other than tab
    /// and line breaks, U+FFFE and U+FFFF): a story's text may carry them, and one would make the
    /// whole document unreadable to an e-reader.
    static func xmlSafe(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            guard value >= 0x20 || value == 0x9 || value == 0xA || value == 0xD, value != 0xFFFE, value != 0xFFFF else { continue }
            bytes.append(contentsOf: String(scalar).utf8)
        }
        return bytes
    }

    /// A story's page, `story/<id>.xhtml`: title, headline picture, time, section and counts, the
    /// text with its pictures in place, its links, and its comments when the book has them.
    static func story(_ story: BookStory, wording: WebStrings) -> [UInt8] {
        let detail = story.detail
        let body = StoryBodyHTML(detail: detail, pictures: story.pictures, pictureRoot: "../", linksMissingPictures: false)
        var meta: [Markup] = []
        if let published = detail.published {
            meta.append(Tag.element("time", ["datetime": published.iso8601], text: published.text))
        }
        if let section = detail.section { meta.append(Tag.element("span", ["class": "section"], text: section.name)) }
        if let original = Tag.webAddress(detail.url) {
            meta.append(Tag.element("a", ["href": original, "class": "original"], text: wording.original))
        }
        var article: [Markup] = [Tag.element("h1", text: detail.title)] + body.headline
        if !meta.isEmpty { article.append(Tag.element("p", ["class": "meta"], meta)) }
        if detail.isOffSite {
            article.append(Tag.element("p", ["class": "offsite"], text: detail.bodyText))
        } else {
            article += body.blocks
        }
        if !detail.referenceURLs.isEmpty {
            article.append(Tag.element("h2", ["class": "links"], text: wording.links))
            article.append(
                Tag.element(
                    "ol", ["class": "links"],
                    detail.referenceURLs.map { url in
                        guard let address = Tag.webAddress(url) else { return Tag.element("li", text: url) }
                        return Tag.element("li", [:], [Tag.element("a", ["href": address], text: address)])
                    }))
        }
        var content: [Markup] = [Tag.element("article", ["class": "story"], article)]
        if let comments = story.comments {
            let frame = PageFrame(wording: wording, root: "../", isStatic: true)
            for section in comments.sections where !section.comments.isEmpty {
                content.append(
                    Tag.element(
                        "section", ["class": "comments"],
                        [
                            Tag.element("h2", text: section.title),
                            Tag.element("ol", ["class": "comments"], section.comments.map { StoryPages.comment($0, frame: frame) }),
                        ]))
            }
        }
        return xhtml(title: detail.title, root: "../", bodyClass: "story", content)
    }

    /// A part's page (`day/20230421.xhtml`…): its title, then its stories, each a link to its
    /// page, or its title and hint and why it has none when the archive lacks its text.
    static func part(_ part: EditionPart, withText: Set<Int64>, wording: WebStrings) -> [UInt8] {
        let root = part.path.contains("/") ? "../" : ""
        let items: [Markup] = part.stories.map { story in
            let title =
                withText.contains(story.id)
                ? Tag.element("a", ["href": root + "story/\(story.id).xhtml"], text: story.title)
                : Tag.element("span", ["class": "title"], text: story.title)
            var children = [title]
            if !story.hint.isEmpty { children.append(Tag.element("span", ["class": "hint"], text: story.hint)) }
            if !withText.contains(story.id) { children.append(Tag.element("span", ["class": "missing"], text: wording.editionNoText)) }
            return Tag.element("li", [:], children)
        }
        return xhtml(
            title: part.title, root: root, bodyClass: "part", lang: wording.htmlLanguage,
            [Tag.element("h1", text: part.title), Tag.element("ol", ["class": "stories"], items)])
    }

    /// The cover page: the picture (`picture/…`) when there is one, and the title.
    static func cover(title: String, subtitle: String, picture: String?, wording: WebStrings) -> [UInt8] {
        var content: [Markup] = []
        if let picture {
            content.append(Tag.element("div", ["class": "cover-picture"], [Tag.void("img", ["src": picture, "alt": title])]))
        }
        content.append(Tag.element("h1", ["class": "cover-title"], text: title))
        content.append(Tag.element("p", ["class": "cover-subtitle"], text: subtitle))
        return xhtml(title: title, root: "", bodyClass: picture == nil ? "cover plain" : "cover", lang: wording.htmlLanguage, content)
    }

    /// The navigation document: each part, then the stories it has pages for (`parts` lists each
    /// story once, where it is read, so the contents follow the reading order).
    static func navigation(title: String, parts: [EditionPart], wording: WebStrings) -> [UInt8] {
        let entries: [Markup] = parts.map { part in
            var children: [Markup] = [Tag.element("a", ["href": part.path + ".xhtml"], text: part.title)]
            let stories = part.stories
            if !stories.isEmpty {
                children.append(
                    Tag.element(
                        "ol", [:],
                        stories.map { Tag.element("li", [:], [Tag.element("a", ["href": "story/\($0.id).xhtml"], text: $0.title)]) }))
            }
            return Tag.element("li", [:], children)
        }
        var landmarks: [Markup] = [
            Tag.element("li", [:], [Tag.element("a", ["epub:type": "cover", "href": "cover.xhtml"], text: wording.editionCover)])
        ]
        if let first = parts.first {
            landmarks.append(
                Tag.element(
                    "li", [:], [Tag.element("a", ["epub:type": "bodymatter", "href": first.path + ".xhtml"], text: wording.editionStart)]))
        }
        return xhtml(
            title: title, root: "", bodyClass: "navigation", lang: wording.htmlLanguage,
            [
                Tag.element(
                    "nav", ["epub:type": "toc", "id": "toc"],
                    [Tag.element("h1", text: wording.editionContents), Tag.element("ol", [:], entries)]),
                Tag.element("nav", ["epub:type": "landmarks", "id": "landmarks", "hidden": "hidden"], [Tag.element("ol", [:], landmarks)]),
            ])
    }

    /// A file of the book as the package document lists it.
    struct Item: Equatable {
        let id: String
        let path: String
        let mediaType: String
        var properties: String? = nil
        /// Whether it is read in order (the spine), and where.
        var inSpine = false
    }

    /// The package document, `EPUB/package.opf`.
    static func package(
        edition: Edition, title: String, date: String, modified: String, items: [Item], cover: String?
    ) -> [UInt8] {
        func attribute(_ name: String, _ value: String?) -> String {
            value.map { " \(name)=\"\(Tag.escaped($0))\"" } ?? ""
        }
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="edition-id" xml:lang="\(language)">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="edition-id">\(Tag.escaped(edition.identifier, quotes: false))</dc:identifier>
            <dc:title>\(Tag.escaped(title, quotes: false))</dc:title>
            <dc:language>\(language)</dc:language>
            <dc:creator>\(Tag.escaped(WebStrings(language: edition.language).editionCreator, quotes: false))</dc:creator>
            <dc:publisher>\(Tag.escaped(WebStrings(language: edition.language).editionCreator, quotes: false))</dc:publisher>
            <dc:date>\(date)</dc:date>
            <meta property="dcterms:modified">\(modified)</meta>
            \(cover.map { "<meta name=\"cover\" content=\"\($0)\"/>" } ?? "")
            </metadata>
            <manifest>

            """
        for item in items {
            text +=
                "<item id=\"\(item.id)\" href=\"\(Tag.escaped(item.path))\" media-type=\"\(item.mediaType)\"\(attribute("properties", item.properties))/>\n"
        }
        text += "</manifest>\n<spine>\n"
        for item in items where item.inSpine { text += "<itemref idref=\"\(item.id)\"/>\n" }
        text += "</spine>\n</package>\n"
        return xmlSafe(text)
    }

    /// `META-INF/container.xml`: where the package document is.
    static let container = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles>
        <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
        </rootfiles>
        </container>

        """.utf8)

    /// `mimetype`, the first file of every EPUB, stored: what lets a reader know the ZIP is a book.
    static let mimetype = Array("application/epub+zip".utf8)
}
