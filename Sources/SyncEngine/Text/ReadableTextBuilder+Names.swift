// Element names numbered without hashing a string for every tag: most names are a few ASCII
// letters, packed into two integers and found among the few names a body uses.

extension ReadableTextBuilder {
    /// The element names the builder treats one by one, so that it switches on a number rather than
    /// comparing the name with each string in turn.
    enum Tag {
        case a, b, strong, em, i, ul, ol, li, tr, td, th, figure
        case p, heading, blockquote, figcaption, pre, div
        case br, hr, img, body
        /// Any other name.
        case other

        static let known: [String: Tag] = [
            "a": .a, "b": .b, "strong": .strong, "em": .em, "i": .i, "ul": .ul, "ol": .ol, "li": .li, "tr": .tr,
            "td": .td, "th": .th, "figure": .figure, "p": .p, "h1": .heading, "h2": .heading, "h3": .heading,
            "h4": .heading, "h5": .heading, "h6": .heading, "blockquote": .blockquote, "figcaption": .figcaption,
            "pre": .pre, "div": .div, "br": .br, "hr": .hr, "img": .img, "body": .body,
        ]
    }

    /// A name of at most 16 ASCII bytes, its bytes packed into two words (zero past its end).
    struct PackedName: Equatable {
        let low: UInt64
        let high: UInt64

        /// Nil for a longer name or one that is not ASCII (a zero byte would be ambiguous too).
        init?(_ name: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            var index: UInt64 = 0
            for byte in name.utf8 {
                guard index < 16, byte != 0, byte < 0x80 else { return nil }
                if index < 8 {
                    low |= UInt64(byte) << (8 * index)
                } else {
                    high |= UInt64(byte) << (8 * (index - 8))
                }
                index += 1
            }
            self.low = low
            self.high = high
        }
    }

    /// The most packed names `numbered` scans one by one; a body with more (markup made to have
    /// many) is looked up in the dictionary, so that a tag never costs a scan of thousands.
    static let packedNamesScanned = 32

    /// The number of a name already numbered, if it is.
    func numbered(_ name: String) -> Int? {
        // The dictionary when a name was not packed: a string key finds a canonically equivalent
        // spelling (`x\u{037E}` for `x;`), as a dictionary of every name would.
        guard !hasUnpackedNames, packedNames.count <= Self.packedNamesScanned, let packed = PackedName(name) else {
            return names[name]
        }
        // A body uses a score of names or so: a few integer comparisons, no hashing.
        return packedNames.firstIndex(of: packed).map { packedIDs[$0] }
    }

    /// Records a new name's number for `numbered`.
    mutating func remember(_ name: String, as id: Int) {
        names[name] = id
        if let packed = PackedName(name) {
            packedNames.append(packed)
            packedIDs.append(id)
        } else {
            hasUnpackedNames = true
        }
    }
}
