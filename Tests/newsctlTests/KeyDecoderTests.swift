import Testing
@testable import newsctl

@Suite struct KeyDecoderTests {
    private func decode(_ pieces: [[UInt8]], flush: Bool = false) -> [Key] {
        var decoder = KeyDecoder()
        var keys = pieces.flatMap { decoder.feed($0) }
        if flush { keys += decoder.flush() }
        return keys
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func lettersEnterBackspaceAndControlKeys() {
        #expect(decode([bytes("jk q")]) == [.character("j"), .character("k"), .character(" "), .character("q")])
        #expect(decode([[0x0D, 0x0A, 0x7F, 0x08, 0x09]]) == [.enter, .enter, .backspace, .backspace, .tab])
        #expect(decode([[0x03, 0x0C, 0x1A, 0x15]]) == [.control("c"), .control("l"), .control("z"), .control("u")])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[1;5A", .up),
        ("\u{1B}[<64;10;5M", .wheelUp), ("\u{1B}[<65;10;5M", .wheelDown), ("\u{1B}[<80;1;1M", .wheelUp),
    ])
    func escapeSequences(sequence: String, key: Key) {
        #expect(decode([bytes(sequence)]) == [key])
    }

    @Test func aSequenceSplitAcrossReadsIsCompletedByTheNextRead() {
        #expect(decode([[0x1B], bytes("[6~")]) == [.pageDown])
        #expect(decode([[0x1B, 0x5B], [0x42]]) == [.down])
        #expect(decode([bytes("\u{1B}[<6"), bytes("5;3;"), bytes("4Mj")]) == [.wheelDown, .character("j")])
        // Every split point of a mixed stream gives the same keys.
        let stream = bytes("a\u{1B}[5~知\u{1B}[<64;1;1M\u{1B}OBz")
        let expected: [Key] = [.character("a"), .pageUp, .character("知"), .wheelUp, .down, .character("z")]
        for cut in 0...stream.count {
            #expect(decode([Array(stream[..<cut]), Array(stream[cut...])]) == expected, "cut at \(cut)")
        }
    }

    @Test func utf8CharactersOfAnyLengthAlsoSplit() {
        #expect(decode([bytes("咖啡é😀")]) == [.character("咖"), .character("啡"), .character("é"), .character("😀")])
        let coffee = bytes("咖")
        #expect(decode([[coffee[0]], [coffee[1]], [coffee[2]]]) == [.character("咖")])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnlyOnceNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        // Esc pressed twice, and Esc before a letter (Alt-j): Escape, then what follows.
        #expect(decode([[0x1B, 0x1B]], flush: true) == [.escape, .escape])
        #expect(decode([bytes("\u{1B}j")]) == [.escape, .character("j")])
    }

    @Test func unknownAndBrokenInputIsDroppedWhole() {
        // Unknown CSI and SS3 finals, a mouse click (not the wheel), an X10 report, stray bytes.
        #expect(decode([bytes("\u{1B}[99zj")]) == [.character("j")])
        #expect(decode([bytes("\u{1B}[2~\u{1B}OZk")]) == [.character("k")])
        #expect(decode([bytes("\u{1B}[<0;3;4Mq")]) == [.character("q")])
        #expect(decode([[0x1B, 0x5B, 0x4D, 0x20 + 64, 0x21, 0x21]]) == [.wheelUp])
        #expect(decode([[0xFF, 0x80, 0xC3, 0x28, 0x00, 0x1C]]) == [.character("(")])
        // A sequence cut off and never finished is dropped by flush; a runaway one is dropped too,
        // up to its final byte.
        #expect(decode([bytes("\u{1B}[12")], flush: true).isEmpty)
        var decoder = KeyDecoder()
        #expect(decoder.feed(bytes("\u{1B}[" + String(repeating: "1", count: 40))).isEmpty)
        #expect(!decoder.hasPending)
        #expect(decoder.feed(bytes("1;2A")).isEmpty)
        #expect(decoder.feed(bytes("j")) == [.character("j")])
    }

    /// Found by `scripts/fuzz key-decoder` (the input below without its first byte, which says
    /// where to split): a runaway sequence fed whole was one key, fed in pieces its parameters were
    /// typed as characters ("1;1;…A").
    @Test func aRunawaySequenceEndsTheSameHoweverItIsSplit() {
        let fuzzed: [UInt8] = [0x1B, 0x5B] + Array(repeating: bytes("1;"), count: 30).flatMap { $0 } + bytes("A")
        #expect(decode([fuzzed]).isEmpty)
        #expect(decode(fuzzed.map { [$0] }).isEmpty)
        #expect(decode([Array(fuzzed[..<7]), Array(fuzzed[7...])]).isEmpty)
        #expect(decode([fuzzed + bytes("j")]) == [.character("j")])
        #expect(decode((fuzzed + bytes("\u{1B}[Bk")).map { [$0] }) == [.down, .character("k")])
        // A long sequence that does end within the limit is still read.
        #expect(decode([bytes("\u{1B}[" + String(repeating: "1", count: 29) + "A")]) == [.up])
    }
}
