import HTTPTypes
import Hummingbird
import Logging
import NewsWeb
import SyncEngine

extension WebServer {
    /// The server's routes and middleware, all composed here, outermost first. Every request:
    /// logged, given the security headers, held to the limits, its target checked, its Host checked.
    /// The site's front at `/` (the API fronts get groups of their own beside it): a POST from its
    /// own pages only, its form body bounded, validators and 304s, then `/healthz`, and the site's
    /// pages from the cache or the site. The reader API at `/api/greader` beside it: its clients
    /// are apps with a login, not pages, so no Origin rule; a larger form (`i=` repeated). The OPDS
    /// catalog's feeds at `/opds` are pages of the site's group (cached, validated as the pages are);
    /// its books at `/edition/` are too, but outside the response cache: each is a file of its own
    /// cache (``EditionCache``), sent with its entity tag from there.
    static func router(
        limits: Limits, logger: Logger, served: Locked<ServedSite?>, cache: ResponseCache?, reader: ReaderAPI?,
        catalog: (catalog: OPDSCatalog, books: EditionCache?)? = nil
    ) -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: RequestLogMiddleware(logger: logger))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: RequestLimitsMiddleware(limits: limits))
        router.add(middleware: RequestTargetMiddleware())
        router.add(middleware: HostMiddleware(served: served))

        if let reader {
            let api = router.group(RouterPath(ReaderAPIRoute.root)).add(middleware: FormBodyMiddleware(limit: limits.readerBody))
            let route = ReaderAPIRoute(api: reader, throttle: LoginThrottle())
            for method: HTTPRequest.Method in [.get, .head, .post] {
                for path: RouterPath in ["", "/**"] { api.on(path, method: method, use: route.respond) }
            }
        }

        let site = router.group()
            .add(middleware: OriginMiddleware(served: served))
            .add(middleware: FormBodyMiddleware(limit: limits.body))
            .add(middleware: ConditionalGetMiddleware())
        let health = site.group().add(middleware: EntityTagMiddleware())
        let pages = site.group()
        if let cache { pages.add(middleware: ResponseCacheMiddleware(cache: cache)) }
        pages.add(middleware: EntityTagMiddleware())
        let route = SiteRoute(served: served)
        for method: HTTPRequest.Method in [.get, .head, .post] {
            health.on("/healthz", method: method) { request, context in
                // The router takes `/healthz/` for `/healthz`; it is the site's (a 404), as `/healthz/x` is.
                guard RequestTarget(request.head.path ?? "")?.path == "/healthz" else {
                    return try await route.respond(to: request, context: context)
                }
                return Response(WebResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array("ok\n".utf8)))
            }
            for path: RouterPath in ["/", "/**", "/healthz/**"] { pages.on(path, method: method, use: route.respond) }
        }
        if let catalog {
            let feeds = CatalogRoute(catalog: catalog.catalog)
            let books = EditionRoute(catalog: catalog.catalog, cache: catalog.books)
            let downloads = site.group()
            for method: HTTPRequest.Method in [.get, .head] {
                for path: RouterPath in [RouterPath(OPDSCatalog.root), RouterPath(OPDSCatalog.root + "/**")] {
                    pages.on(path, method: method, use: feeds.respond)
                }
                downloads.on(RouterPath(OPDSCatalog.editions + "**"), method: method, use: books.respond)
            }
        }
        return router
    }
}
