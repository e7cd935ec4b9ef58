import SyncEngine

/// Calendar and age wording for presenters, in either language. Pure functions of their input.
public struct DateFormatting: Sendable {
    /// The language of the wording.
    public let language: Language

    /// Wording in `language`.
    public init(language: Language) {
        self.language = language
    }

    private static let zhWeekdays = ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"]
    private static let enWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let enMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "4月21日".
    public func monthDay(_ day: Day) -> String {
        switch language {
        case .zh: return "\(day.month)月\(day.day)日"
        case .en: return "\(Self.enMonths[day.month - 1]) \(day.day)"
        }
    }

    /// "2023年4月20日" / "Apr 20, 2023".
    public func fullDate(_ day: Day) -> String {
        switch language {
        case .zh: return "\(day.year)年\(monthDay(day))"
        case .en: return "\(monthDay(day)), \(day.year)"
        }
    }

    /// "2023年4月20日 星期四" / "Thu, Apr 20, 2023", whatever year it is now: for what is read long
    /// after it is made (a book).
    public func longDayTitle(_ day: Day) -> String {
        switch language {
        case .zh: return "\(fullDate(day)) \(Self.zhWeekdays[day.weekday])"
        case .en: return "\(Self.enWeekdays[day.weekday]), \(fullDate(day))"
        }
    }

    /// "4月20日 星期四" / "Thu, Apr 20" for a day of the year it is at `now` (Unix seconds) in
    /// Beijing, the source's calendar; "2023年4月20日 星期四" / "Thu, Apr 20, 2023" for a day of
    /// any other year, so an old archive never reads as this year's.
    public func dayTitle(_ day: Day, now: Int64) -> String {
        let isThisYear = day.year == Self.beijing(now).0.year
        switch language {
        case .zh: return "\(isThisYear ? monthDay(day) : fullDate(day)) \(Self.zhWeekdays[day.weekday])"
        case .en: return "\(Self.enWeekdays[day.weekday]), \(isThisYear ? monthDay(day) : fullDate(day))"
        }
    }

    /// "刚刚", "3 分钟前", "2 小时前", "5 天前" / "just now", "3 minutes ago", …
    public func age(_ age: Duration) -> String {
        let seconds = max(0, age.components.seconds)
        let (count, zhUnit, enUnit): (Int64, String, String)
        switch seconds {
        case ..<60:
            return language == .zh ? "刚刚" : "just now"
        case ..<3_600: (count, zhUnit, enUnit) = (seconds / 60, "分钟", "minute")
        case ..<86_400: (count, zhUnit, enUnit) = (seconds / 3_600, "小时", "hour")
        default: (count, zhUnit, enUnit) = (seconds / 86_400, "天", "day")
        }
        switch language {
        case .zh: return "\(count) \(zhUnit)前"
        case .en: return "\(count) \(enUnit)\(count == 1 ? "" : "s") ago"
        }
    }

    /// A moment as the date and time in Beijing (UTC+8), the source's own clock:
    /// "2026年2月28日 07:01" / "Feb 28, 2026, 07:01".
    public func beijingDateTime(unixTime: Int64) -> String {
        let (day, minuteOfDay) = Self.beijing(unixTime)
        let time = Self.two(minuteOfDay / 60) + ":" + Self.two(minuteOfDay % 60)
        switch language {
        case .zh: return "\(fullDate(day)) \(time)"
        case .en: return "\(fullDate(day)), \(time)"
        }
    }

    /// When a comment was written, as seen at `now` (both Unix seconds), on Beijing's calendar
    /// (UTC+8), the source's own: "刚刚" under a minute, "5 分钟前" under an hour, "3 小时前" the
    /// same day, "昨天 13:05" the day before, "3月14日 08:00" the same year, else "2023年3月14日"
    /// (English: "just now", "5 minutes ago", "3 hours ago", "Yesterday 13:05", "Mar 14, 08:00",
    /// "Mar 14, 2023"). A time after `now` (a skewed clock) is "刚刚".
    public func commentTime(unixTime: Int64, now: Int64) -> String {
        let elapsed = now - unixTime
        let (day, minuteOfDay) = Self.beijing(unixTime)
        let (today, _) = Self.beijing(now)
        if elapsed < 3_600 || (elapsed < 86_400 && day == today) { return age(.seconds(max(0, elapsed))) }
        let time = Self.two(minuteOfDay / 60) + ":" + Self.two(minuteOfDay % 60)
        if day.dayNumber == today.dayNumber - 1 { return language == .zh ? "昨天 \(time)" : "Yesterday \(time)" }
        guard day.year == today.year else { return fullDate(day) }
        switch language {
        case .zh: return "\(monthDay(day)) \(time)"
        case .en: return "\(monthDay(day)), \(time)"
        }
    }

    /// RFC 3339 in Beijing time, whole seconds: "2026-02-28T07:01:00+08:00".
    public static func iso8601Beijing(unixTime: Int64) -> String {
        let utc = iso8601(unixTime: unixTime + 8 * 3_600)
        return String(utc.dropLast()) + "+08:00"
    }

    private static func beijing(_ unixTime: Int64) -> (Day, Int64) {
        let local = unixTime + 8 * 3_600
        let dayNumber = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (Day(dayNumber: dayNumber), (local - dayNumber * 86_400) / 60)
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// RFC 3339 in UTC, whole seconds: "2023-04-25T08:00:00Z".
    public static func iso8601(unixTime: Int64) -> String {
        let day = Day(dayNumber: unixTime >= 0 ? unixTime / 86_400 : (unixTime - 86_399) / 86_400)
        let secondOfDay = unixTime - day.dayNumber * 86_400
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = day.description
        return "\(date.prefix(4))-\(date.dropFirst(4).prefix(2))-\(date.suffix(2))T"
            + "\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
