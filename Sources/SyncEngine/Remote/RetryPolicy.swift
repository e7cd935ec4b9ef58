/// How transient failures are retried: exponential backoff with jitter, always inside the
/// deadline of the read.
///
/// Transient: connection failures, timeouts, broken transfers, HTTP 5xx, 429 and a 403 that says
/// the requests are too frequent (`RemoteError.isRateLimited`). Never retried:
/// other 4xx, DNS and TLS failures (those move on to the next base URL instead) and bad data.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts in all, the first one included. 1 turns retries off.
    public var maxAttempts = 3
    /// The wait before the first retry; each later wait doubles, up to `maxDelay`.
    public var baseDelay: Duration = .milliseconds(200)
    /// The longest wait the backoff itself chooses.
    public var maxDelay: Duration = .seconds(2)

    /// The defaults: 3 attempts, 200 ms doubling up to 2 s.
    public init() {}

    /// No retries at all.
    public static var none: RetryPolicy {
        var policy = RetryPolicy()
        policy.maxAttempts = 1
        return policy
    }

    /// The wait before retry number `retry` (1 for the first), scaled by `jitter` in 0.5...1.
    /// Jitter spreads clients that failed together, so they do not come back together.
    func backoff(beforeRetry retry: Int, jitter: Double) -> Duration {
        let doubled = baseDelay * (1 << min(max(retry - 1, 0), 16))
        return min(doubled, maxDelay) * min(max(jitter, 0.5), 1)
    }

    /// A `Retry-After` value, in seconds or as an HTTP date, as a wait from `now` (Unix seconds).
    static func retryAfter(_ value: String, now: Double) -> Duration? {
        let text = value.trimmingWhitespace
        if let seconds = Int64(text) {
            return seconds >= 0 ? .seconds(seconds) : nil
        }
        guard let date = HTTPDate.parse(text) else { return nil }
        return .milliseconds(Int64(max(0, (date - now) * 1_000)))
    }
}

/// RFC 9110's preferred date form, `Sun, 06 Nov 1994 08:49:37 GMT`, as Unix seconds.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func parse(_ text: String) -> Double? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT",
            let dayOfMonth = Int(parts[1]), let monthIndex = months.firstIndex(of: String(parts[2])),
            let year = Int(parts[3]), let day = Day(year: year, month: monthIndex + 1, day: dayOfMonth)
        else { return nil }
        let time = parts[4].split(separator: ":").compactMap { Int64($0) }
        guard time.count == 3, (0..<24).contains(time[0]), (0..<60).contains(time[1]), (0..<61).contains(time[2]) else {
            return nil
        }
        return Double(day.dayNumber * 86_400 + time[0] * 3_600 + time[1] * 60 + time[2])
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
