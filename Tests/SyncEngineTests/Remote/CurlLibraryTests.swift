import Foundation
import Logging
import Testing
import TestSupport
@testable import SyncEngine

// Only in a build with libcurl: libcurl loaded at run time.
#if canImport(CCurl)
    /// libcurl is loaded on the first transfer; one that cannot be loaded is a network that is down.
    @Suite struct CurlLibraryTests {
        /// A soname no system has: what a machine without libcurl looks like to the loader.
        private static let missing = "libcurl-not-installed.so.4"
        private static let fixtures = "file://" + Fixtures.apiRoot

        @Test func theProcessLibcurlLoads() throws {
            _ = try CurlLibrary.shared.get()
        }

        @Test func aMissingLibcurlFailsARequestAsUnavailableNotACrash() async {
            let transport = CurlTransport(libraryName: Self.missing)
            let url = Self.fixtures + "/news/latest"
            do {
                _ = try await transport.get(url, timeout: .seconds(5))
                Issue.record("expected a failure")
            } catch {
                #expect(error.code == .unavailable)
                #expect(error.url == url)
                #expect(error.message.hasPrefix("libcurl could not be loaded: "), "\(error)")
                #expect(error.message.contains(Self.missing), "\(error)")
            }
        }

        @Test func aLibraryWithoutCurlsFunctionsIsUnavailable() {
            // libc is a real library, already loaded, without a single curl function.
            guard case .failure(let error) = CurlLibrary.load("libc.so.6") else {
                Issue.record("libc.so.6 loaded as libcurl")
                return
            }
            #expect(error.code == .unavailable)
            #expect(error.message.contains("lacks curl_global_init"), "\(error)")
        }

        @Test func theClientTakesItAsUnreachableWithoutRetriesOrOtherBaseURLs() async {
            var policy = RetryPolicy()
            policy.baseDelay = .seconds(1)
            let client = ZhihuDailyClient(
                baseURLs: [Self.fixtures, "http://127.0.0.1:9/api/4"],
                transport: CurlTransport(libraryName: Self.missing), timeout: .seconds(10),
                retryPolicy: policy,
                logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
            let clock = ContinuousClock()
            let start = clock.now
            do {
                _ = try await client.latest()
                Issue.record("expected a failure")
            } catch {
                #expect(error.code == .unreachable)
                #expect(error.transportError?.code == .unavailable)
                #expect(error.url == Self.fixtures + "/news/latest")
            }
            // A retry would have waited at least half a second.
            #expect(start.duration(to: clock.now) < .milliseconds(500))
        }

        @Test func theEngineServesTheArchiveAndSaysOfflineWhenLibcurlIsMissing() async throws {
            var configuration = SyncEngine.Configuration(databasePath: try temporaryDatabasePath())
            configuration.baseURLs = [Self.fixtures]
            let clock = TestClock()
            let filled = try await SyncEngine(configuration: configuration, clock: clock).latest()
            clock.advance(by: 3_600)  // today's page is no longer fresh: a read goes to the network

            let engine = try SyncEngine(
                configuration: configuration,
                transport: CurlTransport(libraryName: Self.missing), clock: clock)
            let page = try await engine.latest()
            #expect(page.day == filled.day)
            #expect(page.provenance.origin == .cache)
            #expect(page.provenance.staleReason == .offline)
            do {
                _ = try await engine.page(for: Day("20200101")!)
                Issue.record("expected a failure")
            } catch {
                #expect(error.code == .unavailable)
                #expect(error.remoteError?.transportError?.code == .unavailable)
            }
        }
    }
#endif
