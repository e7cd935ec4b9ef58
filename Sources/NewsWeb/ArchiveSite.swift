import NewsFeature
import SyncEngine

/// The archive as a web site (see ``WebSite`` for its paths): each page is a NewsFeature
/// presenter shown by an HTML view; the site words nothing itself and reads the archive only
/// through the presenters' interactors.
public struct ArchiveSite: WebSite {
    /// How the site reads the archive and words its pages.
    public struct Options: Sendable {
        /// The language the pages are worded in.
        public var language: Language
        /// Cache only: no request to the source (a picture the archive lacks shows its caption).
        /// A static copy reads the archive only whatever this says (see `readsArchiveOnly`).
        public var offline: Bool
        /// The site's own absolute address (`http://192.168.1.5:8080/`), for the feeds' links and
        /// pictures; nil where only relative links are possible.
        public var baseURL: String?
        /// How many of the newest stories `/feed.atom` carries.
        public var feedWindow: Int
        /// When set, `/feed.atom` carries every story of the newest this many days instead of
        /// `feedWindow` stories (`newsctl feed --days N`).
        public var feedDays: Int?
        /// The pages are a static copy: no search form and no favourite toggle, which need a server;
        /// the archive only is read, and nothing links to a page the archive lacks.
        public var isStatic: Bool
        /// The oldest day the pages link to (a static copy's window), and, in a static copy with
        /// a base URL, the oldest day of `/feed.atom`'s stories; nil links back to the first issue.
        public var firstDay: Day?

        /// Options with defaults: Chinese, online, no base URL, 30 stories in the feed, served.
        public init(
            language: Language = .zh, offline: Bool = false, baseURL: String? = nil, feedWindow: Int = 30,
            isStatic: Bool = false, firstDay: Day? = nil, feedDays: Int? = nil
        ) {
            self.feedDays = feedDays
            self.language = language
            self.offline = offline
            self.baseURL = baseURL
            self.feedWindow = feedWindow
            self.isStatic = isStatic
            self.firstDay = firstDay
        }

        /// Whether every read is cache-only: offline, or a static copy (a copy of the archive
        /// never asks the source; fetching is `sync`'s).
        var readsArchiveOnly: Bool { offline || isStatic }
    }

    let engine: SyncEngine
    let options: Options

    /// A site over `engine`.
    public init(engine: SyncEngine, options: Options = Options()) {
        self.engine = engine
        self.options = options
    }

    /// The answer to `request`.
    public func respond(to request: WebRequest) async -> WebResponse {
        if request.method == "POST" {
            return await SiteRoutes(engine: engine, options: options).post(request)
        }
        return await SiteRoutes(engine: engine, options: options).get(request)
    }
}
