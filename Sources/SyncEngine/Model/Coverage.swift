/// Day arithmetic on ranges of days.
extension ClosedRange<Day> {
    /// How many days the range spans, both ends included.
    public var dayCount: Int { Int(upperBound.dayNumber - lowerBound.dayNumber) + 1 }
}

/// What the archive holds: which days, where the holes are, and which days are still partial.
public struct Coverage: Sendable, Equatable {
    /// Runs of consecutive cached days, oldest first.
    public let cachedRanges: [ClosedRange<Day>]
    /// Days that are cached but partial (today's page, or a day fetched while it was today).
    public let partialDays: [Day]
    /// The source's latest day as last seen, if the archive has ever fetched it.
    public let latestKnownDay: Day?

    /// Creates a coverage report; the engine makes these from the archive.
    public init(cachedRanges: [ClosedRange<Day>], partialDays: [Day], latestKnownDay: Day?) {
        self.cachedRanges = cachedRanges
        self.partialDays = partialDays
        self.latestKnownDay = latestKnownDay
    }

    /// Builds the ranges from a list of cached days in any order.
    init(days: [Day], partialDays: [Day], latestKnownDay: Day?) {
        var ranges: [ClosedRange<Day>] = []
        for day in Set(days).sorted() {
            if let last = ranges.last, last.upperBound.adding(days: 1) == day {
                ranges[ranges.count - 1] = last.lowerBound...day
            } else {
                ranges.append(day...day)
            }
        }
        self.init(cachedRanges: ranges, partialDays: partialDays.sorted(), latestKnownDay: latestKnownDay)
    }

    /// The oldest cached day.
    public var first: Day? { cachedRanges.first?.lowerBound }
    /// The newest cached day.
    public var last: Day? { cachedRanges.last?.upperBound }

    /// How many days are cached.
    public var dayCount: Int {
        cachedRanges.reduce(0) { $0 + $1.dayCount }
    }

    /// Missing runs between the first and the last cached day, oldest first.
    public var gaps: [ClosedRange<Day>] {
        zip(cachedRanges, cachedRanges.dropFirst()).map { earlier, later in
            earlier.upperBound.adding(days: 1)...later.lowerBound.adding(days: -1)
        }
    }

    /// Whether `day` is cached.
    public func contains(_ day: Day) -> Bool {
        cachedRanges.contains { $0.contains(day) }
    }
}
