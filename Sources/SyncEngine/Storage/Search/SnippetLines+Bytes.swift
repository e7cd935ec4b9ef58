/// `SnippetLines`' comparisons by character done on UTF-8 bytes, where that gives the same answer.
///
/// Comparing `String`s by character costs grapheme breaking and canonical equivalence at every
/// step (`title.contains(line)` would be most of a result's work in Swift). When every scalar of both
/// texts is one of `isPlain`'s, each scalar is a character of its own and no two of them are
/// canonically equivalent, so characters compare as scalars, and scalars as UTF-8 bytes (which
/// never match inside another scalar's bytes). Any other text takes the general way.
extension SnippetLines {
    /// Han ideographs, printable ASCII, CJK punctuation, full-width forms, general punctuation's
    /// dashes, quotes and ellipsis, and the middle dot: none has a canonical decomposition, none
    /// joins a neighbour into one character, and of them only U+0020 is whitespace.
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xB7, 0x2010...0x2027, 0x3001...0x3029, 0x4E00...0x9FFF, 0xFF01...0xFF5E: return true
        default: return false
        }
    }

    static func isPlain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isPlain)
    }

    private static let ellipsis = Array("…".utf8)

    /// `repeats(trimmed(title), trimmed(line), first:last:)` for plain texts, on their bytes.
    static func plainRepeats(_ title: ArraySlice<UInt8>, _ line: [UInt8], first: Bool, last: Bool) -> Bool {
        var line = trimmedSpaces(line[...])
        guard !title.isEmpty, !line.isEmpty else { return false }
        var cut = false
        if first, line.starts(with: ellipsis) { (line, cut) = (line.dropFirst(ellipsis.count), true) }
        if last, line.reversed().starts(with: ellipsis.reversed()) { (line, cut) = (line.dropLast(ellipsis.count), true) }
        guard !line.isEmpty else { return false }
        return line.elementsEqual(title) || (cut && scalarCount(line) > 1 && contains(title, line))
    }

    static func trimmedSpaces(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var bytes = bytes.drop { $0 == 0x20 }
        while bytes.last == 0x20 { bytes = bytes.dropLast() }
        return bytes
    }

    private static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    private static func contains(_ text: ArraySlice<UInt8>, _ part: ArraySlice<UInt8>) -> Bool {
        guard part.count <= text.count else { return false }
        var start = text.startIndex
        while start + part.count <= text.endIndex {
            if text[start..<start + part.count].elementsEqual(part) { return true }
            start += 1
        }
        return false
    }
}
