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

    /// A tab and a bidi override inside `**strong**` text (made " " and U+FFFD) leave the bold
    /// exactly where it was: the wrapped text is matched back to its runs character by character.
    @Test func strongTextWithATabAndABidiOverrideStaysBoldWhereItWas() {
        let rows = StoryRows.emphasized("前文**粗\t体\u{202E}字**后文，再**一段**", width: 80)
        #expect(rows.count == 1)
        #expect(
            rows.first?.spans.filter { !$0.text.isEmpty } == [
                Row.Span(text: "前文", tone: .plain), Row.Span(text: "粗 体\u{FFFD}字", tone: .bold),
                Row.Span(text: "后文，再", tone: .plain), Row.Span(text: "一段", tone: .bold),
            ])
    }

    @Test func textThatFitsIsOneLineWithoutTheSpacesAroundIt() {
        #expect(TerminalText.wrap("  标题 title  ", width: 40) == ["标题 title"])
        #expect(TerminalText.wrap("a  b", width: 4) == ["a  b"])
        #expect(TerminalText.wrap("   ", width: 10) == [""])
        #expect(TerminalText.wrap("", width: 10) == [""])
        #expect(TerminalText.wrap("一二三四五", width: 10) == ["一二三四五"])
        #expect(TerminalText.wrap("一二三四五六", width: 10) == ["一二三四五", "六"])
    }

    @Test func marksAreFoundByTheirOneScalar() {
        for mark in "。，、；：？！）」』】》…”’ー々ぁァヶ)]},.;:!?" { #expect(LineBreaking.isClosing(mark), "\(mark)") }
        for mark in "（「『【《〈“‘〝﹙﹛﹝([{" { #expect(LineBreaking.isOpening(mark), "\(mark)") }
        for other: Character in ["a", "字", " ", "。\u{301}", "(\u{301}", "\u{1F600}", "\r\n", "」\u{FE0F}"] {
            #expect(!LineBreaking.isClosing(other) && !LineBreaking.isOpening(other), "\(other.unicodeScalars.map(\.value))")
        }
        #expect(!LineBreaking.isClosing("（") && !LineBreaking.isOpening("）"))
        // Scalars canonically equivalent to a mark are that mark, as Character equality says.
        for (mark, equivalent) in [(";", "\u{037E}"), ("〉", "\u{232A}"), ("〈", "\u{2329}")] as [(Character, Character)] {
            #expect(mark == equivalent)
            #expect(LineBreaking.isClosing(equivalent) == LineBreaking.isClosing(mark), "\(equivalent.unicodeScalars.map(\.value))")
            #expect(LineBreaking.isOpening(equivalent) == LineBreaking.isOpening(mark), "\(equivalent.unicodeScalars.map(\.value))")
        }
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

    @Test func aClosingMarkIsPulledDownWithTheCharacterBeforeIt() {
        // A naive wrap at 10 columns gives "一二三四五" and then "。六七".
        #expect(TerminalText.wrap("一二三四五。六七", width: 10) == ["一二三四", "五。六七"])
        #expect(TerminalText.wrap("一二三四五……六七", width: 10) == ["一二三四", "五……六七"])
        // Nor does an opening mark end a line: it goes down with what it opens.
        #expect(TerminalText.wrap("一二三四（五六）", width: 10) == ["一二三四", "（五六）"])
        #expect(TerminalText.wrap("一二三“五六”七", width: 8) == ["一二三", "“五六”七"])
    }

    @Test func noLineStartsWithAClosingMarkOrEndsWithAnOpeningOneAtAnyWidth() {
        let text =
            "很多读者在我们微信（LonelyPlanet-CN）后台留言，关键字都是“即将消失的景点”……圣曼纳是一名属于罗马军团的埃及士兵，"
            + "因为拒不放弃自己的基督教信仰而殉道。4 世纪末，圣曼纳之墓周边的地区成为神迹的代名词。《知乎日报》「人造肉」？【注】"
        let closing = Set("。，、；：？！）」』】》〉…”")
        let opening = Set("（「『【《〈“")
        for width in 4...60 {
            let lines = TerminalText.wrap(text, width: width)
            let minimum = max(width, 4)
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= minimum }, "\(width): \(lines)")
            #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " }, "\(width)")
            guard width >= 20 else { continue }  // Narrower, "（LonelyPlanet-CN）" itself is cut.
            #expect(lines.allSatisfy { !closing.contains($0.first ?? "a") && !opening.contains($0.last ?? "a") }, "\(width): \(lines)")
        }
    }

    @Test func latinWordsAndNumbersAreNotSplit() {
        let text = "如何看待北京地铁机场线使用EUHT通信系统，到2019年底共有12345678个用户使用Swift-Concurrency"
        for width in 17...50 {
            let lines = TerminalText.wrap(text, width: width)
            for word in ["EUHT", "2019", "12345678", "Swift-Concurrency"] {
                #expect(lines.contains { $0.contains(word) }, "\(width): \(word) split in \(lines)")
            }
        }
        #expect(TerminalText.wrap("使用EUHT通信", width: 7) == ["使用", "EUHT通", "信"])
    }

    @Test func aClusterWiderThanTheLineIsCutAndTheWrapEnds() {
        let url = "https://daily.zhihu.com/story/9530275?" + String(repeating: "a", count: 400)
        let text = "链接：（" + url + "）。完"
        for width in [4, 5, 10, 33, 80] {
            let lines = TerminalText.wrap(text, width: width)
            #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width }, "\(width): \(lines)")
            #expect(lines.joined() == text, "\(width)")
            #expect(lines.count >= TerminalText.width(of: text) / width)
        }
        // The cut keeps the closing marks with the end of the URL.
        let lines = TerminalText.wrap(text, width: 33)
        #expect(lines.allSatisfy { !$0.hasPrefix("）") && !$0.hasPrefix("。") }, "\(lines)")
        #expect(TerminalText.wrap(String(repeating: "（", count: 30), width: 10).count == 6)
        #expect(TerminalText.wrap("", width: 10) == [""])
        #expect(TerminalText.wrap("   ", width: 10) == [""])
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
