import Foundation
import Logging
import Synchronization
@testable import SyncEngine

/// A log handler that keeps every record, so a test can check what the engine logged.
struct RecordingLogHandler: LogHandler {
    /// One logged line, its metadata flattened to strings.
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: [String: String]
    }

    /// The records of every logger made with this handler's `records`.
    final class Records: Sendable {
        private let records = Mutex<[Record]>([])

        func append(_ record: Record) { records.withLock { $0.append(record) } }

        /// The records whose message is `message`.
        func withMessage(_ message: String) -> [Record] {
            records.withLock { $0.filter { $0.message == message } }
        }
    }

    let records: Records
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        records.append(
            Record(
                level: event.level, message: event.message.description,
                metadata: merged.mapValues { $0.description }))
    }

    /// A logger writing into `records`.
    static func logger(into records: Records) -> Logger {
        Logger(label: "test") { _ in RecordingLogHandler(records: records) }
    }
}

/// Answers from memory: a URL's path below the base (`news/before/20160803`) maps to a body;
/// anything else is not found. Lets the real client decode and validate stored responses.
struct MemoryTransport: HTTPTransport {
    static let base = "memory://api/4"
    let bodies: [String: [UInt8]]

    func get(_ url: String, timeout: Duration) async throws(TransportError) -> HTTPResponse {
        let path = String(url.dropFirst(Self.base.count + 1))
        guard url.hasPrefix(Self.base + "/"), let body = bodies[path] else {
            throw TransportError(code: .notFound, url: url, message: "no body for \(path)")
        }
        return HTTPResponse(status: 200, body: body, url: url)
    }

    /// A client over this transport, logging into `records`.
    func client(logging records: RecordingLogHandler.Records) -> ZhihuDailyClient {
        ZhihuDailyClient(
            baseURLs: [Self.base], transport: self, timeout: .seconds(5),
            logger: RecordingLogHandler.logger(into: records))
    }
}
