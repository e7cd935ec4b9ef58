import Testing
@testable import newsctl

@MainActor
@Suite struct FrameTests {
    final class Written {
        var chunks: [String] = []
    }

    @Test func onlyRowsThatChangedAreRewritten() {
        let written = Written()
        let writer = FrameWriter { written.chunks.append($0) }
        writer.draw([Row("one"), Row("two"), Row("three")], columns: 10, color: false)
        #expect(written.chunks.count == 1)
        #expect(written.chunks[0].contains("\u{1B}[2J"))  // The first frame is drawn whole.
        writer.draw([Row("one"), Row("TWO"), Row("three")], columns: 10, color: false)
        #expect(written.chunks.last == "\u{1B}[2;1HTWO       ")
        writer.draw([Row("one"), Row("TWO"), Row("three")], columns: 10, color: false)
        #expect(written.chunks.count == 2)  // Nothing changed, nothing written.
        writer.invalidate()
        writer.draw([Row("one"), Row("TWO"), Row("three")], columns: 10, color: false)
        #expect(written.chunks.count == 3 && written.chunks[2].contains("\u{1B}[2J"))
    }

    @Test func rowsFillExactlyTheColumnsWithWideCharactersAndNoControls() {
        let row = Row("咖啡很好喝").appending("\u{1B}]0;pwned\u{7}", .bold)
        #expect(TerminalText.width(of: row.rendered(columns: 7, color: false)) == 7)
        #expect(row.rendered(columns: 7, color: false) == "咖啡很 ")  // A wide character never straddles the edge.
        #expect(!row.rendered(columns: 40, color: true).contains("\u{1B}]"))
        #expect(!row.rendered(columns: 40, color: false).contains("\u{1B}"))
    }

    @Test func theCursorStaysOnItsStoryWhenTheListChanges() {
        var list = SelectableList()
        list.replace(with: [.text(Row("今日")), .item(id: 1, rows: [Row("  a")]), .item(id: 2, rows: [Row("  b")])])
        list.move(by: 1)
        #expect(list.selectedID == 2)
        list.replace(with: [.item(id: 9, rows: [Row("  new")]), .item(id: 1, rows: [Row("  a")]), .item(id: 2, rows: [Row("  b")])])
        #expect(list.selectedID == 2)
        let rows = list.rows(height: 2)
        #expect(rows.map(\.plainText) == ["  a", "> b"])
        #expect(list.isAtLastItem)
    }

    /// Two days of three two-row stories each, headed "D1" and "D2".
    private func twoDays() -> SelectableList {
        var list = SelectableList()
        var entries: [SelectableList.Entry] = []
        for day in 1...2 {
            if day > 1 { entries.append(.text(Row())) }
            entries.append(.heading(Row("D\(day)")))
            for story in 1...3 {
                let id = Int64(day * 10 + story)
                entries.append(.item(id: id, rows: [Row("  s\(id)"), Row("    hint\(id)")]))
            }
        }
        list.replace(with: entries)
        return list
    }

    @Test func theSelectedStorysDayStaysOnTheFirstRowWhenItsHeadingScrollsAway() {
        var list = twoDays()
        #expect(list.rowCount == 15)
        // The first story of day 2 at the bottom of a 4-row screen: its heading is just above it.
        for _ in 0..<3 { list.move(by: 1) }
        var rows = list.rows(height: 4).map(\.plainText)
        #expect(rows == ["", "D2", "> s21", "    hint21"])
        // Further down, "D2" has scrolled above the screen: it is pinned on the first row, and the
        // selected story is whole below it.
        list.move(by: 1)
        rows = list.rows(height: 4).map(\.plainText)
        #expect(rows == ["D2", "    hint21", "> s22", "    hint22"])
        list.move(by: 1)
        rows = list.rows(height: 4).map(\.plainText)
        #expect(rows == ["D2", "    hint22", "> s23", "    hint23"])
        // Back up into day 1: its own heading, not day 2's, when it is above the screen.
        for _ in 0..<3 { list.move(by: -1) }
        rows = list.rows(height: 4).map(\.plainText)
        #expect(rows == ["D1", "> s13", "    hint13", ""])
    }

    @Test func aHeadingOnScreenIsNotPinned_andPlainTextNeverIs() {
        var list = twoDays()
        // Everything fits: nothing is pinned or repeated.
        let rows = list.rows(height: 15).map(\.plainText)
        #expect(rows.filter { $0 == "D1" }.count == 1)
        #expect(rows.first == "D1")
        var plain = SelectableList()
        plain.replace(with: [.text(Row("note"))] + (1...5).map { .item(id: Int64($0), rows: [Row("  i\($0)")]) })
        plain.moveToEnd()
        #expect(plain.rows(height: 2).map(\.plainText) == ["  i4", "> i5"])
    }
}
