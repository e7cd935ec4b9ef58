// A stand-in for swift-log's `Logging`, just the API SyncEngine uses, so the fuzz builds need no
// package checkout. Everything logged is dropped.

public struct Logger: Sendable {
    public typealias Metadata = [String: String]

    public let label: String

    public init(label: String, factory: (String) -> SwiftLogNoOpLogHandler) {
        self.label = label
    }

    public func trace(_ message: @autoclosure () -> String, metadata: @autoclosure () -> Metadata? = nil) {}
    public func debug(_ message: @autoclosure () -> String, metadata: @autoclosure () -> Metadata? = nil) {}
    public func info(_ message: @autoclosure () -> String, metadata: @autoclosure () -> Metadata? = nil) {}
    public func notice(_ message: @autoclosure () -> String, metadata: @autoclosure () -> Metadata? = nil) {}
    public func warning(_ message: @autoclosure () -> String, metadata: @autoclosure () -> Metadata? = nil) {}
    public func error(_ message: @autoclosure () -> String, metadata: @autoclosure () -> Metadata? = nil) {}
    public func critical(_ message: @autoclosure () -> String, metadata: @autoclosure () -> Metadata? = nil) {}
}

public struct SwiftLogNoOpLogHandler: Sendable {
    public init() {}
}
