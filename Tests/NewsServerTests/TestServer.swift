import Foundation
import Logging
import NewsServer
import NewsWeb
import SyncEngine
import TestSupport

/// A small site of the tests' own: one page with a known body and time, a POST that answers
/// 303, and 404 for the rest. It keeps every request it was asked, to prove which never reach it.
final class TestSite: WebSite {
    static let page = Array("<!doctype html><p>一页</p>\n".utf8)
    /// 2023-03-14 08:00:00 UTC.
    static let pageTime = Date(timeIntervalSince1970: 1_678_780_800)

    private let asked = Locked<[WebRequest]>([])

    var requests: [WebRequest] { asked.withLock { $0 } }

    func respond(to request: WebRequest) async -> WebResponse {
        asked.withLock { $0.append(request) }
        switch (request.method, request.path) {
        case ("GET", "/page.html"):
            return WebResponse(status: 200, contentType: "text/html; charset=utf-8", body: Self.page, lastModified: Self.pageTime)
        case ("POST", "/story/1/favorite"):
            return WebResponse(status: 303, contentType: "text/plain; charset=utf-8", body: [], location: "../1.html")
        default:
            return WebResponse(status: 404, contentType: "text/plain; charset=utf-8", body: Array("no such page\n".utf8))
        }
    }
}

/// Keeps the lines logged through it.
struct CapturingLogHandler: LogHandler {
    let lines: Locked<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLock { $0.append("\(event.level) \(event.message)") }
    }
}

/// `WebServer` in this process on an ephemeral loopback port, serving `site`.
struct RunningServer {
    let port: Int
    let logLines: Locked<[String]>
    private let task: Task<Void, any Error>

    static func start(
        _ site: some WebSite, limits: WebServer.Limits = WebServer.Limits(), caching: ResponseCaching? = nil, reader: ReaderAPI? = nil,
        catalog: OPDSCatalog? = nil, editions: EditionCaching? = nil
    ) async throws -> RunningServer {
        let lines = Locked<[String]>([])
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let (addresses, continuation) = AsyncStream<WebServer.Listening>.makeStream()
        let task = Task {
            defer { continuation.finish() }
            try await WebServer(host: "127.0.0.1", port: 0, limits: limits, logger: logger).run(
                caching: caching, reader: reader, catalog: catalog, editions: editions, makeSite: { _ in site },
                onListening: { continuation.yield($0) })
        }
        var iterator = addresses.makeAsyncIterator()
        guard let listening = await iterator.next() else {
            try await task.value
            throw RawHTTPClient.Failure(description: "the server stopped before it listened")
        }
        return RunningServer(port: listening.port, logLines: lines, task: task)
    }

    func stop() async {
        task.cancel()
        _ = try? await task.value
    }

    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []) async throws
        -> RawHTTPClient.Response
    {
        try await RawHTTPClient.send(method, target, port: port, headers: headers, body: body)
    }
}
