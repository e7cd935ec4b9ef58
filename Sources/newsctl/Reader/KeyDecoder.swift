/// A key the reader acts on, decoded from the terminal's bytes.
enum Key: Equatable, Sendable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab
    /// A printable character (any script).
    case character(Character)
    /// Ctrl with a letter: `.control("l")` for Ctrl-L.
    case control(Character)
    case wheelUp, wheelDown
}

/// Turns the bytes a terminal sends into keys. Bytes arrive in arbitrary pieces: an escape
/// sequence or a UTF-8 character split across reads is completed by the next piece, and a lone
/// ESC is told from the start of a sequence only by time (the caller calls `flush()` when no more
/// bytes came within a few milliseconds). Sequences it does not know are dropped whole, and so is
/// a runaway one (no final byte within `maxSequence` bytes), up to and including its final byte,
/// however the bytes were split.
struct KeyDecoder {
    /// Bytes of a sequence or character not complete yet.
    private(set) var pending: [UInt8] = []
    /// Longer than any sequence the reader knows: a runaway sequence is dropped.
    private static let maxSequence = 32
    /// Inside a runaway control sequence: its parameter bytes are dropped up to its final byte.
    private var discarding = false

    var hasPending: Bool { !pending.isEmpty }

    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while !pending.isEmpty {
            if discarding {
                // Parameters and intermediates go on; its final byte ends it, as does anything
                // else (which is then read as usual).
                let byte = pending[0]
                if (0x20...0x3F).contains(byte) { pending.removeFirst(); continue }
                discarding = false
                if (0x40...0x7E).contains(byte) { pending.removeFirst() }
                continue
            }
            switch Self.decode(pending[...]) {
            case .key(let key, let length):
                if let key { keys.append(key) }
                pending.removeFirst(length)
            case .runaway(let length):
                pending.removeFirst(length)
                discarding = true
            case .incomplete:
                if pending.count > Self.maxSequence { pending.removeAll() }
                return keys
            }
        }
        return keys
    }

    /// No more bytes came: a lone ESC is the Escape key; an unfinished sequence is dropped.
    mutating func flush() -> [Key] {
        defer { pending.removeAll(); discarding = false }
        return pending == [0x1B] ? [.escape] : []
    }

    private enum Step {
        /// A key (nil: bytes consumed that mean nothing here) and how many bytes it took.
        case key(Key?, Int)
        /// A control sequence without its final byte after `maxSequence` bytes: drop them and the
        /// rest of it. Decided on the bytes alone, so a sequence split across reads ends the same.
        case runaway(Int)
        case incomplete
    }

    private static func decode(_ bytes: ArraySlice<UInt8>) -> Step {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return escape(bytes)
        case 0x0D, 0x0A: return .key(.enter, 1)
        case 0x09: return .key(.tab, 1)
        case 0x7F, 0x08: return .key(.backspace, 1)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return .key(nil, 1)
        case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(first))), 1)
        default: return utf8(bytes)
        }
    }

    /// ESC alone (so far), ESC [ … (CSI), ESC O x (SS3), or ESC before a key (Alt: the key alone).
    private static func escape(_ bytes: ArraySlice<UInt8>) -> Step {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return .incomplete }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["):
            return csi(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count > 2 else { return .incomplete }
            return .key(cursorKey(bytes[start + 2]), 3)
        case 0x1B:
            return .key(.escape, 1)  // Esc pressed twice: the first one alone.
        default:
            return .key(.escape, 1)  // Alt-key or Esc then a key: Escape, then the key.
        }
    }

    /// ESC [ params final. Mouse reports: SGR (ESC [ < b ; x ; y M) and X10 (ESC [ M b x y).
    private static func csi(_ bytes: ArraySlice<UInt8>) -> Step {
        let start = bytes.startIndex
        var index = start + 2
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "M") {
            guard bytes.count >= 6 else { return .incomplete }
            return .key(wheel(Int(bytes[index + 1]) - 32), 6)
        }
        while index < bytes.endIndex {
            guard index - start < maxSequence else { return .runaway(index - start) }
            let byte = bytes[index]
            if (0x40...0x7E).contains(byte) {
                let parameters = Array(bytes[(start + 2)..<index])
                return .key(csiKey(parameters: parameters, final: byte), index - start + 1)
            }
            guard (0x20...0x3F).contains(byte) else { return .key(nil, index - start) }  // Not a CSI: drop what came.
            index += 1
        }
        return .incomplete
    }

    private static func csiKey(parameters: [UInt8], final: UInt8) -> Key? {
        if parameters.first == UInt8(ascii: "<") {  // SGR mouse: only the wheel matters.
            guard final == UInt8(ascii: "M") else { return nil }
            let button = parameters.dropFirst().split(separator: UInt8(ascii: ";")).first
                .flatMap { Int(String(decoding: $0, as: UTF8.self)) }
            return button.flatMap(wheel)
        }
        if final == UInt8(ascii: "~") {
            let number = Int(String(decoding: parameters.split(separator: UInt8(ascii: ";")).first ?? [], as: UTF8.self))
            switch number {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 3: return .delete
            default: return nil
            }
        }
        return cursorKey(final)  // Arrows with modifiers (ESC [ 1 ; 5 A) count as arrows.
    }

    private static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    private static func wheel(_ button: Int) -> Key? {
        switch button & ~0x1C {  // Shift, Alt and Ctrl bits do not change the direction.
        case 64: return .wheelUp
        case 65: return .wheelDown
        default: return nil
        }
    }

    /// One UTF-8 character; a byte that cannot start one is dropped.
    private static func utf8(_ bytes: ArraySlice<UInt8>) -> Step {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .key(nil, 1)
        }
        for offset in 1..<length {
            guard bytes.startIndex + offset < bytes.endIndex else { return .incomplete }
            guard bytes[bytes.startIndex + offset] & 0xC0 == 0x80 else { return .key(nil, offset) }
        }
        let text = String(decoding: bytes.prefix(length), as: UTF8.self)
        guard let character = text.first, text.unicodeScalars.first != "\u{FFFD}" else { return .key(nil, length) }
        return .key(.character(character), length)
    }
}
