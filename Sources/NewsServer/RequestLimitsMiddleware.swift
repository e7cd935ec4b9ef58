import Hummingbird

/// The requests the server reads at all: GET, HEAD and POST (else 405 with `Allow`), a target
/// of at most `Limits.target` bytes (else 414) and header fields of at most `Limits.headers`
/// bytes together (else 431). A refused request reaches no route.
struct RequestLimitsMiddleware<Context: RequestContext>: RouterMiddleware {
    let limits: WebServer.Limits

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let method = request.method
        guard method == .get || method == .head || method == .post else {
            return .plain(.methodNotAllowed, "method not allowed\n", extra: [.allow: "GET, HEAD, POST"])
        }
        guard (request.head.path ?? "").utf8.count <= limits.target else { return .plain(.uriTooLong, "request target too long\n") }
        // Each field as `name: value\r\n`, and the Host that HTTP/2-style heads keep apart.
        let headerBytes = request.headers.reduce((request.head.authority?.utf8.count ?? 0) + 6) {
            $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4
        }
        guard headerBytes <= limits.headers else { return .plain(.requestHeaderFieldsTooLarge, "request headers too large\n") }
        return try await next(request, context)
    }
}
