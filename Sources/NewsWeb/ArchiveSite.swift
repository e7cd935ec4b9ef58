import NewsFeature
import SyncEngine

/// The archive as a web site (see ``WebSite`` for its paths). Placeholder until the pages land:
/// its signature is what `newsctl-serve` and `newsctl export` build on.
public struct ArchiveSite: WebSite {
    /// How the site reads the archive and words its pages.
    public struct Options: Sendable {
        /// The language the pages are worded in.
        public var language: Language
        /// Cache only: no request to the source (a picture the archive lacks shows its caption).
        public var offline: Bool
        /// The site's own absolute address (`http://192.168.1.5:8080/`), for the feeds' links and
        /// pictures; nil where only relative links are possible.
        public var baseURL: String?
        /// How many of the newest stories `/feed.atom` carries.
        public var feedWindow: Int

        /// Options with defaults: Chinese, online, no base URL, 30 stories in the feed.
        public init(language: Language = .zh, offline: Bool = false, baseURL: String? = nil, feedWindow: Int = 30) {
            self.language = language
            self.offline = offline
            self.baseURL = baseURL
            self.feedWindow = feedWindow
        }
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
        WebResponse(status: 404, contentType: "text/plain; charset=utf-8", body: Array("not yet\n".utf8))
    }
}
