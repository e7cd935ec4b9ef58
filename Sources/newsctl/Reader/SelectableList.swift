/// Rows of a screen among which some items can be selected: the cursor, and the scrolling that
/// keeps it in view.
struct SelectableList {
    enum Entry {
        /// A blank line or a note, never selected.
        case text(Row)
        /// A section's heading (a day), never selected. While the selected item's heading is
        /// above the screen, it stays pinned on the first row.
        case heading(Row)
        /// A story (or result) the cursor can rest on.
        case item(id: Int64, rows: [Row])
    }

    private(set) var entries: [Entry] = []
    /// The selected item, counted among items only.
    private(set) var selected = 0
    /// The first row on screen.
    private var top = 0
    /// Rows on screen at the last draw, for paging.
    private var height = 10

    var itemCount: Int { entries.reduce(0) { $0 + ($1.isItem ? 1 : 0) } }

    var selectedID: Int64? {
        var index = 0
        for case .item(let id, _) in entries {
            if index == selected { return id }
            index += 1
        }
        return nil
    }

    var isAtLastItem: Bool { itemCount > 0 && selected == itemCount - 1 }

    /// Rows the entries take.
    var rowCount: Int {
        entries.reduce(0) { count, entry in
            if case .item(_, let rows) = entry { return count + rows.count }
            return count + 1
        }
    }

    /// New content; the cursor stays on the story it was on when that story is still there.
    mutating func replace(with entries: [Entry]) {
        let id = selectedID
        self.entries = entries
        let ids = entries.compactMap { entry -> Int64? in
            if case .item(let id, _) = entry { return id }
            return nil
        }
        if let id, ids.indices.contains(selected), ids[selected] == id { return }
        if let id, let index = ids.firstIndex(of: id) {
            selected = index
        } else {
            selected = min(selected, max(0, ids.count - 1))
        }
    }

    /// Moves the cursor for a navigation key (arrows, j/k, wheel, pages, g/G, Home/End); false
    /// for any other key.
    mutating func navigate(_ key: Key) -> Bool {
        switch key {
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .wheelUp: move(by: -3)
        case .wheelDown: move(by: 3)
        case .pageDown, .character(" "): page(1)
        case .pageUp, .character("b"): page(-1)
        case .home, .character("g"): moveToStart()
        case .end, .character("G"): moveToEnd()
        default: return false
        }
        return true
    }

    mutating func move(by offset: Int) {
        selected = max(0, min(itemCount - 1, selected + offset))
    }

    mutating func moveToStart() { selected = 0; top = 0 }

    mutating func moveToEnd() { selected = max(0, itemCount - 1) }

    /// A page down (or up): the cursor goes to the first item a screen further.
    mutating func page(_ direction: Int) {
        let starts = itemStarts()
        guard starts.indices.contains(selected) else { return }
        let target = starts[selected] + direction * max(1, height - 1)
        if direction > 0 {
            selected = starts.firstIndex { $0 >= target } ?? max(0, starts.count - 1)
        } else {
            selected = starts.lastIndex { $0 <= target } ?? 0
        }
    }

    /// The rows to draw in `height` rows, scrolled so the selected item is whole on screen; the
    /// selected item is marked ">" and, with colour, reversed. When the selected item's heading
    /// is above the screen, it takes the first row, so it is always clear which day the cursor
    /// is in.
    mutating func rows(height: Int, showsCursor: Bool = true) -> [Row] {
        self.height = height
        var all: [Row] = []
        var selectedRange = 0..<0
        var lastHeading: (index: Int, row: Row)?
        var selectedHeading: (index: Int, row: Row)?
        var itemIndex = 0
        for entry in entries {
            switch entry {
            case .text(let row):
                all.append(row)
            case .heading(let row):
                lastHeading = (all.count, row)
                all.append(row)
            case .item(_, let rows):
                if itemIndex == selected && showsCursor {
                    selectedRange = all.count..<(all.count + rows.count)
                    selectedHeading = lastHeading
                    all += rows.enumerated().map { offset, row in
                        (offset == 0 ? Self.marked(row) : row).toned(.selected)
                    }
                } else {
                    all += rows
                }
                itemIndex += 1
            }
        }
        if !selectedRange.isEmpty {
            if selectedRange.upperBound > top + height { top = selectedRange.upperBound - height }
            if selectedRange.lowerBound < top { top = selectedRange.lowerBound }
        }
        top = max(0, min(top, all.count - height))
        guard let heading = selectedHeading, heading.index < top, height > 1 else {
            return Array(all.dropFirst(top).prefix(height))
        }
        // Pinned: the heading covers the row at `top`, and the item must be whole in the
        // `height - 1` rows below it.
        var first = top + 1
        if selectedRange.upperBound > first + height - 1 { first = selectedRange.upperBound - (height - 1) }
        if selectedRange.lowerBound < first { first = selectedRange.lowerBound }
        top = first - 1
        guard heading.index < top else { return Array(all.dropFirst(top).prefix(height)) }
        return [heading.row] + Array(all.dropFirst(first).prefix(height - 1))
    }

    private func itemStarts() -> [Int] {
        var starts: [Int] = []
        var row = 0
        for entry in entries {
            switch entry {
            case .text, .heading: row += 1
            case .item(_, let rows):
                starts.append(row)
                row += rows.count
            }
        }
        return starts
    }

    /// ">" in place of the row's first column (items start with two spaces).
    private static func marked(_ row: Row) -> Row {
        let text = row.plainText
        guard text.hasPrefix(" ") else { return row }
        var marked = Row(">")
        var first = true
        for span in row.spans {
            marked.append(first ? String(span.text.dropFirst()) : span.text, span.tone)
            first = false
        }
        return marked
    }
}

extension SelectableList.Entry {
    var isItem: Bool {
        if case .item = self { return true }
        return false
    }
}
