import Foundation
import Testing
import TestSupport

extension ProcessTests {
    /// `newsctl show --graphics …` through the built binary, with the story's pictures served by
    /// the loopback server: real JPEG and PNG files.
    @Suite(.enabled(if: GraphicsLibraries.all, Comment(rawValue: GraphicsLibraries.missing)))
    struct ShowPicturesTests {
        private let id = "2023032001"
        private let escape = "\u{1B}"

        /// Story 2023032001: headline `/pictures/headline.jpg` (97 x 61), a paragraph, body
        /// picture 1 `/pictures/quadrants.png` (48 x 32: red, green / blue, yellow) captioned
        /// 三月的气压图, another paragraph.
        private func start() async throws -> (server: LoopbackServer, base: String) {
            let server = LoopbackServer()
            try await server.start()
            let base = await server.baseURL
            let root = String(base.dropLast("/api/4".count))
            let body =
                "<div class=\"content\"><p>图前的一段。</p><figure><img src=\"\(root)/pictures/quadrants.png\">"
                + "<figcaption>三月的气压图</figcaption></figure><p>图后的一段。</p></div>"
            try BodyStory.serve(
                2_023_032_001, body: body, more: ["image": root + "/pictures/headline.jpg", "image_source": "Yestone.com"], on: server)
            server.setReply(
                .body(status: 200, text: "{\"long_comments\":0,\"popularity\":1,\"short_comments\":0,\"comments\":0}"),
                for: "/api/4/story-extra/\(id)")
            server.setReply(.bytes(contentType: "image/jpeg", try Fixtures.picture("baseline.jpg")), for: "/pictures/headline.jpg")
            server.setReply(.bytes(contentType: "image/png", try Fixtures.picture("quadrants.png")), for: "/pictures/quadrants.png")
            return (server, base)
        }

        private func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

        /// kitty: the body picture's sequence stands on the line where `[图片 1：…]` stood, between
        /// the paragraphs, with the caption under it; it parses as the protocol and its pixels
        /// are the picture (its aspect ratio, its four colours) drawn 72 columns wide.
        @Test func kittyDrawsTheBodyPictureWhereItsPlaceholderStood() async throws {
            let (server, base) = try await start()
            let newsctl = try NewsctlProcess()
            let plain = try await newsctl.run(["show", id, "--base-url", base, "--graphics", "none"], environment: ["COLUMNS": "80"])
            #expect(plain.status == 0, "\(plain.stderr)")
            let placeholderAt = try #require(lines(plain.stdout).firstIndex(of: "[图片 1：三月的气压图]"), "\(plain.stdout)")

            let drawn = try await newsctl.run(["show", id, "--base-url", base, "--graphics", "kitty"], environment: ["COLUMNS": "80"])
            #expect(drawn.status == 0 && drawn.stderr.isEmpty, "\(drawn.stderr)")
            let drawnLines = lines(drawn.stdout)
            let sequences = drawnLines.indices.filter { drawnLines[$0].hasPrefix(escape + "_G") }
            try #require(sequences.count == 2, "the headline's and the body's picture: \(sequences)")
            // The headline's picture and its credit come on top of the text, then a blank line.
            #expect(sequences[0] == 0 && drawnLines[1] == "图片：Yestone.com" && drawnLines[2] == "", "\(drawnLines.prefix(4))")
            // The rest is the plain text with the placeholder's line replaced by the picture and its caption.
            let body = sequences[1]
            #expect(Array(drawnLines[3..<body]) == Array(lines(plain.stdout)[..<placeholderAt]))
            #expect(drawnLines[body + 1] == "图片 1：三月的气压图")
            // Up to the status line, which says the second read came from the archive.
            #expect(Array(drawnLines[(body + 2)...].dropLast(2)) == Array(lines(plain.stdout)[(placeholderAt + 1)...].dropLast(2)))

            let (keys, pixels) = try kitty(drawnLines[body])
            #expect(keys["a"] == "T" && keys["f"] == "32" && keys["c"] == "72", "\(keys)")
            let width = try #require(keys["s"].flatMap { Int($0) })
            let height = try #require(keys["v"].flatMap { Int($0) })
            try #require(pixels.count == width * height * 4, "\(pixels.count) bytes for \(width) x \(height)")
            #expect(abs(Double(width) / Double(height) - 48.0 / 32.0) < 0.05, "\(width) x \(height) is not 48 x 32's shape")
            func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * width + x) * 4..<(y * width + x) * 4 + 3]) }
            #expect(pixel(width / 4, height / 4) == [255, 0, 0] && pixel(width * 3 / 4, height / 4) == [0, 255, 0])
            #expect(pixel(width / 4, height * 3 / 4) == [0, 0, 255] && pixel(width * 3 / 4, height * 3 / 4) == [255, 255, 0])
            await server.stop()
        }

        /// The keys of a kitty sequence's first chunk and the base64 of all its chunks decoded.
        private func kitty(_ line: String) throws -> (keys: [String: String], pixels: [UInt8]) {
            var keys: [String: String] = [:]
            var pixels: [UInt8] = []
            var rest = line[...]
            while let start = rest.range(of: escape + "_G") {
                #expect(rest[..<start.lowerBound].isEmpty, "text between the chunks: \(rest[..<start.lowerBound].prefix(40))")
                let end = try #require(rest[start.upperBound...].range(of: escape + "\\"), "a chunk without its end")
                let parts = rest[start.upperBound..<end.lowerBound].split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
                if keys.isEmpty {
                    for pair in parts[0].split(separator: ",") {
                        let field = pair.split(separator: "=", maxSplits: 1)
                        keys[String(field[0])] = field.count > 1 ? String(field[1]) : ""
                    }
                }
                if parts.count > 1, !parts[1].isEmpty {
                    pixels += try #require(Data(base64Encoded: String(parts[1])), "a chunk that is not base64")
                }
                rest = rest[end.upperBound...]
            }
            #expect(rest.isEmpty, "text after the sequence: \(rest.prefix(40))")
            return (keys, pixels)
        }

        /// symbols: rows of block symbols in SGR colour where the placeholder stood, no other
        /// escape anywhere in the output.
        @Test func symbolsAreColouredTextWithNoOtherEscape() async throws {
            let (server, base) = try await start()
            let newsctl = try NewsctlProcess()
            let drawn = try await newsctl.run(["show", id, "--base-url", base, "--graphics", "symbols"], environment: ["COLUMNS": "60"])
            #expect(drawn.status == 0 && drawn.stderr.isEmpty, "\(drawn.stderr)")
            let withoutColour = drawn.stdout.replacing(/\x1B\[[0-9;]*m/, with: "")
            #expect(!withoutColour.contains(escape), "an escape other than SGR colour")
            #expect(!drawn.stdout.contains("[图片 1：三月的气压图]"))
            let drawnLines = lines(drawn.stdout)
            let before = try #require(drawnLines.firstIndex(of: "图前的一段。"))
            let caption = try #require(drawnLines.firstIndex(of: "图片 1：三月的气压图"))
            // 48 x 32 at 60 columns with 1:2 cells: 20 rows, each 60 symbols in colour.
            let pictureRows = drawnLines[(before + 2)..<caption]
            #expect(pictureRows.count == 20, "\(pictureRows.count) rows")
            for row in pictureRows {
                #expect(row.contains(escape + "["), "a picture row without colour: \(row.debugDescription)")
                #expect(row.replacing(/\x1B\[[0-9;]*m/, with: "").count == 60)
            }
            #expect(drawn.stdout.contains("38;5;196") || drawn.stdout.contains("2;255;0;0"), "the picture's red")
            await server.stop()
        }

        /// Piped, `auto` draws nothing and does not look at the pictures: the output is byte for
        /// byte `--graphics none`'s, and no picture is asked for.
        @Test func pipedAutoIsExactlyTheTextWithoutPictures() async throws {
            let (server, base) = try await start()
            let newsctl = try NewsctlProcess()
            _ = try await newsctl.run(["show", id, "--base-url", base])  // The story is kept: each read below says "from the archive".
            let auto = try await newsctl.run(["show", id, "--base-url", base])
            let explicitAuto = try await newsctl.run(["show", id, "--base-url", base, "--graphics", "auto"])
            let none = try await newsctl.run(["show", id, "--base-url", base, "--graphics", "none"])
            #expect(auto.status == 0 && none.status == 0 && explicitAuto.status == 0, "\(auto.stderr)\(none.stderr)")
            #expect(auto.stdout == none.stdout && explicitAuto.stdout == none.stdout)
            #expect(!auto.stdout.contains(escape) && auto.stdout.contains("[图片 1：三月的气压图]"))
            #expect(server.requestCount("/pictures/quadrants.png") == 0 && server.requestCount("/pictures/headline.jpg") == 0)
            await server.stop()
        }

        /// Offline, a picture the archive does not keep shows its placeholder and says so; an
        /// online `show` fetches and keeps the pictures, and then they draw offline, each
        /// fetched once.
        @Test func offlineAPictureNotKeptSaysSo_andAnOnlineShowKeepsThePicturesForOffline() async throws {
            let (server, base) = try await start()
            let newsctl = try NewsctlProcess()
            _ = try await newsctl.run(["show", id, "--base-url", base, "--graphics", "none"])
            let notKept = try await newsctl.run(["show", id, "--offline", "--graphics", "symbols"], environment: ["COLUMNS": "60"])
            #expect(notKept.status == 0, "\(notKept.stderr)")
            #expect(notKept.stdout.contains("[图片 1：三月的气压图]（未保存，离线）"), "\(notKept.stdout)")
            // The headline picture had no placeholder in the text: none is added to say it is not kept.
            #expect(notKept.stdout.hasPrefix("有图的故事\n"), "\(notKept.stdout.prefix(80))")
            #expect(!notKept.stdout.contains(escape))
            let english = try await newsctl.run(["show", id, "--offline", "--graphics", "kitty", "--lang", "en"])
            #expect(english.stdout.contains("[Image 1: 三月的气压图] (not kept, offline)"), "\(english.stdout)")

            let online = try await newsctl.run(["show", id, "--base-url", base, "--graphics", "symbols"])
            #expect(online.status == 0 && online.stdout.contains("图片 1：三月的气压图\n"), "\(online.stderr)")
            #expect(server.requestCount("/pictures/quadrants.png") == 1 && server.requestCount("/pictures/headline.jpg") == 1)
            let offline = try await newsctl.run(["show", id, "--offline", "--graphics", "symbols"], environment: ["COLUMNS": "60"])
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(!offline.stdout.contains("未保存") && offline.stdout.contains("图片 1：三月的气压图\n"))
            #expect(offline.stdout.contains(escape + "["))
            #expect(server.requestCount("/pictures/quadrants.png") == 1 && server.requestCount("/pictures/headline.jpg") == 1)
            await server.stop()
        }

        /// A picture library that cannot be loaded (here a file that is no library where
        /// libchafa is looked for first): the story with its text placeholders, one line naming
        /// the package on stderr, exit 0. Piped, nothing loads the picture libraries at all.
        @Test func aMissingLibraryLeavesThePlaceholdersAndNamesItsPackage_andPipedShowLoadsNone() async throws {
            let (server, base) = try await start()
            let newsctl = try NewsctlProcess()
            let folder = try Fixtures.temporaryFolder()
            try "not a library".write(toFile: folder + "/libchafa.so.0", atomically: true, encoding: .utf8)
            let broken = try await newsctl.run(
                ["show", id, "--base-url", base, "--graphics", "symbols"], environment: ["LD_LIBRARY_PATH": folder])
            #expect(broken.status == 0)
            #expect(broken.stderr == "newsctl: 未绘制图片：无法使用 libchafa.so.0，请安装 libchafa0（apt-get install libchafa0）\n")
            #expect(broken.stdout.contains("\n[图片 1：三月的气压图]\n") && !broken.stdout.contains(escape), "\(broken.stdout)")

            let piped = try await newsctl.run(["show", id, "--base-url", base], environment: ["LD_DEBUG": "libs"])
            #expect(piped.status == 0 && piped.stderr.contains("calling init:"), "LD_DEBUG said nothing")
            let pictureLibraries = ["libchafa", "libturbojpeg", "libspng", "libwebp", "libgif"]
            #expect(!pictureLibraries.contains { piped.stderr.contains($0) }, "a piped show loaded a picture library")
            await server.stop()
        }
    }
}
