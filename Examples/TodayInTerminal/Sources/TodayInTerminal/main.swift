// Today's stories from an offline-first archive: open it, read today with where it came from,
// watch a page, sync a week, search. Run: `swift run TodayInTerminal <archive> [<API root>]`.
import SyncEngine
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: TodayInTerminal <archive.sqlite> [<API root, e.g. http://127.0.0.1:8080/api/4>]")
    exit(64)
}

// Open (and create or migrate) the archive. Nothing touches the network until a read needs it.
var configuration = SyncEngine.Configuration(databasePath: path)
if let root = arguments.dropFirst().first { configuration.baseURLs = [root] }
configuration.networkTimeout = .seconds(5)
let engine: SyncEngine
do {
    engine = try SyncEngine(configuration: configuration)  // transport, clock, logger injectable
} catch {
    print("cannot open the archive: \(error.code) \(error.message)")
    exit(74)
}

do {
    // Today: network first, the archive when the network fails. The provenance says which.
    let today = try await engine.latest()
    let origin = today.provenance.origin == .network ? "network" : "archive"
    print(
        "\(today.day): \(today.stories.count) stories from the \(origin)"
            + (today.provenance.isStale ? " (stale: \(today.provenance.staleReason.map { "\($0)" } ?? "?"))" : ""))
    for story in today.stories.prefix(3) {
        print("  \(story.id)  \(story.title.split(whereSeparator: \.isNewline).joined(separator: " "))")
    }

    // Any earlier day: the archive first; it is fetched once and kept (a past day is final).
    let yesterday = try await engine.page(for: today.day.adding(days: -1))
    print("\(yesterday.day): \(yesterday.stories.count) stories")

    // Observe a page: the archive's copy at once, then every write of it, by this process or
    // another. The stream lasts until you stop iterating.
    for await update in engine.updates(for: .day(yesterday.day), policy: .cacheOnly) {
        if case .page(let page) = update { print("watching \(page.day): \(page.stories.count) stories") }
        break
    }

    // Sync a week: only what the archive lacks; run it again to resume after a failure. Without
    // a network it fails, and everything already in the archive still reads.
    do {
        let summary = try await engine.sync(SyncRequest(span: .lastDays(7))) { _ in }
        print("sync: \(summary.daysFetched) fetched, \(summary.daysPresent) already there, \(summary.failures.count) failed")
    } catch {
        print("sync: not now (\(error.code))")
    }

    // Search the archive, offline: Chinese of any length, Latin words.
    let hits = try await engine.search("西瓜", limit: 5)
    for hit in hits { print("found \(hit.id)  \(hit.title)") }
} catch {
    // Reads throw only when there is nothing to show: nothing cached and no network, bad data…
    print("failed: \(error.code) \(error.message)")
    exit(error.code == .storage ? 74 : 69)
}
