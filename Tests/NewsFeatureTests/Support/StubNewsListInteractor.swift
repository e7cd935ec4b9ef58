import Foundation
@testable import SyncEngine
@testable import NewsFeature

/// Returns canned results in order and records what it was asked; can hold a call until released.
final class StubNewsListInteractor: NewsListInteractor {
    enum Call: Equatable {
        case latest(LoadIntent)
        case page(Day, LoadIntent)
    }

    private struct State {
        var results: [Result<Page, SyncError>]
        var calls: [Call] = []
        var held: CheckedContinuation<Void, Never>?
        var holdsNextCall = false
    }

    private let state: Locked<State>
    let isArchiveReadOnly: Bool

    init(_ results: [Result<Page, SyncError>], isArchiveReadOnly: Bool = false) {
        state = Locked(State(results: results))
        self.isArchiveReadOnly = isArchiveReadOnly
    }

    var calls: [Call] { state.withLock { $0.calls } }

    /// The next call waits until `release()`.
    func holdNextCall() { state.withLock { $0.holdsNextCall = true } }

    func release() {
        let held = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.held = nil }
            return state.held
        }
        held?.resume()
    }

    var isHoldingACall: Bool { state.withLock { $0.held != nil } }

    func latest(_ intent: LoadIntent) async throws(SyncError) -> Page {
        try await answer(.latest(intent))
    }

    func page(for day: Day, _ intent: LoadIntent) async throws(SyncError) -> Page {
        try await answer(.page(day, intent))
    }

    /// The marks it reports, as set by a test.
    let storedMarks = Locked<[Int64: StoryMarks]>([:])

    func marks(for ids: [Int64]) async -> [Int64: StoryMarks] {
        storedMarks.withLock { marks in marks.filter { ids.contains($0.key) } }
    }

    /// Favourite changes asked for, and the error the next one fails with.
    let favoriteChanges = Locked<[(id: Int64, isFavorite: Bool)]>([])
    let favoriteFailure = Locked<SyncError?>(nil)

    func setFavorite(id: Int64, _ isFavorite: Bool) async throws(SyncError) {
        if let failure = favoriteFailure.withLock({ $0 }) { throw failure }
        favoriteChanges.withLock { $0.append((id, isFavorite)) }
        storedMarks.withLock { marks in
            marks[id] = StoryMarks(isFavorite: isFavorite, isRead: marks[id]?.isRead ?? false)
        }
    }

    /// Stories whose prefetch began, in order.
    let startedPrefetches = Locked<[Int64]>([])
    /// Stories whose prefetch ran to its end.
    let prefetched = Locked<[Int64]>([])
    /// Stories whose prefetch was cancelled while it ran.
    let cancelledPrefetches = Locked<[Int64]>([])
    /// How long a prefetch takes, so a test can move on while it runs.
    let prefetchTime = Locked<Duration>(.zero)

    func prefetch(id: Int64) async {
        startedPrefetches.withLock { $0.append(id) }
        try? await Task.sleep(for: prefetchTime.withLock { $0 })
        guard !Task.isCancelled else {
            cancelledPrefetches.withLock { $0.append(id) }
            return
        }
        prefetched.withLock { $0.append(id) }
    }

    /// The streams the presenter follows, by page; a test sends writes through `send`.
    private let streams = Locked<[PageRequest: [AsyncStream<PageUpdate>.Continuation]]>([:])

    func updates(for request: PageRequest) -> AsyncStream<PageUpdate> {
        let (stream, continuation) = AsyncStream<PageUpdate>.makeStream()
        streams.withLock { $0[request, default: []].append(continuation) }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { $0[request] = nil }
        }
        return stream
    }

    var followedRequests: Set<PageRequest> { streams.withLock { Set($0.keys) } }

    /// A write of `request`'s page, as the engine would report it.
    func send(_ page: Page, for request: PageRequest) {
        for continuation in streams.withLock({ $0[request] ?? [] }) { continuation.yield(.page(page)) }
    }

    private func answer(_ call: Call) async throws(SyncError) -> Page {
        let holds = state.withLock { state -> Bool in
            state.calls.append(call)
            defer { state.holdsNextCall = false }
            return state.holdsNextCall
        }
        if holds {
            await withCheckedContinuation { continuation in state.withLock { $0.held = continuation } }
        }
        let result = state.withLock { state -> Result<Page, SyncError>? in
            state.results.isEmpty ? nil : state.results.removeFirst()
        }
        guard let result else { preconditionFailure("the stub ran out of results for \(call)") }
        return try result.get()
    }
}

enum Make {
    static let fetchedAt = Date(timeIntervalSince1970: 1_682_409_600)  // 2023-04-25T08:00:00Z
    /// A clock in the fixtures' year (2023-04-25T08:00:00Z), for tests whose day titles are not
    /// about the year: a 2023 day is then titled without it.
    static let clock2023 = FixedClock(Date(timeIntervalSince1970: 1_682_409_600))

    static func story(_ id: Int64, _ title: String = "标题", hint: String = "作者 · 3 分钟阅读") -> Story {
        Story(
            id: id, title: title, hint: hint, imageURL: "https://pic1.zhimg.com/\(id).jpg",
            url: "https://daily.zhihu.com/story/\(id)", gaPrefix: "042007", imageHue: "0x123456", type: 0)
    }

    static func page(
        _ day: String, stories: [Story] = [story(1), story(2)], top: [Story] = [], isLatest: Bool = false,
        origin: Provenance.Origin = .network, age: Duration = .zero, isFinal: Bool = true,
        stale: Provenance.StaleReason? = nil
    ) -> Page {
        Page(
            day: Day(day)!, stories: stories, topStories: top, isLatest: isLatest,
            provenance: Provenance(origin: origin, fetchedAt: fetchedAt, age: age, isFinal: isFinal, staleReason: stale))
    }

    static func error(_ code: SyncError.Code) -> SyncError {
        SyncError(code: code, message: "detail of \(code)")
    }
}

/// A wall clock that stays where a test put it.
struct FixedClock: NewsClock {
    let date: Date
    init(_ date: Date) { self.date = date }
    init(unixTime: Int64) { self.date = Date(timeIntervalSince1970: TimeInterval(unixTime)) }
    func now() -> Date { date }
}
