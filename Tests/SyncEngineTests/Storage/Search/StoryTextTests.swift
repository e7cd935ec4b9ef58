import Testing

@testable import SyncEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `story_text(body)`, what snippets and the index read a stored body's text through: the text's
/// bytes handed to SQLite as they were stored, decoded by `StoredBody.unpacked` with every check
/// `StoredBody.inflate` makes.
@Suite struct StoryTextTests {
    private let text = (1...20).map { "第 \($0) 段：冷空气和暖空气在这里交汇，风也就大了。" }.joined(separator: "\n")
    private let html = (1...20).map { "<p>第 \($0) 段：冷空气和暖空气在这里交汇，风也就大了。</p>" }.joined()

    private func storyText(_ value: SQLValue, in database: Database) throws -> [UInt8]? {
        try database.query("SELECT story_text(?)", [value]) { $0.isNull(at: 0) ? nil : $0.bytes(at: 0) }.first ?? nil
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16) }.joined(separator: " ") }

    @Test func theTextOfARowIsItsStoredBytesInBothFormats() throws {
        let database = try Database(path: try temporaryDatabasePath())
        // Bytes a `String` never holds (a lone 0xFF, a cut sequence) come back as they are,
        // as SQLite gives any TEXT; the old path gave U+FFFD for each.
        let odd: [UInt8] = Array("前".utf8) + [0xFF] + Array("后".utf8).prefix(2) + Array(" end".utf8)
        for dictionary in [BodyDictionary.one, nil] {
            for stored in [Array(text.utf8), [], odd] {
                let joined = stored + Array(html.utf8)
                let packed = try #require(StoredBody.pack(joined: joined, textCount: stored.count, dictionary: dictionary))
                let read = try storyText(.blob(packed), in: database)
                #expect(read.map(hex) == hex(stored), "format \(packed[0]), \(stored.count) bytes")
            }
        }
        #expect(try storyText(.null, in: database) == nil)
        #expect(try storyText(.text(html), in: database) == Array(TextFunctions.indexedText(ofHTML: html).utf8))
    }

    @Test func aRowThatCannotBeReadIsAnErrorNotACrash() throws {
        let database = try Database(path: try temporaryDatabasePath())
        let packed = try #require(
            StoredBody.pack(joined: Array((text + html).utf8), textCount: text.utf8.count, dictionary: BodyDictionary.one))
        #expect(throws: DatabaseError.self) { try storyText(.blob(Array(packed.prefix(packed.count / 2))), in: database) }
    }

    /// `unpacked` repeats `inflate`'s checks: on every cut, damaged or mislabelled row the two
    /// agree, byte for byte or both refusing.
    @Test func unpackedAnswersAsInflateDoesOnDamagedRows() throws {
        for dictionary in [BodyDictionary.one, nil] {
            let packed = try #require(
                StoredBody.pack(joined: Array((text + html).utf8), textCount: text.utf8.count, dictionary: dictionary))
            var variants = [0, 1, 8, 9, 10, packed.count / 2, packed.count - 1].map { Array(packed.prefix($0)) }
            variants.append(packed + [0])
            for (offset, value) in [(1, UInt32.max), (5, UInt32(html.utf8.count + 1)), (5, 0), (1, 0)] {
                var changed = packed
                withUnsafeBytes(of: value.littleEndian) { changed.replaceSubrange(offset..<offset + 4, with: $0) }
                variants.append(changed)
            }
            for format: UInt8 in [0, 1, 2, 3] {
                var changed = packed
                changed[0] = format
                variants.append(changed)
            }
            for position in stride(from: 9, to: packed.count, by: 7) {
                var damaged = packed
                damaged[position] ^= 0x5A
                variants.append(damaged)
            }
            for (index, variant) in variants.enumerated() {
                let inflated = variant.withUnsafeBytes { StoredBody.inflate($0) }
                let unpacked: (bytes: [UInt8], textCount: Int)? = variant.withUnsafeBytes { raw in
                    StoredBody.unpacked(raw).map { stored in
                        defer { free(stored.bytes) }
                        let total = inflated?.joined.count ?? stored.textCount
                        return (Array(UnsafeBufferPointer(start: stored.bytes, count: total)), stored.textCount)
                    }
                }
                #expect(unpacked?.bytes == inflated?.joined, "variant \(index)")
                #expect(unpacked?.textCount == inflated?.textCount, "variant \(index)")
            }
        }
    }
}
