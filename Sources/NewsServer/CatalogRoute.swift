import Hummingbird
import NewsWeb

/// The OPDS catalog's feeds at `/opds` (``OPDSCatalog``): the request's path and query as the
/// catalog takes them, and its feed as HTTP. The site's middleware around it adds the rest.
struct CatalogRoute: Sendable {
    let catalog: OPDSCatalog

    func respond(to request: Request, context: some RequestContext) async throws -> Response {
        guard let target = RequestTarget(request.head.path ?? "") else { return .plain(.notFound, "not found\n") }
        return Response(await catalog.respond(to: WebRequest(path: target.path, query: target.query)))
    }
}
