import Hummingbird
import Logging

/// One `info` line per request, when it is answered: `GET /story/1.html 200 5120 B 3.2 ms`
/// (method, path without the query, status, body bytes sent, time taken). The outermost
/// middleware, so that every answer is logged, a refusal as much as a page.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, status: response.status.code, bytes: response.body.contentLength ?? 0, since: start)
            return response
        } catch {
            log(request, status: (error as? any HTTPResponseError)?.status.code ?? 500, bytes: 0, since: start)
            throw error
        }
    }

    private func log(_ request: Request, status: Int, bytes: Int, since start: ContinuousClock.Instant) {
        let milliseconds = (ContinuousClock.now - start) / .milliseconds(1)
        logger.info(
            "\(request.method.rawValue) \(Self.loggedPath(request.head.path ?? "")) \(status) \(bytes) B \(Self.format(milliseconds)) ms")
    }

    /// The path as logged: no query (a search is the reader's own business), at most 200 bytes,
    /// control characters escaped so that a request cannot forge a log line.
    static func loggedPath(_ target: String) -> String {
        // Split at the `?` byte: a mark after it would join it into one Character and hide it.
        let path = String(decoding: target.utf8.prefix { $0 != UInt8(ascii: "?") }, as: UTF8.self)
        var logged = ""
        for scalar in path.unicodeScalars.prefix(200) {
            logged += scalar.value < 0x20 || scalar.value == 0x7F ? "%" + String(scalar.value, radix: 16) : String(scalar)
        }
        return path.unicodeScalars.count > 200 ? logged + "…" : logged
    }

    private static func format(_ milliseconds: Double) -> String {
        let tenths = Int((milliseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
