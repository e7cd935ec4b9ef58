// The terminal text functions of newsctl (compiled with Sources/newsctl/Terminal/TerminalText.swift
// and LineBreaking.swift).
// Input: one byte for the width, the rest is text. Properties: sanitized text holds no ESC, C0, DEL,
// C1 or bidi control and sanitizing twice changes nothing; wrapped lines never exceed the width (at
// least 4, as `wrap` promises) and keep every non-space character in order; truncated text fits the
// width and is the text itself when it fits; neither brings a control back.

private func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
        return true
    default:
        return false
    }
}

private func requireClean(_ text: String, _ what: String) {
    require(!text.unicodeScalars.contains(where: isForbidden), "\(what) holds a control: \(text.debugDescription)")
}

private func nonSpaceScalars(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { $0 != " " }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let width = Int(data[0])
    let raw = text(data + 1, size - 1)

    let clean = TerminalText.sanitize(raw)
    requireClean(clean, "sanitized text")
    require(TerminalText.sanitize(clean) == clean, "sanitizing twice changed \(clean.debugDescription)")
    require(TerminalText.width(of: clean) >= 0, "negative width")

    for source in [clean, raw] {
        let lines = TerminalText.wrap(source, width: width)
        require(!lines.isEmpty, "wrap gave no line")
        for line in lines {
            let used = TerminalText.width(of: line)
            require(used <= max(width, 4), "a \(used)-column line at width \(width): \(line.debugDescription)")
            if source == clean { requireClean(line, "a wrapped line") }
        }
        require(
            nonSpaceScalars(lines.joined()) == nonSpaceScalars(source),
            "wrap at \(width) lost or reordered text of \(source.debugDescription): \(lines)")
    }

    if width >= 1 {
        let cut = TerminalText.truncate(clean, width: width)
        require(
            TerminalText.width(of: cut) <= width, "truncated to \(TerminalText.width(of: cut)) columns at \(width): \(cut.debugDescription)"
        )
        if TerminalText.width(of: clean) <= width {
            require(cut == clean, "truncate changed text that fits")
        } else {
            require(cut.hasSuffix("…"), "cut text without an ellipsis")
        }
        requireClean(cut, "truncated text")
    }
    return 0
}
