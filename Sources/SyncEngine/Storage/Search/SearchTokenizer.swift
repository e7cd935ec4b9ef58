import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The FTS5 tokenizer `zhihu`: every Han, kana or bopomofo character is a token of its own, and
/// the text between them goes to FTS5's `unicode61` (case folded, diacritics removed), so Latin
/// words stay whole words.
///
/// Chinese has no spaces: `unicode61` alone would take a whole sentence as one token, and the
/// trigram tokenizer finds nothing shorter than three characters. Splitting here, as Chinese
/// FTS5 tokenizers such as `wangfenjin/simple` do, lets a query of any length be a phrase of
/// characters without storing separators in the text: the index holds only tokens, and the
/// text itself is stored once, in `story_detail` (see `Migrations`, step 4).
///
/// Registered on every connection `Database` opens, with `SnippetColumn` and `SearchSnippets`; an archive's
/// `story_search` cannot be read or written without it.
enum SearchTokenizer {
    static let name = "zhihu"

    /// `unicode61` as the index was declared before this tokenizer; the snippet markers (private
    /// use characters, which `unicode61` would keep inside tokens) separate words instead.
    private static let innerArguments = ["remove_diacritics", "2", "separators", "\u{E000}\u{E001}"]

    /// The fts5_api pointer type name SQLite checks in `SELECT fts5(?)`; static, as SQLite keeps it.
    private static let apiPointerType: StaticString = "fts5_api_ptr"

    static func register(on connection: OpaquePointer) throws(DatabaseError) {
        guard let api = fts5API(connection) else {
            throw DatabaseError(resultCode: SQLITE_ERROR, message: "this SQLite has no FTS5, which search needs")
        }
        var tokenizer = fts5_tokenizer(xCreate: create, xDelete: delete, xTokenize: tokenize)
        // FTS5 copies the struct; the API pointer lives as long as the connection.
        let code = api.pointee.xCreateTokenizer(api, name, UnsafeMutableRawPointer(api), &tokenizer, nil)
        guard code == SQLITE_OK else {
            throw DatabaseError(resultCode: code, message: "cannot register the search tokenizer")
        }
        for (name, function) in [
            (SnippetColumn.name, SnippetColumn.function), (SearchSnippets.name, SearchSnippets.function),
            (SearchRank.name, SearchRank.function),
        ] {
            let code = api.pointee.xCreateFunction(api, name, nil, function, nil)
            guard code == SQLITE_OK else { throw DatabaseError(resultCode: code, message: "cannot register \(name)") }
        }
    }

    /// The connection's FTS5 API (nil when this SQLite has no FTS5).
    static func fts5API(_ connection: OpaquePointer) -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK else { return nil }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        let bound = withUnsafeMutablePointer(to: &api) { slot in
            apiPointerType.withUTF8Buffer { type in
                sqlite3_bind_pointer(statement, 1, slot, UnsafeRawPointer(type.baseAddress!).assumingMemoryBound(to: CChar.self), nil)
            }
        }
        guard bound == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW || api != nil else { return nil }
        return api
    }

    /// One tokenizer as a table declares it: the `unicode61` instance it hands Latin runs to.
    private final class Instance {
        let inner: fts5_tokenizer
        let innerHandle: OpaquePointer

        init(inner: fts5_tokenizer, innerHandle: OpaquePointer) {
            self.inner = inner
            self.innerHandle = innerHandle
        }

        deinit { inner.xDelete?(innerHandle) }
    }

    private typealias Emit =
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32
        ) -> Int32

    private static let create:
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, Int32, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32 = { userData, _, _, output in
            guard let api = userData?.assumingMemoryBound(to: fts5_api.self), let output else { return SQLITE_MISUSE }
            var innerUserData: UnsafeMutableRawPointer?
            var inner = fts5_tokenizer()
            var code = api.pointee.xFindTokenizer(api, "unicode61", &innerUserData, &inner)
            guard code == SQLITE_OK, let innerCreate = inner.xCreate else { return code == SQLITE_OK ? SQLITE_ERROR : code }
            var innerHandle: OpaquePointer?
            code = withCStrings(innerArguments) { arguments in
                innerCreate(innerUserData, arguments, Int32(innerArguments.count), &innerHandle)
            }
            guard code == SQLITE_OK, let innerHandle else { return code == SQLITE_OK ? SQLITE_ERROR : code }
            output.pointee = OpaquePointer(Unmanaged.passRetained(Instance(inner: inner, innerHandle: innerHandle)).toOpaque())
            return SQLITE_OK
        }

    private static let delete: @convention(c) (OpaquePointer?) -> Void = { handle in
        guard let handle else { return }
        Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(handle)).release()
    }

    private static let tokenize:
        @convention(c) (
            OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Emit?
        ) -> Int32 = { handle, context, flags, text, length, emit in
            guard let handle, let emit else { return SQLITE_MISUSE }
            let instance = Unmanaged<Instance>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
            guard let innerTokenize = instance.inner.xTokenize else { return SQLITE_MISUSE }
            guard let text, length > 0 else { return SQLITE_OK }
            let bytes = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
            let count = Int(length)

            /// Hands `start..<end` to `unicode61`, its tokens' offsets moved back into this text.
            func forward(_ start: Int, _ end: Int) -> Int32 {
                var relay = Relay(context: context, emit: emit, offset: Int32(start))
                return withUnsafeMutablePointer(to: &relay) { relay in
                    innerTokenize(instance.innerHandle, relay, flags, text + start, Int32(end - start), relayToken)
                }
            }

            var runStart = 0
            // Whether the run since runStart holds only separators: unicode61 would give no token
            // for it, so it is not handed over (most runs between Han characters are one "，").
            var runIsSeparators = true
            var index = 0
            while index < count {
                // Most of a body: a CJK unified ideograph of U+4E00...U+9FCC, three bytes led by
                // E4...E9, a letter and so a token of its own, read here without the general
                // decoding and look-ups below, which would be much of a sync's tokenizing.
                let lead = bytes[index]
                if lead &- 0xE4 <= 5, index &+ 2 < count {
                    let second = bytes[index &+ 1]
                    let third = bytes[index &+ 2]
                    let value = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
                    if second & 0xC0 == 0x80, third & 0xC0 == 0x80, value >= 0x4E00, value <= 0x9FCC {
                        if runStart < index && !runIsSeparators {
                            let code = forward(runStart, index)
                            guard code == SQLITE_OK else { return code }
                        }
                        runIsSeparators = true
                        let end = index &+ 3
                        let code = emit(context, 0, text + index, 3, Int32(truncatingIfNeeded: index), Int32(truncatingIfNeeded: end))
                        guard code == SQLITE_OK else { return code }
                        runStart = end
                        index = end
                        continue
                    }
                }
                let (scalar, width) = decodeScalar(bytes, at: index, count: count)
                if let scalar, SearchText.isIdeographic(scalar) {
                    if runStart < index && !runIsSeparators {
                        let code = forward(runStart, index)
                        guard code == SQLITE_OK else { return code }
                    }
                    runIsSeparators = true
                    // A letter is its own token, as unicode61 gives it; anything else in these
                    // blocks (punctuation such as ・, marks, unassigned points) goes to unicode61
                    // alone, which keeps or drops it exactly as a plain unicode61 index does.
                    let code =
                        isLetter(scalar.value)
                        ? emit(context, 0, text + index, Int32(width), Int32(index), Int32(index + width))
                        : forward(index, index + width)
                    guard code == SQLITE_OK else { return code }
                    runStart = index + width
                } else if runIsSeparators && !(scalar.map { isSeparator($0.value) } ?? false) {
                    runIsSeparators = false
                }
                index += width
            }
            return runStart < count && !runIsSeparators ? forward(runStart, count) : SQLITE_OK
        }

    /// Han, kana and bopomofo letters as SQLite's `unicode61` knows them (Unicode 6.1), each a
    /// token that folding leaves unchanged: checked against `unicode61` for every point of these
    /// ranges.
    static func isLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0x4E00...0x9FCC, 0x3400...0x4DB5,  // CJK unified ideographs, extension A
            0x3041...0x3096, 0x309D...0x309F,  // hiragana
            0x30A1...0x30FA, 0x30FC...0x30FF,  // katakana (not ゠ or ・)
            0x3105...0x312D,  // bopomofo
            0x20000...0x2A6D6, 0x2A700...0x2B734, 0x2B740...0x2B81D:  // extensions B, C, D
            return true
        default:
            return false
        }
    }

    /// Characters `unicode61` (as `innerArguments` declare it) never puts in a token: ASCII
    /// other than letters and digits, and the punctuation and spaces Chinese text uses most, all of
    /// Unicode's P and Z categories. Checked against `unicode61` itself, one by one.
    static func isSeparator(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7F:  // ASCII but letters and digits
            return true
        case 0xA0, 0xB7,  // no-break space, middle dot
            0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026,  // dash, quotes, ellipsis
            0x3000...0x3003, 0x3008...0x3011, 0x3014...0x301F,  // ideographic space, 、。〃, brackets
            0xFF01...0xFF03, 0xFF05...0xFF0A, 0xFF0C...0xFF0F, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF20,  // fullwidth punctuation
            0xFF3B...0xFF3D, 0xFF3F, 0xFF5B, 0xFF5D:
            return true
        default:
            return false
        }
    }

    private struct Relay {
        let context: UnsafeMutableRawPointer?
        let emit: Emit
        let offset: Int32
    }

    private static let relayToken: Emit = { relay, flags, token, count, start, end in
        guard let relay = relay?.assumingMemoryBound(to: Relay.self).pointee else { return SQLITE_MISUSE }
        return relay.emit(relay.context, flags, token, count, start + relay.offset, end + relay.offset)
    }

    /// The scalar whose UTF-8 starts at `index` and its length in bytes; a byte that starts no
    /// well-formed sequence is one byte of no scalar (`unicode61` then treats it as it did before).
    static func decodeScalar(_ bytes: UnsafePointer<UInt8>, at index: Int, count: Int) -> (Unicode.Scalar?, Int) {
        let lead = bytes[index]
        let width: Int
        var value: UInt32
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: width = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: width = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: width = 4; value = UInt32(lead & 0x07)
        default: return (nil, 1)
        }
        guard index + width <= count else { return (nil, 1) }
        for offset in 1..<width {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // Overlong forms and surrogates are not well-formed.
        let minimum: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
        return (scalar, width)
    }

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        var pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
