import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NewsWeb
import SyncEngine

/// What HTTP adds to a `WebSite`: the checks before it is asked (method, sizes, path, Origin),
/// and the headers, validators and 304s after. One log line per request.
struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let limits: WebServer.Limits
    let logger: Logger
    /// The site and the origin it is served at, once the server listens (the port may be chosen then).
    let served: Locked<ServedSite?>
    /// The site's answers kept while the archive and the second are the same; nil: none kept.
    let cache: ResponseCache?

    struct ServedSite: Sendable {
        let site: any WebSite
        let origin: ServerOrigin
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let start = ContinuousClock.now
        var (response, bytes) = try await answer(request)
        for (name, value) in Self.alwaysHeaders { response.headers[name] = value }
        let milliseconds = (ContinuousClock.now - start) / .milliseconds(1)
        logger.info(
            "\(request.method.rawValue) \(Self.loggedPath(request.head.path ?? "")) \(response.status.code) \(bytes) B \(Self.format(milliseconds)) ms"
        )
        return response
    }

    /// The answer, and how many body bytes it sends.
    private func answer(_ request: Request) async throws -> (Response, Int) {
        let method = request.method
        guard method == .get || method == .head || method == .post else {
            return Self.plain(.methodNotAllowed, "method not allowed\n", extra: [.allow: "GET, HEAD, POST"])
        }
        let rawTarget = request.head.path ?? ""
        guard rawTarget.utf8.count <= limits.target else { return Self.plain(.uriTooLong, "request target too long\n") }
        let headerBytes = request.headers.reduce((request.head.authority?.utf8.count ?? 0) + 6) {
            $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4
        }
        guard headerBytes <= limits.headers else { return Self.plain(.requestHeaderFieldsTooLarge, "request headers too large\n") }
        guard let target = RequestTarget(rawTarget) else { return Self.plain(.notFound, "not found\n") }
        guard let served = served.withLock({ $0 }) else { return Self.plain(.serviceUnavailable, "starting\n") }
        guard served.origin.acceptsHost(request.head.authority) else {
            return Self.plain(.forbidden, "forbidden: not this server's name\n")
        }
        var form: [String: String] = [:]
        if method == .post {
            let fetchSite = request.headers[Self.secFetchSite]
            guard served.origin.isSameOrigin(origin: request.headers[.origin], host: request.head.authority, fetchSite: fetchSite) else {
                return Self.plain(.forbidden, "forbidden: not from this site\n")
            }
            switch try await Self.form(of: request, limit: limits.body) {
            case .fields(let fields): form = fields
            case .tooLarge: return Self.plain(.contentTooLarge, "request body too large\n", extra: [.connection: "close"])
            case .malformed: return Self.plain(.badRequest, "malformed form\n")
            }
        }
        if target.path == "/healthz" {
            return finish(
                WebResponse(status: 200, contentType: "text/plain; charset=utf-8", body: Array("ok\n".utf8)), for: request)
        }
        // HEAD is GET without the body: the site answers the GET, the body stays here.
        let webRequest = WebRequest(method: method == .post ? "POST" : "GET", path: target.path, query: target.query, form: form)
        // A POST goes to the site every time; its write moves the token, which empties the cache.
        guard method != .post, let cache, let token = await cache.caching.token() else {
            return finish(Self.prepared(await served.site.respond(to: webRequest)), for: request)
        }
        let second = cache.caching.window()
        if let kept = cache.answer(for: rawTarget, token: token, second: second) { return finish(kept, for: request) }
        let site = served.site
        let answer = await cache.shared(rawTarget, token: token, second: second) {
            Self.prepared(await site.respond(to: webRequest))
        }
        return finish(answer, for: request)
    }

    /// The site's answer with what every sending of it needs: its entity tag and body buffer.
    private static func prepared(_ page: WebResponse) -> ResponseCache.Answer {
        ResponseCache.Answer(
            page: page, entityTag: page.status == 200 ? Validators.entityTag(of: page.body) : nil,
            body: ByteBuffer(bytes: page.body))
    }

    /// The site's answer as HTTP: validators on a 200, and a 304 when the client's copy is current.
    private func finish(_ page: WebResponse, for request: Request) -> (Response, Int) {
        finish(Self.prepared(page), for: request)
    }

    /// The site's answer as HTTP: validators on a 200, and a 304 when the client's copy is current.
    private func finish(_ answer: ResponseCache.Answer, for request: Request) -> (Response, Int) {
        let page = answer.page
        var headers: HTTPFields = [.contentType: page.contentType, .cacheControl: "no-cache"]
        if let location = page.location { headers[.location] = location }
        var status = HTTPResponse.Status(code: page.status)
        if page.status == 200, let tag = answer.entityTag {
            headers[.eTag] = tag
            if let lastModified = page.lastModified { headers[.lastModified] = HTTPDate.format(lastModified) }
            let ifNoneMatch = request.headers[values: .ifNoneMatch]
            if request.method != .post,
                Validators.isNotModified(
                    ifNoneMatch: ifNoneMatch.isEmpty ? nil : ifNoneMatch.joined(separator: ","),
                    ifModifiedSince: request.headers[.ifModifiedSince], entityTag: tag, lastModified: page.lastModified)
            {
                status = .notModified
            }
        }
        headers[.contentLength] = String(page.body.count)
        guard request.method != .head, status != .notModified else {
            return (Response(status: status, headers: headers, body: ResponseBody()), 0)
        }
        return (Response(status: status, headers: headers, body: ResponseBody(byteBuffer: answer.body)), page.body.count)
    }

    private enum Form {
        case fields([String: String])
        case tooLarge
        case malformed
    }

    /// A POST's form fields, read up to `limit` bytes.
    private static func form(of request: Request, limit: Int) async throws -> Form {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return .tooLarge }
        let body = request.body
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            return .tooLarge
        }
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else { return .fields([:]) }
        guard let fields = RequestTarget.formFields(buffer.readableBytesView) else { return .malformed }
        return .fields(fields)
    }

    /// The headers of every answer, whatever its status.
    static let alwaysHeaders: [(HTTPField.Name, String)] = [
        (
            .contentSecurityPolicy,
            "default-src 'none'; img-src 'self' https:; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
        ),
        (.xContentTypeOptions, "nosniff"),
        (referrerPolicy, "no-referrer"),
    ]

    // Valid field names written out: the unwraps cannot fail.
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    private static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    private static func plain(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> (Response, Int) {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .contentLength: String(text.utf8.count)]
        headers.append(contentsOf: extra)
        return (Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text))), text.utf8.count)
    }

    /// The path as logged: no query (a search is the reader's own business), at most 200 bytes,
    /// control characters escaped so that a request cannot forge a log line.
    static func loggedPath(_ target: String) -> String {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
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
