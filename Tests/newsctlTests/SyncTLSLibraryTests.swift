import Foundation
import SyncEngine
import Testing
import TestSupport

/// Whether this machine's libcurl brings GnuTLS along (Debian's does, through librtmp and
/// libldap): `ldd` lists the libraries it loads with it.
private let libcurlBringsGnuTLS: Bool = {
    guard
        let library = ["x86_64", "aarch64"].map({ "/usr/lib/\($0)-linux-gnu/libcurl.so.4" }).first(where: {
            FileManager.default.fileExists(atPath: $0)
        }), FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")
    else { return false }
    let ldd = Process()
    ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    ldd.arguments = [library]
    let output = Pipe()
    ldd.standardOutput = output
    ldd.standardError = FileHandle.nullDevice
    guard (try? ldd.run()) != nil else { return false }
    let listed = output.fileHandleForReading.readDataToEndOfFile()
    ldd.waitUntilExit()
    return String(decoding: listed, as: UTF8.self).contains("libgnutls")
}()

extension ProcessTests {
    /// A sync loads libcurl, and with it GnuTLS (Debian's librtmp and libldap link it), which
    /// newsctl never uses: a sync keeps GnuTLS from setting itself up (`TLSLibraryTuning`), so
    /// little of its code ever runs or is resident. The user's own setting is kept.
    @Suite(.enabled(if: libcurlBringsGnuTLS, "this libcurl does not load GnuTLS (or ldd is missing): nothing to keep from setting up"))
    struct SyncTLSLibraryTests {
        /// KB of GnuTLS's code resident in process `pid` (its executable mappings' `Rss`), nil
        /// when it has no such mapping.
        static func residentGnuTLSCode(_ pid: Int32) -> Int? {
            // Read to its end: a file of /proc says its size is 0.
            guard let data = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps")?.readDataToEndOfFile() else { return nil }
            let smaps = String(decoding: data, as: UTF8.self)
            var total: Int?
            var inCode = false
            for line in smaps.split(separator: "\n") {
                let fields = line.split(separator: " ")
                if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                    inCode = fields.count >= 6 && fields[1] == "r-xp" && fields[5].contains("libgnutls")
                } else if inCode, fields.count >= 2, fields[0] == "Rss:", let kilobytes = Int(fields[1]) {
                    total = (total ?? 0) + kilobytes
                }
            }
            return total
        }

        /// GnuTLS's resident code in a `sync` once it has asked for the latest page (libcurl is
        /// loaded by then), while the server holds that answer back.
        private func residentWhileSyncing(environment: [String: String]) async throws -> Int? {
            let server = LoopbackServer()
            try await server.start()
            let latest = "/api/4/news/latest"
            server.setReply(.delayed(.seconds(1), .fixture("news/latest")), for: latest)
            let resident = Locked<Int?>(nil)
            let result = try await NewsctlProcess().run(
                ["sync", "--days", "1", "--base-url", await server.baseURL], environment: environment
            ) { pid in
                for _ in 0..<3_000 where server.requestCount(latest) == 0 {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                let kilobytes = Self.residentGnuTLSCode(pid)
                resident.withLock { $0 = kilobytes }
            }
            await server.stop()
            #expect(result.status == 0, "\(result.stderr)")
            return resident.withLock { $0 }
        }

        @Test func aSyncDoesNotSetUpGnuTLSUnlessTheUserAsks() async throws {
            // GNUTLS_NO_IMPLICIT_INIT=0: the user wants GnuTLS's usual set-up, and gets it.
            let setUp = try #require(
                try await residentWhileSyncing(environment: ["GNUTLS_NO_IMPLICIT_INIT": "0"]), "GnuTLS was not mapped")
            let tuned = try #require(try await residentWhileSyncing(environment: [:]), "GnuTLS was not mapped")
            #expect(tuned * 2 <= setUp, "GnuTLS's resident code: \(tuned) KB, \(setUp) KB when it sets itself up")
        }
    }
}
