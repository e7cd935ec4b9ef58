/// A calendar day of the source, `yyyyMMdd` on the Gregorian calendar in Beijing time (UTC+8).
///
/// Arithmetic is done on day numbers, never on strings: `Day("20230301")!.adding(days: -1)`
/// is `20230228`.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The Gregorian year.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// The first day Zhihu Daily published: 2013-05-19.
    public static let firstIssue = Day(uncheckedYear: 2013, month: 5, day: 19)

    /// The source's day is Beijing's: UTC+8, no daylight saving.
    public static let sourceUTCOffsetSeconds: Int64 = 8 * 3600

    /// A valid calendar day, or nil (`2023-02-30` is nil).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Day.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.init(uncheckedYear: year, month: month, day: day)
    }

    /// Parses exactly eight digits `yyyyMMdd`; nil when malformed or impossible.
    public init?(_ text: some StringProtocol) {
        guard let parsed = try? Day.parse(text) else { return nil }
        self = parsed
    }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `yyyyMMdd`, saying what is wrong when it cannot.
    public static func parse(_ text: some StringProtocol) throws(DayError) -> Day {
        let digits = text.utf8.map { Int($0) - 48 }
        guard digits.count == 8, digits.allSatisfy({ (0...9).contains($0) }) else {
            throw DayError(text: String(text), reason: .malformed)
        }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        guard let day = Day(year: number(0..<4), month: number(4..<6), day: number(6..<8)) else {
            throw DayError(text: String(text), reason: .impossible)
        }
        return day
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int64 {
        // Howard Hinnant's days_from_civil.
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day with the given day number (see `dayNumber`).
    public init(dayNumber: Int64) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.init(uncheckedYear: Int(y), month: Int(m), day: Int(d))
    }

    /// The day in Beijing at `secondsSince1970` (a Unix time).
    public init(containingUnixTime secondsSince1970: Int64) {
        let local = secondsSince1970 + Day.sourceUTCOffsetSeconds
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        self.init(dayNumber: days)
    }

    /// The day `days` days later (earlier when negative).
    public func adding(days: Int) -> Day {
        Day(dayNumber: dayNumber + Int64(days))
    }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        let w = (dayNumber + 4) % 7  // 1970-01-01 was a Thursday.
        return Int(w >= 0 ? w : w + 7)
    }

    /// `yyyyMMdd`, as the API writes it.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(year, 4) + pad(month, 2) + pad(day, 2)
    }

    /// `yyyyMMdd` as one integer, the key the archive stores.
    var key: Int64 { Int64(year * 10_000 + month * 100 + day) }

    init?(key: Int64) {
        self.init(year: Int(key / 10_000), month: Int(key / 100 % 100), day: Int(key % 100))
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Why a text is not a day.
public struct DayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with the text.
    public enum Reason: Sendable, Equatable {
        /// Not eight digits.
        case malformed
        /// Eight digits, but no such calendar day (`20230230`).
        case impossible
    }

    /// The text that was parsed.
    public let text: String
    /// Why it is not a day.
    public let reason: Reason

    public var description: String {
        switch reason {
        case .malformed: return "'\(text)' is not a date; expected yyyyMMdd, e.g. 20230421"
        case .impossible: return "'\(text)' is not a calendar day; expected yyyyMMdd, e.g. 20230421"
        }
    }
}
