extension String {
    /// The text of `scalars`, encoded as UTF-8 in one pass.
    ///
    /// Appending to a `String` (or its `unicodeScalars`) a scalar at a time makes and appends a
    /// small string for each one: that was half of what turning a story's HTML into text cost.
    /// The text code collects scalars in arrays and makes each string once, here.
    init<Scalars: Collection<Unicode.Scalar>>(scalars: Scalars) {
        self.init(unsafeUninitializedCapacity: scalars.count * 4) { buffer in
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
}
