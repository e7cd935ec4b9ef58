import Hummingbird

/// What HTTP makes of an answer's validators (RFC 9110 §13): a GET or HEAD whose copy is current
/// (If-None-Match against the ETag, else If-Modified-Since against Last-Modified) is answered 304,
/// and a HEAD has GET's headers and no body. Either keeps the headers, Content-Length included.
/// A POST's answer is sent as it is.
struct ConditionalGetMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        guard request.method != .post else { return response }
        let notModified = response.status == .ok && isCurrent(request, response)
        guard notModified || request.method == .head else { return response }
        // Built anew, not `body` set: setting it would set Content-Length to 0.
        return Response(status: notModified ? .notModified : response.status, headers: response.headers, body: ResponseBody())
    }

    private func isCurrent(_ request: Request, _ response: Response) -> Bool {
        guard let tag = response.headers[.eTag] else { return false }
        let ifNoneMatch = request.headers[values: .ifNoneMatch]
        return Validators.isNotModified(
            ifNoneMatch: ifNoneMatch.isEmpty ? nil : ifNoneMatch.joined(separator: ","),
            ifModifiedSince: request.headers[.ifModifiedSince], entityTag: tag,
            lastModified: response.headers[.lastModified].flatMap(HTTPDate.parse))
    }
}
