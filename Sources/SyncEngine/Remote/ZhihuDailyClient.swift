#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging

/// A validated day from the source, in domain types.
struct RemoteDay: Sendable {
    let day: Day
    let stories: [Story]
    let topStories: [Story]
}

/// The Zhihu Daily v4 API: its paths, decoding and validation. How a request goes out (base-URL
/// fallback, retries, the deadline) is `Fetcher`'s.
struct ZhihuDailyClient: Sendable {
    /// How every request goes out: base-URL fallback, retries, the deadline.
    var fetcher: Fetcher

    init(
        baseURLs: [String], transport: any HTTPTransport, timeout: Duration, retryPolicy: RetryPolicy = RetryPolicy(),
        logger: Logger, now: @escaping @Sendable () -> Double = { SystemClock().now().timeIntervalSince1970 }
    ) {
        fetcher = Fetcher(
            baseURLs: baseURLs, transport: transport, timeout: timeout, retryPolicy: retryPolicy, logger: logger, now: now)
    }

    var logger: Logger { fetcher.logger }
    /// The transport the fetcher sends through.
    var transport: any HTTPTransport { fetcher.transport }
    /// Which base URL answered last; shared by every copy of this client.
    var preference: BaseURLPreference {
        get { fetcher.preference }
        set { fetcher.preference = newValue }
    }
    /// How often the source asked to slow down; shared by every copy, read by a sync.
    var slowDown: SlowDownSignal { fetcher.slowDown }
    /// How long a base URL that is not the last to try gets for the first byte of its answer.
    var firstByteBudget: Duration {
        get { fetcher.firstByteBudget }
        set { fetcher.firstByteBudget = newValue }
    }

    /// GETs `path` under the base URLs (`Fetcher.fetch`).
    func fetch(_ path: String) async throws(RemoteError) -> HTTPResponse {
        try await fetcher.fetch(path)
    }

    /// `news/latest`: today's stories and the banner.
    func latest() async throws(RemoteError) -> RemoteDay {
        let (response, dto) = try await fetchPage("news/latest")
        guard let day = Day(dto.date) else {
            throw RemoteError(code: .badResponse, url: response.url, message: "the latest page has no valid date ('\(dto.date)')")
        }
        return RemoteDay(day: day, stories: dto.stories.map { $0.toDomain() }, topStories: dto.topStories.map { $0.toDomain() })
    }

    /// The stories of `day`, through `news/before/(day + 1)`.
    func day(_ day: Day) async throws(RemoteError) -> RemoteDay {
        let (response, dto) = try await fetchPage("news/before/\(day.adding(days: 1))")
        guard dto.date == day.description else {
            // For a day after its latest, the source answers with its latest day.
            if let answered = Day(dto.date), answered < day {
                throw RemoteError(
                    code: .notPublished, url: response.url, misdated: (day, answered),
                    message: "\(day) is not published yet; the source's latest day is \(answered)")
            }
            throw RemoteError(
                code: .badResponse, url: response.url,
                message: "asked for \(day), the source answered with '\(dto.date)'")
        }
        return RemoteDay(day: day, stories: dto.stories.map { $0.toDomain() }, topStories: [])
    }

    /// `news/ID`: one story's detail. A 500 here is that story's failure, not the day's.
    func detail(_ id: Int64) async throws(RemoteError) -> StoryDetail {
        let response = try await fetch("news/\(id)")
        // The direct reader for the usual detail; JSONDecoder for anything it is unsure of.
        let dto: StoryDetailDTO
        if let scanned = StoryDetailScanner.detail(response.body) { dto = scanned } else { dto = try decode(response, what: "story \(id)") }
        if let answered = dto.id, answered != id {
            throw RemoteError(code: .badResponse, url: response.url, message: "asked for story \(id), the source answered with \(answered)")
        }
        return dto.toDomain(id: id)
    }

    /// `story-extra/ID`: likes and comment counts.
    func extra(_ id: Int64) async throws(RemoteError) -> StoryExtra {
        let response = try await fetch("story-extra/\(id)")
        // The direct reader for the usual counters; JSONDecoder for anything it is unsure of.
        if let scanned = StoryExtraScanner.extra(response.body) { return scanned.toDomain() }
        let dto: StoryExtraDTO = try decode(response, what: "the counters of story \(id)")
        return dto.toDomain()
    }

    /// `story/ID/long-comments` or `story/ID/short-comments`, or the page of short comments
    /// older than `before` (`…/before/ID`). A malformed comment is skipped and logged.
    func comments(_ id: Int64, kind: CommentKind, before: Int64? = nil) async throws(RemoteError) -> [StoryComment] {
        let path = "story/\(id)/\(kind.rawValue)-comments" + (before.map { "/before/\($0)" } ?? "")
        let response = try await fetch(path)
        let dto: CommentsPageDTO = try decode(response, what: "the \(kind.rawValue) comments of story \(id)")
        for skipped in dto.skipped {
            logger.notice("skipped a comment", metadata: ["url": "\(response.url)", "comment": "\(skipped)"])
        }
        return dto.comments
    }

    /// The body as JSON of `Value`, else a `.badResponse` that says whether HTML came instead.
    func decode<Value: Decodable>(_ response: HTTPResponse, what: String) throws(RemoteError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: Data(response.body))
        } catch {
            throw Self.notJSON(response, what: what)
        }
    }

    /// A `.badResponse` for a body that is not the JSON expected (of `what`, when named), saying
    /// whether HTML came instead.
    private static func notJSON(_ response: HTTPResponse, what: String?) -> RemoteError {
        let looksLikeHTML = response.body.prefix(64).contains(UInt8(ascii: "<"))
        let answered = looksLikeHTML ? "the source answered with HTML instead of JSON" : "the source answered with malformed JSON"
        return RemoteError(code: .badResponse, url: response.url, message: answered + (what.map { " for \($0)" } ?? ""))
    }

    private func fetchPage(_ path: String) async throws(RemoteError) -> (HTTPResponse, DayPageDTO) {
        let response = try await fetch(path)
        let dto: DayPageDTO
        do {
            // The direct reader for the usual page; JSONDecoder for anything it is unsure of.
            dto = try DayPageScanner.page(response.body) ?? JSONDecoder().decode(DayPageDTO.self, from: Data(response.body))
        } catch {
            throw Self.notJSON(response, what: nil)
        }
        // A story that cannot be shown is dropped from its day, never silently: each one is logged
        // with its id (when it has one) and why.
        for skipped in dto.skipped {
            logger.notice(
                "skipped a story",
                metadata: [
                    "url": "\(response.url)", "list": "\(skipped.list)", "index": "\(skipped.index)",
                    "id": "\(skipped.id.map(String.init) ?? "none")", "reason": "\(skipped.reason)",
                ])
        }
        return (response, dto)
    }
}

/// Remembers the base URL that last answered, so a failing one is tried last from then on.
/// The engine keeps in the archive (`takeChange`) the last one that answered with a page, so the
/// next process starts from it too; a host that answered with an error (404, 500) is tried first
/// for the rest of this process only.
final class BaseURLPreference: Sendable {
    private struct State {
        var preferred: Int
        /// The index the archive holds (or was opened with).
        var saved: Int
        /// An index that answered with a page and is not saved yet.
        var unsaved: Int?
    }

    private let state: Locked<State>

    /// Starts from the base URL at `preferred` (0: the order given).
    init(preferred: Int = 0) {
        state = Locked(State(preferred: preferred, saved: preferred))
    }

    /// Indices of `count` base URLs in the order to try them: the preferred one, then the others.
    func order(count: Int) -> [Int] {
        let first = state.withLock { $0.preferred }
        guard first > 0, first < count else { return Array(0..<count) }
        return [first] + (0..<count).filter { $0 != first }
    }

    /// The host at `index` answered; `succeeded`: with a 2xx.
    func answered(_ index: Int, succeeded: Bool) {
        state.withLock { state in
            state.preferred = index
            if succeeded { state.unsaved = index == state.saved ? nil : index }
        }
    }

    /// The index to keep in the archive, when one answered with a page since the last call and
    /// differs from what the archive holds.
    func takeChange() -> Int? {
        state.withLock { state in
            guard let index = state.unsaved else { return nil }
            state.saved = index
            state.unsaved = nil
            return index
        }
    }
}

/// Counts the answers that asked the client to slow down (429, a 403 "too frequent"), so a
/// sync can lower its concurrency even when the retry after one succeeded.
final class SlowDownSignal: Sendable {
    private let count = Locked(0)

    func note() { count.withLock { $0 += 1 } }

    /// How many so far.
    var total: Int { count.withLock { $0 } }
}
