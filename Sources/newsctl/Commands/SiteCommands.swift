import ArgumentParser
import NewsFeature
import NewsWeb
import SyncEngine

/// `newsctl export --site DIR`: the archive as a static web site.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the archive as a static web site: pages, pictures, feed.atom, style.css.",
        discussion:
            "Any web server serves the folder (nginx, `python3 -m http.server`, a static host). Only files whose bytes changed are written again."
    )

    @Option(name: .customLong("site"), help: ArgumentHelp("The folder to write the site into.", valueName: "dir"))
    var site: String

    @Option(name: .customLong("days"), help: "How many days back from the newest the pages reach (default 7).")
    var days: Int?

    @Option(name: .customLong("since"), help: ArgumentHelp("The oldest day the pages reach.", valueName: "yyyyMMdd"))
    var since: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if days != nil, since != nil { throw ValidationError(options.words.language == .zh ? "--days 与 --since 只能选一个" : "--days and --since cannot be used together") }
        if let days, days < 1 { throw ValidationError(options.words.language == .zh ? "--days 至少为 1" : "--days must be at least 1") }
        if let since, Day(since) == nil || since.count != 8 {
            throw ValidationError(options.words.language == .zh ? "不是 yyyyMMdd 格式的日期：\(since)" : "not a yyyyMMdd date: \(since)")
        }
    }

    func run() async throws {
        let status = await SiteCommand.export(folder: site, days: days ?? 7, since: since.flatMap { Day($0) }, settings: try options.resolve())
        guard status == 0 else { throw ExitCode(status) }
    }
}

/// `newsctl feed`: the Atom feed on stdout.
struct Feed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Write the Atom feed of the newest stories (full text) to stdout.",
        discussion: "The same feed as a served site's /feed.atom; pictures link to --site-url when given, else to their source."
    )

    @Option(name: .customLong("count"), help: "How many of the newest stories the feed carries (default 30).")
    var count: Int = 30

    @Option(name: .customLong("site-url"), help: ArgumentHelp("The site's absolute address, for links and pictures.", valueName: "url"))
    var siteURL: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if count < 1 { throw ValidationError(options.words.language == .zh ? "--count 至少为 1" : "--count must be at least 1") }
        if let siteURL, !(siteURL.hasPrefix("http://") || siteURL.hasPrefix("https://")) {
            throw ValidationError(options.words.language == .zh ? "--site-url 须以 http:// 或 https:// 开头" : "--site-url must start with http:// or https://")
        }
    }

    func run() async throws {
        let status = await SiteCommand.feed(count: count, siteURL: siteURL, settings: try options.resolve())
        guard status == 0 else { throw ExitCode(status) }
    }
}

@MainActor
enum SiteCommand {
    static func export(folder: String, days: Int, since: Day?, settings: Settings) async -> Int32 {
        let output = Output()
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        let engine: SyncEngine
        switch Archive.open(settings, errorLine: errorLine, use: .reads) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }
        let first: Day?
        if let since {
            first = since
        } else {
            first = await SiteExport.newestDay(engine).map { $0.adding(days: -(days - 1)) }
        }
        let site = ArchiveSite(
            engine: engine,
            options: ArchiveSite.Options(language: settings.language, offline: settings.mode == .offline, isStatic: true, firstDay: first))
        let wording = WebWording(language: settings.language)
        let trimmed = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        do throws(SiteExport.Failure) {
            let outcome = try await SiteExport(site: site, folder: trimmed).run()
            if settings.json {
                output.out(
                    JSONValue.object([
                        ("written", .array(outcome.written.map { .string($0) })),
                        ("unchanged", .int(Int64(outcome.unchanged.count))),
                    ]).serialized() + "\n")
            } else {
                output.out(wording.exportSummary(written: outcome.written.count, unchanged: outcome.unchanged.count, folder: trimmed) + "\n")
            }
            return 0
        } catch {
            output.err("newsctl: " + wording.exportFailed(folder: error.path, reason: error.reason) + "\n")
            return 73
        }
    }

    static func feed(count: Int, siteURL: String?, settings: Settings) async -> Int32 {
        let output = Output()
        let errorLine = ErrorLine(output: output, verbose: settings.verbose)
        let engine: SyncEngine
        switch Archive.open(settings, errorLine: errorLine, use: .reads) {
        case .success(let opened): engine = opened
        case .failure(let failure): return failure.status
        }
        let site = ArchiveSite(
            engine: engine,
            options: ArchiveSite.Options(language: settings.language, offline: settings.mode == .offline, baseURL: siteURL, feedWindow: count))
        let response = await site.respond(to: WebRequest(path: "/feed.atom"))
        guard response.status == 200 else { return 69 }
        output.out(String(decoding: response.body, as: UTF8.self))
        return 0
    }
}
