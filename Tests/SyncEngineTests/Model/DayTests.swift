import Testing
@testable import SyncEngine

@Suite struct DayTests {
    @Test func parsesEightDigitDates() throws {
        let day = try Day.parse("20230420")
        #expect((day.year, day.month, day.day) == (2023, 4, 20))
        #expect(day.description == "20230420")
    }

    @Test(arguments: ["2023-13-01", "202304", "2023042", "202304201", "", "abcdefgh", "２０２３０４２０", " 20230420"])
    func rejectsMalformedText(_ text: String) {
        #expect(throws: DayError(text: text, reason: .malformed)) { try Day.parse(text) }
    }

    @Test(arguments: ["20230230", "20230431", "20231301", "20230001", "99999999", "20230100", "00000101"])
    func rejectsImpossibleDays(_ text: String) {
        #expect(throws: DayError(text: text, reason: .impossible)) { try Day.parse(text) }
    }

    @Test func leapYearsFollowTheGregorianRules() {
        #expect(Day("20240229") != nil)
        #expect(Day("20000229") != nil)
        #expect(Day("19000229") == nil)
        #expect(Day("20230229") == nil)
    }

    @Test func arithmeticCrossesMonthAndYearEnds() throws {
        #expect(try Day.parse("20230301").adding(days: -1).description == "20230228")
        #expect(try Day.parse("20240301").adding(days: -1).description == "20240229")
        #expect(try Day.parse("20221231").adding(days: 1).description == "20230101")
        #expect(try Day.parse("20130520").adding(days: -1) == Day.firstIssue)
        let day = try Day.parse("20230420")
        #expect(Day(dayNumber: day.dayNumber) == day)
        #expect(day.adding(days: 3650).adding(days: -3650) == day)
    }

    @Test func knowsTheWeekday() throws {
        #expect(try Day.parse("20230420").weekday == 4)  // Thursday
        #expect(try Day.parse("20130519").weekday == 0)  // Sunday
        #expect(try Day.parse("19700101").weekday == 4)
    }

    @Test func theSourceDayIsBeijingTime() {
        // 2023-04-20T15:59:59Z is 23:59:59 in Beijing; one second later it is the 21st there.
        let lastSecond: Int64 = 1_682_006_399
        #expect(Day(containingUnixTime: lastSecond).description == "20230420")
        #expect(Day(containingUnixTime: lastSecond + 1).description == "20230421")
    }

    @Test func ordersChronologically() throws {
        #expect(try Day.parse("20221231") < Day.parse("20230101"))
        #expect(try Day.parse("20230420").key == 20_230_420)
        #expect(Day(key: 20_230_420)?.description == "20230420")
    }
}
