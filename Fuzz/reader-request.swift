// The reader API's parameter and form parsing (compiled with Sources/NewsServer/RequestTarget.swift
// and Sources/NewsWeb/ReaderAPI/{ReaderRequest,ReaderIDs,ReaderStreamQuery}.swift). Input: a
// request target, then (after the first NUL or newline) a form body. Properties:
// - `formPairs` gives exactly the pairs a plain reading gives (split at `&`, then at the first
//   `=`, each part's `%XX` and `+` decoded), and nil exactly when some part is badly escaped or
//   not UTF-8; `formFields` is those pairs with the last value winning; the pairs re-encoded
//   (every byte but the unreserved ones escaped) parse back to themselves.
// - `RequestTarget` takes a target exactly when its path (the bytes before the first `?`) starts
//   with `/`, has no `#`, and decodes to UTF-8 whose segments (split at every `/` byte) hold no
//   `.` or `..` and no empty one but the last, with no control character or backslash; its path
//   and query are the decoded ones; `rawQuery` is the bytes after the first `?`.
// - `ReaderItemID.parse` takes exactly the long form (the prefix, 16 hex digits) and a signed
//   decimal of at most 20 bytes that fits 64 bits; a parsed id round-trips through `long` and its
//   decimal; `long` is always the prefix and 16 lowercase hex digits.
// - `ReaderStreamID.stream` of a section is a section at least 0 that its feed id names again;
//   a state round-trips through the canonical `user/-/state/com.google/<state>`.
// - `ReaderStreamQuery.parse` over the pairs never traps, gives the same as query or as form,
//   and on success has a limit within 1...maximum, times at least 0 and a cursor that
//   round-trips through its token; `ItemCursor(token:)` round-trips its token.
import SyncEngine

private let folder = "知乎日报"

private func isHex(_ byte: UInt8) -> Bool {
    (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
}

private func hexValue(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 48...57: byte - 48
    case 65...70: byte - 55
    default: byte - 87
    }
}

/// `bytes` decoded the plain way, or nil when an escape is malformed or the result not UTF-8.
private func plainDecoded(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
    var decoded: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.endIndex, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return nil }
            decoded.append(hexValue(bytes[index + 1]) << 4 | hexValue(bytes[index + 2]))
            index += 3
            continue
        }
        decoded.append(byte == UInt8(ascii: "+") && plusIsSpace ? UInt8(ascii: " ") : byte)
        index += 1
    }
    // Repairing changes the bytes exactly when they are not UTF-8.
    let repaired = String(decoding: decoded, as: UTF8.self)
    return Array(repaired.utf8) == decoded ? repaired : nil
}

/// The pairs of a form read the plain way, or nil when one is not well encoded.
private func plainPairs(_ bytes: [UInt8]) -> [(name: String, value: String)]? {
    var pairs: [(name: String, value: String)] = []
    var start = 0
    while start <= bytes.count {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
        if end > start {
            let part = bytes[start..<end]
            let equals = part.firstIndex(of: UInt8(ascii: "="))
            guard let name = plainDecoded(part[..<(equals ?? end)], plusIsSpace: true),
                let value = equals.map({ plainDecoded(part[($0 + 1)...], plusIsSpace: true) }) ?? ""
            else { return nil }
            pairs.append((name, value))
        }
        start = end + 1
    }
    return pairs
}

/// `text` with every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`) escaped.
private func encoded(_ text: String, upper: Bool) -> String {
    let digits = Array((upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
    var bytes: [UInt8] = []
    for byte in text.utf8 {
        switch byte {
        case 48...57, 65...90, 97...122, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            bytes.append(byte)
        default:
            bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

private func same(_ a: [(name: String, value: String)]?, _ b: [(name: String, value: String)]?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
}

private func checkForm(_ bytes: [UInt8]) -> [(name: String, value: String)]? {
    let pairs = RequestTarget.formPairs(bytes)
    let plain = plainPairs(bytes)
    require(same(pairs, plain), "formPairs \(String(describing: pairs)) but plainly \(String(describing: plain)) of \(bytes)")
    let fields = RequestTarget.formFields(bytes)
    require((fields == nil) == (pairs == nil), "formFields and formPairs disagree on \(bytes)")
    guard let pairs, let fields else { return nil }
    var lastWins: [String: String] = [:]
    for pair in pairs { lastWins[pair.name] = pair.value }
    require(fields == lastWins, "formFields \(fields) but the pairs' last values \(lastWins)")
    let again = pairs.enumerated().map { encoded($1.name, upper: $0 % 2 == 0) + "=" + encoded($1.value, upper: $0 % 2 == 1) }
        .joined(separator: "&")
    let reparsed = RequestTarget.formPairs(Array(again.utf8))
    require(same(reparsed, pairs), "\(pairs) re-encoded as '\(again)' parsed as \(String(describing: reparsed))")
    return pairs
}

/// Whether `path` (decoded) is one the site may be asked for, read at the byte level.
private func plainlyInside(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    guard bytes.first == UInt8(ascii: "/") else { return false }
    guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" }) else { return false }
    let segments = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
    for (index, segment) in zip(segments.indices, segments) {
        if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) { return false }
        if segment.isEmpty && index != segments.indices.last { return false }
    }
    return true
}

private func checkTarget(_ raw: String) {
    let target = RequestTarget(raw)
    let bytes = Array(raw.utf8)
    let question = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
    let rawPath = bytes[..<question]
    let path = rawPath.first != UInt8(ascii: "/") || rawPath.contains(UInt8(ascii: "#")) ? nil : plainDecoded(rawPath, plusIsSpace: false)
    let rawQuery = question < bytes.count ? Array(bytes[(question + 1)...]) : []
    require(Array(RequestTarget.rawQuery(raw)) == rawQuery, "'\(raw)' has query '\(RequestTarget.rawQuery(raw))'")
    let query = plainPairs(rawQuery)
    let expected = path.map(plainlyInside) == true && query != nil
    require((target != nil) == expected, "'\(raw)' \(target.map { "taken as '\($0.path)'" } ?? "refused")")
    guard let target, let path, let query else { return }
    require(target.path == path, "'\(raw)' gave path '\(target.path)', not '\(path)'")
    require(target.query == RequestTarget.formFields(rawQuery), "query of '\(raw)'")
    require(target.query.count <= query.count, "query of '\(raw)' has more fields than pairs")
}

private func checkItemID(_ text: String) {
    let parsed = ReaderItemID.parse(text)
    let bytes = Array(text.utf8)
    let prefix = Array(ReaderItemID.prefix.utf8)
    var expected: Int64?
    if bytes.starts(with: prefix) {
        let hex = bytes.dropFirst(prefix.count)
        if hex.count == 16, hex.allSatisfy(isHex) {
            expected = Int64(bitPattern: hex.reduce(UInt64(0)) { $0 << 4 | UInt64(hexValue($1)) })
        }
    } else if bytes.count <= 20 {
        let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        if !digits.isEmpty, digits.allSatisfy({ (48...57).contains($0) }) { expected = Int64(text) }
    }
    require(parsed == expected, "'\(text)' parsed as \(String(describing: parsed)), not \(String(describing: expected))")
    guard let id = parsed else { return }
    require(ReaderItemID.parse(ReaderItemID.long(id)) == id, "\(id) through its long form")
    require(ReaderItemID.parse(String(id)) == id, "\(id) through its decimal")
}

private func checkLong(_ id: Int64) {
    let long = ReaderItemID.long(id)
    let hex = long.utf8.dropFirst(ReaderItemID.prefix.utf8.count)
    require(
        long.hasPrefix(ReaderItemID.prefix) && hex.count == 16 && hex.allSatisfy { (48...57).contains($0) || (97...102).contains($0) },
        "long(\(id)) is '\(long)'")
    require(ReaderItemID.parse(long) == id, "'\(long)' did not parse back to \(id)")
}

private func checkStreamID(_ text: String) {
    if case .section(let id) = ReaderStreamID.stream(text, folder: folder) {
        require(id >= 0, "'\(text)' names section \(id)")
        let feed = ReaderStreamID.feed(.section(id))
        require(ReaderStreamID.stream(feed, folder: folder) == .section(id), "'\(feed)' does not name section \(id)")
    }
    if let state = ReaderStreamID.state(text) {
        let canonical = "user/-/state/com.google/" + state
        require(ReaderStreamID.state(canonical) == state, "state '\(state)' of '\(text)' through '\(canonical)'")
    }
}

private func checkCursor(_ text: String) {
    guard let cursor = ItemCursor(token: text) else { return }
    require(ItemCursor(token: cursor.token) == cursor, "cursor \(cursor) of '\(text)' through '\(cursor.token)'")
}

private func checkStreamQuery(_ pairs: [(name: String, value: String)], query: [(name: String, value: String)]) {
    let fields = pairs.map { ReaderRequest.Field($0.name, $0.value) }
    let queryFields = query.map { ReaderRequest.Field($0.name, $0.value) }
    for maximum in [1_000, 10_000] {
        let asQuery = ReaderStreamQuery.parse(ReaderRequest(path: "/", query: fields, baseURL: "/"), stream: .all, maximum: maximum)
        let asForm = ReaderStreamQuery.parse(ReaderRequest(path: "/", form: fields, baseURL: "/"), stream: .all, maximum: maximum)
        require(asQuery == asForm, "\(pairs) as query \(asQuery) but as form \(asForm)")
        let both = ReaderRequest(method: "POST", path: "/", query: queryFields, form: fields, baseURL: "/")
        for result in [asQuery, ReaderStreamQuery.parse(both, stream: .all, maximum: maximum)] {
            guard case .success(let parsed) = result else { continue }
            require((1...maximum).contains(parsed.limit), "limit \(parsed.limit) of at most \(maximum) from \(pairs)")
            require((parsed.notBefore ?? 0) >= 0 && (parsed.notAfter ?? 0) >= 0, "times of \(parsed) from \(pairs)")
            if let cursor = parsed.after {
                require(ItemCursor(token: cursor.token) == cursor, "cursor \(cursor) through '\(cursor.token)'")
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.firstIndex { $0 == 0 || $0 == UInt8(ascii: "\n") } ?? bytes.count
    let raw = String(decoding: bytes[..<split], as: UTF8.self)
    let body = split < bytes.count ? Array(bytes[(split + 1)...]) : []

    checkTarget(raw)
    let query = checkForm(Array(RequestTarget.rawQuery(raw))) ?? []
    let form = checkForm(body) ?? []

    var texts = [raw]
    for pair in query + form { texts += [pair.name, pair.value] }
    for text in texts {
        checkItemID(text)
        checkStreamID(text)
        checkCursor(text)
    }
    checkLong(Int64(bitPattern: bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }))
    checkStreamQuery(form, query: query)
    checkStreamQuery(query, query: [])
    return 0
}
