/// Removes what must never reach a reader's screen or terminal from a stream of scalars.
///
/// Dropped: C0 controls other than the ASCII whitespace (`\t \n \v \f \r` pass through for the
/// caller to fold into spaces), DEL, the C1 controls U+0080–U+009F, and every format character
/// (general category Cf: bidi embeddings, overrides and isolates, U+200B, U+2060, U+FEFF, soft
/// hyphens, tag characters…) except the zero-width (non-)joiners U+200C and U+200D that emoji and
/// some scripts need. Terminal escape sequences go whole: `ESC [ … final` (CSI, also U+009B),
/// `ESC ] … BEL/ESC \` (OSC and the other string sequences, with a printable-ASCII payload) and
/// two-byte `ESC x`, so no `[31m` is left behind.
struct TextSanitizer {
    private enum State {
        case text
        case escape
        case controlSequence
        case controlString
        case controlStringEscape
    }

    private var state = State.text

    /// Whether no escape sequence is being read: a scalar that is allowed and is neither ESC nor a
    /// C1 control passes unchanged.
    var isReadingText: Bool { state == .text }

    /// Forgets a half-read escape sequence (at a block boundary).
    mutating func reset() {
        state = .text
    }

    /// The scalar to keep, or nil to drop it.
    mutating func filter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let value = scalar.value
        switch state {
        case .text:
            break
        case .escape:
            switch value {
            case 0x5B:  // [
                state = .controlSequence
                return nil
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] P X ^ _
                state = .controlString
                return nil
            case 0x20...0x2F:  // intermediates, as in `ESC ( B`
                return nil
            case 0x30...0x7E:
                state = .text
                return nil
            default:
                state = .text
            }
        case .controlSequence:
            switch value {
            case 0x20...0x3F:
                return nil
            case 0x40...0x7E:
                state = .text
                return nil
            default:
                state = .text
            }
        case .controlString:
            switch value {
            case 0x07, 0x9C:
                state = .text
                return nil
            case 0x1B:
                state = .controlStringEscape
                return nil
            case 0x20...0x7E:
                return nil
            default:
                state = .text
            }
        case .controlStringEscape:
            if value == 0x5C {  // ESC \ ends the string
                state = .text
                return nil
            }
            state = .escape
            return filter(scalar)
        }
        switch value {
        case 0x1B:
            state = .escape
            return nil
        case 0x9B:
            state = .controlSequence
            return nil
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
            state = .controlString
            return nil
        default:
            return Self.isAllowed(scalar) ? scalar : nil
        }
    }

    /// Printable ASCII but the space, and CJK through Hangul: most of any story's text. Allowed,
    /// none is whitespace, and `filter` passes each unchanged while `isReadingText`.
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x7E, 0x3000...0xD7FF: return true
        default: return false
        }
    }

    /// Whether `scalar` may appear in readable text (ASCII whitespace included).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if isPlain(scalar) { return true }  // First: most of any story's text.
        switch scalar.value {
        case 0x09...0x0D, 0x20: return true
        case 0x00...0x1F, 0x7F...0x9F: return false
        case 0xA0..<0xAD: return true
        case 0x200C, 0x200D: return true
        // Blocks without a single format character, most of the rest (Latin, Greek, Cyrillic,
        // punctuation, Hangul, fullwidth forms): decided without looking up Unicode properties,
        // which would be a noticeable part of turning a detail's HTML into text.
        case 0xAE...0x05FF, 0x2010...0x2029, 0x202F...0x205F, 0xFF00...0xFFEF: return true
        default: return isNotFormat(scalar)
        }
    }

    /// Apart, so that the property look-up's set-up is not paid for the common scalars above.
    @inline(never)
    private static func isNotFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory != .format
    }

    /// `text` with the unwanted scalars removed, whitespace runs made one space, and trimmed.
    static func clean(_ text: String) -> String {
        var sanitizer = TextSanitizer()
        var result: [Unicode.Scalar] = []
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            guard let kept = sanitizer.filter(scalar) else { continue }
            if isSpace(kept) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(kept)
        }
        return String(scalars: result)
    }

    /// Whitespace that readable text folds: ASCII whitespace, no-break space, line and paragraph separators.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether `scalar` starts a new line in source text.
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// East Asian wide characters (Han, kana, CJK punctuation, fullwidth forms; not Hangul, which
    /// uses spaces): a source line break between two of them is not a space.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x2_0000...0x3_FFFD:
            return true
        default:
            return false
        }
    }
}
