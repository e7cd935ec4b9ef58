#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging

/// How the client's requests reach the source: a GET within the operation's deadline, over the
/// base URLs in order (the one that last answered first), moving on from a host that fails to
/// connect, refuses with 403 or sends nothing within its first-byte budget, and retrying
/// transient failures with backoff while the deadline allows.
struct Fetcher: Sendable {
    /// API roots including the version, tried in order (`https://daily.zhihu.com/api/4`, …).
    let baseURLs: [String]
    let transport: any HTTPTransport
    /// Deadline for one page, fallbacks and retries included.
    let timeout: Duration
    var retryPolicy = RetryPolicy()
    let logger: Logger
    /// Wall-clock Unix seconds, for `Retry-After` dates.
    var now: @Sendable () -> Double = { SystemClock().now().timeIntervalSince1970 }
    /// Which base URL answered last; shared by every copy of this fetcher.
    var preference = BaseURLPreference()
    /// How often the source asked to slow down; shared by every copy, read by a sync.
    let slowDown = SlowDownSignal()
    /// How long a base URL that is not the last to try gets for the first byte of its answer
    /// (at most half the time left): a host that accepts and never answers costs no more.
    var firstByteBudget: Duration = .seconds(4)

    /// GETs `path` within `timeout` overall: tries the base URLs in order (the one that last
    /// answered first), moving on after DNS, connect, TLS or 403 failures and after a host that
    /// sends nothing within its first-byte budget, and retries transient failures with backoff
    /// while the deadline allows.
    func fetch(_ path: String) async throws(RemoteError) -> HTTPResponse {
        try await retrying { deadline async throws(RemoteError) -> HTTPResponse in try await fetchOnce(path, deadline: deadline) }
    }

    /// Runs `once` until it succeeds, retrying transient failures with backoff while the
    /// operation's deadline allows.
    func retrying(
        _ once: (ContinuousClock.Instant) async throws(RemoteError) -> HTTPResponse
    ) async throws(RemoteError) -> HTTPResponse {
        let deadline = Self.operationDeadline ?? ContinuousClock.now.advanced(by: timeout)
        var attempt = 1
        while true {
            let failure: RemoteError
            do {
                return try await once(deadline)
            } catch {
                failure = error
            }
            guard attempt < retryPolicy.maxAttempts, let wait = retryWait(after: failure, retry: attempt) else {
                throw failure
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard wait < remaining else {
                // Waiting would pass the deadline: fail now rather than late.
                throw failure
            }
            logger.info("retrying", metadata: ["url": "\(failure.url)", "error": "\(failure.message)", "wait": "\(wait)"])
            do {
                try await Task.sleep(for: wait)
            } catch {
                throw RemoteError(code: .cancelled, url: failure.url, message: "cancelled")
            }
            attempt += 1
        }
    }

    /// How long to wait before retrying after `failure`, or nil when it is not worth retrying.
    private func retryWait(after failure: RemoteError, retry: Int) -> Duration? {
        let backoff = retryPolicy.backoff(beforeRetry: retry, jitter: Double.random(in: 0.5...1))
        switch failure.code {
        case .unreachable:
            guard let code = failure.transportError?.code, [.connect, .timeout, .truncated].contains(code) else { return nil }
            return backoff
        case .httpStatus:
            guard let status = failure.status, status >= 500 || failure.isRateLimited else { return nil }
            // The server's own word on when to come back wins over the backoff.
            if let value = failure.retryAfter, let asked = RetryPolicy.retryAfter(value, now: now()) {
                return max(asked, .zero)
            }
            return backoff
        case .badResponse, .notPublished, .cancelled:
            return nil
        }
    }

    /// One round over the base URLs. A base URL that failed while a later one answered is
    /// skipped from then on (it is tried last), so later requests do not pay for it again.
    private func fetchOnce(_ path: String, deadline: ContinuousClock.Instant) async throws(RemoteError) -> HTTPResponse {
        var lastError: RemoteError?
        let order = preference.order(count: baseURLs.count)
        for (position, index) in order.enumerated() {
            let url = Self.join(baseURLs[index], path)
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { break }
            // The last host to try may take all the time left; the others leave it at least half.
            let firstByte = position == order.count - 1 ? nil : min(firstByteBudget, remaining / 2)
            let hostError: RemoteError
            do {
                let response = try await transport.get(url, timeout: remaining, firstByte: firstByte)
                if (200..<300).contains(response.status) {
                    preference.answered(index, succeeded: true)
                    return response
                }
                let error = RemoteError(
                    code: .httpStatus, url: url, status: response.status,
                    retryAfter: response.headers["retry-after"], message: Self.describeStatus(response))
                if error.isRateLimited { slowDown.note() }
                // A 403 is this host refusing us (need_login on one host, say), unless it asks us
                // to slow down: that is the source's word, from any host.
                guard response.status == 403, !error.isRateLimited else {
                    preference.answered(index, succeeded: false)
                    throw error
                }
                hostError = error
            } catch let error as TransportError {
                guard error.code != .cancelled else {
                    throw RemoteError(code: .cancelled, url: url, transportError: error, message: "cancelled")
                }
                if error.code == .tooLarge {  // The source answered, with something no page can be.
                    throw RemoteError(code: .badResponse, url: url, transportError: error, message: error.message)
                }
                let remoteError = RemoteError(code: .unreachable, url: url, transportError: error, message: error.message)
                guard [.dns, .connect, .tls, .noResponse].contains(error.code) else { throw remoteError }
                hostError = remoteError
            } catch let error as RemoteError {
                throw error
            } catch {
                throw RemoteError(code: .unreachable, url: url, message: "\(error)")
            }
            lastError = hostError
            logger.info("base URL failed, trying the next", metadata: ["url": "\(url)", "error": "\(hostError.message)"])
        }
        throw lastError
            ?? RemoteError(
                code: .unreachable, url: Self.join(baseURLs.first ?? "", path),
                transportError: TransportError(code: .timeout, url: path, message: "deadline passed"),
                message: "the network deadline passed")
    }

    /// The deadline of the engine operation under way, shared by all its requests (a day and the
    /// latest page that says whether it is final; a story and its counters), so one command's
    /// network work never takes longer than `timeout` in all. Without one, each request gets its own.
    @TaskLocal static var operationDeadline: ContinuousClock.Instant?

    static func join(_ base: String, _ path: String) -> String {
        base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// `HTTP 403`, with the message of Zhihu's `{"error":{…}}` envelope when there is one; a 403
    /// whose body says the requests are too frequent (请求过于频繁, "too many requests") says so.
    private static func describeStatus(_ response: HTTPResponse) -> String {
        struct Envelope: Decodable {
            struct Detail: Decodable { let message: String?; let name: String? }
            let error: Detail
        }
        var text = "HTTP \(response.status)"
        let envelope = try? JSONDecoder().decode(Envelope.self, from: Data(response.body))
        if response.status == 403 {
            // The envelope's message decoded, as JSON may escape it (\u9891\u7e41), and the raw body.
            let texts = [envelope?.error.message ?? "", String(decoding: response.body.prefix(4_096), as: UTF8.self)].map {
                $0.lowercased()
            }
            if texts.contains(where: { text in ["频繁", "too frequent", "too many requests", "rate limit"].contains(where: text.contains) }) {
                text += " (" + RemoteError.tooFrequentMark + ")"
            }
        }
        if let envelope, let detail = envelope.error.name ?? envelope.error.message {
            text += " (\(detail))"
        }
        return text
    }
}
