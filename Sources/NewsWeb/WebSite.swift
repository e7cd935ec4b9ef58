#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A request as the site sees it, whoever carried it: `newsctl-serve` (HTTP) or `newsctl export`
/// (walking the pages to write them as files).
public struct WebRequest: Sendable, Equatable {
    /// `GET`, `HEAD` or `POST`.
    public var method: String
    /// The path, percent-decoded, without the query: `/`, `/story/9762421.html`.
    public var path: String
    /// The query's parameters, percent-decoded (`q` of `/search.html?q=…`).
    public var query: [String: String]
    /// The form fields of a POST (`application/x-www-form-urlencoded`), percent-decoded.
    public var form: [String: String]

    /// A request for `path`.
    public init(method: String = "GET", path: String, query: [String: String] = [:], form: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.query = query
        self.form = form
    }
}

/// What the site answers: the HTTP layer adds what HTTP alone decides (ETag and 304s, the security
/// headers, Content-Length); the export writes `body` to the file `path` names.
public struct WebResponse: Sendable, Equatable {
    /// 200, 303 (after a POST), 404, 503 …
    public var status: Int
    /// `text/html; charset=utf-8`, `application/atom+xml; charset=utf-8`, `image/jpeg` …
    public var contentType: String
    /// The bytes to send.
    public var body: [UInt8]
    /// When what the page shows last changed in the archive (a day's sync, a picture's fetch), for
    /// Last-Modified; nil when unknown.
    public var lastModified: Date?
    /// Where a 303 sends the browser (a path of the site).
    public var location: String?
    /// Other header fields the answer needs (`X-Reader-Google-Bad-Token`), by name.
    public var headers: [String: String] = [:]

    /// A response.
    public init(status: Int, contentType: String, body: [UInt8], lastModified: Date? = nil, location: String? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.lastModified = lastModified
        self.location = location
    }
}

/// The archive as a web site: every page, picture and feed, by path. Its pages link to each other
/// with relative links, and its paths are the same files in a static copy (`/` is `/index.html`),
/// so the server and `newsctl export --site` serve one site:
///
/// | path | what |
/// |---|---|
/// | `/`, `/index.html` | home: top stories, today, then earlier days a page at a time |
/// | `/day/yyyyMMdd.html` | one day |
/// | `/story/<id>.html` | a story |
/// | `/story/<id>/comments.html` | its comments |
/// | `/search.html?q=…` | search (served only; the static copy has none) |
/// | `/favorites.html`, POST `/story/<id>/favorite` | favourites, and the toggle |
/// | `/sections.html`, `/section/<id>.html` | columns |
/// | `/status.html` | the archive's state |
/// | `/picture/<key>.<ext>` | a picture from the archive |
/// | `/feed.atom`, `/section/<id>/feed.atom` | Atom feeds |
/// | `/style.css` | the one stylesheet (no inline styles or scripts) |
///
/// The server answers other paths beside the site's: the OPDS catalog's feeds and books (`/opds`,
/// `/opds/days`, `/opds/sections`, `/opds/favorites`, `/edition/…epub`; see ``OPDSCatalog``) and
/// the reader API (`/api/greader`; see ``ReaderAPI``).
public protocol WebSite: Sendable {
    /// The answer to `request`; never throws: a fault is a page that says so.
    func respond(to request: WebRequest) async -> WebResponse
}
