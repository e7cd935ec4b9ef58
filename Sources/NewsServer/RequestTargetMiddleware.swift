import Hummingbird

/// A request whose target is not a path inside the site (``RequestTarget``: `..`, `%2e%2e`, a
/// NUL, a backslash, `//`, `*`) is answered 404 before any route, whatever a route would make of it.
struct RequestTargetMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard RequestTarget(request.head.path ?? "") != nil else { return .plain(.notFound, "not found\n") }
        return try await next(request, context)
    }
}
