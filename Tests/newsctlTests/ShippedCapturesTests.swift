import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// The real responses the README offers to try offline are in the repository, so a person who
    /// clones it has them; they are the captures themselves, laid out as `scripts/captures-to-api`
    /// lays them out.
    @Suite struct ShippedCapturesTests {
        private var repository: URL {
            URL(fileURLWithPath: Fixtures.capturedAPIRoot)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent()
        }

        /// The README's first offline try: sync the shipped copy, then read it with no network.
        @Test func theShippedCopySyncsAndReadsOffline() async throws {
            let newsctl = try NewsctlProcess()
            let base = "file://" + Fixtures.capturedAPIRoot
            let sync = try await newsctl.run(["sync", "--since", "20230310", "--base-url", base])
            #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
            let latest = try await newsctl.run(["latest", "--offline"])
            #expect(latest.status == 0, "\(latest.stderr)")
            // A title of news/latest (2023-03-14) and one of news/before/20230311 (2023-03-10).
            let latestTitle = try firstTitle(of: "news/latest")
            #expect(latest.stdout.contains(String(latestTitle.prefix(8))), "\(latest.stdout)")
            let before = try await newsctl.run(["before", "20230311", "--offline"])
            #expect(before.status == 0, "\(before.stderr)")
            #expect(before.stdout.contains(String(try firstTitle(of: "news/before/20230311").prefix(8))), "\(before.stdout)")
        }

        /// Where the captures are beside the repository: the shipped copy is exactly what
        /// `scripts/captures-to-api` makes of them, file for file and byte for byte.
        @Test(.enabled(if: Fixtures.capturesFolder != nil, "the real captures are not beside the repository"))
        func theShippedCopyIsTheCapturesLaidOut() async throws {
            let captures = try #require(Fixtures.capturesFolder)
            let out = try Fixtures.temporaryFolder()
            let script = repository.appendingPathComponent("scripts/captures-to-api").path
            let result = try await NewsctlProcess().run([script, captures, out], executable: "/bin/bash")
            #expect(result.status == 0, "\(result.stderr)")
            let made = try files(under: out + "/api/4")
            let shipped = try files(under: Fixtures.capturedAPIRoot)
            #expect(made.keys.sorted() == shipped.keys.sorted())
            for (path, bytes) in made {
                #expect(shipped[path] == bytes, "\(path) differs from its capture")
            }
        }

        private func firstTitle(of path: String) throws -> String {
            let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.capturedAPIRoot + "/" + path))
            let page = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let stories = try #require(page["stories"] as? [[String: Any]])
            return try #require(stories.first?["title"] as? String)
        }

        private func files(under root: String) throws -> [String: Data] {
            var files: [String: Data] = [:]
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let path = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else {
                    continue
                }
                files[path] = try Data(contentsOf: URL(fileURLWithPath: root + "/" + path))
            }
            return files
        }
    }
}
