import Testing
@testable import SyncEngine

@Suite struct TextSanitizerTests {
    /// The shortcuts for common blocks decide every scalar as the Unicode properties do: ASCII
    /// whitespace and the zero-width joiners kept, other controls and format characters dropped.
    @Test func everyScalarIsAllowedExactlyWhenItIsNeitherAControlNorAFormatCharacter() {
        var wrong: [String] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let expected: Bool
            switch value {
            case 0x09...0x0D, 0x200C, 0x200D: expected = true
            case 0x00...0x1F, 0x7F...0x9F: expected = false
            default: expected = scalar.properties.generalCategory != .format
            }
            if TextSanitizer.isAllowed(scalar) != expected { wrong.append("U+" + String(value, radix: 16, uppercase: true)) }
        }
        #expect(wrong.isEmpty, "decided otherwise than the properties: \(wrong.prefix(20))")
    }
}
