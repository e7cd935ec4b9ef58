import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// Headless Chromium on the static copy under `python3 -m http.server`: home, a story, its
    /// comments; every picture loaded, no console error (scripts/browser-check-static).
    @Suite struct BrowserCheckTests {
        static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts").path

        static let hasBrowser =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/selenium")

        @Test(.enabled(if: hasBrowser, "needs chromium, chromium-driver and python3-selenium (Debian)"))
        func theStaticCopyOpensInABrowserWithEveryPictureAndNoConsoleError() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            let folder = try Fixtures.temporaryFolder()
            let exported = try await newsctl.run(["export", "--site", folder + "/site", "--offline"])
            #expect(exported.status == 0, "\(exported.stderr)")
            // BROWSER_CHECK_SHOTS keeps the screenshots where a person can look at them.
            let shots = ProcessInfo.processInfo.environment["BROWSER_CHECK_SHOTS"] ?? folder + "/shots"
            let environment = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "PYENV_ROOT"].contains($0.key) }
            let check = try await newsctl.run(
                [folder + "/site", "--shots", shots], environment: environment, executable: Self.scripts + "/browser-check-static")
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.isEmpty, "\(check.stdout)")
            for page in ["home", "story", "comments"] {
                for size in ["390x844", "1280x800"] {
                    #expect(FileManager.default.fileExists(atPath: "\(shots)/\(page)-\(size).png"), "\(page)-\(size)")
                }
            }
        }

        /// A story's page of an EPUB book, unpacked, in headless Chromium: well-formed XHTML, every
        /// picture loaded from inside the book, the Chinese stylesheet applied (scripts/browser-check-book).
        @Test(.enabled(if: hasBrowser, "needs chromium, chromium-driver and python3-selenium (Debian)"))
        func aBooksStoryPageRendersWithItsPicturesAndItsStylesheet() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            let folder = try Fixtures.temporaryFolder()
            let exported = try await newsctl.run(["export", "--epub", folder + "/book.epub", "--offline", "--days", "1"])
            #expect(exported.status == 0, "\(exported.stderr)")
            let shots = ProcessInfo.processInfo.environment["BROWSER_CHECK_SHOTS"] ?? folder + "/shots"
            let environment = ProcessInfo.processInfo.environment.filter { ["PATH", "HOME", "PYENV_ROOT"].contains($0.key) }
            let check = try await newsctl.run(
                [folder + "/book.epub", String(WebSource.photo), "--shots", shots], environment: environment,
                executable: Self.scripts + "/browser-check-book")
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.isEmpty, "\(check.stdout)")
            #expect(FileManager.default.fileExists(atPath: shots + "/book-story-390x844.png"))
        }
    }
}
