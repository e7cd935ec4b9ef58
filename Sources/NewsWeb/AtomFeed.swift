/// An Atom document (RFC 4287): the feed and each entry with its id, title and updated time, an
/// author, and a link to read it.
struct AtomFeed {
    struct Entry {
        let id: String
        let title: String
        /// The story's page on the site (absolute with a base URL).
        let link: String
        /// The story on the source's site.
        let original: String
        /// RFC 3339, Beijing time.
        let updated: String
        let author: String
        let categories: [String]
        /// The text as HTML, escaped into `<content type="html">`.
        let html: String
        /// Google Reader's states of the entry for the reader API's Atom (`read`, `fresh`,
        /// `starred`): each a category in its scheme, which newsboat reads an item's state from.
        var readerStates: [String] = []
    }

    let id: String
    let title: String
    let subtitle: String
    /// The site's absolute address with its final slash, or empty.
    let base: String
    let selfPath: String
    let language: String
    let entries: [Entry]

    var xml: String {
        let updated = entries.map(\.updated).max() ?? "2013-05-19T00:00:00+08:00"
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(Self.escape(language))\">\n"
        out += "<id>\(Self.escape(id))</id>\n<title>\(Self.escape(title))</title>\n<subtitle>\(Self.escape(subtitle))</subtitle>\n"
        out += "<updated>\(Self.escape(updated))</updated>\n<author><name>\(Self.escape(title))</name></author>\n"
        out += "<generator>newsctl</generator>\n"
        if !base.isEmpty {
            out += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(Self.escape(base + selfPath))\"/>\n"
            out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(Self.escape(base))\"/>\n"
        } else {
            out += "<link rel=\"alternate\" type=\"text/html\" href=\"https://daily.zhihu.com/\"/>\n"
        }
        for entry in entries {
            out += "<entry>\n<id>\(Self.escape(entry.id))</id>\n<title>\(Self.escape(entry.title))</title>\n"
            out += "<updated>\(Self.escape(entry.updated))</updated>\n<published>\(Self.escape(entry.updated))</published>\n"
            out += "<author><name>\(Self.escape(entry.author))</name></author>\n"
            // The story's address on the source is the archive's word for it: only a web address
            // becomes a link (no `javascript:` for a reader to follow).
            let original = Tag.webAddress(entry.original)
            if let alternate = base.isEmpty ? original : Tag.webAddress(entry.link) {
                out += "<link rel=\"alternate\" type=\"text/html\" href=\"\(Self.escape(alternate))\"/>\n"
            }
            if !base.isEmpty, let original, original != entry.link {
                out += "<link rel=\"related\" type=\"text/html\" href=\"\(Self.escape(original))\"/>\n"
            }
            for category in entry.categories { out += "<category term=\"\(Self.escape(category))\"/>\n" }
            for state in entry.readerStates {
                out += "<category term=\"user/-/state/com.google/\(Self.escape(state))\" scheme=\"http://www.google.com/reader/\""
                out += " label=\"\(Self.escape(state))\"/>\n"
            }
            out += "<content type=\"html\">\(Self.escape(entry.html))</content>\n</entry>\n"
        }
        return out + "</feed>\n"
    }

    /// Text safe in XML: the five entities, and the characters XML 1.0 forbids left out.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || (0xFFFE...0xFFFF).contains(value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
