#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import HTTPTypes
import Hummingbird
import NIOCore
import NewsWeb
import SyncEngine

/// The Google Reader API's route under `/api/greader`: the request as ``ReaderAPI`` takes it (the
/// path under the root, the query's and form's fields in order, the `Authorization` header, the
/// address the client reached the server by), and its answer as HTTP. Logins are throttled by
/// the client's address (`LoginThrottle`).
struct ReaderAPIRoute: Sendable {
    static let root = ReaderAPI.root

    let api: ReaderAPI
    let throttle: LoginThrottle

    func respond(to request: Request, context: ServerRequestContext) async throws -> Response {
        guard let target = RequestTarget(request.head.path ?? ""), target.path.hasPrefix(Self.root) else {
            return .plain(.notFound, "not found\n")
        }
        var form: [ReaderRequest.Field] = []
        // A POST's body is a form whether or not it says so: some apps send no Content-Type.
        if request.method == .post, request.isForm || request.headers[.contentType] == nil {
            // Read whole and checked by `FormBodyMiddleware`: this only decodes it.
            let body = try await request.body.collect(upTo: .max)
            form = RequestTarget.formPairs(body.readableBytesView)?.map { ReaderRequest.Field($0.name, $0.value) } ?? []
        }
        let rawQuery = RequestTarget.rawQuery(request.head.path ?? "")
        let query = RequestTarget.formPairs(rawQuery)?.map { ReaderRequest.Field($0.name, $0.value) } ?? []
        let path = String(target.path.dropFirst(Self.root.count))
        let peer = context.remoteAddress?.ipAddress
        let reader = ReaderRequest(
            method: request.method == .post ? "POST" : "GET", path: path.isEmpty ? "/" : path, query: query, form: form,
            authorization: request.headers[.authorization], baseURL: Self.baseURL(request.headers, host: request.head.authority, peer: peer)
        )
        guard path == "/accounts/ClientLogin", request.method == .post else { return Self.response(await api.respond(to: reader)) }
        let address = LoginThrottle.key(Self.clientAddress(request.headers, peer: peer))
        if let wait = throttle.begin(address, now: LoginThrottle.now()) {
            return .plain(
                .tooManyRequests, "Error=TooManyRequests\n",
                extra: [.retryAfter: String(Int(wait.rounded(.up))), .cacheControl: "no-store"])
        }
        var failed = false
        defer { throttle.end(address, failed: failed, now: LoginThrottle.now()) }
        let answer = await api.respond(to: reader)
        failed = answer.status == 401
        return Self.response(answer)
    }

    /// The API's answer as HTTP, never to be kept by a cache (a login's answer holds its token).
    private static func response(_ answer: WebResponse) -> Response {
        var response = Response(answer)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// The server's address as the client reached it: the `Host` it named, or, behind a proxy on
    /// this machine, `X-Forwarded-Host`, with `https` when that proxy says so in `X-Forwarded-Proto`.
    static func baseURL(_ headers: HTTPFields, host authority: String?, peer: String?) -> String {
        let proxied = isLoopback(peer)
        let forwardedHost =
            proxied ? headers[xForwardedHost].flatMap { $0.split(separator: ",").first.map { $0.trimmingSpaces } } : nil
        let host = [forwardedHost, authority].compactMap { $0 }.first { isHostName($0) } ?? "127.0.0.1"
        let scheme = proxied && headers[xForwardedProto]?.lowercased() == "https" ? "https" : "http"
        return scheme + "://" + host + "/"
    }

    /// Whether `address` is this machine's: only a proxy there is believed about the client.
    static func isLoopback(_ address: String?) -> Bool {
        address.map(WebServer.isLoopbackAddress) ?? false
    }

    /// The address a login comes from: the peer's, or behind a proxy on this machine the last
    /// one its `X-Forwarded-For` names.
    static func clientAddress(_ headers: HTTPFields, peer: String?) -> String {
        let peer = peer ?? "unknown"
        if isLoopback(peer), let forwarded = headers[xForwardedFor]?.split(separator: ",").last?.trimmingSpaces, !forwarded.isEmpty {
            return forwarded
        }
        return peer
    }

    /// A name and port fit to put in an address: letters, digits, `.-:[]` only.
    private static func isHostName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 255
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
                    || ".-:[]".utf8.contains(byte)
            }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}

// Valid field names written out: the unwraps cannot fail.
private let xForwardedHost = HTTPField.Name("X-Forwarded-Host")!
private let xForwardedProto = HTTPField.Name("X-Forwarded-Proto")!
private let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
