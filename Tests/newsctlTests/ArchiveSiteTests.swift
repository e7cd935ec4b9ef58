import Foundation
import NewsWeb
import SyncEngine
import Testing
import TestSupport

extension ProcessTests {
    /// `ArchiveSite` answering paths over a real archive filled over loopback by the built newsctl.
    @Suite struct ArchiveSiteTests {
        private func site(_ path: String, offline: Bool = false, source: String? = nil) throws -> ArchiveSite {
            var configuration = SyncEngine.Configuration(databasePath: path)
            if let source { configuration.baseURLs = [source] }
            let engine = try SyncEngine(configuration: configuration)
            return ArchiveSite(engine: engine, options: ArchiveSite.Options(offline: offline))
        }

        private func text(_ response: WebResponse) -> String { String(decoding: response.body, as: UTF8.self) }

        @Test func homeLinksTheDaysStoriesAndAStoryShowsItsPicturesFromTheArchive() async throws {
            let (server, source, newsctl) = try await WebSource.archive()
            defer { Task { await server.stop() } }
            let site = try site(newsctl.databasePath, source: await server.baseURL)

            let asked = server.requestCount("/api/4/news/latest")
            let home = await site.respond(to: WebRequest(path: "/"))
            // Today's page is fresh in the archive: home does not ask the source for it again.
            #expect(server.requestCount("/api/4/news/latest") == asked)
            #expect(home.status == 200 && home.contentType == "text/html; charset=utf-8")
            let homeText = text(home)
            #expect(homeText.contains("<a href=\"story/\(WebSource.photo).html\" class=\"story\">带图的文章</a>"), "\(homeText)")
            #expect(homeText.contains("href=\"day/\(WebSource.earlier).html\""), "\(homeText)")
            #expect(homeText.contains("<link rel=\"stylesheet\" href=\"style.css\"/>"))

            let story = text(await site.respond(to: WebRequest(path: "/story/\(WebSource.photo).html")))
            // The headline picture and the body's, from the archive, each with its caption.
            let pictures = story.components(separatedBy: "<img src=\"../picture/").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(pictures.count == 2, "\(story)")
            #expect(story.contains("<figcaption>图片：Yestone.com 版权图片库</figcaption>"), "\(story)")
            #expect(story.contains("<figcaption>图片 1：三月的气压图</figcaption>"), "\(story)")
            #expect(story.contains("因为<strong>瑞利散射</strong>。"), "\(story)")
            // The picture the source lacks is linked to it, without a referrer, over https (the
            // pages' policy lets no http picture load).
            let lost = "https://" + source.lostPicture.dropFirst("http://".count)
            #expect(story.contains("src=\"\(lost)\" alt=\"图片 2：丢了的图\" referrerpolicy=\"no-referrer\""), "\(story)")
            #expect(story.contains("<a href=\"https://www.zhihu.com/question/123456\" rel=\"noreferrer noopener\">查看知乎讨论</a>"))
            #expect(story.contains("<a href=\"\(WebSource.photo)/comments.html\" class=\"comments\">7 赞 · 3 条评论</a>"), "\(story)")
            #expect(story.contains("<time datetime=\"2023-03-20T08:01:00+08:00\">"), "\(story)")
            #expect(story.contains("<form class=\"favorite\" method=\"post\" action=\"\(WebSource.photo)/favorite\">"), "\(story)")

            let head = await site.respond(to: WebRequest(path: "/" + "picture/" + (pictures.first ?? "")))
            #expect(head.status == 200 && head.contentType == "image/jpeg")
            let jpeg = try Fixtures.picture("baseline.jpg")
            let png = try Fixtures.picture("picture.png")
            #expect(head.body == jpeg)
            let body = await site.respond(to: WebRequest(path: "/picture/" + (pictures.last ?? "")))
            #expect(body.contentType == "image/png" && body.body == png)
            // Any other name under picture/ is no picture.
            for path in [
                "/picture/../index.html", "/picture/aGVsbG8.jpg",
                "/picture/" + (pictures.first ?? "").replacingOccurrences(of: ".jpg", with: ".png"),
            ] {
                #expect(await site.respond(to: WebRequest(path: path)).status == 404, "\(path)")
            }

            let comments = text(await site.respond(to: WebRequest(path: "/story/\(WebSource.photo)/comments.html")))
            #expect(comments.contains("<a href=\"../\(WebSource.photo).html\" class=\"back\">"), "\(comments)")
            #expect(comments.contains("长评") && comments.contains("短评"), "\(comments)")
            let unknown = await site.respond(to: WebRequest(path: "/story/1.html"))
            #expect(unknown.status == 404, "\(unknown.status) \(text(unknown))")
            #expect(await site.respond(to: WebRequest(path: "/nothing.html")).status == 404)
        }

        @Test func theHostileStoryReachesNoPageAsMarkup() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            defer { Task { await server.stop() } }
            let site = try site(newsctl.databasePath)
            for path in [
                "/", "/day/\(WebSource.latest).html", "/story/\(WebSource.hostile).html", "/story/\(WebSource.hostile)/comments.html",
            ] {
                let page = text(await site.respond(to: WebRequest(path: path)))
                #expect(unsafeMarkup(in: page).isEmpty, "\(path): \(unsafeMarkup(in: page))")
            }
            let story = text(await site.respond(to: WebRequest(path: "/story/\(WebSource.hostile).html")))
            #expect(story.contains("<h1>&lt;script&gt;alert(\"title\")&lt;/script&gt;恶意标题</h1>"), "\(story)")
            #expect(story.contains("点我"), "\(story)")
        }

        @Test func withTheSourceGoneEveryPageAndPictureTheArchiveHoldsIsStillServed() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            let online = try site(newsctl.databasePath)
            var answers: [String: WebResponse] = [:]
            var queue = ["/index.html"]
            while let path = queue.popLast() {
                guard answers[path] == nil else { continue }
                let response = await online.respond(to: WebRequest(path: path))
                answers[path] = response
                if response.contentType.hasPrefix("text/html") {
                    queue += Self.links(String(decoding: response.body, as: UTF8.self), from: path)
                }
            }
            let base = await server.baseURL
            await server.stop()
            // Online with the source down, a story the archive lacks is a page that says so.
            let down = await (try site(newsctl.databasePath, source: base)).respond(to: WebRequest(path: "/story/42.html"))
            #expect(down.status == 503)
            #expect(text(down).contains("无法连接"), "\(text(down))")
            let offline = try site(newsctl.databasePath, offline: true)
            let held = answers.filter { $0.value.status == 200 }
            #expect(held.keys.contains("/story/\(WebSource.plain).html"))
            #expect(held.keys.filter { $0.hasPrefix("/picture/") }.count == 2)
            for (path, response) in held {
                let again = await offline.respond(to: WebRequest(path: path))
                #expect(again.status == 200, "\(path)")
                if path.hasPrefix("/picture/") { #expect(again.body == response.body) }
            }
            // A story the archive lacks is a 404 page worded by the presenters.
            let missing = await offline.respond(to: WebRequest(path: "/story/42.html"))
            #expect(missing.status == 404)
            #expect(text(missing).contains("文章 42"), "\(text(missing))")
        }

        @Test func theFavouriteToggleIsAPostAnsweredWithASeeOtherAndTheListsFollowIt() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            defer { Task { await server.stop() } }
            let site = try site(newsctl.databasePath, source: await server.baseURL)
            let path = "/story/\(WebSource.photo)/favorite"
            #expect(await site.respond(to: WebRequest(method: "GET", path: path)).status == 404)
            let toggled = await site.respond(to: WebRequest(method: "POST", path: path))
            #expect(toggled.status == 303 && toggled.location == "../\(WebSource.photo).html")
            let story = text(await site.respond(to: WebRequest(path: "/story/\(WebSource.photo).html")))
            #expect(story.contains("<button type=\"submit\">★ 取消收藏</button>"), "\(story)")
            let favorites = text(await site.respond(to: WebRequest(path: "/favorites.html")))
            // Nothing after the title: the time it was kept is only the JSON's UTC stamp ("…T…Z").
            #expect(favorites.contains("<li><a href=\"story/\(WebSource.photo).html\" class=\"story\">带图的文章</a></li>"), "\(favorites)")
            #expect(await site.respond(to: WebRequest(method: "POST", path: path)).status == 303)
            let again = text(await site.respond(to: WebRequest(path: "/favorites.html")))
            #expect(!again.contains("class=\"story\""), "\(again)")
            #expect(await site.respond(to: WebRequest(method: "POST", path: "/story/1/other")).status == 404)

            let search = text(await site.respond(to: WebRequest(path: "/search.html", query: ["q": "瑞利散射"])))
            #expect(search.contains("<mark>瑞利散射</mark>"), "\(search)")
            #expect(search.contains("<a href=\"story/\(WebSource.photo).html\" class=\"story\">"), "\(search)")
            let status = text(await site.respond(to: WebRequest(path: "/status.html")))
            #expect(status.contains("<li>日期：2023年3月19日 至 2023年3月20日，共 2 天</li>"), "\(status)")
            let english = ArchiveSite(
                engine: try SyncEngine(configuration: .init(databasePath: newsctl.databasePath)),
                options: .init(language: .en, offline: true))
            let home = text(await english.respond(to: WebRequest(path: "/")))
            #expect(home.contains("<html lang=\"en\">") && home.contains(">Earlier ›</a>"), "\(home)")
        }

        @Test func commentsShowMoreOnRequest() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            defer { Task { await server.stop() } }
            // A story whose comments were not synced: 45 short ones at the source, 20 a page.
            let id = WebSource.photo + 20
            CommentPages.serve(server, story: id, short: (1...45).reversed().map { Int64($0) + 1000 })
            let site = try site(newsctl.databasePath, source: await server.baseURL)
            let first = text(await site.respond(to: WebRequest(path: "/story/\(id)/comments.html")))
            #expect(first.components(separatedBy: "<li id=\"c").count - 1 == 20, "\(first)")
            #expect(first.contains("<a href=\"comments.html?more=1\" class=\"more\">更多评论</a>"), "\(first)")
            let more = text(await site.respond(to: WebRequest(path: "/story/\(id)/comments.html", query: ["more": "1"])))
            #expect(more.components(separatedBy: "<li id=\"c").count - 1 == 40, "\(more)")
            let all = text(await site.respond(to: WebRequest(path: "/story/\(id)/comments.html", query: ["more": "3"])))
            #expect(all.components(separatedBy: "<li id=\"c").count - 1 == 45)
            #expect(all.contains("没有更多评论了") && !all.contains("class=\"more\""), "\(all)")
        }

        @Test func theColumnsAndAColumnWithItsFeed() async throws {
            let (server, _, newsctl) = try await WebSource.archive()
            defer { Task { await server.stop() } }
            let column = SectionPages(count: 12)
            column.serve(on: server)
            server.setReply(.body(status: 200, text: try Fixtures.section("sections.json")), for: "/api/4/sections")
            let base = await server.baseURL
            #expect(try await newsctl.run(["sections", "--base-url", base]).status == 0)
            #expect(try await newsctl.run(["section", "2", "--all", "--base-url", base]).status == 0)
            let site = try site(newsctl.databasePath, offline: true)
            let list = text(await site.respond(to: WebRequest(path: "/sections.html")))
            #expect(list.contains("<a href=\"section/2.html\" class=\"section\">"), "\(list)")
            let one = text(await site.respond(to: WebRequest(path: "/section/2.html")))
            #expect(one.contains("<h2>2023年8月</h2>"), "\(one)")
            #expect(one.contains("<a href=\"../story/\(column.storyID(0)).html\" class=\"story\">"), "\(one)")
            #expect(one.contains("<a href=\"2/feed.atom\">订阅</a>"), "\(one)")
            let feed = await site.respond(to: WebRequest(path: "/section/2/feed.atom"))
            #expect(feed.status == 200 && feed.contentType == "application/atom+xml; charset=utf-8")
            #expect(text(feed).contains("<title>瞎扯 · 如何正确地吐槽 · 知乎日报 · 存档</title>"), "\(text(feed))")
        }

        static func links(_ html: String, from page: String) -> [String] {
            var found: [String] = []
            for part in html.components(separatedBy: "href=\"").dropFirst() + html.components(separatedBy: "src=\"").dropFirst() {
                let link = String(part.prefix { $0 != "\"" })
                guard !link.contains(":"), !link.contains("?"), !link.hasSuffix(".atom"), !link.contains("favorite") else { continue }
                var parts = page.split(separator: "/").dropLast().map(String.init)
                for piece in link.split(separator: "/") {
                    if piece == ".." { _ = parts.popLast() } else { parts.append(String(piece)) }
                }
                found.append("/" + parts.joined(separator: "/"))
            }
            return found
        }
    }
}
