import HTTPTypes
import Hummingbird
import NIOCore
import NewsWeb
import SyncEngine

/// The site's route: a request as its `WebSite` takes it (path and query decoded, a POST's form;
/// HEAD asks for the GET), and the site's answer as HTTP. What HTTP adds around it (validators,
/// 304s, caching, the checks) is the middleware's.
struct SiteRoute: Sendable {
    let served: Locked<ServedSite?>

    func respond(to request: Request, context: some RequestContext) async throws -> Response {
        guard let site = served.withLock({ $0?.site }) else { return .plain(.serviceUnavailable, "starting\n") }
        guard let target = RequestTarget(request.head.path ?? "") else { return .plain(.notFound, "not found\n") }
        var form: [String: String] = [:]
        if request.method == .post, request.isForm {
            // Read whole and checked by `FormBodyMiddleware`: this only decodes it.
            let body = try await request.body.collect(upTo: .max)
            form = RequestTarget.formFields(body.readableBytesView) ?? [:]
        }
        let page = WebRequest(method: request.method == .post ? "POST" : "GET", path: target.path, query: target.query, form: form)
        return Response(await site.respond(to: page))
    }
}

extension Response {
    /// The site's answer: its status, type, body and Location, `Cache-Control: no-cache` (a copy is
    /// asked again each time, and 304 when current), and Last-Modified on a 200 that has a time.
    init(_ page: WebResponse) {
        var headers: HTTPFields = [.contentType: page.contentType, .cacheControl: "no-cache"]
        if let location = page.location { headers[.location] = location }
        for (name, value) in page.headers { if let field = HTTPField.Name(name) { headers[field] = value } }
        if page.status == 200, let lastModified = page.lastModified { headers[.lastModified] = HTTPDate.format(lastModified) }
        self.init(
            status: HTTPResponse.Status(code: page.status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page.body)))
    }
}
