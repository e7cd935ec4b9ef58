import Foundation

/// An HTTPS server on loopback whose certificate names other hosts (`Tests/Fixtures/tls`), run by
/// python3. A client that trusts `caBundlePath` and asks for `localhost` must refuse it for its
/// names, as clients abroad refuse news-at.zhihu.com.
public final class MismatchedTLSServer: Sendable {
    /// The test CA that signed the server's certificate: give it as `SSL_CERT_FILE`.
    public static let caBundlePath = tlsFolder + "/ca.pem"
    /// The names the server's certificate covers.
    public static let certificateNames = ["*.cdn.example.net", "cdn.example.net"]

    /// Whether python3 is there to run the server; tests that need it are skipped otherwise.
    public static var isAvailable: Bool { python3 != nil }

    private static let tlsFolder: String =
        URL(fileURLWithPath: Fixtures.apiRoot).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tls").path

    private static let python3: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let process: Process
    private let input: Pipe
    /// The port it listens on.
    public let port: Int

    /// Starts the server and waits for its port.
    public init() throws {
        guard let python3 = Self.python3 else { throw Failure(description: "python3 is not installed") }
        process = Process()
        process.executableURL = URL(fileURLWithPath: python3)
        process.arguments = [Self.tlsFolder + "/serve.py"]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The first line is the port; a server that cannot start closes its output instead.
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw Failure(description: "the TLS server did not start")
        }
        self.port = port
    }

    /// `https://localhost:PORT/api/4`: a name the certificate does not cover.
    public var baseURL: String { "https://localhost:\(port)/api/4" }

    /// Stops the server (closing its input ends it).
    public func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
