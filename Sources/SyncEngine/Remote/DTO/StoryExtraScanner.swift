/// A direct reader of `story-extra/ID` in the shape the source sends
/// (`{"long_comments":5,"popularity":148,"short_comments":32,"comments":37}`), for the details sync.
///
/// `JSONDecoder` costs about as much per story as the counters' whole transfer on the curl
/// thread. Like `StoryDetailScanner`, this answers only when it is sure of giving exactly what
/// `StoryExtraDTO(from:)` would: a key the DTO reads otherwise (`count`, any other), a duplicate
/// key, a value that is not a whole number or null, malformed JSON or no popularity at all
/// gives nil, and the caller decodes with `JSONDecoder`, whose answer (or error) stands.
struct StoryExtraScanner: JSONByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0

    /// The counters, or nil when `JSONDecoder` must decide.
    static func extra(_ body: [UInt8]) -> StoryExtraDTO? {
        body.withUnsafeBufferPointer { buffer in
            var scanner = StoryExtraScanner(bytes: buffer)
            return scanner.extra()
        }
    }

    private mutating func extra() -> StoryExtraDTO? {
        var popularity: Int64??, likes: Int64??, comments: Int64??, long: Int64??, short: Int64??
        let complete = object { scanner, key in
            switch key {
            case "popularity": return Self.once(&popularity) { scanner.optionalInteger() }
            case "likes": return Self.once(&likes) { scanner.optionalInteger() }
            case "comments": return Self.once(&comments) { scanner.optionalInteger() }
            case "long_comments": return Self.once(&long) { scanner.optionalInteger() }
            case "short_comments": return Self.once(&short) { scanner.optionalInteger() }
            default: return false
            }
        }
        skipWhitespace()
        guard complete, offset == bytes.count else { return nil }
        // As the DTO reads them: a missing or null count is nil; popularity falls back to likes.
        func count(_ value: Int64??) -> Int? { (value ?? nil).flatMap { Int(exactly: $0) } }
        guard let popular = count(popularity) ?? count(likes) else { return nil }
        let longCount = count(long) ?? 0
        let shortCount = count(short) ?? 0
        // A sum that overflows is the DTO's to refuse as bad data (through JSONDecoder).
        let (sum, overflow) = longCount.addingReportingOverflow(shortCount)
        guard let total = count(comments) ?? (overflow ? nil : sum) else { return nil }
        return StoryExtraDTO(popularity: popular, comments: total, longComments: longCount, shortComments: shortCount)
    }
}
