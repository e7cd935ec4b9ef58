/// A request line's target, split into the site's path and the query, and checked: anything that
/// could name a file outside the site (`..`, `%2e%2e`, a NUL, a backslash, `//`) is refused
/// before the site sees it, whatever the site would make of it.
struct RequestTarget: Equatable {
    /// The path, percent-decoded: `/story/9762421.html`.
    let path: String
    /// The query's parameters, percent-decoded (`+` is a space).
    let query: [String: String]

    /// The target `raw` names (`/search.html?q=%E7%8C%AB`), or nil when it is not a path of the site.
    init?(_ raw: String) {
        let rawPath = raw.utf8.prefix { $0 != UInt8(ascii: "?") }
        guard rawPath.first == UInt8(ascii: "/"), !rawPath.contains(UInt8(ascii: "#")),
            let path = Self.percentDecoded(rawPath, plusIsSpace: false), Self.isInsideTheSite(path),
            let query = Self.formFields(Self.rawQuery(raw))
        else { return nil }
        self.path = path
        self.query = query
    }

    /// The bytes of `raw` after its first `?` (none when it has none), still encoded. Split at the
    /// byte, never at a `Character`: a combining or prepended mark must not hide a `?` or a `/`.
    static func rawQuery(_ raw: String) -> Substring.UTF8View {
        let bytes = raw[...].utf8
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return bytes[bytes.endIndex...] }
        return bytes[bytes.index(after: question)...]
    }

    /// A path made only of named segments: no `.` or `..`, no empty segment but a last one (`/`,
    /// `/day/`), and no control character or backslash anywhere. Read byte by byte, as a file
    /// system would.
    static func isInsideTheSite(_ path: String) -> Bool {
        guard path.utf8.first == UInt8(ascii: "/"),
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" })
        else { return false }
        let segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in zip(segments.indices, segments) {
            if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) { return false }
            if segment.isEmpty && index != segments.indices.last { return false }
        }
        return true
    }

    /// The fields of `application/x-www-form-urlencoded` bytes (a query, a POST's body), or nil
    /// when one is not well encoded. A name given twice keeps its last value.
    static func formFields(_ bytes: some Collection<UInt8>) -> [String: String]? {
        guard let pairs = formPairs(bytes) else { return nil }
        return Dictionary(pairs.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// The fields of `application/x-www-form-urlencoded` bytes in order, a name given twice
    /// twice (`i=1&i=2`), or nil when one is not well encoded.
    static func formPairs(_ bytes: some Collection<UInt8>) -> [(name: String, value: String)]? {
        var fields: [(name: String, value: String)] = []
        for pair in bytes.split(separator: UInt8(ascii: "&")) {
            let nameAndValue = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = percentDecoded(nameAndValue[0], plusIsSpace: true),
                let value = nameAndValue.count > 1 ? percentDecoded(nameAndValue[1], plusIsSpace: true) : ""
            else { return nil }
            fields.append((name, value))
        }
        return fields
    }

    /// `bytes` with each `%XX` decoded (and `+` as a space in forms), or nil when an escape is
    /// malformed or the result is not UTF-8.
    static func percentDecoded(_ bytes: some Collection<UInt8>, plusIsSpace: Bool) -> String? {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                decoded.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            default:
                decoded.append(byte)
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
