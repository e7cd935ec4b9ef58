import ArgumentParser
import SyncEngine

/// `--days N` of sync, export and feed, read from the text given (a negative number, a word, a
/// number too large for an Int are the user's to correct, in newsctl's words): from 1 to every day
/// since the first issue.
enum DayCount {
    /// Every day from the first issue to today, and one more (the source's day may be ahead of this clock's).
    static var maximum: Int {
        Int(Day(containingUnixTime: Int64(SystemClock().now().timeIntervalSince1970)).dayNumber - Day.firstIssue.dayNumber) + 2
    }

    /// The number of days `text` gives, or a `ValidationError` that says the range.
    static func parse(_ text: String, words: CommandStrings) throws -> Int {
        let maximum = maximum
        guard let days = Int(text), (1...maximum).contains(days) else {
            throw ValidationError(words.daysOutOfRange(text, max: maximum))
        }
        return days
    }
}
