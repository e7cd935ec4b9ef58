import Foundation
import TestSupport
@testable import SyncEngine

/// A clock the test moves by hand.
final class TestClock: NewsClock {
    private let current: Locked<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_678_770_000)) {  // 2023-03-14T05:00:00Z
        current = Locked(start)
    }

    func now() -> Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}

func story(_ id: Int64, _ title: String = "title", image: String? = "https://pic1.zhimg.com/x.jpg") -> Story {
    Story(
        id: id, title: title, hint: "作者 · 1 分钟阅读", imageURL: image,
        url: "https://daily.zhihu.com/story/\(id)", gaPrefix: "031407", imageHue: "0x123456", type: 0)
}

func temporaryDatabasePath() throws -> String {
    try Fixtures.temporaryFolder() + "/news.sqlite"
}

/// The build's real transport (libcurl on Linux), noting the time each request was given: what is
/// left of a shared deadline shows without timing the test.
final class RecordingTransport: HTTPTransport {
    private let transport = SyncEngine.defaultTransport()
    private let requests = Locked<[(url: String, timeout: Duration)]>([])

    func get(_ url: String, timeout: Duration) async throws(TransportError) -> HTTPResponse {
        requests.withLock { $0.append((url, timeout)) }
        return try await transport.get(url, timeout: timeout)
    }

    /// The timeouts given to requests whose URL ends with `suffix`, in order.
    func timeouts(endingWith suffix: String) -> [Duration] {
        requests.withLock { $0.filter { $0.url.hasSuffix(suffix) }.map(\.timeout) }
    }
}
