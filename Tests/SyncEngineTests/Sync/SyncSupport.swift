import Foundation
import TestSupport
@testable import SyncEngine

/// A made-up source of many days for the sync tests: its latest day is `latest`, and every day
/// has `storiesPerDay` stories whose ids say which day they belong to.
struct SyntheticSource {
    var latest = Day("20230320")!
    var storiesPerDay = 2

    static let latestPath = "/api/4/news/latest"

    /// `news/before/(day + 1)`, the path that answers `day`.
    static func path(of day: Day) -> String {
        "/api/4/news/before/\(day.adding(days: 1))"
    }

    static func detailPath(_ id: Int64) -> String { "/api/4/news/\(id)" }
    static func extraPath(_ id: Int64) -> String { "/api/4/story-extra/\(id)" }

    /// `yyyyMMdd` × 100 + index: story 2023031901 is the second story of 20230319.
    func storyID(_ day: Day, _ index: Int) -> Int64 {
        Int64(day.description)! * 100 + Int64(index)
    }

    func storyIDs(of day: Day) -> [Int64] {
        (0..<storiesPerDay).map { storyID(day, $0) }
    }

    /// The days from `count` days before the latest up to the latest, newest first.
    func days(_ count: Int) -> [Day] {
        (0..<count).map { latest.adding(days: -$0) }
    }

    func page(_ day: Day, stories: [(id: Int64, title: String, hint: String)]? = nil, top: Bool = false) -> String {
        let stories = stories ?? storyIDs(of: day).map { (id: $0, title: "第\($0)号故事", hint: "作者\($0 % 100) · 1 分钟阅读") }
        let list = stories.map { story in
            [
                "id": story.id, "title": story.title, "hint": story.hint, "type": 0, "ga_prefix": "031407",
                "image_hue": "0x123456", "url": "https://daily.zhihu.com/story/\(story.id)",
                "images": ["https://pic1.zhimg.com/\(story.id).jpg"],
            ] as [String: Any]
        }
        return json(["date": day.description, "stories": list, "top_stories": top ? Array(list.prefix(1)) : []])
    }

    /// A story's detail: `text` as its one paragraph.
    func detail(_ id: Int64, title: String? = nil, text: String? = nil) -> String {
        json([
            "id": id, "title": title ?? "第\(id)号故事", "type": 0,
            "body": "<div class=\"content\"><p>\(text ?? "第\(id)号故事的正文。")</p></div>",
            "share_url": "http://daily.zhihu.com/story/\(id)",
        ])
    }

    func extra(popularity: Int = 7) -> String {
        json(["long_comments": 0, "popularity": popularity, "short_comments": 1, "comments": 1])
    }

    /// Serves `news/latest` and the `count - 1` days before it (and, if asked, every story's
    /// detail and counters).
    func serve(_ server: LoopbackServer, days count: Int, details: Bool = false) {
        server.setReply(.body(status: 200, text: page(latest, top: true)), for: Self.latestPath)
        for day in days(count).dropFirst() {
            server.setReply(.body(status: 200, text: page(day)), for: Self.path(of: day))
        }
        guard details else { return }
        for day in days(count) {
            for id in storyIDs(of: day) {
                server.setReply(.body(status: 200, text: detail(id)), for: Self.detailPath(id))
                server.setReply(.body(status: 200, text: extra()), for: Self.extraPath(id))
            }
        }
    }

    private func json(_ object: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}

/// A loopback server and an engine over a fresh SQLite file (or `path`), retries off unless asked.
struct SyncHarness {
    let server: LoopbackServer
    let engine: SyncEngine
    let clock: TestClock
    let path: String

    static func start(
        path: String? = nil, timeout: Duration = TimeBound.requestBudget,
        retryPolicy: RetryPolicy = .none, batches: SyncEngine.SyncBatches = .init()
    ) async throws -> SyncHarness {
        let server = LoopbackServer()
        try await server.start()
        let path = try path ?? temporaryDatabasePath()
        let clock = TestClock()
        var configuration = SyncEngine.Configuration(databasePath: path)
        configuration.baseURLs = [await server.baseURL]
        configuration.networkTimeout = timeout
        configuration.retryPolicy = retryPolicy
        configuration.syncBatches = batches
        let engine = try SyncEngine(configuration: configuration, clock: clock)
        return SyncHarness(server: server, engine: engine, clock: clock, path: path)
    }

    /// The paths requested since `mark` (a count of `requestedPaths` taken earlier).
    func paths(since mark: Int) -> [String] {
        Array(server.requestedPaths.dropFirst(mark))
    }
}

/// Every progress report of a sync, in order.
final class ProgressLog: Sendable {
    private let reports = Locked<[SyncProgress]>([])

    var all: [SyncProgress] { reports.withLock { $0 } }

    /// How many items of `phase` have been fetched without failing, as its last report says.
    func succeeded(in phase: SyncProgress.Phase) -> Int {
        guard let last = all.last(where: { $0.phase == phase }) else { return 0 }
        return last.done - last.failed
    }

    func record(_ progress: SyncProgress) {
        reports.withLock { $0.append(progress) }
    }
}

/// A value shared with `@Sendable` closures (a progress callback).
final class Shared<Value: Sendable>: Sendable {
    private let value: Locked<Value>

    init(_ value: Value) {
        self.value = Locked(value)
    }

    func get() -> Value { value.withLock { $0 } }

    func set(_ newValue: Value) {
        value.withLock { $0 = newValue }
    }
}

extension SyncFailure {
    var day: Day? {
        if case .day(let day) = item { return day }
        return nil
    }

    var storyID: Int64? {
        if case .story(let id) = item { return id }
        return nil
    }
}
