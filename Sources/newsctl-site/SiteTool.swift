import ArgumentParser
import NewsFeature
import NewsWeb
import SyncEngine

#if canImport(Glibc)
    import Glibc
#endif

/// What `newsctl export` and `newsctl feed` hand over to, with their options already checked and
/// resolved: the web front's HTML builder (Plot) brings Foundation and ICU, which would slow every
/// newsctl start, so they live in this program of their own.
@main
struct SiteTool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "newsctl-site",
        abstract: "The web front's export and feed, started by newsctl export and newsctl feed.",
        subcommands: [ExportSite.self, WriteEdition.self, WriteFeed.self])
}

/// One line on stderr.
func errorLine(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// The options newsctl resolved. No base URL or network deadline: export and feed read the
/// archive only.
struct Resolved: ParsableArguments {
    @Option(help: "The archive file.") var db: String
    @Option(help: "zh or en.") var lang: String = "zh"
    @Flag(help: "A picture the archive lacks is captioned, not linked to its source.") var offline = false
    @Flag(help: "Machine-readable output.") var json = false

    var language: Language { Language(rawValue: lang) ?? .zh }

    /// The archive, on a transport that refuses every request.
    func open() -> SyncEngine? {
        do throws(SyncError) {
            return try SyncEngine(configuration: SyncEngine.Configuration(databasePath: db), transport: ArchiveOnlyTransport())
        } catch {
            let wording = ErrorPresenter(language: language).viewData(for: error, subject: db)
            errorLine("newsctl: \(wording.message)")
            return nil
        }
    }
}

struct ExportSite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export")

    @Option(help: "The folder.") var site: String
    @Option(help: "The oldest day linked, yyyyMMdd.") var since: String?
    @Option(help: "Days back from the newest.") var days: Int = 7
    @Option(name: .customLong("site-url"), help: "The copy's address, for the feeds.") var siteURL: String?
    @OptionGroup var resolved: Resolved

    func run() async throws {
        guard let engine = resolved.open() else { throw ExitCode(74) }
        let first = await SiteExport.firstDay(engine, days: days, since: since.flatMap { Day($0) })
        let site = ArchiveSite(
            engine: engine,
            options: ArchiveSite.Options(
                language: resolved.language, offline: resolved.offline, baseURL: siteURL, isStatic: true, firstDay: first))
        let folder = self.site.count > 1 && self.site.hasSuffix("/") ? String(self.site.dropLast()) : self.site
        let wording = WebStrings(language: resolved.language)
        do throws(SiteExport.Failure) {
            let outcome = try await SiteExport(site: site, folder: folder).run()
            if resolved.json {
                let written = outcome.written.map { "\"" + $0 + "\"" }.joined(separator: ",")
                print("{\"written\":[\(written)],\"unchanged\":\(outcome.unchanged.count)}")
            } else {
                print(wording.exportSummary(written: outcome.written.count, unchanged: outcome.unchanged.count, folder: folder))
            }
        } catch {
            errorLine("newsctl: " + wording.exportFailed(folder: error.path, reason: error.reason))
            // 74, local I/O, as DESIGN.md and the README give an unwritable folder.
            throw ExitCode(74)
        }
    }
}

struct WriteFeed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "feed")

    @Option(help: "Stories in the feed.") var count: Int = 30
    @Option(help: "Every story of the newest N days.") var days: Int?
    @Option(name: .customLong("site-url"), help: "The site's address.") var siteURL: String?
    @OptionGroup var resolved: Resolved

    func run() async throws {
        guard let engine = resolved.open() else { throw ExitCode(74) }
        let site = ArchiveSite(
            engine: engine,
            options: ArchiveSite.Options(
                language: resolved.language, offline: true, baseURL: siteURL, feedWindow: count, feedDays: days))
        let response = await site.respond(to: WebRequest(path: "/feed.atom"))
        guard response.status == 200 else { throw ExitCode(69) }
        let feed = String(decoding: response.body, as: UTF8.self)
        print(feed, terminator: "")
        // Every story the archive lists has an entry, with its text or without: none is an empty archive.
        if !feed.contains("<entry>") { errorLine("newsctl: " + WebStrings(language: resolved.language).feedEmpty) }
    }
}
