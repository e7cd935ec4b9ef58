import Foundation
import Testing
import TestSupport
@testable import SyncEngine

@Suite struct DecodingTests {
    private func decode(_ text: String) throws -> DayPageDTO {
        try JSONDecoder().decode(DayPageDTO.self, from: Data(text.utf8))
    }

    @Test func latestFixtureDecodesWithItsQuirks() throws {
        let page = try decode(Fixtures.text("news/latest"))
        #expect(page.date == "20230314")
        #expect(page.stories.count == 6)
        #expect(page.skippedStories == 1)  // the story without an id
        #expect(page.topStories.count == 5)

        let joke = try #require(page.stories.first { $0.id == 9_759_302 })
        #expect(joke.title.contains("\r\n"))
        #expect(page.stories.first { $0.id == 9_759_304 }?.image == nil)  // no `images` key
        #expect(page.stories.first { $0.id == 9_759_303 }?.imageHue == "")  // empty hue
        #expect(page.stories.first { $0.id == 9_759_305 } != nil)  // unknown keys ignored
        #expect(page.stories.allSatisfy { $0.gaPrefix.hasPrefix("0314") })  // leading zero kept
        #expect(page.topStories[0].image == "https://pic2.zhimg.com/v2-banner9759301.jpg?source=8673f162")
        #expect(page.topStories[0].hint == "作者 / 气象小站")
    }

    @Test func compactJSONWithEscapedSlashesDecodes() throws {
        let page = try decode(Fixtures.text("news/before/20230314"))
        #expect(page.date == "20230313")
        #expect(page.stories.map(\.id) == [9_759_201, 9_759_202, 9_759_203, 9_759_204, 9_759_205])
        #expect(page.stories[0].url == "https://daily.zhihu.com/story/9759201")
        #expect(page.stories[2].hint == " · 25 分钟阅读")
    }

    @Test func missingURLIsDerivedFromTheId() throws {
        let page = try decode(Fixtures.text("news/before/20230313"))
        #expect(page.stories.first { $0.id == 9_759_103 }?.url == "https://daily.zhihu.com/story/9759103")
    }

    @Test func oneMalformedStoryIsSkippedNotTheDay() throws {
        let page = try decode(
            """
            {"date":"20230420","stories":[
              {"id":"not a number","title":"bad id"},
              {"id":1,"title":""},
              {"id":2,"title":"good","images":["x"],"ga_prefix":42,"type":"weird"},
              {"title":"no id"},
              {"id":3,"title":"also good","theme":{"id":3,"name":"电影日报"},"multipic":true}
            ]}
            """)
        #expect(page.stories.map(\.id) == [2, 3])
        #expect(page.skippedStories == 3)
        #expect(page.stories[0].gaPrefix == "42")
        #expect(page.stories[0].type == 0)
    }

    @Test func numericStringIdsAreAccepted() throws {
        let page = try decode(#"{"date":"20230420","stories":[{"id":"9759187","title":"t"}]}"#)
        #expect(page.stories.first?.id == 9_759_187)
    }

    @Test(arguments: [
        #"{"stories":[]}"#,
        #"{"date":20230420,"stories":[]}"#,
        #"{"date":"20230420"}"#,
        #"{"date":"20230420","stories":{}}"#,
        #"[]"#,
        "<html><body>Bad Gateway</body></html>",
    ])
    func wrongShapesFail(_ text: String) {
        #expect(throws: (any Error).self) { try decode(text) }
    }
}
