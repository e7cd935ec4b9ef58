import Testing
@testable import NewsFeature
import SyncEngine

@Suite struct DateFormattingTests {
    private let zh = DateFormatting(language: .zh)
    private let en = DateFormatting(language: .en)

    @Test func formatsDays() {
        let day = Day("20230421")!
        #expect(zh.monthDay(day) == "4月21日")
        let in2023: Int64 = 1_682_409_600  // 2023-04-25T08:00:00Z
        #expect(zh.dayTitle(day, now: in2023) == "4月21日 星期五")
        #expect(en.dayTitle(day, now: in2023) == "Fri, Apr 21")
        #expect(zh.fullDate(day) == "2023年4月21日")
        #expect(en.fullDate(day) == "Apr 21, 2023")
    }

    /// A day of another year than the clock's reads with its year; the year is Beijing's, so
    /// the first half hour of 2026 there (still 2025 in UTC) is 2026.
    @Test func aDayOfAnotherYear_isTitledWithItsYear_byBeijingsCalendar() {
        let newYear2026Beijing: Int64 = 1_767_198_600  // 2025-12-31T16:30:00Z = 2026-01-01 00:30 in Beijing
        #expect(zh.dayTitle(Day("20230421")!, now: newYear2026Beijing) == "2023年4月21日 星期五")
        #expect(en.dayTitle(Day("20230421")!, now: newYear2026Beijing) == "Fri, Apr 21, 2023")
        #expect(zh.dayTitle(Day("20251231")!, now: newYear2026Beijing) == "2025年12月31日 星期三")
        #expect(zh.dayTitle(Day("20260101")!, now: newYear2026Beijing) == "1月1日 星期四")
        #expect(en.dayTitle(Day("20260101")!, now: newYear2026Beijing) == "Thu, Jan 1")
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

    // 1_772_260_200 is 2026-02-28 14:30 in Beijing (06:30 UTC); 1_772_208_000 is that day's
    // Beijing midnight (2026-02-27 16:00 UTC); 1_767_196_800 is 2026-01-01 00:00 in Beijing.
    @Test(
        arguments: [
            (1_772_260_200, 1_772_260_200, "刚刚", "just now"),
            (1_772_260_141, 1_772_260_200, "刚刚", "just now"),
            (1_772_260_140, 1_772_260_200, "1 分钟前", "1 minute ago"),
            (1_772_256_601, 1_772_260_200, "59 分钟前", "59 minutes ago"),
            (1_772_256_600, 1_772_260_200, "1 小时前", "1 hour ago"),
            (1_772_278_200, 1_772_260_200, "刚刚", "just now"),  // five hours ahead: a skewed clock
            (1_772_208_000, 1_772_260_200, "14 小时前", "14 hours ago"),  // midnight, the same day
            (1_772_207_999, 1_772_260_200, "昨天 23:59", "Yesterday 23:59"),
            (1_772_121_600, 1_772_260_200, "昨天 00:00", "Yesterday 00:00"),
            (1_772_121_599, 1_772_260_200, "2月26日 23:59", "Feb 26, 23:59"),
            (1_767_196_800, 1_772_260_200, "1月1日 00:00", "Jan 1, 00:00"),
            (1_767_196_799, 1_772_260_200, "2025年12月31日", "Dec 31, 2025"),
            // Ten past midnight: five minutes before midnight is minutes ago, two hours before is yesterday.
            (1_772_207_700, 1_772_208_600, "15 分钟前", "15 minutes ago"),
            (1_772_200_800, 1_772_208_600, "昨天 22:00", "Yesterday 22:00"),
            // New Year's Day at 08:00: the last evening of the old year is yesterday, not a date.
            (1_767_193_200, 1_767_225_600, "昨天 23:00", "Yesterday 23:00"),
        ] as [(Int64, Int64, String, String)])
    func wordsCommentTimesOnBeijingsCalendar(unixTime: Int64, now: Int64, chinese: String, english: String) {
        #expect(zh.commentTime(unixTime: unixTime, now: now) == chinese)
        #expect(en.commentTime(unixTime: unixTime, now: now) == english)
    }

    @Test func writesRFC3339InUTC() {
        #expect(DateFormatting.iso8601(unixTime: 0) == "1970-01-01T00:00:00Z")
        #expect(DateFormatting.iso8601(unixTime: 1_682_409_600) == "2023-04-25T08:00:00Z")
        #expect(DateFormatting.iso8601(unixTime: 1_709_251_199) == "2024-02-29T23:59:59Z")
    }
}
