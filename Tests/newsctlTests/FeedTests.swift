import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// `newsctl feed`: valid Atom by feedparser (PyPI) and by RFC 4287's required elements.
    @Suite struct FeedTests {
        /// Reads an Atom file with feedparser and with the XML parser: what feedparser understood,
        /// and what RFC 4287 requires that is missing, as JSON.
        static let checker = #"""
            import json, sys, feedparser, xml.etree.ElementTree as ET
            A = "{http://www.w3.org/2005/Atom}"
            raw = open(sys.argv[1], "rb").read()
            parsed = feedparser.parse(raw)
            root = ET.fromstring(raw)
            problems = []
            def one(element, name, where):
                if len(element.findall(A + name)) != 1: problems.append(where + " needs one " + name)
            if root.tag != A + "feed": problems.append("root is not atom:feed")
            for name in ("id", "title", "updated"): one(root, name, "feed")
            feed_author = root.find(A + "author") is not None
            for index, entry in enumerate(root.findall(A + "entry")):
                for name in ("id", "title", "updated"): one(entry, name, "entry %d" % index)
                if not feed_author and entry.find(A + "author") is None: problems.append("entry %d has no author" % index)
                if entry.find(A + "content") is None and not [l for l in entry.findall(A + "link") if l.get("rel", "alternate") == "alternate"]:
                    problems.append("entry %d has neither content nor an alternate link" % index)
                for author in entry.findall(A + "author"):
                    if author.find(A + "name") is None: problems.append("entry %d author has no name" % index)
            print(json.dumps({
                "bozo": parsed.bozo, "version": parsed.version, "title": parsed.feed.get("title"),
                "problems": problems,
                "entries": [{"id": e.get("id"), "title": e.get("title"), "updated": e.get("updated"),
                             "author": e.get("author"), "link": e.get("link"),
                             "tags": [t["term"] for t in e.get("tags", [])]} for e in parsed.entries],
                "contents": [c.findtext(A + "content") for c in root.findall(A + "entry")],
            }, ensure_ascii=False))
            """#

        /// Once, when the suite is read: whether feedparser is there.
        private static func python(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        static let hasFeedparser = (try? python(["-c", "import feedparser"]).status) == 0

        @Test(.enabled(if: hasFeedparser, "python3 cannot import feedparser (pip install feedparser; scripts/setup --tests does)"))
        func theFeedIsValidAtomWithFullTextPicturesOnTheSiteAndBeijingTimes() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            let run = try await newsctl.run(["feed", "--offline", "--site-url", "http://192.0.2.1:8080/"])
            #expect(run.status == 0, "\(run.stderr)")
            let file = try Fixtures.temporaryFolder() + "/zhihu.atom"
            try run.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            // Through the test's process runner (no thread of the pool waits on python).
            let environment = ProcessInfo.processInfo.environment.filter {
                ["PATH", "HOME", "PYENV_ROOT", "PYENV_VERSION"].contains($0.key)
            }
            let checked = try await newsctl.run(
                ["python3", "-c", Self.checker, file], environment: environment, executable: "/usr/bin/env")
            #expect(checked.status == 0, "\(checked.stderr)")
            let result = try checked.stdout.jsonObject()
            #expect(result["bozo"] as? Bool == false, "\(checked.stdout)")
            #expect(result["version"] as? String == "atom10")
            #expect((result["problems"] as? [String]) == [], "\(checked.stdout)")
            let entries = try #require(result["entries"] as? [[String: Any]])
            #expect(
                entries.map { $0["id"] as? String }
                    == [WebSource.photo, WebSource.hostile, WebSource.plain].map { "urn:zhihu-daily:story:\($0)" })
            #expect(entries.first?["link"] as? String == "http://192.0.2.1:8080/story/\(WebSource.photo).html")
            #expect(entries.first?["updated"] as? String == "2023-03-20T08:01:00+08:00")
            // A story without a publish time has its day's, in Beijing, the same at every run.
            #expect(entries.last?["updated"] as? String == "2023-03-19T00:00:00+08:00", "\(checked.stdout)")
            #expect(entries.first?["author"] as? String == "气象君")
            #expect(entries.first?["tags"] as? [String] == ["瞎扯"])
            #expect(entries[1]["title"] as? String == WebSource.hostileTitle)
            let contents = try #require(result["contents"] as? [String])
            #expect(contents.first?.contains("<img src=\"http://192.0.2.1:8080/picture/") == true, "\(contents.first ?? "")")
            #expect(contents.first?.contains("因为<strong>瑞利散射</strong>。") == true)
            for content in contents { #expect(unsafeMarkup(in: content).isEmpty, "\(content)") }

            // --days 1: the newest day's stories only; --count bounds the stories otherwise.
            let oneDay = try await newsctl.run(["feed", "--offline", "--days", "1"])
            #expect(oneDay.stdout.components(separatedBy: "<entry>").count - 1 == 2, "\(oneDay.stdout)")
            let one = try await newsctl.run(["feed", "--offline", "--count", "1"])
            #expect(one.stdout.components(separatedBy: "<entry>").count - 1 == 1)
        }

        @Test func feedChecksItsArguments() async throws {
            let newsctl = try NewsctlProcess()
            for arguments in [["--count", "0"], ["--days", "0"], ["--site-url", "ftp://x"]] {
                let run = try await newsctl.run(["feed"] + arguments)
                #expect(run.status == 64, "\(arguments): \(run.stderr)")
                #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            }
        }
    }
}
