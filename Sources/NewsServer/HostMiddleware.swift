import Hummingbird
import NewsWeb
import SyncEngine

/// Requests only for a server that listens (else 503 `starting`), by a name it may be called by
/// (``ServerOrigin/acceptsHost(_:)``, else 403): on loopback, a page of another site whose name
/// was made to point here reads nothing, with any method.
struct HostMiddleware<Context: RequestContext>: RouterMiddleware {
    let served: Locked<ServedSite?>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let served = served.withLock({ $0 }) else { return .plain(.serviceUnavailable, "starting\n") }
        guard served.origin.acceptsHost(request.head.authority) else { return .plain(.forbidden, "forbidden: not this server's name\n") }
        return try await next(request, context)
    }
}

/// The site and the origin it is served at, known once the server listens (the port may be
/// chosen then).
struct ServedSite: Sendable {
    let site: any WebSite
    let origin: ServerOrigin
}
