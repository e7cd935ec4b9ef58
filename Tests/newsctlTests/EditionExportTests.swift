import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// `newsctl export --epub`: books checked by Debian's EPUBCheck and read back by ebooklib (PyPI).
    @Suite struct EditionExportTests {
        /// EPUBCheck and ebooklib, as the tests run them: `java -jar` (Debian's `epubcheck` is a jar
        /// that only runs as a program where binfmt is set up for jars) and `python3`.
        static let epubcheck = "/usr/bin/epubcheck"
        static let hasEPUBCheck =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/java") && FileManager.default.fileExists(atPath: epubcheck)
        static let hasEbooklib: Bool = {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", "import ebooklib"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }()
        static let tools = hasEPUBCheck && hasEbooklib
        static let needs: Comment = "needs Debian's epubcheck (with java) and python3's ebooklib (scripts/setup --tests installs both)"

        static let readback: String = {
            var folder = URL(fileURLWithPath: #filePath)
            for _ in 0..<3 { folder.deleteLastPathComponent() }
            return folder.path + "/scripts/epub-readback.py"
        }()

        /// EPUBCheck's verdict on `book`: its messages when there is any error or warning, or nil.
        static func check(_ book: String, _ newsctl: NewsctlProcess) async throws -> String? {
            let run = try await newsctl.run(["-jar", epubcheck, book], executable: "/usr/bin/java")
            let clean = run.status == 0 && run.stdout.contains("No errors or warnings detected")
            return clean ? nil : run.stdout + run.stderr
        }

        /// Expects EPUBCheck to find no error and no warning in `book`.
        static func expectValid(_ book: String, _ newsctl: NewsctlProcess, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let problems = try await check(book, newsctl)
            #expect(problems == nil, "\(problems ?? "")", sourceLocation: sourceLocation)
        }

        /// The book as ebooklib reads it (see scripts/epub-readback.py).
        static func read(_ book: String, _ newsctl: NewsctlProcess) async throws -> [String: Any] {
            let environment = ProcessInfo.processInfo.environment.filter {
                ["PATH", "HOME", "PYENV_ROOT", "PYENV_VERSION"].contains($0.key)
            }
            let run = try await newsctl.run(["python3", readback, book], environment: environment, executable: "/usr/bin/env")
            guard run.status == 0 else { throw WebSourceError(message: "epub-readback: \(run.stderr)") }
            return try run.stdout.jsonObject()
        }

        private func export(_ newsctl: NewsctlProcess, _ arguments: [String]) async throws -> [String: Any] {
            let run = try await newsctl.run(["export", "--offline", "--json"] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            return try run.stdout.jsonObject()
        }

        @Test(.enabled(if: tools, needs))
        func daysWithPicturesAndCommentsMakeAValidBookWithEveryStoryAndNoHostileMarkup() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            let book = try Fixtures.temporaryFolder() + "/days.epub"
            let outcome = try await export(newsctl, ["--epub", book, "--days", "2", "--comments"])
            #expect(outcome["days"] as? Int == 2)
            #expect(outcome["stories"] as? Int == 3)
            #expect(outcome["without_text"] as? Int == 0)
            // The photo story's headline and body pictures; its third never reached the archive.
            #expect(outcome["pictures"] as? Int == 2)
            #expect(outcome["missing_pictures"] as? Int == 1)
            // Three stories, each with a long comment and two short ones.
            #expect(outcome["comments"] as? Int == 9, "\(outcome)")
            try await Self.expectValid(book, newsctl)

            let read = try await Self.read(book, newsctl)
            #expect(read["title"] as? [String] == ["知乎日报 2023年3月19日–3月20日"])
            #expect(read["language"] as? [String] == ["zh-CN"])
            #expect((read["first"] as? [String: Any])?["name"] as? String == "mimetype")
            #expect((read["first"] as? [String: Any])?["stored"] as? Bool == true)
            #expect((read["first"] as? [String: Any])?["extra"] as? Int == 0)
            let documents = try #require(read["documents"] as? [[String: Any]])
            let names = documents.compactMap { $0["name"] as? String }
            for id in [WebSource.photo, WebSource.hostile, WebSource.plain] {
                #expect(names.contains("story/\(id).xhtml"), "\(names)")
            }
            // Days oldest first, each day's page before its stories.
            #expect(
                read["spine"] as? [String] == [
                    "cover", "nav", "part-day-\(WebSource.earlier)", "story-\(WebSource.plain)", "part-day-\(WebSource.latest)",
                    "story-\(WebSource.photo)", "story-\(WebSource.hostile)",
                ])
            let toc = try #require(read["toc"] as? [[String: Any]])
            #expect(toc.map { $0["title"] as? String } == ["2023年3月19日 星期日", "2023年3月20日 星期一"])
            #expect(
                (toc.last?["children"] as? [[String: Any]])?.compactMap { $0["href"] as? String } == [
                    "story/\(WebSource.photo).xhtml", "story/\(WebSource.hostile).xhtml",
                ])
            let pictures = try #require(read["pictures"] as? [[String: String]])
            #expect(pictures.compactMap { $0["sniffed"] }.sorted() == ["image/jpeg", "image/png"])
            for picture in pictures { #expect(picture["declared"] == picture["sniffed"], "\(picture)") }
            #expect((read["remote"] as? [Any])?.isEmpty == true, "\(read["remote"] ?? "")")
            #expect((read["banned"] as? [Any])?.isEmpty == true, "\(read["banned"] ?? "")")
            let text = { (name: String) in documents.first { $0["name"] as? String == name }?["text"] as? String ?? "" }
            let photo = text("story/\(WebSource.photo).xhtml")
            #expect(photo.contains("瑞利散射") && photo.contains("图片 1：三月的气压图"), "\(photo)")
            // The picture the archive lacks keeps its caption; the comments follow the story, long then short.
            #expect(photo.contains("[图片 2：丢了的图]"), "\(photo)")
            let long = try #require(photo.range(of: "长评 1用户13"))
            let short = try #require(photo.range(of: "短评 2用户12"))
            #expect(long.upperBound < short.lowerBound)
            let hostile = text("story/\(WebSource.hostile).xhtml")
            // The hostile story's markup became text, escaped once: what it said shows as written.
            #expect(hostile.contains("&lt;script&gt;alert(\"title\")&lt;/script&gt;恶意标题"), "\(hostile)")
            #expect(hostile.contains("&lt;script&gt;alert(5)&lt;/script&gt; 是文字"), "\(hostile)")
            #expect(hostile.contains("长评 1&lt;img src=x onerror=alert(8)&gt;"), "\(hostile)")
        }

        @Test(.enabled(if: tools, needs))
        func theSameEditionTwiceIsTheSameBytesWithNothingLeftBeside() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            let folder = try Fixtures.temporaryFolder()
            _ = try await export(newsctl, ["--epub", folder + "/a.epub", "--day", WebSource.latest])
            _ = try await export(newsctl, ["--epub", folder + "/b.epub", "--day", WebSource.latest])
            let first = try #require(FileManager.default.contents(atPath: folder + "/a.epub"))
            #expect(first == FileManager.default.contents(atPath: folder + "/b.epub"))
            // Written again over itself: the same bytes.
            _ = try await export(newsctl, ["--epub", folder + "/a.epub", "--day", WebSource.latest])
            #expect(FileManager.default.contents(atPath: folder + "/a.epub") == first)
            // Only the spool and libzip's own file could be left: neither is.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.epub", "b.epub"])
            // Another choice of contents is another book, with another identifier.
            _ = try await export(newsctl, ["--epub", folder + "/c.epub", "--day", WebSource.latest, "--no-pictures"])
            let bare = try await Self.read(folder + "/c.epub", newsctl)
            #expect((bare["pictures"] as? [Any])?.isEmpty == true)
            #expect((bare["identifier"] as? [String])?.first?.hasSuffix("/no-pictures") == true, "\(bare["identifier"] ?? "")")
            try await Self.expectValid(folder + "/c.epub", newsctl)
        }

        @Test func aBookTheArchiveCannotFillOrTheDiskCannotTakeIsOneLineAndNoFile() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            let folder = try Fixtures.temporaryFolder()
            let empty = try await newsctl.run(["export", "--epub", folder + "/x.epub", "--day", "20200101", "--offline"])
            #expect(empty.status == 69)
            #expect(empty.stderr.hasPrefix("newsctl: 存档里没有这些天的文章") && empty.stderr.split(separator: "\n").count == 1, "\(empty.stderr)")
            let noFavorites = try await newsctl.run(["export", "--epub", folder + "/x.epub", "--favorites", "--offline"])
            #expect(noFavorites.status == 69)
            #expect(noFavorites.stderr == "newsctl: 还没有收藏，未写入（用 newsctl fav add ID 收藏）\n", "\(noFavorites.stderr)")
            let noSection = try await newsctl.run(["export", "--epub", folder + "/x.epub", "--section", "99", "--offline"])
            #expect(noSection.status == 69)
            #expect(noSection.stderr.contains("newsctl section 99 --all"), "\(noSection.stderr)")
            let nowhere = try await newsctl.run(["export", "--epub", folder + "/missing/x.epub", "--offline"])
            #expect(nowhere.status == 74)
            #expect(
                nowhere.stderr.contains("No such file or directory") && nowhere.stderr.split(separator: "\n").count == 1,
                "\(nowhere.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
            for (arguments, message) in [
                (["--epub", "x.epub", "--site", "d"], "--site 和 --epub 只能用一个"),
                (["--epub", "x.epub", "--until", "20230320"], "--until 需要与 --since 一起使用"),
                (["--epub", "x.epub", "--day", "20230320", "--until", "20230321"], "--until 需要与 --since 一起使用"),
                (["--epub", "x.epub", "--favorites", "--until", "20230321"], "--until 需要与 --since 一起使用"),
                (["--epub", "x.epub", "--since", "20230320", "--until", "20230319"], "--until 不能早于 --since"),
                (["--epub", "x.epub", "--day", "20230320", "--favorites"], "只能用一个"),
                (["--epub", "x.epub", "--section", "x"], "不是栏目 id"),
                (["--epub", "x.epub", "--day", "2023-03-20"], "--day 应为 yyyyMMdd"),
                (["--site", "d", "--favorites"], "--favorites 只用于 --epub"),
                (["--epub", "x.epub", "--site-url", "http://a/"], "--site-url 只用于 --site"),
                ([], "--site"),
            ] {
                let run = try await newsctl.run(["export"] + arguments)
                #expect(run.status == 64, "\(arguments): \(run.stderr)")
                #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            }
        }

        @Test(.enabled(if: tools, needs))
        func theFavouritesMakeABookOfTheirOwn() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            await server.stop()
            #expect(try await newsctl.run(["fav", "add", String(WebSource.plain), "--offline"]).status == 0)
            #expect(try await newsctl.run(["fav", "add", String(WebSource.photo), "--offline"]).status == 0)
            let book = try Fixtures.temporaryFolder() + "/favorites.epub"
            let outcome = try await export(newsctl, ["--epub", book, "--favorites"])
            #expect(outcome["stories"] as? Int == 2)
            #expect(outcome["days"] is NSNull)
            try await Self.expectValid(book, newsctl)
            let read = try await Self.read(book, newsctl)
            #expect(read["title"] as? [String] == ["知乎日报 · 收藏"])
            let names = (read["documents"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            #expect(names.contains("story/\(WebSource.plain).xhtml") && names.contains("story/\(WebSource.photo).xhtml"), "\(names)")
            let part =
                (read["documents"] as? [[String: Any]])?.first { $0["name"] as? String == "favorites.xhtml" }?["text"] as? String ?? ""
            #expect(part.contains("收藏于 20"), "each listed with the day it was saved: \(part)")
        }

        /// The real captured stories (2016-2023, shipped with the repository): their markup, through
        /// the engine's blocks, is the true test of the books' XHTML. A book of them all (as
        /// favourites), and one of the captured days, most of whose stories the captures lack.
        @Test(.enabled(if: tools, needs))
        func theRealCapturedStoriesMakeValidBooks() async throws {
            let newsctl = try NewsctlProcess()
            let base = "file://" + Fixtures.capturedAPIRoot
            let ids = ["8640098", "9064596", "9085125", "9530275", "9729913"]
            for id in ids {
                let added = try await newsctl.run(["fav", "add", id, "--base-url", base])
                #expect(added.status == 0, "\(id): \(added.stderr)")
            }
            #expect(try await newsctl.run(["sync", "--since", "20230311", "--base-url", base]).status == 0)
            let folder = try Fixtures.temporaryFolder()
            let favorites = try await export(newsctl, ["--epub", folder + "/captured.epub", "--favorites"])
            #expect(favorites["stories"] as? Int == 5 && favorites["without_text"] as? Int == 0, "\(favorites)")
            try await Self.expectValid(folder + "/captured.epub", newsctl)
            let read = try await Self.read(folder + "/captured.epub", newsctl)
            let names = (read["documents"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
            #expect(Set(ids.map { "story/\($0).xhtml" }).isSubset(of: Set(names)), "\(names)")
            #expect((read["banned"] as? [Any])?.isEmpty == true, "\(read["banned"] ?? "")")
            #expect((read["remote"] as? [Any])?.isEmpty == true, "\(read["remote"] ?? "")")
            // Days whose stories the captures lack: each listed with its hint, and said so.
            let days = try await export(newsctl, ["--epub", folder + "/days.epub", "--since", "20230311", "--until", "20230314"])
            #expect(days["days"] as? Int == 4)
            #expect((days["stories"] as? Int ?? 0) > 0 && days["without_text"] as? Int == days["stories"] as? Int, "\(days)")
            try await Self.expectValid(folder + "/days.epub", newsctl)
            let text = try await newsctl.run([
                "export", "--epub", folder + "/days.epub", "--since", "20230311", "--until", "20230314", "--offline",
            ])
            #expect(text.stdout.contains("篇无正文，列出提示"), "\(text.stdout)")
        }

        @Test(.enabled(if: tools, needs))
        func aSectionMakesABookMonthByMonthOldestFirst() async throws {
            let column = SectionPages(count: 25)
            let server = LoopbackServer()
            try await server.start()
            column.serve(on: server)
            let base = await server.baseURL
            let newsctl = try NewsctlProcess()
            #expect(try await newsctl.run(["section", "2", "--all", "--base-url", base]).status == 0)
            // One story with its text; the others are listed with their dates.
            let id = column.storyID(0)
            let detail =
                #"{"id":\#(id),"title":"有正文的一篇","type":0,"body":"<div class=\"content\"><p>一段正文。</p></div>","url":"https://daily.zhihu.com/story/\#(id)"}"#
            server.setReply(.body(status: 200, text: detail), for: "/api/4/news/\(id)")
            #expect(try await newsctl.run(["show", String(id), "--base-url", base]).status == 0)
            await server.stop()
            let book = try Fixtures.temporaryFolder() + "/section.epub"
            let outcome = try await export(newsctl, ["--epub", book, "--section", "2"])
            #expect(outcome["stories"] as? Int == 25 && outcome["without_text"] as? Int == 24, "\(outcome)")
            try await Self.expectValid(book, newsctl)
            let read = try await Self.read(book, newsctl)
            #expect(read["title"] as? [String] == ["知乎日报 · 瞎扯 · 如何正确地吐槽"])
            let toc = try #require(read["toc"] as? [[String: Any]])
            // "2023年7月" -> (2023, 7): by number, so October comes after September.
            let months = toc.compactMap { $0["title"] as? String }.map { title in
                title.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            }
            #expect(months.count >= 2 && months == months.sorted { $0.lexicographicallyPrecedes($1) }, "oldest month first: \(months)")
            #expect((toc.last?["children"] as? [[String: Any]])?.compactMap { $0["href"] as? String } == ["story/\(id).xhtml"])
            // A section the archive does not hold is no book.
            let none = try await newsctl.run(["export", "--epub", book + ".2", "--section", "99", "--offline"])
            #expect(none.status == 69, "\(none.stderr)")
        }

        /// Two days from a loopback source where one story is listed on both days and two stories
        /// show the same picture, with the story texts and pictures synced.
        private func overlappingDays() async throws -> NewsctlProcess {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let root = String(base.dropLast("/api/4".count))
            let shared = root + "/pictures/shared.jpg"
            func item(_ id: Int64) -> String {
                #"{"id":\#(id),"title":"文章 \#(id)","hint":"作者 · 1 分钟阅读","type":0,"images":["\#(shared)"],"url":"https://daily.zhihu.com/story/\#(id)"}"#
            }
            server.setReply(
                .body(status: 200, text: #"{"date":"20230320","stories":[\#(item(1)),\#(item(2))],"top_stories":[]}"#),
                for: "/api/4/news/latest")
            server.setReply(
                .body(status: 200, text: #"{"date":"20230319","stories":[\#(item(3)),\#(item(1))]}"#), for: "/api/4/news/before/20230320")
            for id: Int64 in [1, 2, 3] {
                let detail =
                    #"{"id":\#(id),"title":"文章 \#(id)","type":0,"image":"\#(shared)","body":"<div class=\"content\"><p>正文 \#(id)。</p></div>","url":"https://daily.zhihu.com/story/\#(id)","publish_time":1679270400}"#
                server.setReply(.body(status: 200, text: detail), for: "/api/4/news/\(id)")
            }
            server.setReply(.bytes(contentType: "image/jpeg", try Fixtures.picture("baseline.jpg")), for: "/pictures/shared.jpg")
            let newsctl = try NewsctlProcess()
            let sync = try await newsctl.run(["sync", "--days", "2", "--details", "--images", "--base-url", base])
            await server.stop()
            guard sync.status == 0 else { throw WebSourceError(message: "sync failed: \(sync.stderr)") }
            return newsctl
        }

        @Test(.enabled(if: tools, needs))
        func aStoryOnTwoDaysIsReadOnceAndAPictureOfTwoStoriesIsInTheBookOnce() async throws {
            let newsctl = try await overlappingDays()
            let folder = try Fixtures.temporaryFolder()
            let outcome = try await export(newsctl, ["--epub", folder + "/two.epub", "--days", "2"])
            #expect(outcome["stories"] as? Int == 3, "\(outcome)")
            #expect(outcome["pictures"] as? Int == 1, "\(outcome)")
            try await Self.expectValid(folder + "/two.epub", newsctl)
            let read = try await Self.read(folder + "/two.epub", newsctl)
            // Story 1 is listed on both days and read on the first, 20230319.
            #expect(
                read["spine"] as? [String] == ["cover", "nav", "part-day-20230319", "story-3", "story-1", "part-day-20230320", "story-2"])
            let toc = try #require(read["toc"] as? [[String: Any]])
            #expect(
                toc.map { ($0["children"] as? [[String: Any]])?.compactMap { $0["href"] as? String } ?? [] } == [
                    ["story/3.xhtml", "story/1.xhtml"], ["story/2.xhtml"],
                ])
            let day = (read["documents"] as? [[String: Any]])?.first { $0["name"] as? String == "day/20230320.xhtml" }?["text"] as? String
            #expect(day?.contains("文章 1") == true, "the later day still lists it: \(day ?? "")")
            #expect((read["pictures"] as? [Any])?.count == 1)

            // The same book in another time zone, and in English with its own words marked so.
            let there = try await newsctl.run(
                ["export", "--epub", folder + "/there.epub", "--days", "2", "--offline"], environment: ["TZ": "America/New_York"])
            #expect(there.status == 0, "\(there.stderr)")
            #expect(
                FileManager.default.contents(atPath: folder + "/there.epub") == FileManager.default.contents(atPath: folder + "/two.epub"))
            let english = try await newsctl.run(["export", "--epub", folder + "/en.epub", "--days", "2", "--offline", "--lang", "en"])
            #expect(english.stdout == "Wrote \(folder)/en.epub: 2 days, 3 stories, 1 picture\n", "\(english.stdout)")
            try await Self.expectValid(folder + "/en.epub", newsctl)
            let nav = try await newsctl.run(["-p", folder + "/en.epub", "EPUB/nav.xhtml"], executable: "/usr/bin/unzip")
            #expect(nav.stdout.contains(#"lang="en" xml:lang="en""#) && nav.stdout.contains("<h1>Contents</h1>"), "\(nav.stdout)")
            let story = try await newsctl.run(["-p", folder + "/en.epub", "EPUB/story/1.xhtml"], executable: "/usr/bin/unzip")
            #expect(story.stdout.contains(#"lang="zh-CN""#), "\(story.stdout)")
        }

        @Test func aBookIsNeverWrittenOverAFolderTheArchiveOrAFileThatIsNoBook() async throws {
            let newsctl = try await overlappingDays()
            let folder = try Fixtures.temporaryFolder()
            let notes = folder + "/notes.txt"
            try "my notes".write(toFile: notes, atomically: true, encoding: .utf8)
            let archiveBefore = FileManager.default.contents(atPath: newsctl.databasePath)
            for (path, message) in [
                (folder, "是一个文件夹"), (notes, "已存在且不是 EPUB 电子书，未覆盖"), (newsctl.databasePath, "是存档本身"),
            ] {
                let run = try await newsctl.run(["export", "--epub", path, "--offline"])
                #expect(run.status == 64, "\(path): \(run.stderr)")
                #expect(run.stderr.contains(message) && run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            }
            #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes")
            #expect(FileManager.default.contents(atPath: newsctl.databasePath) == archiveBefore)
            // An earlier book is replaced; through a link, the file it points to is, and the link stays.
            let book = folder + "/book.epub"
            #expect(try await newsctl.run(["export", "--epub", book, "--offline", "--days", "1"]).status == 0)
            try FileManager.default.createSymbolicLink(atPath: folder + "/link.epub", withDestinationPath: book)
            #expect(try await newsctl.run(["export", "--epub", folder + "/link.epub", "--offline", "--days", "2"]).status == 0)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.epub") == book)
            let listed = try await newsctl.run(["-l", book], executable: "/usr/bin/unzip")
            #expect(listed.stdout.contains("EPUB/day/20230319.xhtml"), "the two-day book replaced the one-day one: \(listed.stdout)")
            // Entries unpack readable by all, whatever the spool's mode.
            let modes = try await newsctl.run(["-l", book], executable: "/usr/bin/zipinfo")
            #expect(!modes.stdout.contains("-rw-------") && modes.stdout.contains("-rw-r--r--"), "\(modes.stdout)")
        }
    }
}
