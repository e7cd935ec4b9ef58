import Foundation
import SyncEngine
import Testing
import TestSupport

/// The OPDS catalog at `/opds` and its books at `/edition/`: read by a client no one here wrote
/// (feedparser, following the links as an e-reader app does), each book checked by EPUBCheck, and
/// the books' cache: sent again, made anew when the archive changes, bounded (EditionCacheTests
/// holds it to making a book once for requests at the same time).
@Suite struct OPDSCatalogTests {
    /// Walks the catalog from its navigation feed as an e-reader app does: every `subsection` and
    /// `next` link, every book downloaded into the folder `argv[2]`; prints what it saw as one
    /// line of JSON.
    static let crawler = #"""
        import json, sys, urllib.request, urllib.error, urllib.parse, zipfile, feedparser
        start, folder = sys.argv[1], sys.argv[2]
        def fetch(url):
            try:
                with urllib.request.urlopen(url) as answer:
                    return answer.status, dict(answer.headers), answer.read()
            except urllib.error.HTTPError as error:
                return error.code, dict(error.headers), error.read()
        feeds, books, queue, seen = [], [], [start], set()
        while queue:
            url = queue.pop(0)
            if url in seen: continue
            seen.add(url)
            status, headers, raw = fetch(url)
            parsed = feedparser.parse(raw)
            links = lambda entry: [dict(l, href=urllib.parse.urljoin(url, l["href"])) for l in entry.get("links", [])]
            feed = {"url": url, "status": status, "type": headers.get("Content-Type"), "bozo": parsed.bozo,
                    "version": parsed.version, "title": parsed.feed.get("title"), "id": parsed.feed.get("id"),
                    "updated": parsed.feed.get("updated"), "links": {l["rel"]: l["href"] for l in links(parsed.feed)},
                    "entries": []}
            for entry in parsed.entries:
                found = links(entry)
                feed["entries"].append({"id": entry.get("id"), "title": entry.get("title"), "updated": entry.get("updated"),
                                        "summary": entry.get("summary"), "links": found})
                for link in found:
                    if link["rel"] == "subsection": queue.append(link["href"])
                    if link["rel"] == "http://opds-spec.org/acquisition":
                        status, headers, body = fetch(link["href"])
                        path = "%s/%d.epub" % (folder, len(books))
                        open(path, "wb").write(body)
                        names = zipfile.ZipFile(path).infolist() if status == 200 else []
                        books.append({"url": link["href"], "type": link["type"], "status": status,
                                      "contentType": headers.get("Content-Type"), "disposition": headers.get("Content-Disposition"),
                                      "file": path, "first": names[0].filename if names else None,
                                      "stored": names[0].compress_type == zipfile.ZIP_STORED if names else None})
                    if link["rel"] in ("http://opds-spec.org/image", "http://opds-spec.org/image/thumbnail"):
                        status, headers, _ = fetch(link["href"])
                        link["fetched"] = [status, headers.get("Content-Type")]
            if "next" in feed["links"]: queue.append(feed["links"]["next"])
            feeds.append(feed)
        print(json.dumps({"feeds": feeds, "books": books}, ensure_ascii=False))
        """#

    /// The environment python3 finds feedparser in (pyenv's, where the machine has one).
    static let pythonEnvironment = ProcessInfo.processInfo.environment.filter {
        ["PATH", "HOME", "PYENV_ROOT", "PYENV_VERSION"].contains($0.key)
    }

    static let hasFeedparser: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import feedparser"]
        process.environment = pythonEnvironment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static let hasEPUBCheck =
        FileManager.default.fileExists(atPath: "/usr/bin/epubcheck")
        && ["/usr/bin/java", "/bin/java"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    /// EPUBCheck's verdict on the book at `path`: nil when it found no error and no warning, else
    /// what it said.
    private static func epubcheck(_ path: String) async throws -> String? {
        let run = try await ServeProcess.start(
            ["-jar", "/usr/bin/epubcheck", "--failonwarnings", path], databasePath: "", executable: "/usr/bin/java",
            environment: ["PATH": "/usr/bin:/bin"])
        let ended = try await run.waitForExit()
        return ended.status == 0 ? nil : "\(ended.status) \(ended.stderr)"
    }

    @Test(
        .enabled(if: hasFeedparser, "python3 cannot import feedparser (pip install feedparser; scripts/setup --tests does)"),
        .enabled(if: hasEPUBCheck, "no epubcheck or java (apt-get install epubcheck; scripts/setup --tests does)"))
    func anEReaderAppWalksTheCatalogAndEveryBookItDownloadsIsAValidEPUB() async throws {
        try await CatalogHarness.with { harness in
            let folder = try Fixtures.temporaryFolder()
            let root = "http://127.0.0.1:\(harness.server.port)/"
            let run = try await ServeProcess.start(
                ["python3", "-c", Self.crawler, root + "opds", folder], databasePath: "", executable: "/usr/bin/env",
                environment: Self.pythonEnvironment)
            let ended = try await run.waitForExit()
            #expect(ended.status == 0, "\(ended.stderr)")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(ended.stdout.utf8)) as? [String: Any])
            let feeds = try #require(result["feeds"] as? [[String: Any]])
            let books = try #require(result["books"] as? [[String: Any]])

            let opds = "application/atom+xml;profile=opds-catalog;kind="
            #expect(
                feeds.map { $0["url"] as? String }
                    == ["opds", "opds/days", "opds/sections", "opds/favorites", "opds/days?page=2"].map { root + $0 })
            for feed in feeds {
                #expect(
                    feed["status"] as? Int == 200 && feed["bozo"] as? Bool == false && feed["version"] as? String == "atom10", "\(feed)")
                let links = feed["links"] as? [String: String] ?? [:]
                #expect(links["self"] == feed["url"] as? String, "\(feed)")
                #expect(links["start"] == root + "opds", "\(feed)")
                #expect(feed["updated"] as? String != nil && feed["id"] as? String != nil, "\(feed)")
            }
            #expect(feeds.first?["type"] as? String == opds + "navigation;charset=utf-8")
            #expect(feeds.dropFirst().allSatisfy { $0["type"] as? String == opds + "acquisition;charset=utf-8" }, "\(feeds)")
            let navigation = feeds.first?["entries"] as? [[String: Any]] ?? []
            #expect(navigation.map { $0["title"] as? String } == ["每日", "栏目", "收藏"])
            // Paged, newest first: two days a page, `next` from the first, `previous` back from the second.
            #expect((feeds[1]["links"] as? [String: String])?["next"] == root + "opds/days?page=2")
            #expect((feeds[4]["links"] as? [String: String])?["previous"] == root + "opds/days")
            #expect((feeds[4]["links"] as? [String: String])?["next"] == nil)
            let dayBooks = [1, 4].flatMap { feeds[$0]["entries"] as? [[String: Any]] ?? [] }
            #expect(dayBooks.map { $0["title"] as? String } == ["2023年3月14日 星期二", "2023年3月13日 星期一", "2023年3月12日 星期日", "2023年3月11日 星期六"])
            // A day's summary: how many stories, and the first three headlines, from the archive.
            let listed = try await harness.engine.page(for: Day("20230313") ?? .firstIssue, policy: .cacheOnly).stories
            #expect(listed.count > 3)
            #expect(
                dayBooks[1]["summary"] as? String == "\(listed.count) 篇文章：" + listed.prefix(3).map(\.title).joined(separator: "；") + "……")
            let sectionBooks = feeds[2]["entries"] as? [[String: Any]] ?? []
            #expect(sectionBooks.map { $0["title"] as? String } == [harness.column.name])
            // The section's picture is the site's copy of its newest story's, which the archive keeps.
            let cover = (sectionBooks.first?["links"] as? [[String: Any]])?.first { $0["rel"] as? String == "http://opds-spec.org/image" }
            #expect((cover?["href"] as? String)?.hasPrefix(root + "picture/") == true, "\(sectionBooks)")
            #expect(cover?["fetched"] as? [AnyHashable] == [200, "image/jpeg"], "\(String(describing: cover))")
            #expect((feeds[3]["entries"] as? [[String: Any]])?.count == 1)

            let edition = root + "edition/"
            #expect(
                books.map { $0["url"] as? String }
                    == ["20230314", "20230313", "section/2", "favorites", "20230312", "20230311"].map { edition + $0 + ".epub" })
            for book in books {
                #expect(book["status"] as? Int == 200, "\(book)")
                #expect(book["type"] as? String == "application/epub+zip" && book["contentType"] as? String == "application/epub+zip")
                #expect((book["disposition"] as? String)?.hasPrefix("attachment; filename=\"zhihu-daily-") == true, "\(book)")
                #expect(book["first"] as? String == "mimetype" && book["stored"] as? Bool == true, "\(book)")
            }
            // EPUBCheck takes seconds a book: a day with a story's text, the section, the favourites with a picture.
            for index in [1, 2, 3] {
                let file = try #require(books[index]["file"] as? String)
                #expect(try await Self.epubcheck(file) == nil, "\(books[index])")
            }
        }
    }

    @Test func requestsAtTheSameTimeGetOneWholeBookSentAgainUntilTheArchiveChanges() async throws {
        try await CatalogHarness.with { harness in
            let answers = try await withThrowingTaskGroup(of: RawHTTPClient.Response.self) { group in
                for _ in 0..<4 { group.addTask { try await harness.get("/edition/favorites.epub") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.allSatisfy { $0.status == 200 && $0.body == answers[0].body && $0.body.count > 1_000 })
            #expect(harness.books.count == 1, "one book kept: \(harness.books)")
            let kept = harness.books
            let first = answers[0]
            #expect(first.headers["content-disposition"] == "attachment; filename=\"zhihu-daily-favorites.epub\"")
            #expect(first.headers["content-length"] == "\(first.body.count)")
            #expect(first.headers["x-content-type-options"] == "nosniff")
            let tag = try #require(first.headers["etag"])
            let again = try await harness.get("/edition/favorites.epub", headers: [("If-None-Match", tag)])
            #expect(again.status == 304 && again.body.isEmpty)
            let head = try await harness.server.send("HEAD", "/edition/favorites.epub")
            #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == "\(first.body.count)")
            // The same file each time: reading the book's picture to make it changed nothing the
            // book is kept under, and browsing the catalog (its covers) does not either.
            _ = try await harness.get("/opds/days")
            _ = try await harness.get("/opds/favorites")
            #expect(try await harness.get("/edition/favorites.epub").body == first.body)
            #expect(harness.books == kept, "made once: \(kept) then \(harness.books)")

            // A favourite added: the next download is the new book, and the old file is gone.
            let added = try await harness.engine.page(for: Day("20230312") ?? .firstIssue, policy: .cacheOnly).stories[0]
            _ = try await harness.engine.addFavorite(id: added.id, policy: .cacheOnly)
            let changed = try await harness.get("/edition/favorites.epub", headers: [("If-None-Match", tag)])
            #expect(changed.status == 200 && changed.body != first.body && changed.headers["etag"] != tag)
            #expect(harness.books.count == 1, "\(harness.books)")
            let same = try await harness.get("/edition/favorites.epub")
            #expect(same.body == changed.body)
        }
    }

    @Test func theBooksKeptAreBoundedAndTheirFolderGoesWithTheServer() async throws {
        var folder = ""
        /// A folder a killed server left: no one holds its lock.
        func killedRun(in editions: String) throws {
            try FileManager.default.createDirectory(atPath: editions + "/run-killed", withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: editions + "/run-killed/lock"))
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: editions + "/run-killed/1.epub"))
        }
        try await CatalogHarness.with(entries: 2, beforeStart: killedRun) { harness in
            folder = harness.editions
            #expect(!FileManager.default.fileExists(atPath: harness.editions + "/run-killed"))
            for day in ["20230311", "20230312", "20230313", "20230311"] {
                let answer = try await harness.get("/edition/\(day).epub")
                #expect(answer.status == 200)
                #expect(harness.books.count <= 2, "\(harness.books)")
            }
            #expect(harness.books.count == 2)
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]).isEmpty, "the run's folder is removed")
    }

    /// Behind a proxy that serves the site under a prefix (`/news/`), every link must stay under it:
    /// none is absolute, or absolute-path.
    @Test func theFeedsLinksAreRelativeAndTheyAreValidatedAsTheSitesPagesAre() async throws {
        try await CatalogHarness.with { harness in
            for target in ["/opds", "/opds/days", "/opds/days?page=2", "/opds/sections", "/opds/favorites"] {
                let feed = try await harness.get(target)
                #expect(feed.status == 200, "\(target)")
                let hrefs = feed.text.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
                #expect(!hrefs.isEmpty && hrefs.allSatisfy { !$0.hasPrefix("/") && !$0.contains(":") }, "\(target): \(hrefs)")
                let tag = try #require(feed.headers["etag"], "\(target)")
                #expect(feed.headers["content-security-policy"] != nil)
                let again = try await harness.get(target, headers: [("If-None-Match", tag)])
                #expect(again.status == 304, "\(target)")
            }
        }
    }

    @Test func withoutAFolderForTheBooksEachDownloadIs503AndTheLogSaysWhy() async throws {
        /// A file where the folder should be: no folder can be made there, whoever runs the test.
        func fileInTheWay(at editions: String) throws { try Data().write(to: URL(fileURLWithPath: editions)) }
        try await CatalogHarness.with(beforeStart: fileInTheWay) { harness in
            #expect(harness.notes.withLock { $0 } == [.noFolder(harness.editions)])
            let book = try await harness.get("/edition/20230311.epub")
            #expect(book.status == 503, "\(book.text)")
            let catalog = try await harness.get("/opds/days")
            #expect(catalog.status == 200)
        }
    }

    @Test func whatTheArchiveLacksIsNotFound() async throws {
        try await CatalogHarness.with { harness in
            for target in [
                "/edition/20200101.epub", "/edition/section/999.epub", "/edition/2023031.epub", "/edition/20230311.zip",
                "/edition/day/20230311.epub", "/opds/days?page=3", "/opds/days?page=0", "/opds/nothing", "/opds/days/x",
            ] {
                let answer = try await harness.get(target)
                #expect(answer.status == 404, "\(target)")
            }
            #expect(harness.books.isEmpty)
            // An address typed with a slash at the end goes to the feed, by a relative redirect.
            for (target, location) in [("/opds/", "../opds"), ("/opds/days/", "../days"), ("/opds/favorites/", "../favorites")] {
                let answer = try await harness.get(target)
                #expect(answer.status == 301 && answer.headers["location"] == location, "\(target): \(answer.status) \(answer.headers)")
            }
            let comments = try await harness.get("/edition/20230311.epub?comments=1")
            #expect(comments.headers["content-disposition"] == "attachment; filename=\"zhihu-daily-20230311-comments.epub\"")
        }
    }
}
