#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A direct reader of day pages in the shape the source sends, for the sync's hot path.
///
/// `JSONDecoder` through `Codable` took about a sixth of a 10-year sync's CPU (about 50 µs a
/// page). This reads the bytes once into the DTO, and answers only when it is sure of giving
/// exactly what `DayPageDTO(from:)` would: any surprise (a story that would be skipped, a value
/// of another type, a duplicate key, a number with a fraction, malformed JSON, deep nesting)
/// gives nil, and the caller decodes with `JSONDecoder`, whose answer (or error) stands.
struct DayPageScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    /// The page, or nil when `JSONDecoder` must decide.
    static func page(_ body: [UInt8]) -> DayPageDTO? {
        body.withUnsafeBufferPointer { buffer in
            var scanner = DayPageScanner(bytes: buffer)
            return scanner.page()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func page() -> DayPageDTO? {
        var date: String?
        var stories: [StoryDTO]?
        var topStories: [StoryDTO]??
        guard
            object({ scanner, key in
                switch key {
                case "date":
                    guard date == nil, let text = scanner.string() else { return false }
                    date = text
                case "stories":
                    guard stories == nil, let list = scanner.stories() else { return false }
                    stories = list
                case "top_stories":
                    guard topStories == nil else { return false }
                    if scanner.null() {
                        topStories = .some(nil)
                    } else {
                        guard let list = scanner.stories() else { return false }
                        topStories = list
                    }
                default:
                    return scanner.skipValue(depth: 1)
                }
                return true
            })
        else { return nil }
        skipWhitespace()
        guard offset == bytes.count, let date, let stories else { return nil }
        return DayPageDTO(date: date, stories: stories, topStories: (topStories ?? nil) ?? [], skipped: [])
    }

    private mutating func stories() -> [StoryDTO]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var list: [StoryDTO] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return list }
        while true {
            guard let story = story() else { return nil }
            list.append(story)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { return nil }
            return list
        }
    }

    /// A story that `StoryDTO(from:)` would keep, with the same values; nil for anything else.
    private mutating func story() -> StoryDTO? {
        var id: Int64?
        var title: String?
        var hint: String??
        var images: [String]??
        var image: String??
        var url: String??
        var gaPrefix: String??
        var imageHue: String??
        var type: Int??
        // Each known key at most once, and each value of the type StoryDTO reads first.
        func once<Value>(_ slot: inout Value??, _ read: () -> Value??) -> Bool {
            guard slot == nil, let value = read() else { return false }
            slot = value
            return true
        }
        let complete = object { scanner, key in
            switch key {
            case "id":
                guard id == nil, let number = scanner.integer(), number > 0 else { return false }
                id = number
                return true
            case "title":
                guard title == nil, let text = scanner.string(), !text.isEmpty else { return false }
                title = text
                return true
            case "hint": return once(&hint) { scanner.optionalString() }
            case "image": return once(&image) { scanner.optionalString() }
            case "url": return once(&url) { scanner.optionalString() }
            case "image_hue": return once(&imageHue) { scanner.optionalString() }
            case "images": return once(&images) { scanner.optionalStrings() }
            case "type":
                return once(&type) {
                    if scanner.null() { return .some(nil) }
                    return scanner.integer().flatMap { Int(exactly: $0) }.map { .some($0) }
                }
            case "ga_prefix":
                return once(&gaPrefix) {
                    if scanner.peek == UInt8(ascii: "\"") { return scanner.string().map { .some($0) } }
                    if scanner.null() { return .some(nil) }
                    return scanner.integer().map { .some(String($0)) }
                }
            default:
                return scanner.skipValue(depth: 3)
            }
        }
        guard complete, let id, let title else { return nil }
        let banner = (image ?? nil), first = (images ?? nil)?.first
        return StoryDTO(
            id: id, title: title, hint: (hint ?? nil) ?? "",
            image: (banner ?? first).flatMap { $0.isEmpty ? nil : $0 },
            url: (url ?? nil) ?? "https://daily.zhihu.com/story/\(id)", gaPrefix: (gaPrefix ?? nil) ?? "",
            imageHue: (imageHue ?? nil) ?? "", type: (type ?? nil) ?? 0)
    }

    // MARK: JSON

    private var peek: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        skipWhitespace()
        let count = text.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        for index in 0..<count where bytes[offset + index] != text.utf8Start[index] { return false }
        offset += count
        return true
    }

    private mutating func null() -> Bool {
        literal("null")
    }

    /// An object: `member` reads each value after its key and says whether to go on.
    private mutating func object(_ member: (inout DayPageScanner, String) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return true }
        while true {
            skipWhitespace()
            guard let key = string(), consume(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard member(&self, key) else { return false }
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "}"))
        }
    }

    private mutating func optionalString() -> String?? {
        skipWhitespace()
        if null() { return .some(nil) }
        return string().map { .some($0) }
    }

    private mutating func optionalStrings() -> [String]?? {
        skipWhitespace()
        if null() { return .some(nil) }
        guard consume(UInt8(ascii: "[")) else { return nil }
        var list: [String] = []
        if consume(UInt8(ascii: "]")) { return .some(list) }
        while true {
            skipWhitespace()
            guard let text = string() else { return nil }
            list.append(text)
            if consume(UInt8(ascii: ",")) { continue }
            return consume(UInt8(ascii: "]")) ? .some(list) : nil
        }
    }

    /// A whole number written without fraction or exponent that fits in 64 bits.
    private mutating func integer() -> Int64? {
        skipWhitespace()
        let start = offset
        var negative = false
        if peek == UInt8(ascii: "-") {
            negative = true
            offset += 1
        }
        let digitsStart = offset
        var value: Int64 = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let digit = Int64(byte - UInt8(ascii: "0"))
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = sum
            offset += 1
        }
        let digits = offset - digitsStart
        guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return nil }
        // A fraction or an exponent: JSONDecoder's rules for those are its own.
        if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            offset = start
            return nil
        }
        return value
    }

    /// A string: valid UTF-8, no raw control characters, standard escapes only.
    private mutating func string() -> String? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        offset += 1
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = Self.validUTF8(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") {
                offset = start
                return escapedString()
            }
            if byte < 0x20 { return nil }
            offset += 1
        }
        return nil
    }

    /// The text of `utf8`, or nil when it is not valid UTF-8. `String(validating:as:)` is
    /// generic and not specialized: it looked its type metadata up on every call, a twentieth of
    /// a 10-year sync's CPU. Decoding repairs what is not valid, so the text is the input exactly
    /// when its bytes are the input's.
    private static func validUTF8(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: utf8, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            decoded.count == utf8.count && (utf8.isEmpty || memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
        }
        return same ? text : nil
    }

    /// The slow path of `string()`, from just after the opening quote.
    private mutating func escapedString() -> String? {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(128)  // Most are URLs with escaped slashes: one allocation, not several.
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                return utf8.withUnsafeBufferPointer(Self.validUTF8)
            case UInt8(ascii: "\\"):
                guard offset < bytes.count else { return nil }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    guard let unit = hex4() else { return nil }
                    var scalar: Unicode.Scalar?
                    if (0xD800..<0xDC00).contains(unit) {
                        // Only a whole surrogate pair; a lone half is JSONDecoder's to judge.
                        guard bytes.count - offset >= 2, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                        else { return nil }
                        offset += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                    } else {
                        scalar = Unicode.Scalar(UInt32(unit))
                    }
                    guard let scalar else { return nil }
                    utf8.append(contentsOf: String(scalar).utf8)
                default:
                    return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                utf8.append(byte)
            }
        }
        return nil
    }

    private mutating func hex4() -> UInt16? {
        guard bytes.count - offset >= 4 else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    /// Skips one well-formed value of a key the page does not use.
    private mutating func skipValue(depth: Int) -> Bool {
        guard depth < 32 else { return false }
        skipWhitespace()
        switch peek {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"): return object { scanner, _ in scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            offset += 1
            if consume(UInt8(ascii: "]")) { return true }
            while true {
                guard skipValue(depth: depth + 1) else { return false }
                if consume(UInt8(ascii: ",")) { continue }
                return consume(UInt8(ascii: "]"))
            }
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return null()
        default: return integer() != nil
        }
    }
}
