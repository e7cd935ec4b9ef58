import Testing
@testable import SyncEngine

/// A detail made ready to store waits for its batch holding what is written, not its HTML twice.
@Suite struct DetailRecordTests {
    @Test func aWaitingRecordHoldsItsBodyPackedOnly() throws {
        let html = "<div class=\"content\"><p>河豚的<strong>毒素</strong> in the liver</p></div>"
        let detail = StoryDetail(
            id: 7, title: "标题", bodyHTML: html, image: "https://pic1.zhimg.com/a.jpg", imageSource: "来源",
            shareURL: "https://daily.zhihu.com/story/7", url: "https://daily.zhihu.com/story/7", type: 0,
            sectionName: "瞎扯", publishTime: 1_678_752_000, sectionID: 2)
        let record = DetailRecord(detail)
        #expect(record.detail.bodyHTML == nil, "the HTML is in storedBody; a second copy waits for nothing")
        #expect(record.bodyText == ReadableText(html: html).plainText)
        guard case .blob(let packed) = try #require(record.storedBody) else {
            Issue.record("the body was not packed")
            return
        }
        #expect(packed.withUnsafeBytes { StoredBody.html(of: $0) } == html)
        #expect(packed.withUnsafeBytes { StoredBody.text(of: $0) } == record.bodyText)
        // Everything else is the detail's.
        let rest = StoryDetail(
            id: 7, title: "标题", bodyHTML: nil, image: "https://pic1.zhimg.com/a.jpg", imageSource: "来源",
            shareURL: "https://daily.zhihu.com/story/7", url: "https://daily.zhihu.com/story/7", type: 0,
            sectionName: "瞎扯", publishTime: 1_678_752_000, sectionID: 2)
        #expect(record.detail == rest)
    }
}
