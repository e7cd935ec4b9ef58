import Foundation
import Testing
import TestSupport
@testable import SyncEngine

/// The shapes real responses take over the years, from the project's own small files in
/// `Tests/Fixtures/shapes`, through the real client: so they stay tested without the captures.
///
/// - `before-20160803.json`: a 2016 day (no `hint`, `url` or `image_hue`; `multipic`; a `theme`
///   object; no `images`) plus one story of each kind that cannot be shown.
/// - `latest-20161217.json`: banners with a single `image` and no `hint`, one without an id.
/// - `detail-several-answers.json`: an organisation's note under an empty title, a question with
///   two answers, a third answer without a byline; two view-more links.
/// - `detail-no-question-title.json`: a question without any `<h2 class="question-title">`.
/// - `detail-view-more-only.json`: an empty title and nothing but the view-more link.
/// - `detail-off-site.json`: `type` 1, without `body`, `image` and `image_source`.
/// - `latest-20260925.json`: a September 2026 latest page as `stories/latest` answers it on
///   daily.zhihu.com: four stories, 瞎扯 with hint `VOL.3986` and `"images": []`.
/// - `detail-20260228-publish-time.json`: a 2026 detail with `publish_time` (Unix seconds).
@Suite struct ResponseShapeTests {
    @Test func a2026LatestPageOfFourStoriesWithAVolumeHintAndNoImageDecodes() async throws {
        let records = RecordingLogHandler.Records()
        let remote = try await client(["news/latest": "latest-20260925.json"], records: records).latest()
        #expect(remote.day == Day("20260925"))
        #expect(remote.stories.map(\.id) == [9_791_101, 9_791_102, 9_791_103, 9_791_104])
        let xiache = remote.stories[3]
        #expect(xiache.hint == "VOL.3986")
        #expect(xiache.imageURL == nil, "an empty images list is no image")
        #expect(xiache.imageHue == "")
        #expect(remote.topStories.map(\.id) == [9_791_101])
        #expect(records.withMessage("skipped a story").isEmpty)
    }

    @Test func stories_latestDecodesExactlyLikeNews_latest() async throws {
        // What stories/latest answers on daily.zhihu.com, read by the client as news/latest (its alias), and by both readers alike.
        let body = try Fixtures.shape("latest-20260925.json")
        let transport = MemoryTransport(bodies: ["news/latest": body])
        let viaNews = try await transport.client(logging: RecordingLogHandler.Records()).latest()
        let scanned = try #require(DayPageScanner.page(body))
        let decoded = try JSONDecoder().decode(DayPageDTO.self, from: Data(body))
        #expect(scanned.stories.map { $0.toDomain() } == decoded.stories.map { $0.toDomain() })
        #expect(scanned.topStories.map { $0.toDomain() } == decoded.topStories.map { $0.toDomain() })
        #expect(viaNews.stories == decoded.stories.map { $0.toDomain() })
        #expect(scanned.date == decoded.date)
    }

    @Test func a2026DetailCarriesItsPublishTime() async throws {
        let records = RecordingLogHandler.Records()
        let detail = try await client(["news/9787903": "detail-20260228-publish-time.json"], records: records).detail(9_787_903)
        #expect(detail.publishTime == 1_772_233_260)
        let older = try await client(["news/9530201": "detail-several-answers.json"], records: records).detail(9_530_201)
        #expect(older.publishTime == nil)
    }

    private func client(_ bodies: [String: String], records: RecordingLogHandler.Records) throws -> ZhihuDailyClient {
        MemoryTransport(bodies: try bodies.mapValues(Fixtures.shape)).client(logging: records)
    }

    @Test func a2016DayKeepsEveryShowableStoryAndLogsWhyEachOtherIsSkipped() async throws {
        let records = RecordingLogHandler.Records()
        let remote = try await client(["news/before/20160803": "before-20160803.json"], records: records)
            .day(Day("20160802")!)
        #expect(remote.stories.map(\.id) == [8_640_101, 8_640_102, 8_640_103, 8_640_104])
        let first = remote.stories[0]
        #expect(first.hint == "")
        #expect(first.imageHue == "")
        #expect(first.url == "https://daily.zhihu.com/story/8640101")
        #expect(first.imageURL == "http://pic1.zhimg.com/fixture-2016a.jpg")
        #expect(first.gaPrefix == "080222")
        #expect(remote.stories[3].imageURL == nil)  // no `images` key

        let skipped = records.withMessage("skipped a story")
        #expect(remote.stories.count + skipped.count == 9)  // every story in the JSON, kept or skipped
        #expect(skipped.map { $0.metadata["id"] } == ["8640105", "none", "0", "8640108", "none"])
        #expect(
            skipped.map { $0.metadata["reason"] } == [
                "no title", "id is not a whole number", "id 0 is not positive", "empty title", "not a JSON object",
            ])
        #expect(skipped.allSatisfy { $0.metadata["list"] == "stories" && $0.level == .notice })
        #expect(skipped.map { $0.metadata["index"] } == ["4", "5", "6", "7", "8"])
        #expect(skipped.allSatisfy { $0.metadata["url"] == "memory://api/4/news/before/20160803" })
    }

    @Test func bannersWithASingleImageDecodeAndOneWithoutAnIdIsLogged() async throws {
        let records = RecordingLogHandler.Records()
        let remote = try await client(["news/latest": "latest-20161217.json"], records: records).latest()
        #expect(remote.day == Day("20161217"))
        #expect(remote.stories.map(\.id) == [9_064_601])
        #expect(remote.topStories.map(\.id) == [9_064_602])
        #expect(remote.topStories.first?.imageURL == "http://pic4.zhimg.com/fixture-banner.jpg")
        #expect(remote.topStories.first?.hint == "")
        let skipped = records.withMessage("skipped a story")
        #expect(skipped.count == 1)
        #expect(skipped.first?.metadata["list"] == "top_stories")
        #expect(skipped.first?.metadata["id"] == "none")
        #expect(skipped.first?.metadata["reason"] == "no id")
    }

    @Test func aPageOfShowableStoriesLogsNothing() async throws {
        let records = RecordingLogHandler.Records()
        let page = #"{"date":"20230420","stories":[{"id":1,"title":"t"}]}"#
        let remote = try await MemoryTransport(bodies: ["news/before/20230421": Array(page.utf8)]).client(logging: records)
            .day(Day("20230420")!)
        #expect(remote.stories.count == 1)
        #expect(records.withMessage("skipped a story").isEmpty)
    }

    private func readable(_ name: String, id: Int64) async throws -> (StoryDetail, ReadableText?) {
        let records = RecordingLogHandler.Records()
        let detail = try await client(["news/\(id)": name], records: records).detail(id)
        return (detail, detail.readableText)
    }

    @Test func severalAnswersAreReadInOrderUnderTheirTitles() async throws {
        let (_, text) = try await readable("detail-several-answers.json", id: 9_530_201)
        let readable = try #require(text)
        #expect(
            readable.blocks == [
                .paragraph("回答来自机构帐号：样例机构[1]"),
                .heading("第一个问题的标题"),
                .byline("第一位答主，第一段简介"),
                .paragraph("第一个回答的正文。"),
                .byline("第二位答主，第二段简介"),
                .paragraph("第二个回答的正文。"),
                .link(text: "查看知乎讨论", reference: 2),
                .heading("第二个问题的标题"),
                .paragraph("第三个回答，没有署名。"),
                .link(text: "查看知乎讨论", reference: 3),
            ])
        #expect(
            readable.references == [
                "https://www.zhihu.com/org/fixture-org", "http://www.zhihu.com/question/9530201",
                "http://www.zhihu.com/question/9530202",
            ])
    }

    @Test func anAnswerWithoutAQuestionTitleIsStillRead() async throws {
        let (_, text) = try await readable("detail-no-question-title.json", id: 9_064_501)
        let readable = try #require(text)
        #expect(
            readable.blocks == [
                .byline("答主，简介"),
                .paragraph("没有问题标题的回答。"),
                .link(text: "查看知乎讨论", reference: 1),
            ])
    }

    @Test func aBodyWithOnlyTheViewMoreLinkReadsAsThatLink() async throws {
        let (detail, text) = try await readable("detail-view-more-only.json", id: 9_064_502)
        let readable = try #require(text)
        #expect(!detail.isOffSite)
        #expect(readable.blocks == [.link(text: "查看知乎讨论", reference: 1)])
        #expect(readable.references == ["http://www.zhihu.com/question/9064502"])
        #expect(readable.plainText == "查看知乎讨论 [1]\n\n[1] http://www.zhihu.com/question/9064502")
    }

    @Test func anOffSiteArticleIsMarkedAndPointsToItsURL() async throws {
        let (detail, text) = try await readable("detail-off-site.json", id: 9_064_503)
        #expect(detail.isOffSite)
        #expect(text == nil)
        #expect(detail.url == "https://example.org/article/9064503")
        #expect(detail.image == nil && detail.imageSource == nil)
    }
}
