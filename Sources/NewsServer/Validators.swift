#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ETag and Last-Modified, and whether a conditional GET may be answered 304 (RFC 9110 §13).
enum Validators {
    /// A strong ETag for `body`: its length and 64-bit FNV-1a hash. Not a cryptographic hash, and
    /// need not be: it only tells a client's copy from the page it would get now.
    static func entityTag(of body: some Collection<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\"" + String(body.count, radix: 16) + "-" + String(hash, radix: 16) + "\""
    }

    /// Whether the client's copy is still the page: If-None-Match decides when it is there
    /// (weak comparison, `*` matches any), else If-Modified-Since against `lastModified`.
    static func isNotModified(ifNoneMatch: String?, ifModifiedSince: String?, entityTag: String, lastModified: Date?) -> Bool {
        if let ifNoneMatch {
            let opaque = entityTag.dropWeakPrefix
            return ifNoneMatch.split(separator: ",").contains { tag in
                // An entity tag holds no whitespace: what there is, is list padding.
                let tag = tag.filter { $0 != " " && $0 != "\t" }
                return tag == "*" || tag.dropWeakPrefix == opaque
            }
        }
        guard let ifModifiedSince, let lastModified, let since = HTTPDate.parse(ifModifiedSince) else { return false }
        return lastModified.timeIntervalSince1970.rounded(.down) <= since.timeIntervalSince1970
    }
}

extension StringProtocol {
    fileprivate var dropWeakPrefix: Substring {
        let text = Substring(self)
        return text.hasPrefix("W/") ? text.dropFirst(2) : text
    }
}

/// HTTP's date format (IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`), written and read without a
/// locale-dependent formatter.
enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday.
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` in IMF-fixdate, to the second.
    static func format(_ date: Date) -> String {
        // Within years 1...9999, the ones IMF-fixdate can write: a stored time from a damaged row
        // (NaN, ±infinity, 1e300) must not trap the conversion to Int64.
        let interval = date.timeIntervalSince1970
        let seconds = interval.isNaN ? 0 : Int64(min(max(interval.rounded(.down), -62_135_596_800), 253_402_300_799))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return
            "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(Int(time / 3600))):\(two(Int(time / 60 % 60))):\(two(Int(time % 60))) GMT"
    }

    /// The moment an IMF-fixdate names, or nil when `text` is not one (the obsolete formats
    /// RFC 9110 still allows are not worth a 304: the page is sent whole).
    static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        // Four digits of year, as IMF-fixdate has: `Int` alone took 99999999999999, whose days
        // overflowed Int64 and trapped (one request ended the server).
        guard fields.count == 6, fields[5] == "GMT", let day = Int(fields[1]), let month = months.firstIndex(of: String(fields[2])),
            fields[3].utf8.count == 4, fields[3].utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let year = Int(fields[3])
        else { return nil }
        let clock = fields[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...31).contains(day), (0...23).contains(clock[0]), (0...59).contains(clock[1]),
            (0...60).contains(clock[2])
        else { return nil }
        let days = self.days(fromCivil: year, month + 1, day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + Int64(clock[0] * 3600 + clock[1] * 60 + clock[2])))
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    // Howard Hinnant's days-from-civil and its inverse (proleptic Gregorian calendar).
    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        return (Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0), month, day)
    }
}
