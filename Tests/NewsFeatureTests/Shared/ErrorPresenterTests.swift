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
        #expect(zh.message == "无法加载 libcurl，不能联网，本地也没有今日内容的缓存")
        let en = ErrorPresenter(language: .en).viewData(for: unavailable(.unavailable), subject: "today's stories")
        #expect(en.message.hasPrefix("libcurl could not be loaded"))
    }

    @Test func anUnreachableSourceIsWordedAsBefore() {
        let zh = ErrorPresenter(language: .zh).viewData(for: unavailable(.connect), subject: "今日内容")
        #expect(zh.message == "无法连接知乎日报，本地也没有今日内容的缓存")
    }
}
