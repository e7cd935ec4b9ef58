#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The JSON grammar the direct readers share (`DayPageScanner`, `StoryDetailScanner`): a cursor
/// over the response's bytes that reads exactly what `JSONDecoder` reads the same way, and answers
/// nil for anything it is unsure of (the caller then leaves the body to `JSONDecoder`).
protocol JSONByteScanner {
    /// The whole response.
    var bytes: UnsafeBufferPointer<UInt8> { get }
    /// Where reading goes on.
    var offset: Int { get set }
}

extension JSONByteScanner {
    var peek: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    mutating func literal(_ text: StaticString) -> Bool {
        skipWhitespace()
        let count = text.utf8CodeUnitCount
        guard bytes.count - offset >= count else { return false }
        for index in 0..<count where bytes[offset + index] != text.utf8Start[index] { return false }
        offset += count
        return true
    }

    mutating func null() -> Bool {
        literal("null")
    }

    /// An object: `member` reads each value after its key and says whether to go on.
    mutating func object(_ member: (inout Self, String) -> Bool) -> Bool {
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

    mutating func optionalString() -> String?? {
        skipWhitespace()
        if null() { return .some(nil) }
        return string().map { .some($0) }
    }

    /// A number, or null; nil for anything else.
    mutating func optionalInteger() -> Int64?? {
        skipWhitespace()
        if null() { return .some(nil) }
        return integer().map { .some($0) }
    }

    /// Fills `slot` with what `read` gives, once: false for a key seen before (a duplicate the
    /// DTO would judge otherwise) or a value `read` refuses.
    static func once<Value>(_ slot: inout Value??, _ read: () -> Value??) -> Bool {
        guard slot == nil, let value = read() else { return false }
        slot = value
        return true
    }

    mutating func optionalStrings() -> [String]?? {
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
    mutating func integer() -> Int64? {
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
    mutating func string() -> String? {
        guard peek == UInt8(ascii: "\"") else { return nil }
        offset += 1
        let start = offset
        offset = specialByte(from: offset)
        guard offset < bytes.count else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "\""):
            let text = Self.validUTF8(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
            offset += 1
            return text
        case UInt8(ascii: "\\"):
            offset = start
            return escapedString()
        default:
            return nil  // A raw control byte.
        }
    }

    /// The index of the first byte from `start` that is a quote, a backslash or a control byte
    /// (or `bytes.count`), eight bytes at a time: a story body is kilobytes of such runs.
    func specialByte(from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while bytes.count - index >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                // A byte's high bit is set where it is zero (or below 0x20); a false one only ever
                // follows a true one, so the lowest bit set is the first byte found.
                let found =
                    ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word) & highs
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return index }
            index += 1
        }
        return index
    }

    /// The text of `utf8`, or nil when it is not valid UTF-8. `String(validating:as:)` is
    /// generic and not specialized: it looks its type metadata up on every call, and a sync makes
    /// a string of every value it reads. Decoding repairs what is not valid, so the text is the
    /// input exactly when its bytes are the input's.
    static func validUTF8(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        var text = String(decoding: utf8, as: UTF8.self)
        let same = text.withUTF8 { decoded in
            decoded.count == utf8.count && (utf8.isEmpty || memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
        }
        return same ? text : nil
    }

    /// The slow path of `string()`, from just after the opening quote.
    mutating func escapedString() -> String? {
        // Made once with room for the rest of the response, which the text never exceeds: a story
        // body is one allocation, not a dozen of growing copies, and its bytes are searched once
        // (finding its end first would search the body, most of the response, twice).
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count - offset)
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
                // The run of plain bytes up to the next quote, escape or control byte, in one copy.
                let start = offset - 1
                offset = specialByte(from: offset)
                utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<offset]))
            }
        }
        return nil
    }

    mutating func hex4() -> UInt16? {
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
    mutating func skipValue(depth: Int) -> Bool {
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
