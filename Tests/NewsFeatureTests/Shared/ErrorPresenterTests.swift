import Testing
@testable import NewsFeature
@testable import SyncEngine

@Suite struct ErrorPresenterTests {
    private func unavailable(_ transportCode: TransportError.Code) -> SyncError {
        let url = "https://news-at.zhihu.com/api/4/news/latest"
        let transportError = TransportError(code: transportCode, url: url, message: "cause")
        return SyncError(
            code: .unavailable,
            remoteError: RemoteError(code: .unreachable, url: url, transportError: transportError, message: "cause"),
            message: "cause (\(url))")
    }

    @Test func aMissingLibcurlIsNamedInTheLine() {
        let zh = ErrorPresenter(language: .zh).viewData(for: unavailable(.unavailable), subject: "今日内容")
        #expect(zh.kind == .unavailable)
        #expect(zh.message == "无法加载 libcurl，不能联网，本地也没有缓存今日内容")
        let en = ErrorPresenter(language: .en).viewData(for: unavailable(.unavailable), subject: "today's stories")
        #expect(en.message.hasPrefix("libcurl could not be loaded"))
    }

    @Test func anUnreachableSourceWithNothingCachedSaysWhatToTry() {
        let zh = ErrorPresenter(language: .zh).viewData(for: unavailable(.connect), subject: "今日内容")
        #expect(zh.kind == .unavailable)
        #expect(
            zh.message == "无法连接知乎日报，本地也没有缓存今日内容；运行 newsctl doctor --network 检查网络，或用 --base-url file:///…/api/4 读取本地副本")
        let en = ErrorPresenter(language: .en).viewData(for: unavailable(.dns), subject: "story 7")
        #expect(
            en.message
                == "Cannot reach Zhihu Daily, and the local archive has no copy of story 7; "
                + "run newsctl doctor --network to check the network, or read a local copy with --base-url file:///…/api/4")
    }

    private func notFound(_ path: String, status: Int? = 404) -> SyncError {
        let url = "http://127.0.0.1:8080/api/4/" + path
        let remote =
            status.map { RemoteError(code: .httpStatus, url: url, status: $0, message: "HTTP \($0)") }
            ?? RemoteError(
                code: .unreachable, url: url, transportError: TransportError(code: .notFound, url: url, message: "no file"),
                message: "no file")
        return SyncError.wrapping(remote)
    }

    @Test func a404IsTheSourceSayingItHasNoSuchStory_notACutNetwork() {
        let zh = ErrorPresenter(language: .zh).viewData(for: notFound("news/123"), subject: "文章 123")
        #expect(zh.kind == .notFound)
        #expect(zh.message == "知乎日报没有文章 123（HTTP 404）")
        let en = ErrorPresenter(language: .en).viewData(for: notFound("news/123"), subject: "story 123")
        #expect(en.message == "Zhihu Daily has no story 123 (HTTP 404)")
        let day = ErrorPresenter(language: .zh).viewData(for: notFound("news/before/20230314"), subject: "2023年3月13日")
        #expect(day.message == "知乎日报没有 2023年3月13日（HTTP 404）")
        // A file:// copy lacking the file is the same answer, without an HTTP status.
        let file = ErrorPresenter(language: .zh).viewData(for: notFound("news/123", status: nil), subject: "文章 123")
        #expect(file.kind == .notFound)
        #expect(file.message == "本地副本（--base-url file://…）中没有文章 123")
        // A 5xx is still the source failing.
        let server = ErrorPresenter(language: .zh).viewData(for: notFound("news/123", status: 500), subject: "文章 123")
        #expect(server.kind == .unavailable)
    }

    @Test func aMissingLatestPageMeansTheBaseURLIsWrong() {
        let zh = ErrorPresenter(language: .zh).viewData(for: notFound("news/latest"), subject: "今日内容")
        #expect(zh.kind == .notFound)
        #expect(zh.message == "知乎日报的最新一页返回 HTTP 404，地址多半不对：检查 --base-url，它应以 /api/4 结尾")
        let en = ErrorPresenter(language: .en).viewData(for: notFound("news/latest"), subject: "today's stories")
        #expect(en.message.hasSuffix("check --base-url; it should end in /api/4"))
    }
}
