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
}
