import HTTPTypes
import Hummingbird
import SyncEngine

/// A POST only from a page of this server (``ServerOrigin/isSameOrigin(origin:host:fetchSite:)``),
/// else 403 before its body is read: the web pages' forms. Other methods pass. A route group
/// whose clients are not pages (an API with its own credentials) does not add it.
struct OriginMiddleware<Context: RequestContext>: RouterMiddleware {
    let served: Locked<ServedSite?>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        let origin = served.withLock { $0?.origin }
        let fetchSite = request.headers[secFetchSite]
        guard let origin, origin.isSameOrigin(origin: request.headers[.origin], host: request.head.authority, fetchSite: fetchSite) else {
            return .plain(.forbidden, "forbidden: not from this site\n")
        }
        return try await next(request, context)
    }
}

// A valid field name written out: the unwrap cannot fail.
private let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
