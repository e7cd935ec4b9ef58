/// An item's time as the archive's queries sort it: `yyyyMMddHH`, the key of its day times 100
/// plus its hour (0-23). A later slot is a later time, so items sort by slot as by
/// ``ArchiveItem/published``, and SQL needs no calendar: the times a query is given (its bounds,
/// its cursor) are turned into slots here, and the slots it returns into times.
enum ItemSlot {
    /// Below every slot of a day the archive can hold (year 1 on).
    static let belowAll: Int64 = 0
    /// Above every slot of a day the archive can hold (up to year 9999), with room to add 1.
    static let aboveAll: Int64 = 99_991_231 * 100 + 24

    private static let hour: Int64 = 3600
    private static let earliest = start(of: Day(year: 1, month: 1, day: 1) ?? Day.firstIssue)
    private static let latest = start(of: Day(year: 9999, month: 12, day: 31) ?? Day.firstIssue) + 86_399

    /// The start of `day` in Beijing, Unix seconds.
    static func start(of day: Day) -> Int64 {
        day.dayNumber * 86_400 - Day.sourceUTCOffsetSeconds
    }

    /// The slot of `hour` on `day`.
    static func slot(_ day: Day, hour: Int64 = 0) -> Int64 {
        day.key * 100 + hour
    }

    /// The day and Unix time `slot` names; nil when it names no day.
    static func time(_ slot: Int64) -> (day: Day, published: Int64)? {
        let hour = slot % 100
        guard (0..<24).contains(hour), let day = Day(key: slot / 100) else { return nil }
        return (day, start(of: day) + hour * Self.hour)
    }

    /// The last slot whose time is at or before `time`, and whether its time is `time` itself.
    /// Times outside the years 1-9999 give `belowAll` or `aboveAll`, never exact.
    static func floor(_ time: Int64) -> (slot: Int64, isExact: Bool) {
        if time < earliest { return (belowAll, false) }
        if time > latest { return (aboveAll, false) }
        let day = Day(containingUnixTime: time)
        let seconds = time - start(of: day)
        return (slot(day, hour: seconds / hour), seconds % hour == 0)
    }

    /// The first slot whose time is at or after `time`.
    static func ceiling(_ time: Int64) -> Int64 {
        let (slot, isExact) = floor(time)
        return isExact ? slot : slot + 1
    }
}
