import NewsFeature
import SyncEngine

/// The archive's EPUB editions as an OPDS 1.2 catalog, for e-reader apps (KOReader, Calibre,
/// Moon+ Reader), read from the archive only:
///
/// | path | what |
/// |---|---|
/// | `/opds` | the navigation feed: the days, the sections, the favourites |
/// | `/opds/days?page=N` | an acquisition feed: a book for each day the archive holds, newest first, paged |
/// | `/opds/sections` | an acquisition feed: a book for each section whose stories the archive holds |
/// | `/opds/favorites` | an acquisition feed: the favourites' book, when there are favourites |
/// | `/edition/<yyyyMMdd>.epub` | a day's book (``download(path:query:)``) |
/// | `/edition/section/<id>.epub` | a section's book |
/// | `/edition/favorites.epub` | the favourites' book |
///
/// A book's path takes `?comments=1` for the edition with each story's comments. The feeds link
/// to each other and to the books by relative links, as the site's pages do.
public struct OPDSCatalog: Sendable {
    /// The navigation feed's path; the other feeds are under it.
    public static let root = "/opds"
    /// The folder of the books' paths.
    public static let editions = "/edition/"

    let engine: SyncEngine
    let language: Language
    let pageSize: Int

    /// The catalog of `engine`'s archive, worded in `language`, with `pageSize` days on a page of
    /// `/opds/days`.
    public init(engine: SyncEngine, language: Language = .zh, pageSize: Int = 30) {
        self.engine = engine
        self.language = language
        self.pageSize = max(pageSize, 1)
    }

    /// The feed at `request`'s path (``root`` or under it); 404 for any other.
    public func respond(to request: WebRequest) async -> WebResponse {
        await OPDSRoutes(engine: engine, language: language, pageSize: pageSize).get(request)
    }

    /// The book a path under ``editions`` names, or nil when it names none (the archive is not
    /// asked: a day or section it lacks makes an empty export, ``EditionExport/Failure/empty``).
    public func download(path: String, query: [String: String]) -> EditionDownload? {
        guard path.hasPrefix(Self.editions) else { return nil }
        let parts = path.dropFirst(Self.editions.count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let comments = query["comments"] == "1"
        let scope: Edition.Scope
        let name: String
        switch parts.count {
        case 1:
            guard let stem = SiteRoutes.name(parts[0], suffix: ".epub") else { return nil }
            if stem == "favorites" {
                scope = .favorites
            } else {
                guard stem.count == 8, let day = Day(stem), day >= Day.firstIssue else { return nil }
                scope = .days(first: day, last: day)
            }
            name = stem
        case 2:
            guard parts[0] == "section", let stem = SiteRoutes.name(parts[1], suffix: ".epub"), let id = SiteRoutes.id(stem) else {
                return nil
            }
            scope = .section(id)
            name = "section-\(id)"
        default: return nil
        }
        let edition = Edition(scope: scope, comments: comments, language: language)
        return EditionDownload(edition: edition, fileName: "zhihu-daily-" + name + (comments ? "-comments" : "") + ".epub")
    }

    /// Writes `download`'s book at `path` (see ``EditionExport/write(to:)``).
    @MainActor
    public func write(_ download: EditionDownload, to path: String) async throws(EditionExport.Failure) -> EditionExport.Outcome {
        try await EditionExport(engine: engine, edition: download.edition).write(to: path)
    }
}

/// A book the catalog links to: the edition, and the file name it is downloaded as.
public struct EditionDownload: Sendable, Hashable {
    /// What the book holds.
    public let edition: Edition
    /// `zhihu-daily-20230421.epub`, `zhihu-daily-section-2.epub`, `zhihu-daily-favorites.epub`.
    public let fileName: String
}
