import Synchronization

/// A response as the transport received it.
public struct HTTPResponse: Sendable {
    /// The HTTP status (200 for a `file://` read).
    public let status: Int
    /// The response body, as received.
    public let body: [UInt8]
    /// The URL that was asked for.
    public let url: String
    /// Response headers of the last request (after redirects), names lowercased.
    public let headers: [String: String]
    /// How long each step took, where the transport measures it (`CurlTransport` does).
    public let timings: TransferTimings?

    /// Creates a response; a custom transport returns these.
    public init(status: Int, body: [UInt8], url: String, headers: [String: String] = [:], timings: TransferTimings? = nil) {
        self.status = status
        self.body = body
        self.url = url
        self.headers = headers
        self.timings = timings
    }
}

/// When each step of a transfer ended, counted from its start; nil for a step it never finished
/// (or, for `tls`, a plain `http://` transfer).
public struct TransferTimings: Sendable, Equatable {
    /// The host name was resolved.
    public var resolved: Duration?
    /// The TCP connection was made.
    public var connected: Duration?
    /// The TLS handshake and the certificate check were done.
    public var tls: Duration?
    /// The first byte of the response came.
    public var firstByte: Duration?
    /// The transfer ended.
    public var total: Duration?

    /// Timings as a transport measured them.
    public init(
        resolved: Duration? = nil, connected: Duration? = nil, tls: Duration? = nil, firstByte: Duration? = nil,
        total: Duration? = nil
    ) {
        self.resolved = resolved
        self.connected = connected
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }
}

/// Fetches a URL. The real ones are `CurlTransport` (libcurl, Linux) and `URLSessionTransport`
/// (Apple platforms, or the SyncEngineURLSession module on Linux); embedders may supply another.
public protocol HTTPTransport: Sendable {
    /// GETs `url`, finishing (or failing with a `TransportError`) within `timeout`.
    /// Cancelling the calling task aborts the transfer.
    func get(_ url: String, timeout: Duration) async throws(TransportError) -> HTTPResponse

    /// GETs `url` like `get(_:timeout:)`, and gives up early when no byte of a response has come
    /// within `firstByte` of the start: `.noResponse` once connected (a host that accepts the
    /// connection and never answers), `.connect` before. The engine gives each base URL but the
    /// last such a budget, so a dead host leaves the next one the time it needs.
    ///
    /// The default ignores `firstByte` (a transport that cannot tell when the first byte came);
    /// a host that never answers then takes the whole `timeout`.
    func get(_ url: String, timeout: Duration, firstByte: Duration?) async throws(TransportError) -> HTTPResponse

    /// GETs `url` like `get(_:timeout:)`, sending `accept` as its `Accept` header instead of
    /// the API's `application/json`: the engine asks for a picture with `HTTPAccept.pictures`, as
    /// a browser's image request does (a CDN may pick the format by it, and a JSON-only `Accept`
    /// marks a request as no browser's). No `Referer` is sent either way.
    ///
    /// The default ignores `accept` (a transport that cannot set headers).
    func get(_ url: String, timeout: Duration, accept: String) async throws(TransportError) -> HTTPResponse
}

/// The `Accept` headers the engine sends.
public enum HTTPAccept {
    /// API pages and counters.
    public static let json = "application/json"
    /// Pictures: the four formats the archive keeps (`PictureFormat`), WebP first as browsers
    /// ask; no `image/*`, which would invite AVIF or SVG that the archive refuses.
    public static let pictures = "image/webp,image/jpeg,image/png,image/gif"
}

extension HTTPTransport {
    /// Ignores `firstByte`: see the requirement.
    public func get(_ url: String, timeout: Duration, firstByte: Duration?) async throws(TransportError) -> HTTPResponse {
        try await get(url, timeout: timeout)
    }

    /// Ignores `accept`: see the requirement.
    public func get(_ url: String, timeout: Duration, accept: String) async throws(TransportError) -> HTTPResponse {
        try await get(url, timeout: timeout)
    }
}

/// A transport that can report one request step by step, for a network check
/// (`SyncEngine.checkNetwork`): `CurlTransport` does.
public protocol HTTPProbing: HTTPTransport {
    /// GETs `url` within `timeout`, measuring each step (`TransferTimings`) on success and on
    /// failure, and over TLS gathering the names the server's certificate covers
    /// (`TransportError.certificateNames`), even when it was refused for them.
    func probe(_ url: String, timeout: Duration) async -> Result<HTTPResponse, TransportError>
}

/// How many transfers the requests of a task and its child tasks run at once in a
/// `CurlTransport`, which keeps the rest waiting on its own thread and starts the next the moment
/// one ends. A sync asks for more items than it transfers at once, so a connection never waits
/// for its last response to be decoded and handed through the task pool before its next request
/// goes out. The limit is shared by every request made under it, so lowering it (a sync the
/// source asked to slow down) holds back the requests already waiting too.
enum TransferLimit {
    @TaskLocal static var transfers: Shared?

    /// A limit that every request made under it reads when it is about to start.
    final class Shared: Sendable {
        private let value: Atomic<Int>

        init(_ transfers: Int) {
            value = Atomic(max(1, transfers))
        }

        /// Transfers at once, at least 1.
        var current: Int { value.load(ordering: .relaxed) }

        func lower(to transfers: Int) {
            value.store(max(1, transfers), ordering: .relaxed)
        }
    }

    /// Whether `transport` keeps to the limit itself (other transports start every request at once).
    static func isKept(by transport: any HTTPTransport) -> Bool {
        #if canImport(CCurl)
            transport is CurlTransport
        #else
            false
        #endif
    }
}

/// A request that produced no HTTP response.
public struct TransportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of transport failure.
    public enum Code: String, Sendable {
        /// The host name did not resolve.
        case dns
        /// The connection was refused or could not be made.
        case connect
        /// The TLS handshake or certificate check failed.
        case tls
        /// The deadline passed, or the transfer stalled below the low-speed limit.
        case timeout
        /// The connection was made, but no byte of a response came within the first-byte budget:
        /// a host that accepts connections and never answers.
        case noResponse
        /// The connection broke before the whole body arrived.
        case truncated
        /// The body was larger than allowed.
        case tooLarge
        /// The calling task was cancelled.
        case cancelled
        /// A local file (a `file://` base URL) was missing or unreadable.
        case notFound
        /// The URL was malformed or of a scheme the transport does not speak.
        case badURL
        /// The transport cannot work in this process at all (libcurl could not be loaded): the
        /// network is unavailable. Not retried, and no other base URL is tried.
        case unavailable
        /// Anything else the transport reported.
        case other
    }

    /// The kind of failure.
    public let code: Code
    /// The URL that was asked for.
    public let url: String
    /// libcurl's `CURLcode`, when the failure came from `CurlTransport` (nil from URLSession).
    public let curlCode: Int32?
    /// What went wrong, in the transport's words.
    public let message: String
    /// How far the transfer came, where the transport measures it.
    public var timings: TransferTimings?
    /// The names the server's certificate covers (its subject alternative names), when a probe
    /// (`HTTPProbing`) saw one: after a `.tls` failure, the names it was refused for not matching.
    public var certificateNames: [String]?

    /// Creates a transport error; a custom transport throws these.
    public init(
        code: Code, url: String, curlCode: Int32? = nil, message: String, timings: TransferTimings? = nil,
        certificateNames: [String]? = nil
    ) {
        self.code = code
        self.url = url
        self.curlCode = curlCode
        self.message = message
        self.timings = timings
        self.certificateNames = certificateNames
    }

    public var description: String {
        var text = "\(message) (\(url)"
        if let curlCode { text += ", curl code \(curlCode)" }
        return text + ")"
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so a positive duration never becomes zero.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        let millis = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(clamping: millis)
    }
}
