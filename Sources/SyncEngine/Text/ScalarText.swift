extension String {
    /// The text of `scalars`, encoded as UTF-8 in one pass.
    ///
    /// Appending to a `String` (or its `unicodeScalars`) a scalar at a time makes and appends a
    /// small string for each one, which would be most of what turning a story's HTML into text costs.
    /// The text code collects scalars in arrays and makes each string once, here.
    init<Scalars: Collection<Unicode.Scalar>>(scalars: Scalars) {
        let scalarCount = scalars.count
        let capacity = scalarCount * 4
        #if compiler(>=6.2)
            if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                // Bytes encoded from scalars are valid UTF-8 by construction: copied into the
                // string without the validation `String(unsafeUninitializedCapacity:)` runs
                // (costly for Chinese text, which it checks byte by byte).
                func string(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> String {
                    let count = Self.encode(scalars, into: buffer)
                    let bytes = UnsafeBufferPointer(rebasing: buffer[..<count])
                    // As many bytes as scalars: all ASCII, which the string records (its comparisons
                    // and hashing then skip normalization, as for a validated string).
                    return String(
                        copying: unsafe UTF8Span(
                            unchecked: unsafe Span(_unsafeElements: bytes), isKnownASCII: count == scalarCount))
                }
                // Small texts (tag names, most attributes) on the stack; a long block's bytes on
                // the heap, so that no worker thread's stack grows by a block's size and stays so.
                if capacity <= 1024 {
                    self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity, string)
                } else {
                    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
                    defer { buffer.deallocate() }
                    self = string(buffer)
                }
                return
            }
        #endif
        self.init(unsafeUninitializedCapacity: capacity) { Self.encode(scalars, into: $0) }
    }

    /// Writes the UTF-8 of `scalars` at the start of `buffer` (room for four bytes a scalar) and
    /// returns how many bytes it wrote.
    private static func encode<Scalars: Collection<Unicode.Scalar>>(
        _ scalars: Scalars, into buffer: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        var count = 0
        for scalar in scalars {
            let value = scalar.value
            switch value {
            case 0..<0x80:
                buffer[count] = UInt8(truncatingIfNeeded: value)
                count += 1
            case 0x80..<0x800:
                buffer[count] = UInt8(truncatingIfNeeded: 0xC0 | value >> 6)
                buffer[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                count += 2
            case 0x800..<0x1_0000:
                buffer[count] = UInt8(truncatingIfNeeded: 0xE0 | value >> 12)
                buffer[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
                buffer[count + 2] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                count += 3
            default:
                buffer[count] = UInt8(truncatingIfNeeded: 0xF0 | value >> 18)
                buffer[count + 1] = UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F)
                buffer[count + 2] = UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F)
                buffer[count + 3] = UInt8(truncatingIfNeeded: 0x80 | value & 0x3F)
                count += 4
            }
        }
        return count
    }
}
