import Foundation
import NewsServer
import NewsWeb
import Testing
import TestSupport

/// The HTTP layer over a site of the tests' own, in this process on an ephemeral port, through a
/// plain socket client that sends each request exactly as written.
@Suite struct HTTPLayerTests {
    static let policy =
        "default-src 'none'; img-src 'self' https:; style-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

    private func expectSecurityHeaders(_ response: RawHTTPClient.Response, _ what: String) {
        #expect(response.headers["content-security-policy"] == Self.policy, "\(what)")
        #expect(response.headers["x-content-type-options"] == "nosniff", "\(what)")
        #expect(response.headers["referrer-policy"] == "no-referrer", "\(what)")
    }

    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        let server = try await RunningServer.start(TestSite())
        let page = try await server.send("GET", "/page.html")
        #expect(page.status == 200)
        let answers: [(String, RawHTTPClient.Response)] = [
            ("200", page),
            ("304", try await server.send("GET", "/page.html", headers: [("If-None-Match", page.headers["etag"] ?? "")])),
            ("404 of the site", try await server.send("GET", "/nothing.html")),
            ("404 of a traversal", try await server.send("GET", "/../etc/passwd")),
            ("405", try await server.send("DELETE", "/page.html")),
            ("403", try await server.send("POST", "/story/1/favorite")),
            ("414", try await server.send("GET", "/" + String(repeating: "a", count: 3_000))),
            ("HEAD", try await server.send("HEAD", "/page.html")),
            ("healthz", try await server.send("GET", "/healthz")),
        ]
        for (what, response) in answers { expectSecurityHeaders(response, what) }
        #expect(answers.map(\.1.status) == [200, 304, 404, 404, 405, 403, 414, 200, 200])
        await server.stop()
    }

    @Test func aRepeatWithItsETagIsAnswered304WithoutTheBody() async throws {
        let server = try await RunningServer.start(TestSite())
        let first = try await server.send("GET", "/page.html")
        #expect(first.body == TestSite.page)
        let tag = try #require(first.headers["etag"])
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        for condition in [tag, "W/" + tag, "\"other\", " + tag, "*"] {
            let repeated = try await server.send("GET", "/page.html", headers: [("If-None-Match", condition)])
            #expect(repeated.status == 304, "\(condition)")
            #expect(repeated.body.isEmpty, "\(condition)")
            #expect(repeated.headers["etag"] == tag, "\(condition)")
        }
        // Another tag is another page: sent whole, even with a later If-Modified-Since beside it.
        let changed = try await server.send(
            "GET", "/page.html", headers: [("If-None-Match", "\"other\""), ("If-Modified-Since", "Wed, 01 Jan 2031 00:00:00 GMT")])
        #expect(changed.status == 200)
        #expect(changed.body == TestSite.page)
        await server.stop()
    }

    @Test func aRepeatWithIfModifiedSinceIsAnswered304() async throws {
        let server = try await RunningServer.start(TestSite())
        let first = try await server.send("GET", "/page.html")
        #expect(first.headers["last-modified"] == "Tue, 14 Mar 2023 08:00:00 GMT")
        for since in ["Tue, 14 Mar 2023 08:00:00 GMT", "Wed, 15 Mar 2023 00:00:00 GMT"] {
            let repeated = try await server.send("GET", "/page.html", headers: [("If-Modified-Since", since)])
            #expect(repeated.status == 304, "\(since)")
            #expect(repeated.body.isEmpty)
        }
        for since in ["Tue, 14 Mar 2023 07:59:59 GMT", "yesterday"] {
            let older = try await server.send("GET", "/page.html", headers: [("If-Modified-Since", since)])
            #expect(older.status == 200, "\(since)")
            #expect(older.body == TestSite.page)
        }
        await server.stop()
    }

    @Test func headHasTheHeadersOfGetAndNoBody() async throws {
        let server = try await RunningServer.start(TestSite())
        let get = try await server.send("GET", "/page.html")
        let head = try await server.send("HEAD", "/page.html")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["content-length"] == String(TestSite.page.count))
        #expect(head.headers["etag"] == get.headers["etag"])
        #expect(head.headers["content-type"] == "text/html; charset=utf-8")
        await server.stop()
    }

    @Test func pathsOutsideTheSiteAre404AndNeverReachIt() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        let targets = [
            "/../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd", "/story/..%2f..%2fetc/passwd",
            "/story%2f..%2f..%2fetc%2fpasswd", "/./page.html", "/page.html%00.jpg", "/%5c..%5cetc", "//etc/passwd",
            "/story//1.html", "/%zz", "/%c0%ae%c0%ae/etc/passwd", "*", "page.html",
            // A prepended mark (U+0600) joins the `/` after it into one Character: the segments are the bytes'.
            "/story/1%D8%80/../page.html", "/story%D8%80//1.html",
        ]
        for target in targets {
            let response = try await server.send("GET", target)
            #expect(response.status == 404 || response.status == 400, "\(target): \(response.status)")
        }
        // A backslash cannot be sent raw in a request line: the parser refuses it before any site.
        let backslash = try await server.send("GET", "/..\\..\\etc\\passwd")
        #expect([400, 404].contains(backslash.status))
        #expect(site.requests.isEmpty, "\(site.requests.map(\.path))")
        // The checks are not a blanket refusal: the same page by a plain path is served.
        #expect(try await server.send("GET", "/page.html").status == 200)
        await server.stop()
    }

    @Test func tooLargeRequestsAreRefusedBeforeTheSite() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        let longTarget = try await server.send("GET", "/page.html?q=" + String(repeating: "x", count: 4_000))
        #expect(longTarget.status == 414)
        let bigHeaders = try await server.send("GET", "/page.html", headers: [("X-Filler", String(repeating: "y", count: 16_000))])
        #expect(bigHeaders.status == 431)
        let origin = [("Origin", "http://127.0.0.1:\(server.port)")]
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        let bigBody = try await server.send("POST", "/story/1/favorite", headers: origin + form, body: Array(repeating: 0x61, count: 8_000))
        #expect(bigBody.status == 413)
        // Chunked, so no Content-Length says so in advance: counted as it comes.
        let chunk = String(repeating: "b", count: 3_000)
        let chunked = Array("\(String(3_000, radix: 16))\r\n\(chunk)\r\n\(String(3_000, radix: 16))\r\n\(chunk)\r\n0\r\n\r\n".utf8)
        let bigChunked = try await server.send(
            "POST", "/story/1/favorite", headers: origin + form + [("Transfer-Encoding", "chunked")], body: chunked)
        #expect(bigChunked.status == 413)
        #expect(site.requests.isEmpty, "\(site.requests.map(\.path))")
        await server.stop()
    }

    @Test func methodsOtherThanGetHeadAndPostAre405() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        for method in ["PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"] {
            let response = try await server.send(method, "/page.html")
            #expect(response.status == 405, "\(method)")
            #expect(response.headers["allow"] == "GET, HEAD, POST", "\(method)")
        }
        #expect(site.requests.isEmpty)
        await server.stop()
    }

    @Test func aPostFromAnyOtherOriginIsRefusedAndTheSiteNotAsked() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        let own = "127.0.0.1:\(server.port)"
        let form = ("Content-Type", "application/x-www-form-urlencoded")
        let refused: [[(String, String)]] = [
            [form],
            [form, ("Origin", "http://evil.example")],
            [form, ("Origin", "null")],
            [form, ("Origin", "null"), ("Sec-Fetch-Site", "cross-site")],
            [form, ("Origin", "http://evil.example"), ("Sec-Fetch-Site", "same-origin")],
            [form, ("Origin", "https://\(own)")],
            [form, ("Origin", "http://127.0.0.1:\(server.port + 1)")],
            // A name of another site pointed at 127.0.0.1: Origin and Host agree, but the server
            // on loopback answers only to loopback names.
            [form, ("Host", "evil.example:\(server.port)"), ("Origin", "http://evil.example:\(server.port)")],
        ]
        for headers in refused {
            let response = try await server.send("POST", "/story/1/favorite", headers: headers, body: Array("on=1".utf8))
            #expect(response.status == 403, "\(headers)")
        }
        #expect(site.requests.isEmpty, "\(site.requests)")
        let accepted = try await server.send(
            "POST", "/story/1/favorite", headers: [form, ("Origin", "http://\(own)")], body: Array("on=1&%E5%90%8D=%E5%80%BC+2".utf8))
        #expect(accepted.status == 303)
        #expect(accepted.headers["location"] == "../1.html")
        #expect(site.requests == [WebRequest(method: "POST", path: "/story/1/favorite", form: ["on": "1", "名": "值 2"])])
        await server.stop()
    }

    /// A form on a page with `Referrer-Policy: no-referrer` is posted with `Origin: null` by
    /// browsers (Chromium's favourite button got 403 until this); the browser's own
    /// `Sec-Fetch-Site: same-origin` says it came from this server.
    @Test func aBrowsersNullOriginFromThisSiteIsAccepted() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "null"), ("Sec-Fetch-Site", "same-origin")]
        let accepted = try await server.send("POST", "/story/1/favorite", headers: headers, body: Array("on=1".utf8))
        #expect(accepted.status == 303)
        #expect(site.requests == [WebRequest(method: "POST", path: "/story/1/favorite", form: ["on": "1"])])
        await server.stop()
    }

    /// On loopback, a name that is not a loopback name is another site's made to point here (DNS
    /// rebinding): its pages must not read this archive, with GET as with POST.
    @Test func onLoopbackOnlyLoopbackNamesAreAnswered() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        for host in ["evil.example:\(server.port)", "evil.example", "[::2]:\(server.port)", "[::1"] {
            let refused = try await server.send("GET", "/page.html", headers: [("Host", host)])
            #expect(refused.status == 403, "\(host)")
            expectSecurityHeaders(refused, host)
        }
        #expect(site.requests.isEmpty, "\(site.requests)")
        for host in ["localhost:\(server.port)", "127.0.0.1:\(server.port)", "[::1]:\(server.port)"] {
            #expect(try await server.send("GET", "/page.html", headers: [("Host", host)]).status == 200, "\(host)")
        }
        await server.stop()
    }

    /// An If-Modified-Since whose year has more digits than IMF-fixdate's four overflowed the
    /// date arithmetic and ended the server; it is not a date, so the page is sent whole.
    @Test func anAbsurdIfModifiedSinceIsNoDate() async throws {
        let server = try await RunningServer.start(TestSite())
        for since in [
            "Thu, 01 Jan 99999999999999 00:00:00 GMT", "Thu, 01 Jan -9223372036854775808 00:00:00 GMT", "Thu, 01 Jan +2023 00:00:00 GMT",
            "Thu, 01 Jan 2023 99999999999999999999:00:00 GMT",
        ] {
            let response = try await server.send("GET", "/page.html", headers: [("If-Modified-Since", since)])
            #expect(response.status == 200, "\(since)")
        }
        #expect(try await server.send("GET", "/healthz").status == 200)
        await server.stop()
    }

    @Test func theSiteGetsThePathAndQueryDecodedAndHeadAsGet() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        _ = try await server.send("GET", "/search.html?q=%E7%8C%AB+%E7%8B%97&page=2")
        _ = try await server.send("HEAD", "/day/20230314.html")
        // A name may begin with a combining mark (U+0301), which joins the `/` before it into one Character.
        _ = try await server.send("GET", "/%CC%81.html")
        #expect(
            site.requests == [
                WebRequest(path: "/search.html", query: ["q": "猫 狗", "page": "2"]),
                WebRequest(path: "/day/20230314.html"),
                WebRequest(path: "/\u{301}.html"),
            ])
        await server.stop()
    }

    @Test func healthzAnswersWithoutTheSite() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        let response = try await server.send("GET", "/healthz")
        #expect(response.status == 200)
        #expect(response.text == "ok\n")
        #expect(site.requests.isEmpty)
        await server.stop()
    }

    /// Only `/healthz` itself is the probe: the router would take `/healthz/` for it, and any
    /// other path, `/api/…` too, is the site's to answer.
    @Test func onlyHealthzItselfIsTheProbe() async throws {
        let site = TestSite()
        let server = try await RunningServer.start(site)
        for path in ["/healthz/", "/healthz/x", "/api/greader/x"] {
            let response = try await server.send("GET", path)
            #expect(response.status == 404, "\(path)")
            #expect(response.text == "no such page\n", "\(path)")
        }
        #expect(site.requests.map(\.path) == ["/healthz/", "/healthz/x", "/api/greader/x"])
        await server.stop()
    }

    @Test func eachRequestIsOneLogLine() async throws {
        let server = try await RunningServer.start(TestSite())
        _ = try await server.send("GET", "/page.html?q=secret")
        _ = try await server.send("DELETE", "/x")
        let lines = server.logLines.withLock { $0 }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("info GET /page.html 200 \(TestSite.page.count) B ") == true, "\(lines)")
        #expect(lines.first?.hasSuffix(" ms") == true)
        #expect(lines.first?.contains("secret") == false)  // The query is the reader's business.
        #expect(lines.last?.hasPrefix("info DELETE /x 405 ") == true, "\(lines)")
        await server.stop()
    }
}
