/// A feed of an OPDS 1.2 catalog: an Atom document (RFC 4287) whose links carry OPDS's relations
/// and types. A navigation feed's entries lead to other feeds (`subsection`); an acquisition
/// feed's entries are books, each with its `http://opds-spec.org/acquisition` link. Every `href`
/// is relative to the feed's own address, as the site's links are, so a catalog served under a
/// proxy's prefix stays under it.
struct OPDSFeed {
    /// Which of OPDS's two kinds of feed.
    enum Kind: String {
        case navigation, acquisition

        /// The feed's media type: `application/atom+xml;profile=opds-catalog;kind=navigation`.
        var mediaType: String { "application/atom+xml;profile=opds-catalog;kind=" + rawValue }
    }

    /// An Atom link.
    struct Link: Equatable {
        let rel: String
        let type: String
        let href: String
        var title: String?
    }

    /// A navigation entry or a book.
    struct Entry {
        let id: String
        let title: String
        /// RFC 3339, from the archive.
        let updated: String
        /// Plain text: what the entry leads to, or the book's headlines.
        let summary: String
        let links: [Link]
    }

    let kind: Kind
    let id: String
    let title: String
    /// RFC 3339: the newest of the entries' (or the archive's first day when there are none).
    let updated: String
    let language: String
    /// The author every entry shares.
    let author: String
    /// `self`, `start`, `up` and the paging links.
    let links: [Link]
    let entries: [Entry]

    var xml: String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:opds=\"http://opds-spec.org/2010/catalog\""
        out += " xml:lang=\"\(escape(language))\">\n"
        out += "<id>\(escape(id))</id>\n<title>\(escape(title))</title>\n<updated>\(escape(updated))</updated>\n"
        out += "<author><name>\(escape(author))</name></author>\n"
        for link in links { out += Self.render(link) }
        for entry in entries {
            out += "<entry>\n<id>\(escape(entry.id))</id>\n<title>\(escape(entry.title))</title>\n"
            out += "<updated>\(escape(entry.updated))</updated>\n"
            out += "<content type=\"text\">\(escape(entry.summary))</content>\n"
            for link in entry.links { out += Self.render(link) }
            out += "</entry>\n"
        }
        return out + "</feed>\n"
    }

    private func escape(_ text: String) -> String { AtomFeed.escape(text) }

    private static func render(_ link: Link) -> String {
        var out = "<link rel=\"\(AtomFeed.escape(link.rel))\" type=\"\(AtomFeed.escape(link.type))\" href=\"\(AtomFeed.escape(link.href))\""
        if let title = link.title { out += " title=\"\(AtomFeed.escape(title))\"" }
        return out + "/>\n"
    }
}
