import Hummingbird
import NIOCore

/// A POST's body: at most `limit` bytes (else 413, and the connection closed: the rest is not
/// read), whether its length is said in advance or counted as chunks come; and, sent as a form,
/// a well-encoded one (else 400). Passed on read whole, so a route reads it from memory.
struct FormBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    let limit: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        let tooLarge = Response.plain(.contentTooLarge, "request body too large\n", extra: [.connection: "close"])
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return tooLarge }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            return tooLarge
        }
        if request.isForm, RequestTarget.formFields(buffer.readableBytesView) == nil { return .plain(.badRequest, "malformed form\n") }
        var request = request
        request.body = RequestBody(buffer: buffer)
        return try await next(request, context)
    }
}

extension Request {
    /// Whether the body is `application/x-www-form-urlencoded`.
    var isForm: Bool { headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false }
}
