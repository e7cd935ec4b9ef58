// The reader's key decoder (compiled with Sources/newsctl/Reader/KeyDecoder.swift). Input: a byte
// saying where to split, then the bytes the terminal sent. Properties: the bytes fed in pieces (at
// the chosen points, and one byte at a time) give the same keys as fed whole; nothing is left
// pending past the cap (32 bytes); `flush` empties it.

private let cap = 32

private func decode(_ bytes: [UInt8], pieces: [Range<Int>]) -> [Key] {
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for piece in pieces {
        keys += decoder.feed(bytes[piece])
        require(decoder.pending.count <= cap, "\(decoder.pending.count) bytes pending after \(bytes[..<piece.upperBound])")
        require(decoder.hasPending == !decoder.pending.isEmpty, "hasPending wrong")
    }
    keys += decoder.flush()
    require(!decoder.hasPending, "flush left bytes pending")
    return keys
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let seed = Int(data[0])
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let whole = decode(bytes, pieces: [0..<bytes.count])

    // Pieces of 1 to `seed % 8 + 1` bytes, varying along the input.
    var pieces: [Range<Int>] = []
    var start = 0, step = UInt(seed)
    while start < bytes.count {
        let length = min(bytes.count - start, Int(step % UInt(seed % 8 + 1)) + 1)
        pieces.append(start..<(start + length))
        start += length
        step = step &* 33 &+ 7
    }
    let split = decode(bytes, pieces: pieces)
    require(split == whole, "split at \(pieces.map(\.upperBound)): \(split) != whole: \(whole)")
    let single = decode(bytes, pieces: bytes.indices.map { $0..<($0 + 1) })
    require(single == whole, "byte by byte: \(single) != whole: \(whole)")
    return 0
}
