import Testing
@testable import NewsFeature
import SyncEngine

@Suite struct DateFormattingTests {
    private let zh = DateFormatting(language: .zh)
    private let en = DateFormatting(language: .en)

    @Test func formatsDays() {
        let day = Day("20230421")!
        #expect(zh.monthDay(day) == "4月21日")
        #expect(zh.dayTitle(day) == "4月21日 星期五")
        #expect(en.dayTitle(day) == "Fri, Apr 21")
        #expect(zh.fullDate(day) == "2023年4月21日")
        #expect(en.fullDate(day) == "Apr 21, 2023")
    }

    @Test(arguments: [
        (0, "刚刚", "just now"), (59, "刚刚", "just now"), (60, "1 分钟前", "1 minute ago"),
        (150, "2 分钟前", "2 minutes ago"), (3_600, "1 小时前", "1 hour ago"),
        (7_200, "2 小时前", "2 hours ago"), (86_400 * 3, "3 天前", "3 days ago"),
    ])
    func formatsAges(seconds: Int64, chinese: String, english: String) {
        #expect(zh.age(.seconds(seconds)) == chinese)
        #expect(en.age(.seconds(seconds)) == english)
    }

    @Test func writesRFC3339InUTC() {
        #expect(DateFormatting.iso8601(unixTime: 0) == "1970-01-01T00:00:00Z")
        #expect(DateFormatting.iso8601(unixTime: 1_682_409_600) == "2023-04-25T08:00:00Z")
        #expect(DateFormatting.iso8601(unixTime: 1_709_251_199) == "2024-02-29T23:59:59Z")
    }
}
