// In-process benchmarks of SyncEngine on archives built by bench/run; prints medians and ratios.
//
//   newsbench search   <archive> <queries-file> [rounds]   time of engine.search per query
//   newsbench read-day <big-archive> <small-archive> [rounds]
//       time of a cache-only read of one day, on a large archive against a small one, over the
//       same days (the small archive's), interleaved so load on the machine falls on both alike
//   newsbench readable-text <api-copy> [rounds]
//       time of `ReadableText(html:)` per story body of the copy's news/ID files (the first 2000),
//       the work that makes a synced detail searchable
//   newsbench hits <archive> <queries-file> [limit] [shown]
//       every query's results as the engine gives them (limit 20000 by default: all of them for
//       any query of the bench copy): the count, the ids in order, and each of the first `shown`
//       (20 by default) whole (id, day, title, snippet with its matches marked), one line each,
//       to diff two archives or two builds
//   newsbench items <archive> [rounds]
//       time of the reader items' reads (SyncEngine+Items): keys and pages of the whole archive
//       and of a section, newest first and from a cursor deep in the stream, items by id, feeds
import FoundationEssentials
import SyncEngine

#if canImport(Glibc)
    import Glibc
#endif

func median(_ samples: [Duration]) -> Duration {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
}

func microseconds(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
    return String(Double(Int(value * 10)) / 10) + " µs"
}

func fail(_ message: String) -> Never {
    var line = "newsbench: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(2)
}

func open(_ path: String) -> SyncEngine {
    var configuration = SyncEngine.Configuration(databasePath: path)
    configuration.baseURLs = ["http://127.0.0.1:9/unused"]  // Cache-only reads; never used.
    do { return try SyncEngine(configuration: configuration) } catch { fail("cannot open \(path): \(error)") }
}

func readLines(_ path: String) -> [String] {
    guard let file = fopen(path, "r") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer.prefix(count) }
    return String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        .filter { !$0.isEmpty && !$0.hasPrefix("#") }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    fail(
        "usage: newsbench search ARCHIVE QUERIES [ROUNDS] | read-day BIG SMALL [ROUNDS] | readable-text API-COPY [ROUNDS]"
            + " | hits ARCHIVE QUERIES [LIMIT [SHOWN]] | items ARCHIVE [ROUNDS]")
}
let roundsArgument = ["readable-text", "items"].contains(arguments[1]) ? 3 : 4
let rounds = arguments.count > roundsArgument ? Int(arguments[roundsArgument]) ?? 20 : 20
let clock = ContinuousClock()

switch arguments[1] {
case "search":
    let engine = open(arguments[2])
    let queries = readLines(arguments[3])
    var medians: [Duration] = []
    print("query                  results   median")
    for query in queries {
        var samples: [Duration] = []
        var count = 0
        for _ in 0..<(rounds + 2) {
            let start = clock.now
            do { count = try await engine.search(query, limit: 20).count } catch { fail("search '\(query)': \(error)") }
            samples.append(clock.now - start)
        }
        let value = median(Array(samples.dropFirst(2)))  // two warm-up runs
        medians.append(value)
        print(query.padding(20) + String(count).leftPadding(9) + "   " + microseconds(value))
    }
    let overall = median(medians)
    print("search median over \(queries.count) queries: \(microseconds(overall)) (target ≤ 2.5 ms, issue 33)")
    print("RESULT search_median_ms \(Double(overall.components.attoseconds) / 1e15 + Double(overall.components.seconds) * 1e3)")

case "read-day":
    let big = open(arguments[2]), small = open(arguments[3])
    let coverage: Coverage
    do { coverage = try await small.coverage() } catch { fail("\(error)") }
    guard let first = coverage.first, let last = coverage.last else { fail("the small archive is empty") }
    let days = (0...Int(last.dayNumber - first.dayNumber)).map { first.adding(days: $0) }
    var bigSamples: [Duration] = [], smallSamples: [Duration] = []
    for round in 0..<(rounds + 2) {
        for day in days {
            for (engine, isBig) in [(big, true), (small, false)] {
                let start = clock.now
                do { _ = try await engine.page(for: day, policy: .cacheOnly) } catch { fail("read \(day): \(error)") }
                if round >= 2 {
                    if isBig { bigSamples.append(clock.now - start) } else { smallSamples.append(clock.now - start) }
                }
            }
        }
    }
    let bigMedian = median(bigSamples), smallMedian = median(smallSamples)
    let ratio = (bigMedian / .nanoseconds(1)) / (smallMedian / .nanoseconds(1))
    print("one day, cache-only, \(bigSamples.count) reads each")
    print(
        "large archive: \(microseconds(bigMedian))   small archive: \(microseconds(smallMedian))   ratio \(Double(Int(ratio * 100)) / 100) (target ≤ 1.1)"
    )
    print("RESULT read_day_ratio \(ratio)")

case "readable-text":
    struct Detail: Decodable { let body: String? }
    let folder = arguments[2] + "/api/4/news"
    guard let directory = opendir(folder) else { fail("cannot read \(folder)") }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name.allSatisfy(\.isNumber) { names.append(name) }
    }
    closedir(directory)
    let bodies = names.sorted().prefix(2000).compactMap { name -> String? in
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) else { return nil }
        return (try? JSONDecoder().decode(Detail.self, from: data))?.body
    }
    guard !bodies.isEmpty else { fail("no story bodies in \(folder)") }
    var samples: [Duration] = []
    var characters = 0
    for round in 0..<(rounds + 1) {
        let start = clock.now
        for body in bodies { characters += ReadableText(html: body).plainText.utf8.count }
        if round > 0 { samples.append((clock.now - start) / bodies.count) }
    }
    let bytes = bodies.reduce(0) { $0 + $1.utf8.count } / bodies.count
    print("ReadableText over \(bodies.count) bodies (mean \(bytes) bytes of HTML): \(microseconds(median(samples))) a body")
    print("RESULT readable_text_us \(Double(median(samples).components.attoseconds) / 1e12)")

case "items":
    let engine = open(arguments[2])
    func query(_ stream: ItemStream, _ limit: Int, _ edit: (inout ItemQuery) -> Void = { _ in }) -> ItemQuery {
        var query = ItemQuery(stream: stream, limit: limit)
        edit(&query)
        return query
    }
    let all: [ItemKey]
    do { all = try await engine.itemKeys(query(.all, Int(Int32.max))).keys } catch { fail("items: \(error)") }
    let middle = all.isEmpty ? nil : ItemCursor(published: all[all.count / 2].published, id: all[all.count / 2].id)
    let section: ItemStream
    do { section = try await engine.itemFeeds().dropFirst().first?.stream ?? .daily } catch { fail("items: \(error)") }
    let ids = all.prefix(1000).enumerated().filter { $0.offset % 10 == 0 }.map(\.element.id)
    let cases: [(String, () async throws -> Int)] = [
        ("keys all 10000", { try await engine.itemKeys(query(.all, 10_000)).keys.count }),
        ("keys all 10000 unread", { try await engine.itemKeys(query(.all, 10_000) { $0.excluding = .read }).keys.count }),
        ("keys all 10000 middle", { try await engine.itemKeys(query(.all, 10_000) { $0.after = middle }).keys.count }),
        ("keys all 10000 oldest", { try await engine.itemKeys(query(.all, 10_000) { $0.oldestFirst = true }).keys.count }),
        ("keys daily 10000", { try await engine.itemKeys(query(.daily, 10_000)).keys.count }),
        ("keys section 10000", { try await engine.itemKeys(query(section, 10_000)).keys.count }),
        ("items all 100", { try await engine.items(query(.all, 100)).items.count }),
        ("items all 100 middle", { try await engine.items(query(.all, 100) { $0.after = middle }).items.count }),
        ("items all 100 unread", { try await engine.items(query(.all, 100) { $0.excluding = .read }).items.count }),
        ("items section 100", { try await engine.items(query(section, 100)).items.count }),
        ("items starred 100", { try await engine.items(query(.starred, 100)).items.count }),
        ("items by 100 ids", { try await engine.items(ids: ids).count }),
        ("feeds", { try await engine.itemFeeds().count }),
    ]
    print("items: \(all.count)")
    print("read                       count   median")
    for (name, read) in cases {
        var samples: [Duration] = []
        var count = 0
        for _ in 0..<(rounds + 2) {
            let start = clock.now
            do { count = try await read() } catch { fail("\(name): \(error)") }
            samples.append(clock.now - start)
        }
        print(name.padding(24) + String(count).leftPadding(8) + "   " + microseconds(median(Array(samples.dropFirst(2)))))
    }
case "hits":
    let engine = open(arguments[2])
    let limit = arguments.count > 4 ? Int(arguments[4]) ?? 20_000 : 20_000
    let shown = arguments.count > 5 ? Int(arguments[5]) ?? 20 : 20
    for query in readLines(arguments[3]) {
        let results: [SearchResult]
        do { results = try await engine.search(query, limit: limit) } catch {
            print("E \(escaped(query)) \(error)")  // Refused queries must stay refused, with the same reason.
            continue
        }
        print("Q \(escaped(query)) \(results.count)")
        print("I " + results.map { String($0.id) }.joined(separator: " "))
        for result in results.prefix(shown) {
            let snippet = result.snippet.map { $0.isMatch ? "[" + $0.text + "]" : $0.text }.joined()
            print("R \(result.id) \(result.day.map { "\($0)" } ?? "-") \(escaped(result.title)) | \(escaped(snippet))")
        }
    }

default:
    fail("unknown benchmark '\(arguments[1])'")
}

/// One line: newlines and backslashes escaped.
func escaped(_ text: String) -> String {
    var line = ""
    for character in text {
        switch character {
        case "\\": line += "\\\\"
        case "\n": line += "\\n"
        default: line.append(character)
        }
    }
    return line
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadding(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
