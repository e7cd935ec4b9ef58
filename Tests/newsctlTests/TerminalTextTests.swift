import Foundation
import Testing
@testable import newsctl

@Suite struct TerminalTextTests {
    @Test func chineseCharactersTakeTwoColumns() {
        #expect(TerminalText.width(of: "abc") == 3)
        #expect(TerminalText.width(of: "知乎日报") == 8)
        #expect(TerminalText.width(of: "「人造肉」？") == 12)
        #expect(TerminalText.width(of: "VOL.3058 · 日报") == 15)
    }

    @Test func sanitizeNeutralisesControlsAndBidiButKeepsText() {
        let text = TerminalText.sanitize("a\u{1B}[31mb\r\nc\u{9B}d\u{202E}e\u{2066}f\u{7F}g\th")
        #expect(text == "a\u{FFFD}[31mb  c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g h")
        #expect(TerminalText.sanitize("普通标题 OK") == "普通标题 OK")
    }

    @Test func wrapKeepsEveryCharacterWithinTheWidth() {
        let title = "如何看待北京地铁机场线使用 EUHT 通信系统服务？这是一个 really-long-english-word 测试"
        for width in [6, 10, 17, 30] {
            let lines = TerminalText.wrap(title, width: width)
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width }, "\(width): \(lines)")
            #expect(lines.joined().filter { $0 != " " } == title.filter { $0 != " " })
        }
        #expect(TerminalText.wrap("hello brave new world", width: 11) == ["hello brave", "new world"])
    }

    @Test func truncateEndsWithAnEllipsisWithinTheWidth() {
        #expect(TerminalText.truncate("知乎日报知乎日报", width: 7) == "知乎日…")
        #expect(TerminalText.truncate("short", width: 10) == "short")
    }

    @Test func jsonEscapesEverythingATerminalWouldActOn() throws {
        let hostile = "\u{1B}]0;x\u{07}\"q\"\\\u{9B}\u{202E}\u{2028}\n中文/"
        let json = JSONValue.object([("t", .string(hostile)), ("n", .null), ("b", .bool(true)), ("i", .int(9_759_187))]).serialized()
        #expect(json.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0 != "\u{202E}" })
        #expect(json.contains("中文/"))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(decoded?["t"] as? String == hostile)
        #expect(decoded?["i"] as? Int == 9_759_187)
        #expect(json.hasPrefix(#"{"t":"#))
    }
}
