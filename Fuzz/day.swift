// `Day` parsing: only eight ASCII digits naming a calendar day parse, and every parsed day
// round-trips through its text, its key and its day number.
@testable import SyncEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = text(data, size)
    let parsed = Day(input)
    let thrown: DayError?
    do { _ = try Day.parse(input); thrown = nil } catch { thrown = error }
    require((parsed == nil) == (thrown != nil), "init? and parse disagree on '\(input)'")
    let bytes = Array(input.utf8)
    let eightDigits = bytes.count == 8 && bytes.allSatisfy { (48...57).contains($0) }
    if !eightDigits { require(thrown?.reason == .malformed, "'\(input)' is not eight digits but gave \(String(describing: thrown))") }
    if eightDigits, parsed == nil { require(thrown?.reason == .impossible, "'\(input)': \(String(describing: thrown))") }
    if let day = parsed {
        require(day.description == input, "\(day) printed differently from '\(input)'")
        require(Day(year: day.year, month: day.month, day: day.day) == day, "\(day) from its fields")
        require(Day(key: day.key) == day, "\(day) through its key")
        require(Day(dayNumber: day.dayNumber) == day, "\(day) through its day number")
        require((0...6).contains(day.weekday), "\(day) weekday \(day.weekday)")
        let next = day.adding(days: 1), previous = day.adding(days: -1)
        require(previous < day && day < next, "\(previous) < \(day) < \(next)")
        require(next.dayNumber - day.dayNumber == 1 && previous.adding(days: 1) == day, "\(day) ± 1")
        // Beijing noon of that day is that day.
        let noon = (day.dayNumber * 86_400) + 12 * 3600 - Day.sourceUTCOffsetSeconds
        require(Day(containingUnixTime: noon) == day, "\(day) from Unix time \(noon)")
        if day.year < 9999, day.year > 1 {
            let far = Int(Int64(bitPattern: UInt64(truncatingIfNeeded: bytes.reduce(0) { $0 &* 31 &+ UInt64($1) })) % 100_000)
            require(day.adding(days: far).adding(days: -far) == day, "\(day) + \(far) - \(far)")
        }
    }
    return 0
}
