import Foundation
import Testing
import TestSupport

@testable import newsctl

/// Titles are measured and split scalar by scalar when every scalar is a character of its own
/// (`TerminalText.standsAlone`): these tests hold those answers to the character-by-character ones.
@Suite struct TerminalWidthTests {
    /// Every scalar `standsAlone` admits stays a character of its own beside any such scalar:
    /// after and before a letter, an ideograph, a space, a soft hyphen, U+FFFD and itself.
    @Test func everyScalarThatStandsAloneIsACharacterOfItsOwn() async throws {
        let joined = try await offThePool { () -> [UInt32] in
            let probes: [Unicode.Scalar] = ["a", "中", " ", "\u{AD}", "\u{FFFD}"]
            var joined: [UInt32] = []
            for value in UInt32(0)...0x10FFFF {
                guard let scalar = Unicode.Scalar(value), TerminalText.standsAlone(scalar) else { continue }
                for probe in probes + [scalar] {
                    var before = String.UnicodeScalarView()
                    before.append(probe)
                    before.append(scalar)
                    var after = String.UnicodeScalarView()
                    after.append(scalar)
                    after.append(probe)
                    if String(before).count != 2 || String(after).count != 2 {
                        joined.append(value)
                        break
                    }
                }
            }
            return joined
        }
        #expect(joined.isEmpty, "\(joined.prefix(20).map { String($0, radix: 16) })")
    }

    /// Text of such scalars is measured and split as character by character; text with
    /// combining marks, emoji sequences, flags, jamo or CR LF goes character by character.
    @Test func widthsAndClustersAreTheCharacterByCharacterOnes() {
        let texts = [
            "如何看待北京地铁机场线使用 EUHT 通信系统服务？这是一个 really-long-english-word 测试",
            "「人造肉」？（注）《知乎日报》…… “引号” ‘单引号’ 〈书名〉 ( a ) [b] {c}, d; e! f?",
            "café naïve — résumé · 1,000 桶水中 1 桶有毒 ｛全角｝ ｶﾀｶﾅ ひらがな カタカナー 々",
            "e\u{301}中文\u{301}（\u{301}）「\u{FE0F}」 a\u{200D}b",
            "👍🏽 家庭 👨‍👩‍👧 🇨🇳🇺🇸 ok 😀😀", "\u{1100}\u{1161}\u{11A8} 한국어", "a\r\nb 中", "\u{FFFD}\u{AD}x", "",
            "   ", "  前后  空格  ",
        ]
        for text in texts {
            #expect(TerminalText.width(of: text) == text.reduce(0) { $0 + TerminalText.width(of: $1) }, "\(text)")
            #expect(LineBreaking.clusters(text) == LineBreaking.characterClusters(text), "\(text)")
        }
    }
}
